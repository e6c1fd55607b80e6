/**
 * The visitor portal (issue 3): home with banners, filters and paging; search in Chinese and
 * English with highlights and an empty state; the academic calendar; a conference on its own
 * host name. Every step runs with JavaScript on and off, and the pages pass axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, hasJs, ready, test, languageCookie, apiGet } from "./support";

type ListPage = { list: Array<{ id: number; nameZh: string; cityZh: string }>; total: number };

/** axe runs as a script in the page, so only with JavaScript; the markup is the same without. */
async function expectNoSeriousA11yIssues(page: Page) {
  if (!hasJs()) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const list = (page: Page) => page.getByTestId("conference-list");
const resultCount = (page: Page) => page.getByTestId("result-count");

test("home: banners, important conferences, links and page metadata", async ({ page, request }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("学术会议 - 学术会议平台");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "学术会议 - 学术会议平台");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /学术会议/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");

  const banners = page.getByTestId("banners").locator("img");
  expect(await banners.count()).toBeGreaterThan(1);
  // Real images, sized, and only the first one fetched eagerly.
  for (const img of await banners.all()) {
    const src = await img.getAttribute("src");
    const file = await request.get(src!);
    expect(file.status(), src!).toBe(200);
    expect(file.headers()["content-type"]).toContain("image/");
    await expect(img).toHaveAttribute("width", "1152");
    await expect(img).toHaveAttribute("height", "360");
  }
  await expect(banners.first()).toHaveAttribute("loading", "eager");
  await expect(banners.nth(1)).toHaveAttribute("loading", "lazy");
  // The numbered links reach every banner (without JavaScript as in-page anchors).
  await page.getByRole("link", { name: /^第 2 张/ }).click();
  await expect(page.locator("#portal-banner-2")).toBeInViewport({ ratio: 0.9 });

  const important = await apiGet<ListPage>(request, "/conference/importantConference");
  await expect(page.getByTestId("important-list").locator("li")).toHaveCount(important.list.length);
  await expect(page.getByTestId("important-list")).toContainText(important.list[0].nameZh);
  // The first card's cover is on the first screen (often its largest image): fetched at once and
  // first; the other covers wait until they come near the screen.
  const cards = page.getByTestId("important-list").locator("li");
  await expect(cards.first().locator("img")).toHaveAttribute("fetchpriority", "high");
  await expect(cards.first().locator("img")).not.toHaveAttribute("loading", "lazy");
  await expect(cards.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(page.getByRole("heading", { name: "友情链接" })).toBeVisible();
  await expect(page.getByRole("link", { name: "中国知网" })).toHaveAttribute("href", "https://www.cnki.net");

  await expectNoSeriousA11yIssues(page);
});

test("home: all conferences → page 2 → a category → a city → a conference page", async ({ page, request }) => {
  await page.goto("/");
  await ready(page);
  const upcoming = await apiGet<ListPage>(request, "/conference?when=upcoming&pageSize=1");
  await expect(resultCount(page)).toHaveText(`共 ${upcoming.total} 个会议`);

  await page.getByRole("link", { name: "全部", exact: true }).click();
  await expect(page).toHaveURL(/\?when=all$/);
  const all = await apiGet<ListPage>(request, "/conference?pageSize=1");
  await expect(resultCount(page)).toHaveText(`共 ${all.total} 个会议`);
  await expect(list(page).locator("li")).toHaveCount(18);

  await page.getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/when=all&page=2$/);
  await expect(page.getByText(`第 2 / ${Math.ceil(all.total / 18)} 页`)).toBeVisible();
  await expect(list(page).locator("li")).toHaveCount(Math.min(18, all.total - 18));

  // A category (a link): the page starts again, `when` stays.
  const categories = await apiGet<{ list: Array<{ id: number; nameZh: string }> }>(request, "/category");
  const engineering = categories.list.find((c) => c.nameZh === "工学")!;
  await page.getByRole("navigation", { name: "学科门类" }).getByRole("link", { name: "工学" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?when=all&categoryId=${engineering.id}$`));
  const inCategory = await apiGet<ListPage>(request, `/conference?categoryId=${engineering.id}`);
  await expect(resultCount(page)).toHaveText(`共 ${inCategory.total} 个会议`);
  await expect(list(page).locator("li")).toHaveCount(inCategory.total);

  // A city (the GET form), keeping the category.
  const city = inCategory.list[0].cityZh;
  await ready(page);
  await page.getByTestId("city-filter").selectOption(city);
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${engineering.id}.*city=${encodeURIComponent(city)}`));
  const inCity = await apiGet<ListPage>(request, `/conference?categoryId=${engineering.id}&city=${encodeURIComponent(city)}`);
  await expect(resultCount(page)).toHaveText(`共 ${inCity.total} 个会议`);
  for (const card of await list(page).locator("li").all()) await expect(card).toContainText(city);
  await expect(page.getByTestId("city-filter")).toHaveValue(city);

  const first = list(page).locator("li").first();
  const name = (await first.locator(".ui-conference-name").textContent())!;
  await first.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/${inCity.list[0].id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});

test("home: a bad date is ignored with a message, never an error page", async ({ page }) => {
  const response = await page.goto("/?from=2026-02-30&page=-4&categoryId=abc");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("ignored-filter")).toContainText("2026-02-30");
  await expect(list(page)).toBeVisible();
});

