/**
 * The organiser's lists on a phone (390 px) and a laptop (1366 px), in Chinese and English
 * (issue 14): no sideways swipe, no word one glyph per line, no Chinese UI on an English page,
 * axe at every impact; the applicant table starts within the first screen of a laptop, ticking
 * a row shows the bulk bar (with JavaScript), and below 600 px the rows are cards.
 *
 * The layout is the same with and without JavaScript (the select-all box is the only addition),
 * so the sweep runs in the `js` project; the bulk bar's no-JavaScript post is applicants.spec.ts's.
 */
import type { Page } from "@playwright/test";
import { showcase } from "./attend-support";
import { sweep } from "./layout";
import { cookieValue, demoAccounts, expect, freshMobile, hasJs, holdRequests, projectName, ready, signedInAs, test, TOKEN_COOKIE, api } from "./support";

/**
 * The organiser signed in, and the showcase conference's id with registrations on its list
 * (a fresh run's showcase has none): two entered by hand, one with a long institution, as
 * organisers type them.
 */
async function organiserWithApplicants(page: Page) {
  const form = await showcase(page.request);
  await signedInAs(page, demoAccounts.organiser.mobile);
  const id = form.conference.id;
  await page.goto(`/manage/applicant/${id}`);
  if ((await page.getByTestId("applicant").count()) < 2) {
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    const identity = form.identities.find((i) => i.fee) ?? form.identities[0];
    for (const [name, institution] of [
      ["欧阳明远", "中国科学院计算技术研究所"],
      ["Maria Schmidt", "Technische Universität München"],
    ])
      await api(page.request, "POST", "/user/admin", token, {
        conferenceId: id,
        identityId: identity.id,
        name,
        mobile: freshMobile(),
        institution,
        answers: { department: "计算机系", position: "professor", presenting: "no" },
      });
  }
  return id;
}

const screens = (id: number) => ({
  conferences: ["/manage"],
  // With the hand entry and the sender's name asked for, each a form opened by its link.
  applicants: [`/manage/applicant/${id}`, `/manage/applicant/${id}?add=1&signName=1`],
  payments: [`/manage/payment/${id}`],
  report: [`/manage/report/${id}`],
  papers: [`/manage/viewPaper/${id}`],
  exhibitors: [`/manage/viewExhibitors/${id}`],
  subscriptions: [`/manage/viewSubscribe/${id}`],
  hotel: [`/manage/hotel/${id}`],
});

test.describe("the organiser's lists on a phone and a laptop", () => {
  test.beforeEach(() => {
    test.skip(projectName() !== "js", "the layout is the same without JavaScript; one project keeps the run short");
  });

  for (const name of Object.keys(screens(0)) as Array<keyof ReturnType<typeof screens>>) {
    test(`${name}: no overflow, no broken words, no Chinese UI in English, no axe violation`, async ({ page }) => {
      test.setTimeout(90_000);
      await sweep(page, "organiser-lists", screens(await organiserWithApplicants(page))[name]);
    });
  }

  // The administrator's screens in small groups, one test each: the screens part runs its tests side by side, and
  // each of these pages (a form per row) takes a few seconds a visit, four visits and two axe passes an address.
  const adminScreens: Record<string, (adminId: string) => string[]> = {
    "the hub and the approvals": () => ["/admin", "/organization/review", "/organization/review?kind=signName&state=all"],
    accounts: (adminId) => ["/admin/accounts", "/admin/accounts?state=admins", `/admin/accounts/${adminId}`],
    "categories and references": () => ["/admin/disciplines", "/admin/references"],
    "institutions and the home page": () => ["/admin/institutions", "/admin/home?q=2027"],
    "conferences and the audit log": () => ["/admin/conferences", "/admin/audit", "/admin/audit?action=discipline.major.create&from=2000-01-01"],
  };
  for (const [name, urls] of Object.entries(adminScreens)) {
    test(`the platform administrator's ${name}`, async ({ page }) => {
      test.setTimeout(150_000);
      await signedInAs(page, demoAccounts.admin.mobile);
      const admins = await (await page.request.get("/admin/accounts?state=admins")).text();
      const adminId = /href="\/admin\/accounts\/(\d+)"/.exec(admins)?.[1];
      expect(adminId, "the accounts list links each account").toBeDefined();
      await sweep(page, "organiser-lists", urls(adminId!));
    });
  }
});

