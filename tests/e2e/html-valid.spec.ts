/**
 * Valid HTML: the main visitor, attendee and organiser pages, as the server sends them (raw
 * bytes, with each role's cookies, in Chinese and in English), pass the Nu HTML checker
 * (vnu-jar) with no error. Invalid nesting is not cosmetic: a <form> inside a <p> makes the
 * parser close the <p>, the browser's DOM then differs from React's, and React throws away the
 * server's markup and renders the whole page again. So the second test opens the editors with
 * JavaScript and asserts they hydrate without an error.
 *
 * The pages are checked in one batch (one Java start): written to files, then one vnu run.
 * Warnings are not asserted (--errors-only); no error is ignored.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { E2E_OUTPUT_DIR, E2E_PORT } from "../../playwright.config";
import { showcase, uploadedProof } from "./attend-support";
import { cookieValue, demoAccounts, expect, projectName, ready, registerNew, signedInAs, test, TOKEN_COOKIE, languageCookie, api } from "./support";

const BASE = `http://localhost:${E2E_PORT}`;
const OUT = path.resolve(E2E_OUTPUT_DIR, "html-valid");
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

type Fetched = { label: string; url: string; file: string };
type VnuMessage = {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
};

/** Fetches pages as one role (the request context's cookies) and keeps their bytes as files. */
function collector(pages: Fetched[]) {
  return async (request: APIRequestContext, role: string, url: string, status = 200) => {
    const response = await request.get(url, { maxRedirects: 0, headers: { Accept: "text/html" } });
    const label = `${role} ${url}`;
    expect(response.status(), `${label}: status`).toBe(status);
    expect(response.headers()["content-type"], `${label}: an HTML page`).toMatch(/^text\/html/);
    const file = path.join(OUT, `${String(pages.length).padStart(3, "0")}.html`);
    fs.writeFileSync(file, await response.body());
    pages.push({ label, url, file });
  };
}

/** A browser context of its own, signed out, for a role (JavaScript as the project says). */
async function newRole(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: projectName() === "js", locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  return { context, page: await context.newPage() };
}

/** A new form of the signed-in account, made from the first template as the editor does; its editor's address. */
async function createdForm(request: APIRequestContext) {
  const templateId = /name="templateId" value="(\d+)"/.exec(await (await request.get("/form/edit")).text())?.[1];
  expect(templateId, "a form template to start from").toBeTruthy();
  const created = await request.post("/form/edit", { form: { intent: "template", templateId: templateId! }, maxRedirects: 0, headers: { Origin: BASE } });
  const location = created.headers().location ?? "";
  expect(location, `the form is created (${created.status()})`).toMatch(/^\/form\/edit\?id=\d+$/);
  return { editor: location, id: Number(new URL(location, BASE).searchParams.get("id")) };
}

/** The conference editor's sections, each a page of its own (`/manage/edit/{id}?section=<key>`), in its index's order. */
const EDITOR_SECTIONS = [
  "basics",
  "intro",
  "branches",
  "schedules",
  "company",
  "admins",
  "style",
  "specials",
  "organizers",
  "sponsors",
  "links",
  "banners",
  "media",
  "hotels",
  "replays",
  "payee",
  "domain",
];
const editorSections = (id: number) => EDITOR_SECTIONS.map((key) => `/manage/edit/${id}?section=${key}`);

const english = (context: { addCookies: (cookies: Array<{ name: string; value: string; url: string }>) => Promise<void> }) =>
  context.addCookies([languageCookie("en", BASE)]);

