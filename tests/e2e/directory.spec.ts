/**
 * Visitor journeys through the references directory, the certified institutions and the
 * live-stream replays (issue 3), with JavaScript on and off. Expected figures come from the
 * platform API over the same seeded database, never from hard-coded ids.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, hasJs, header, ready, test, languageCookie, apiGet } from "./support";

type PageOf<T> = { list: T[]; total: number };
type Replay = { id: number; titleZh: string; conferenceId: number | null; conferenceNameZh: string | null };
type ReplayDetail = { info: { id: number; titleZh: string; mp4Url: string | null; hlsUrl: string | null }; related: Replay[] };
type Institution = { id: number; nameZh: string; cityZh: string; conferenceCount: number };

const HIGHLIGHT = "rgb(255, 243, 163)"; // the theme's highlight colour, #fff3a3
const HLS_CHUNK = /\/assets\/hls-[\w-]+\.js$/;

/** The description and Open Graph tags every page carries. */
async function expectMeta(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", /\S/);
}

/** Submits the page's filter form (a GET form: with JavaScript through Remix, without as a plain submit). */
async function submitFilters(page: Page, button: string) {
  await page.getByRole("main").getByRole("button", { name: button, exact: true }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("references directory", () => {
  test("a keyword is highlighted; city filter and paging are links and GET forms; no header search box", async ({ page, request }) => {
    await page.goto("/");
    await expect(header(page).getByRole("search")).toHaveCount(1);

    await page.goto("/search/reference");
    await expect(page.getByRole("heading", { level: 1, name: "参考名录" })).toBeVisible();
    await expectMeta(page, /^参考名录 - /);
    // Spec §2: the header's search box is hidden on routes containing 'reference'.
    await expect(header(page).getByRole("search")).toHaveCount(0);
    const all = await apiGet<PageOf<unknown>>(request, "/reference?pageSize=1");
    await expect(page.getByText(`共 ${all.total} 条`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("reference-list").getByRole("listitem")).toHaveCount(Math.min(20, all.total));
    await expectAccessible(page, { exclude: ["footer"] });

    await ready(page);
    await page.getByLabel("关键词").fill("实验室");
    await submitFilters(page, "搜索");
    await expect(page).toHaveURL(/keyword=%E5%AE%9E%E9%AA%8C%E5%AE%A4/);
    const matches = await apiGet<PageOf<{ nameZh: string }>>(request, `/reference?keyword=${encodeURIComponent("实验室")}&pageSize=100`);
    expect(matches.total).toBeGreaterThan(20);
    await expect(page.getByText(`共 ${matches.total} 条`, { exact: true })).toBeVisible();
    const firstMark = page.getByTestId("reference-list").locator("mark").first();
    await expect(firstMark).toHaveText("实验室");
    await expect(firstMark).toHaveCSS("background-color", HIGHLIGHT);
    await expect(page.getByRole("heading", { level: 2, name: matches.list[0].nameZh })).toBeVisible();
    await expectAccessible(page, { exclude: ["footer"] });

    // Page 2 keeps the keyword.
    await page.getByRole("link", { name: "下一页" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByRole("heading", { level: 2, name: matches.list[20].nameZh })).toBeVisible();
    await expect(page.getByLabel("关键词")).toHaveValue("实验室");

    // A city narrows the keyword's results; every entry is in that city.
    await ready(page);
    await page.getByLabel("城市").selectOption({ label: "北京" });
    await submitFilters(page, "搜索");
    await expect(page).toHaveURL(/city=/);
    await expect(page).not.toHaveURL(/page=2/);
    const inBeijing = await apiGet<PageOf<unknown>>(
      request,
      `/reference?keyword=${encodeURIComponent("实验室")}&city=${encodeURIComponent("北京")}&pageSize=1`,
    );
    expect(inBeijing.total).toBeLessThan(matches.total);
    await expect(page.getByText(`共 ${inBeijing.total} 条`, { exact: true })).toBeVisible();
    const cities = page.getByTestId("reference-list").locator("dt:text-is('城市') + dd");
    await expect(cities).toHaveCount(Math.min(20, inBeijing.total));
    for (const city of await cities.allTextContents()) expect(city).toBe("北京");

    // Nothing found, then clearing the filters.
    await page.goto(`/search/reference?keyword=${encodeURIComponent("没有这样的名录条目")}`);
    await expect(page.getByText("没有找到符合条件的条目")).toBeVisible();
    await page.getByRole("link", { name: "清除筛选" }).click();
    await expect(page).toHaveURL(/\/search\/reference$/);
    await expect(page.getByText(`共 ${all.total} 条`, { exact: true })).toBeVisible();
  });

  test("English: title, description and labels", async ({ page, context, baseURL }) => {
    await context.addCookies([languageCookie("en", baseURL!)]);
    await page.goto("/search/reference?keyword=laboratory");
    await expectMeta(page, /^laboratory - Reference directory - /);
    await expect(page.getByRole("heading", { level: 1, name: "Reference directory" })).toBeVisible();
    await expect(page.getByTestId("reference-list").locator("mark").first()).toHaveText(/laboratory/i);
  });
});

test.describe("certified institutions", () => {
  test("lists certified institutions; a search narrows the list; an institution shows its conferences", async ({ page, request }) => {
    const certified = await apiGet<PageOf<Institution>>(request, "/institution?certified=1&pageSize=100");
    const uncertified = await apiGet<PageOf<Institution>>(request, "/institution?certified=0&pageSize=100");
    expect(uncertified.total).toBeGreaterThan(0);

    await page.goto("/orgList");
    await expectMeta(page, /^认证机构 - /);
    await expect(page.getByRole("heading", { level: 1, name: "认证机构" })).toBeVisible();
    await expect(page.getByText(`共 ${certified.total} 家认证机构`, { exact: true })).toBeVisible();
    const cards = page.getByTestId("institution");
    await expect(cards).toHaveCount(Math.min(18, certified.total));
    await expect(cards.first().getByText("已认证")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: uncertified.list[0].nameZh, exact: true })).toHaveCount(0);
    await expectAccessible(page, { exclude: ["footer"] });

    // "北京" is in some certified institutions' city; uncertified ones there stay out.
    const inBeijing = await apiGet<PageOf<Institution>>(request, `/institution?certified=1&keyword=${encodeURIComponent("北京")}`);
    expect(inBeijing.total).toBeGreaterThan(0);
    expect(inBeijing.total).toBeLessThan(certified.total);
    await ready(page);
    await page.getByLabel("机构名称或城市").fill("北京");
    await submitFilters(page, "搜索");
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByText(`共 ${inBeijing.total} 家认证机构`, { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(inBeijing.total);
    await expect(cards.first().locator("mark").first()).toHaveCSS("background-color", HIGHLIGHT);

    // One with conferences: the count, its newest conferences inline, then all of them.
    let host = inBeijing.list.find((i) => i.conferenceCount > 0);
    if (!host) {
      host = certified.list.slice(0, 18).find((i) => i.conferenceCount > 0)!;
      await page.goto("/orgList");
    }
    const card = cards.filter({ has: page.getByRole("heading", { level: 2, name: host.nameZh, exact: true }) });
    await expect(card.getByText(`${host.conferenceCount} 场会议`)).toBeVisible();
    await card.getByRole("link", { name: `查看全部会议：${host.nameZh}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orgList\\?institution=${host.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: host.nameZh })).toBeVisible();
    await expectMeta(page, new RegExp(`^${escapeRegExp(host.nameZh)} - 认证机构 - `));
    const detail = await apiGet<{ conferences: PageOf<{ id: number; nameZh: string }> }>(request, `/institution/${host.id}?pageSize=12`);
    const conferences = page.getByTestId("institution-conferences").getByRole("listitem");
    await expect(conferences).toHaveCount(Math.min(12, detail.conferences.total));
    await expect(conferences.first()).toContainText(detail.conferences.list[0].nameZh);
    await expectAccessible(page, { exclude: ["footer"] });
    await conferences.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/${detail.conferences.list[0].id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.conferences.list[0].nameZh);

    // An uncertified institution or a malformed id has no page here.
    expect((await page.goto(`/orgList?institution=${uncertified.list[0].id}`))?.status()).toBe(404);
    expect((await page.goto("/orgList?institution=abc"))?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toBeVisible();
  });
});

test.describe("live-stream replays", () => {
  test("the list filters by year, keyword and conference, and pages", async ({ page, request }) => {
    const all = await apiGet<PageOf<Replay>>(request, "/live-streaming?pageSize=100");
    expect(all.total).toBeGreaterThan(12);

    await page.goto("/liveStreaming");
    await expectMeta(page, /^直播回放 - /);
    await expect(page.getByRole("heading", { level: 1, name: "直播回放" })).toBeVisible();
    await expect(page.getByText(`共 ${all.total} 个回放`, { exact: true })).toBeVisible();
    const cards = page.getByTestId("replay-list").locator(":scope > li");
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText(all.list[0].titleZh);
    // Covers are sized; only the first row loads at once.
    await expect(page.getByTestId("replay-list").locator('img[width="320"][height="180"]')).toHaveCount(12);
    await expect(page.getByTestId("replay-list").locator('img[loading="lazy"]')).toHaveCount(8);
    await expectAccessible(page, { exclude: ["footer"] });

    await page.getByRole("link", { name: "下一页" }).click();
    await expect(page).toHaveURL(/\/liveStreaming\?page=2$/);
    await expect(cards.first()).toContainText(all.list[12].titleZh);

    const { years } = await apiGet<{ years: number[] }>(request, "/live-streaming/filters");
    const year = years[years.length - 1];
    const ofYear = await apiGet<PageOf<Replay>>(request, `/live-streaming?year=${year}&pageSize=1`);
    expect(ofYear.total).toBeLessThan(all.total);
    await ready(page);
    await page.getByLabel("年份").selectOption(String(year));
    await submitFilters(page, "筛选");
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText(`共 ${ofYear.total} 个回放`, { exact: true })).toBeVisible();

    await page.goto("/liveStreaming");
    await ready(page);
    await page.getByLabel("回放标题").fill("主旨报告");
    await submitFilters(page, "筛选");
    const keynotes = await apiGet<PageOf<Replay>>(request, `/live-streaming?keyword=${encodeURIComponent("主旨报告")}&pageSize=1`);
    await expect(page.getByText(`共 ${keynotes.total} 个回放`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("replay-list").locator("mark").first()).toHaveText("主旨报告");
    await expect(page.getByTestId("replay-list").locator("mark").first()).toHaveCSS("background-color", HIGHLIGHT);

    // A conference's name on a card filters by that conference; the chip removes the filter.
    const withConference = all.list.find((r) => r.conferenceId !== null && r.conferenceNameZh)!;
    const ofConference = await apiGet<PageOf<Replay>>(request, `/live-streaming?conferenceId=${withConference.conferenceId}`);
    await page.goto(`/liveStreaming?page=${Math.floor(all.list.indexOf(withConference) / 12) + 1}`);
    await page.getByRole("link", { name: withConference.conferenceNameZh!, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`conferenceId=${withConference.conferenceId}`));
    await expect(page.getByTestId("conference-filter")).toContainText(withConference.conferenceNameZh!);
    await expect(cards).toHaveCount(ofConference.total);
    await page.getByRole("link", { name: "移除会议筛选" }).click();
    await expect(page).toHaveURL(/\/liveStreaming$/);
    await expect(page.getByText(`共 ${all.total} 个回放`, { exact: true })).toBeVisible();
  });

  test("a replay page: player with its sources, description, related replays, Open Graph video", async ({ page, request }) => {
    const all = await apiGet<PageOf<Replay>>(request, "/live-streaming?pageSize=100");
    const details = await Promise.all(all.list.slice(0, 6).map((r) => apiGet<ReplayDetail>(request, `/live-streaming/${r.id}`)));
    const hls = details.find((d) => d.info.hlsUrl)!;
    expect(hls, "the seed gives some replays an HLS rendition").toBeTruthy();

    const scripts: string[] = [];
    page.on("request", (r) => scripts.push(r.url()));
    const media = page.waitForResponse((r) => /\/media\/demo/.test(r.url()) && r.status() < 400);
    await page.goto(`/liveStreaming/detail/${hls.info.id}`);
    await expect(page.getByRole("heading", { level: 1, name: hls.info.titleZh })).toBeVisible();
    await expectMeta(page, new RegExp(`^${escapeRegExp(hls.info.titleZh)} - 直播回放 - `));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "video.other");
    await expect(page.locator('meta[property="og:video"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/media\/demo\.mp4$/);

    const video = page.getByTestId("replay-video");
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("poster", /\.svg$|\.(jpe?g|png|webp)$/);
    await expect(video.locator("source")).toHaveCount(2);
    await expect(video.locator("source").nth(0)).toHaveAttribute("type", "application/vnd.apple.mpegurl");
    await expect(video.locator("source").nth(1)).toHaveAttribute("src", hls.info.mp4Url!);
    await expect(video.locator("source").nth(1)).toHaveAttribute("type", "video/mp4");
    // With or without JavaScript, the browser fetches the video by itself.
    await media;

    const related = page.getByTestId("related-replays").locator(":scope > li");
    await expect(related).toHaveCount(hls.related.length);
    await expect(related.first()).toContainText(hls.related[0].titleZh);
    await expectAccessible(page, { exclude: ["footer"] });

    if (hasJs()) {
      await ready(page);
      // Chromium plays this HLS natively or through the MP4: hls.js is not fetched.
      expect(await video.evaluate((v: HTMLVideoElement) => v.canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'))).not.toBe("");
      await expectPlays(page);
      if (await video.evaluate((v: HTMLVideoElement) => v.canPlayType("application/vnd.apple.mpegurl") !== "")) {
        expect(scripts.filter((url) => HLS_CHUNK.test(url))).toEqual([]);
      }
    }

    // A related replay opens in the same player.
    await related.first().getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/liveStreaming/detail/${hls.related[0].id}$`));
    await expect(page.getByRole("heading", { level: 1, name: hls.related[0].titleZh })).toBeVisible();
  });

  test("without native HLS, hls.js is fetched on demand and streams the HLS rendition", async ({ page, request }) => {
    test.skip(!hasJs(), "hls.js is JavaScript");
    const all = await apiGet<PageOf<Replay>>(request, "/live-streaming?pageSize=100");
    const details = await Promise.all(all.list.slice(0, 6).map((r) => apiGet<ReplayDetail>(request, `/live-streaming/${r.id}`)));
    const hls = details.find((d) => d.info.hlsUrl)!;
    const mp4Only = details.find((d) => !d.info.hlsUrl && d.info.mp4Url)!;
    // A browser like Firefox or older Chromium: no native HLS.
    await page.addInitScript(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : original.call(this, type);
      };
    });
    const scripts: string[] = [];
    page.on("request", (r) => scripts.push(r.url()));

    // Not on the list, nor for a replay without HLS.
    await page.goto("/liveStreaming");
    await ready(page);
    await page.goto(`/liveStreaming/detail/${mp4Only.info.id}`);
    await ready(page);
    await expectPlays(page);
    expect(scripts.filter((url) => HLS_CHUNK.test(url))).toEqual([]);

    await page.goto(`/liveStreaming/detail/${hls.info.id}`);
    await ready(page);
    const video = page.getByTestId("replay-video");
    await expect(video).toHaveAttribute("data-player", "hls.js");
    expect(scripts.filter((url) => HLS_CHUNK.test(url))).toHaveLength(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);
    await expectPlays(page);
    expect(scripts.some((url) => url.endsWith("/media/demo-hls/index.m3u8"))).toBe(true);
    expect(scripts.some((url) => /\/media\/demo-hls\/segment-\d+\.m4s$/.test(url))).toBe(true);
  });

  test("no id goes to the list; unknown, malformed or unpublished replays are 404", async ({ page, request }) => {
    await page.goto("/liveStreaming/detail");
    await expect(page).toHaveURL(/\/liveStreaming$/);
    await expect(page.getByRole("heading", { level: 1, name: "直播回放" })).toBeVisible();

    for (const path of ["/liveStreaming/detail/999999", "/liveStreaming/detail/abc", "/liveStreaming/detail/0"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByTestId("error-page")).toBeVisible();
    }
    // The seed leaves some replays unpublished: ids missing from the published list.
    const published = new Set((await apiGet<PageOf<Replay>>(request, "/live-streaming?pageSize=100")).list.map((r) => r.id));
    const ids = [...published].sort((a, b) => a - b);
    const hidden = (ids.find((id, i) => i > 0 && ids[i - 1] !== id - 1) ?? 0) - 1;
    expect(hidden).toBeGreaterThan(0);
    expect(published.has(hidden)).toBe(false);
    expect((await page.goto(`/liveStreaming/detail/${hidden}`))?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toContainText("找不到该回放");
  });

  test("English titles and descriptions", async ({ page, context, baseURL }) => {
    await context.addCookies([languageCookie("en", baseURL!)]);
    await page.goto("/liveStreaming");
    await expectMeta(page, /^Live-stream replays - /);
    await page.goto("/orgList");
    await expectMeta(page, /^Certified institutions - /);
    await expect(page.getByRole("heading", { level: 1, name: "Certified institutions" })).toBeVisible();
  });
});

/** Muted playback starts and time advances (muted, so no autoplay policy stands in the way). */
async function expectPlays(page: Page) {
  const video = page.getByTestId("replay-video");
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
}