test.describe("the applicant list puts the table first", () => {
  test("its table starts within the first screen of a 1366x768 laptop", async ({ page }) => {
    const id = await organiserWithApplicants(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/manage/applicant/${id}`);
    const table = page.getByTestId("applicants");
    const box = await table.boundingBox();
    expect(box, "the table is on the page").not.toBeNull();
    test.info().annotations.push({ type: "applicant table y at 1366x768", description: String(Math.round(box!.y)) });
    expect(box!.y).toBeLessThan(768 - 100);
  });

  test("ticking a row shows the bulk bar; without JavaScript the bar is always there", async ({ page }) => {
    const id = await organiserWithApplicants(page);
    const bar = page.getByTestId("bulk-bar");
    if (!hasJs()) {
      await page.goto(`/manage/applicant/${id}`);
      await expect(bar).toBeVisible();
      await expect(bar.getByTestId("bulk-apply")).toBeVisible();
      return;
    }
    // Hidden from the first paint, not once hydrated: the page's scripts are held back until the whole page, parsed
    // and styled, has been measured as a browser shows it before hydration; then they run, and nothing may have moved.
    // (Compared this way, not as Chrome's layout-shift score: on a starved CPU the parser yields and paints half a
    // page, and the rest arriving moves the header and the table, which says nothing about hydration.)
    const release = await holdRequests(page, (url) => /^\/assets\/.*\.js$/.test(url.pathname));
    await page.goto(`/manage/applicant/${id}`, { waitUntil: "domcontentloaded" });
    const places = () =>
      page.evaluate(() => {
        const place = (selector: string) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box ? [box.x, box.y, box.width, box.height].map(Math.round).join(",") : "absent";
        };
        return Object.fromEntries(
          ["[data-testid=applicants]", "[data-testid=bulk-bar]", "[data-testid=select-all-cards]", "#sms", "#add", ".ui-footer"].map((selector) => [
            selector,
            place(selector),
          ]),
        );
      });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet !== null));
    expect(await page.evaluate(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated ?? false), "not hydrated yet").toBe(false);
    const before = await places();
    release();
    await ready(page);
    expect(await places(), "where the list, the bulk bar and what follows them are, before and after hydration").toEqual(before);
    await expect(bar).toBeHidden();
    await expect(page.getByTestId("select-all-cards"), "the cards' select-all, where the rows are a table").toBeHidden();
    await page.getByTestId("select").first().check();
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/1/);
    await page.getByTestId("select").first().uncheck();
    await expect(bar).toBeHidden();
  });

  test("below 600 px the rows are cards: nothing scrolls sideways, each cell says its column", async ({ page }) => {
    const id = await organiserWithApplicants(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of ["/manage", `/manage/applicant/${id}`]) {
      await page.goto(url);
      const table = page.locator("table.ui-list-cards").first();
      await expect(table, `${url}: a card table`).toBeVisible();
      const container = table.locator("xpath=..");
      const { scrollWidth, clientWidth } = await container.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth, `${url}: the table's container scrolls sideways`).toBeLessThanOrEqual(clientWidth + 1);
      // The header row is hidden and each cell shows its column's name instead.
      await expect(table.locator("thead")).toBeHidden();
      const cell = table.locator("tbody td[data-label]").nth(1);
      const label = await cell.getAttribute("data-label");
      expect(label).toBeTruthy();
      const before = await cell.evaluate((el) => getComputedStyle(el, "::before").content);
      expect(before).toContain(label!);
    }
    // With the header row hidden, "select all" stands above the cards and ticks every row.
    if (hasJs()) {
      await ready(page);
      const all = page.getByTestId("select-all-cards");
      await expect(all).toBeVisible();
      await all.getByRole("checkbox", { name: "全选本页" }).check();
      const boxes = page.getByTestId("select");
      for (const box of await boxes.all()) await expect(box).toBeChecked();
      await expect(page.getByTestId("bulk-bar")).toBeVisible();
    } else await expect(page.getByTestId("select-all-cards")).toBeHidden();
  });
});