test("the main visitor, attendee and organiser pages are valid HTML (Nu HTML checker, no error)", async ({ page, browser }) => {
  // The markup does not depend on the browser's JavaScript: checked once, in the no-JavaScript run.
  test.skip(projectName() !== "nojs", "server-sent HTML, checked once (project nojs)");
  test.setTimeout(240_000);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const pages: Fetched[] = [];
  const get = collector(pages);
  const form = await showcase(page.request);
  const id = form.conference.id;

  // Organiser (demo account): a form of their own, made from a template as the editor does.
  await signedInAs(page, demoAccounts.organiser.mobile);
  const organiserToken = (await cookieValue(page, TOKEN_COOKIE))!;
  const { id: formId } = await createdForm(page.request);

  // Visitor (signed out): conference pages of the showcase and two others from the home page.
  const visitor = await newRole(browser);
  const home = await (await visitor.page.request.get("/")).text();
  const others = [...new Set([...home.matchAll(/href="\/(\d+)"/g)].map((m) => Number(m[1])).filter((n) => n !== id))].slice(0, 2);
  expect(others.length, "the home page lists other conferences").toBe(2);
  const visitorPages = async () => {
    for (const url of [
      "/",
      `/${id}`,
      ...others.map((n) => `/${n}`),
      `/conf/${id}`,
      `/search?keyword=${encodeURIComponent("计算")}`,
      "/search?keyword=zzzz-nothing",
    ]) {
      await get(visitor.page.request, "visitor", url);
    }
    for (const url of [
      "/schedule",
      "/schedule?month=2027-01",
      "/liveStreaming",
      "/search/reference",
      "/orgList",
      "/conf",
      "/search/form",
      `/form/detail?id=${formId}`,
    ]) {
      await get(visitor.page.request, "visitor", url);
    }
    for (const url of ["/login", "/login?mode=register", "/agreement", "/privacy"]) await get(visitor.page.request, "visitor", url);
    await get(visitor.page.request, "visitor", "/no-such-page", 404);
  };
  await visitorPages();

  // Attendee (a new account): the pages before registering, with a registration to pay, with a
  // transfer awaiting audit, and once the organiser approved it (the invoice).
  const attendee = await newRole(browser);
  await registerNew(attendee.page, "校验参会者");
  const token = (await cookieValue(attendee.page, TOKEN_COOKIE))!;
  const as = (url: string, status?: number) => get(attendee.page.request, "attendee", url, status);
  await as("/attend");
  await as(`/attend/${id}`);
  await as("/sponsorRegistration");
  await as("/sponsorHotel");
  const identity = form.identities.find((i) => i.fee)!;
  const answers = { department: "物理系", position: "professor", presenting: "no" };
  const mine = await api<{ id: number }>(attendee.page.request, "POST", "/conference/user", token, {
    conferenceId: id,
    identityId: identity.id,
    name: "校验参会者",
    answers,
  });
  await as(`/attend/pay/${mine.id}`);
  const payment = await api<{ id: number }>(attendee.page.request, "POST", "/payment", token, {
    registrationId: mine.id,
    method: "transfer",
    proofKey: await uploadedProof(attendee.page.request, token),
  });
  await as("/attend");
  await as(`/attend/pay/${mine.id}`);
  await api(page.request, "PATCH", `/payment/${payment.id}`, organiserToken, { state: "paid" });
  const attendeePages = async () => {
    for (const url of [
      "/attend",
      `/attend/${id}`,
      `/attend/invoice/${payment.id}`,
      `/attend/hotel/${id}`,
      `/attend/travel/${id}`,
      `/attend/papers/${id}`,
      `/attend/schedule/${id}`,
    ])
      await as(url);
    for (const url of [
      `/attend/teamRegistration/${id}`,
      "/account/settings",
      "/account/messages",
      `/form/detail?id=${formId}`,
      `/sponsorHotel/${id}`,
      `/sponsorRegistration/${id}`,
    ])
      await as(url);
  };
  await attendeePages();

  // Organiser: the conference's management pages (with the attendee above in them) and the form's.
  const organiserPages = async () => {
    const manage = [
      "edit",
      "signup",
      "applicant",
      "applicant/print",
      "payment",
      "checkin",
      "statistics",
      "report",
      "hotel",
      "viewPaper",
      "viewExhibitors",
      "viewSubscribe",
      "formSign",
      "scan",
    ];
    // The editor's default page (its first section) and every section's page.
    for (const url of ["/manage", ...manage.map((p) => `/manage/${p}/${id}`), `/manage/applicant/${id}?add=1&signName=1`, ...editorSections(id)])
      await get(page.request, "organiser", url);
    for (const url of [
      "/form/edit",
      `/form/edit?id=${formId}`,
      `/form/answers?id=${formId}`,
      `/form/preview?id=${formId}`,
      `/form/administrator?id=${formId}`,
      "/form/administrator",
      "/create",
      "/organization",
    ]) {
      await get(page.request, "organiser", url);
    }
  };
  await organiserPages();

  // Platform administrator (demo account): the administration screens, an account's own page among them.
  const admin = await newRole(browser);
  await signedInAs(admin.page, demoAccounts.admin.mobile);
  const admins = await (await admin.page.request.get("/admin/accounts?state=admins")).text();
  const adminId = /href="\/admin\/accounts\/(\d+)"/.exec(admins)?.[1];
  expect(adminId, "the accounts list links each account").toBeDefined();
  const adminPages = async () => {
    for (const url of [
      "/admin",
      "/admin/accounts",
      "/admin/accounts?state=admins",
      `/admin/accounts/${adminId}`,
      "/admin/disciplines",
      "/organization/review",
      "/admin/references",
      `/admin/references?keyword=${encodeURIComponent("实验室")}`,
      "/admin/institutions",
      "/admin/institutions?certified=0",
      "/admin/home",
      "/admin/home?q=2027",
      "/admin/conferences",
      "/admin/audit",
      "/admin/audit?account=abc&from=2026-02-31",
    ])
      await get(admin.page.request, "admin", url);
  };
  await adminPages();

  // The same in English.
  await Promise.all([english(visitor.context), english(attendee.context), english(page.context()), english(admin.context)]);
  await visitorPages();
  await attendeePages();
  await organiserPages();
  await adminPages();
  await Promise.all([visitor.context.close(), attendee.context.close(), admin.context.close()]);

  // One Java start for every page; vnu prints its JSON report on stdout (--stdout).
  const run = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--errors-only", "--exit-zero-always", "--stdout", ...pages.map((p) => p.file)], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, "java runs").toBeUndefined();
  expect(run.status, `vnu ran: ${run.stderr}`).toBe(0);
  const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
  const byFile = new Map(pages.map((p) => [path.basename(p.file), p]));
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => {
      const fetched = byFile.get(path.basename(decodeURIComponent(m.url ?? "")));
      const where = `${fetched?.label ?? m.url}, line ${m.lastLine ?? "?"}:${m.firstColumn ?? "?"}`;
      return `${where}: ${m.message}${m.extract ? `\n    ${JSON.stringify(m.extract)}` : ""}`;
    });
  console.log(`html-valid: ${pages.length} pages checked, ${errors.length} errors`);
  expect(errors, `${errors.length} errors in ${pages.length} pages:\n${errors.join("\n")}`).toEqual([]);
});