test("the home page's search leads to the results, its keyword kept in the search page's own field", async ({ page }) => {
  await page.goto("/");
  await ready(page);
  const hero = page.locator(".ui-portal-hero").getByRole("search", { name: "搜索关键词" });
  await hero.getByRole("searchbox").fill("北京");
  await hero.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/\/search\?keyword=%E5%8C%97%E4%BA%AC$/);
  await expect(page.getByTestId("search-count")).toBeVisible();
  await expect(page.locator("main").getByRole("search").getByRole("searchbox")).toHaveValue("北京");
});

test("search: Chinese keywords of two and one characters, highlighted, with paging", async ({ page, request }) => {
  await page.goto("/search");
  await expect(page.getByTestId("search-suggestions")).toBeVisible();
  await ready(page);
  await page.getByRole("searchbox", { name: "搜索关键词" }).fill("北京");
  await page.getByRole("searchbox", { name: "搜索关键词" }).press("Enter");
  await expect(page).toHaveURL(/\/search\?keyword=%E5%8C%97%E4%BA%AC$/);
  await expect(page).toHaveTitle("搜索：北京 - 学术会议平台");
  const found = await apiGet<ListPage>(request, `/conference?keyword=${encodeURIComponent("北京")}&pageSize=1`);
  expect(found.total).toBeGreaterThan(0);
  await expect(page.getByTestId("search-count")).toHaveText(`共找到 ${found.total} 个会议`);
  const marks = page.getByTestId("search-results").locator("mark");
  expect(await marks.count()).toBeGreaterThan(0);
  for (const text of await marks.allTextContents()) expect(text).toBe("北京");
  // Every result shows what matched.
  for (const card of await page.getByTestId("search-results").locator("li").all()) await expect(card.locator("mark").first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // One character finds more than a page: the next page keeps the keyword.
  const many = await apiGet<ListPage>(request, `/conference?keyword=${encodeURIComponent("学")}&pageSize=1`);
  expect(many.total).toBeGreaterThan(18);
  await page.goto(`/search?keyword=${encodeURIComponent("学")}`);
  await expect(page.getByTestId("search-results").locator("li")).toHaveCount(18);
  await page.getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/keyword=%E5%AD%A6&page=2$/);
  await expect(page.getByTestId("search-results").locator("li")).toHaveCount(Math.min(18, many.total - 18));
  await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText("学");
});

test("search: an English keyword matches the English names and cities", async ({ page, request }) => {
  await page.goto("/search?keyword=Beijing");
  const found = await apiGet<ListPage>(request, "/conference?keyword=Beijing&pageSize=1");
  expect(found.total).toBeGreaterThan(0);
  await expect(page.getByTestId("search-count")).toHaveText(`共找到 ${found.total} 个会议`);
  const marks = page.getByTestId("search-results").locator("mark");
  expect(await marks.count()).toBeGreaterThan(0);
  for (const text of await marks.allTextContents()) expect(text.toLowerCase()).toBe("beijing");
  // The English page marks the same word.
  await page.context().addCookies([languageCookie("en", `http://localhost:${E2E_PORT}`)]);
  await page.goto("/search?keyword=beijing");
  await expect(page).toHaveTitle("Search: beijing - Academic Conferences");
  await expect(page.getByTestId("search-count")).toHaveText(`${found.total} conferences found`);
  await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText(/beijing/i);
});

