/**
 * The visitor's screens (issue 14), signed out: every page at 390 px and 1366 px in Chinese and
 * English (no sideways swipe, no clipped text, no Chinese on an English page but entered data,
 * axe at every impact), then what a visitor decides with: cards (cover or initials, date badge,
 * "from ¥…", registration state), the register button in reach on a phone, Beijing time labelled
 * (and the visitor's own time with JavaScript), and what scrapers and search engines read from
 * the served HTML (Open Graph, Twitter, JSON-LD, robots.txt, sitemap).
 */
import zlib from "node:zlib";
import { langCookie } from "../signed-cookies";
import { organiserToken, showcase } from "./attend-support";
import { sweep, useLanguage } from "./layout";
import { api, apiGet, expect, hasJs, projectName, test } from "./support";

test.describe("every visitor screen at 390 and 1366 px, zh and en", () => {
  // axe runs as a script in the page, and the local-time script adds a line: the sweep runs with JavaScript.
  test.beforeEach(() => test.skip(projectName() !== "js", "axe needs JavaScript in the page; the markup is the same without"));

  test("home, search, forms and references", async ({ page }) => {
    test.setTimeout(90_000);
    await sweep(page, "visitor", ["/", "/search?keyword=computing", "/search/form", "/search/reference"]);
  });

  test("the calendar and the directory", async ({ page }) => {
    test.setTimeout(90_000);
    await sweep(page, "visitor", ["/schedule", "/orgList"]);
  });

  test("a conference page and its microsite", async ({ page }) => {
    // The largest visitor pages: eight full-page screenshots and four axe runs. In a CI rehearsal (session 13) the
    // server answered each page in about a second, but beside the other screens worker the browser took 3–6 s a
    // screenshot and 5–8 s an axe run, and the sweep passed 90 s twice; a hang guard, not a speed target.
    test.setTimeout(180_000);
    const id = (await showcase(page.request)).conference.id;
    await sweep(page, "visitor", [`/${id}`, `/conf/${id}`]);
  });

  test("live streaming and a replay", async ({ page, request }) => {
    test.setTimeout(90_000);
    const replays = await apiGet<{ list: Array<{ id: number }> }>(request, "/live-streaming?pageSize=1");
    await sweep(page, "visitor", ["/liveStreaming", `/liveStreaming/detail/${replays.list[0].id}`]);
  });
});

test("the home city filter counts what choosing the city then lists", async ({ page }) => {
  await page.goto("/");
  const options = page.getByTestId("city-filter").locator("option");
  const labels = (await options.allTextContents()).slice(1);
  expect(labels.length).toBeGreaterThan(0);
  const values = await Promise.all(labels.slice(0, 4).map((label) => options.filter({ hasText: label }).first().getAttribute("value")));
  for (const value of values) {
    // The count and the list of one answer: journeys running beside this one add conferences.
    await page.goto(`/?city=${encodeURIComponent(value!)}`);
    const label = (await page.getByTestId("city-filter").locator("option:checked").textContent())!;
    const counted = Number(/[（(](\d+)[）)]/.exec(label)?.[1]);
    const shown = await page.getByTestId("conference-list").locator("> li").count();
    expect(shown, `${label} lists as many as it says`).toBe(counted);
  }
});

test("English conference page: English room names and punctuation; Chinese-only data marked", async ({ page, context }) => {
  const id = (await showcase(page.request)).conference.id;
  await useLanguage(context, "en");
  await page.goto(`/${id}`);
  for (const selector of [".ui-conf-item-meta", ".ui-conf-company"]) {
    const texts = await page.locator(selector).evaluateAll((els) =>
      els
        .filter((el) => !el.closest('[lang^="zh"]'))
        .map((el) =>
          [...el.childNodes]
            .filter((n) => n.nodeType === 3)
            .map((n) => n.textContent)
            .join(""),
        ),
    );
    expect(
      texts.filter((text) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(text)),
      selector,
    ).toEqual([]);
  }
});

test("cards: a cover or initials tile, a date badge, the lowest fee and the registration state", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByTestId("conference-list").locator("> li");
  expect(await cards.count()).toBeGreaterThan(0);
  const first = cards.first();
  await expect(first.locator(".ui-portal-card-cover, .ui-portal-card-tile")).toHaveCount(1);
  await expect(first.getByTestId("date-badge")).toHaveText(/\d/);
  await expect(first.getByTestId("sale-state")).toHaveText(/报名/);
  // Somewhere on the page a fee: "¥… 起" or 免费.
  await expect(
    page
      .getByTestId("card-sale")
      .filter({ hasText: /¥[\d,.]+ 起|免费/ })
      .first(),
  ).toBeVisible();
});