test("the editors and the pages whose markup changed hydrate without an error with JavaScript (no mismatch between server markup and React)", async ({
  page,
}) => {
  test.skip(projectName() !== "js", "hydration needs JavaScript (project js)");
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await signedInAs(page, demoAccounts.organiser.mobile);
  const { editor: formEditor } = await createdForm(page.request);
  const { conference } = await showcase(page.request);
  const id = conference.id;
  // The editor is a page per section: its index links each, and each hydrates.
  await page.goto(`/manage/edit/${id}`);
  await ready(page);
  await expect(page.locator("nav.ui-edit-nav a"), "the editor's section index").toHaveCount(EDITOR_SECTIONS.length);
  expect(await page.locator("nav.ui-edit-nav a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(editorSections(id));
  const urls = [
    "/form/edit",
    formEditor,
    `/manage/edit/${id}`,
    ...editorSections(id),
    `/manage/signup/${id}`,
    `/manage/statistics/${id}`,
    `/manage/applicant/print/${id}?layout=card`,
    `/manage/applicant/${id}?add=1&signName=1`,
    "/",
    `/${id}`,
    "/schedule",
  ];
  for (const url of urls) {
    problems.length = 0;
    await page.goto(url);
    // React reports recoverable hydration errors in the same task as its first commit, which
    // `ready` waits past.
    await ready(page);
    expect(problems, `${url} hydrates cleanly`).toEqual([]);
  }
});