test("search: no result shows suggestions that lead to results", async ({ page }) => {
  await page.goto("/search?keyword=zzqqxx");
  await expect(page.getByTestId("search-empty")).toContainText("没有找到与「zzqqxx」相关的会议");
  const suggestions = page.getByTestId("search-suggestions");
  await expect(suggestions.getByRole("heading", { name: "热门城市" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const city = suggestions.getByRole("link").first();
  const name = (await city.textContent())!;
  await city.click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}$`));
  await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText(name);
});

test("calendar: months with their conferences, and filters", async ({ page, request }) => {
  await page.goto("/schedule");
  await expect(page).toHaveTitle(/^学术日历：\d{4}年\d{1,2}月 - 学术会议平台$/);
  const months = page.getByTestId("calendar-months");
  await expect(months.locator("ol > li")).toHaveCount(12);
  await expect(months.locator('[aria-current="page"]')).toHaveCount(1);

  // The first month of this year that has conferences, as the platform counts them.
  const year = Number((await page.getByTestId("month-title").textContent())!.slice(0, 4));
  const calendar = await apiGet<{ months: Array<{ month: string; total: number }> }>(request, `/conference/calendar?year=${year}`);
  const busy = calendar.months.find((m) => m.total > 0)!;
  const monthNo = Number(busy.month.slice(5));
  await months.getByRole("link", { name: new RegExp(`^${year}年${monthNo}月，${busy.total} 个会议$`) }).click();
  await expect(page).toHaveURL(new RegExp(`month=${busy.month}$`));
  await expect(page.getByTestId("month-title")).toHaveText(`${year}年${monthNo}月`);
  const days = page.getByTestId("calendar-days");
  await expect(days.locator(".ui-conference-card")).toHaveCount(busy.total);
  await expectNoSeriousA11yIssues(page);

  // Filter by a category one of them has: the counts and the list follow.
  const inMonth = await apiGet<{ list: Array<{ categoryId: number | null }> }>(request, `/conference?month=${busy.month}`);
  const categoryId = inMonth.list.find((c) => c.categoryId)!.categoryId!;
  await ready(page);
  await page.getByLabel("学科门类").selectOption(String(categoryId));
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${busy.month}.*categoryId=${categoryId}`));
  const filtered = await apiGet<ListPage>(request, `/conference?month=${busy.month}&categoryId=${categoryId}`);
  await expect(days.locator(".ui-conference-card")).toHaveCount(filtered.total);
  await expect(months.locator('[aria-current="page"]')).toContainText(String(filtered.total));

  // Next month keeps the filter.
  await page.getByRole("link", { name: "下个月" }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${categoryId}`));
});

test("in English: titles, descriptions and Open Graph tags of the portal pages", async ({ page }) => {
  await page.context().addCookies([languageCookie("en", `http://localhost:${E2E_PORT}`)]);
  const pages: Array<[string, RegExp, RegExp]> = [
    ["/", /^Academic conferences - Academic Conferences$/, /by discipline, city and date/],
    ["/search", /^Search conferences - Academic Conferences$/, /by name, discipline and host city/],
    ["/schedule", /^Academic calendar: [A-Z][a-z]+ \d{4} - Academic Conferences$/, /month by month/],
  ];
  for (const [path, title, description] of pages) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
  }
  await expect(page.getByTestId("calendar-months").locator('[aria-current="page"]')).toHaveAccessibleName(/^[A-Z][a-z]+ \d{4}, \d+ conferences$/);
});

test("a conference's own host name shows that conference at /", async ({ page, request }) => {
  const { id } = await apiGet<{ id: number }>(request, "/domain/icics.localhost");
  const info = await apiGet<{ info: { nameZh: string } }>(request, `/conference/${id}`);
  await page.goto(`http://icics.localhost:${E2E_PORT}/`);
  await expect(page.getByTestId("conference-page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(info.info.nameZh);
  await expect(page).toHaveTitle(`${info.info.nameZh} - 学术会议平台`);
});