test("the conference page keeps its register link in reach on a phone, and labels Beijing time", async ({ page, context }) => {
  const id = (await showcase(page.request)).conference.id;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${id}`);
  await page.mouse.wheel(0, 3000);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  const sticky = page.getByTestId("sticky-register");
  await expect(sticky).toBeInViewport();
  await expect(sticky).toHaveAttribute("href", `/attend/${id}`);
  await expect(page.getByTestId("beijing-time")).toContainText("北京时间");
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(sticky).toBeHidden();
  await useLanguage(context, "en");
  await page.goto(`/${id}`);
  await expect(page.getByTestId("beijing-time")).toContainText("China Standard Time (UTC+8)");
  // In Beijing no second time is added.
  await expect(page.getByTestId("local-time")).toHaveCount(0);
});

test.describe("in New York", () => {
  test.use({ timezoneId: "America/New_York" });
  test("with JavaScript a visitor also sees the programme in their own time", async ({ page }) => {
    const id = (await showcase(page.request)).conference.id;
    await page.goto(`/${id}`);
    const times = page.locator(".ui-conf-item-time");
    await expect(times.first()).toContainText(/\d\d:\d\d/);
    if (!hasJs()) {
      await expect(page.getByTestId("local-time")).toHaveCount(0);
      return;
    }
    await expect(page.getByTestId("local-time").first()).toContainText(/您的时间：.*(EST|EDT|GMT-[45]|UTC-[45])/);
  });
});

test("scrapers and search engines read the served HTML: Open Graph, Twitter, JSON-LD, a card image without a cover; robots.txt; sitemap", async ({
  page,
  request,
}) => {
  test.skip(projectName() !== "js", "the same bytes in both projects");
  const id = (await showcase(request)).conference.id;
  const html = await (await request.get(`/${id}`)).text();
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
  expect(meta("og:site_name")).toBeTruthy();
  expect(meta("og:locale")).toBe("zh_CN");
  expect(meta("og:type")).toBe("website");
  expect(meta("twitter:card")).toMatch(/^summary/);
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
  expect(ld["@type"]).toBe("Event");
  expect(ld.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  expect(ld.endDate).toMatch(/\+08:00$/);
  expect(ld.location.address.addressCountry).toBe("CN");
  expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  expect(ld.image[0]).toBe(meta("og:image"));

  // A conference without a cover is shared with a card drawn for it: a PNG of the size it says.
  const token = await organiserToken(page);
  const { id: coverless } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: "无封面的会议：图卡测试",
    nameEn: "A Conference Without a Cover",
    startDate: "2027-06-01",
    endDate: "2027-06-02",
    cityZh: "成都",
    cityEn: "Chengdu",
  });
  await api(page.request, "PATCH", `/conference/${coverless}`, token, { isPublish: true });
  for (const lang of ["zh", "en"] as const) {
    const shared = await (await request.get(`/${coverless}`, { headers: { cookie: langCookie(lang) } })).text();
    const card = /<meta property="og:image" content="([^"]+)"/.exec(shared)![1];
    expect(card).toMatch(new RegExp(`^http://localhost:\\d+/conf/${coverless}/card\\.png\\?lang=${lang}&(amp;)?v=`));
    expect(shared).toContain('<meta property="og:image:width" content="1200"/>');
    const image = await request.get(card.replace(/&amp;/g, "&"));
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  }
  expect((await request.get("/conf/999999/card.png?lang=zh")).status()).toBe(404);

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/text\/plain/);
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/${id}</loc><lastmod>`);
  expect(sitemap).toMatch(/\/orgList<\/loc>/);
  expect(sitemap).toMatch(/\/liveStreaming\/detail\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\dT/);

  // Sizes, for the report (budgets are asserted in conference.spec.ts and portal.spec.ts).
  for (const path of ["/", `/${id}`]) {
    const body = await (await request.get(path)).text();
    const scripts = new Set([...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
    let js = 0;
    for (const src of scripts) js += zlib.gzipSync(await (await request.get(src)).body(), { level: 9 }).length;
    console.log(`size ${path}: HTML gzip ${zlib.gzipSync(body).length} B, first-load JS gzip ${js} B`);
  }
});
