/**
 * Issue 13 items 1 and 7 in the browser, with JavaScript on and off (decisions 028, 029): a
 * stranger's conference can't text, and its send screen says why and who would not receive it;
 * the platform administrator refuses a bank's name and approves another on the review screen;
 * a conference's own domain is never the platform's host and serves the conference only once
 * the administrator approved it.
 */
import fs from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { pageTicket } from "../sign-in-code";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  freshMobile,
  hasJs,
  HYDRATION_HOOK,
  OUTBOX,
  readCode,
  ready,
  signedInAs,
  test,
  TOKEN_COOKIE,
  sessionCookie,
  api,
} from "./support";

const unique = () => Math.random().toString(36).slice(2, 7);

/** The platform administrator (demo account) in a browser of their own. */
async function adminPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: hasJs() });
  const page = await context.newPage();
  await page.addInitScript(HYDRATION_HOOK);
  await signedInAs(page, demoAccounts.admin.mobile);
  return page;
}

/** Decides the one item of the review screen's `kind` tab that shows `subject`. */
async function decide(admin: Page, kind: "signName" | "domain", subject: string, decision: "approve" | "reject", reason = "") {
  await admin.goto(`/organization/review?kind=${kind}`);
  await ready(admin);
  const card = admin.getByTestId(`review-${kind}`).filter({ hasText: subject });
  await expect(card).toHaveCount(1);
  if (decision === "reject") {
    await card.getByLabel("驳回原因").fill(reason);
    await card.getByRole("button", { name: "驳回" }).click();
    await expectNotice(admin, "已驳回");
  } else {
    await card.getByRole("button", { name: "通过" }).click();
    await expectNotice(admin, "已通过");
  }
}

const outboxTexts = async () =>
  (await fs.readFile(OUTBOX, "utf8").catch(() => ""))
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { text?: string })
    .flatMap((entry) => (entry.text ? [entry.text] : []));

test("a stranger's conference can't text and is told why; the administrator refuses a bank's name and approves another", async ({ page, browser }) => {
  // A new account, signed in, with a draft conference named after a bank and a number typed in by hand.
  const mobile = freshMobile();
  // The ticket the login page renders for this client, as a browser would have it (decision 024).
  const ticket = await pageTicket((path) => page.request.get(path));
  await api(page.request, "GET", `/login?${new URLSearchParams({ mobile, ticket })}`);
  const { token } = await api<{ token: string }>(page.request, "PUT", "/login", undefined, {
    mobile,
    code: await readCode(mobile),
    name: "冒名者",
    agree: true,
  });
  await page.context().addCookies([sessionCookie(token, `http://localhost:${E2E_PORT}`)]);
  const run = unique();
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: `中国银行客户通知${run}`,
    nameEn: "Bank notice",
    shortName: "中国银行",
    startDate: "2027-03-01",
    endDate: "2027-03-02",
    cityZh: "北京",
  });
  const victim = await api<{ id: number }>(page.request, "POST", "/user/admin", token, {
    conferenceId: id,
    name: "受害人",
    mobile: freshMobile(),
    answers: {},
  });

  await page.goto(`/manage/applicant/${id}`);
  await ready(page);
  const sender = page.getByTestId("sms-sender");
  await expect(sender.getByTestId("sms-sign-state")).toHaveText("尚未申请短信签名。");
  await expect(sender.getByTestId("sms-block-notCertified")).toHaveText("会议所属机构尚未通过认证：请先在“机构认证”页申请认证。");
  await expect(sender.getByTestId("sms-block-notPublished")).toHaveText("会议尚未发布：发布后才能给参会人发短信。");
  await expect(sender.getByTestId("sms-block-noSignName")).toBeVisible();

  // A sender name that breaks the carriers' rules is refused in place; a bank's name waits for review.
  await sender.getByTestId("sign-name-link").click();
  await sender.getByLabel("短信签名").fill("【中国银行】");
  await sender.getByRole("button", { name: "申请签名" }).click();
  await expect(page.getByText("短信签名不能含括号、空格或尖括号")).toBeVisible();
  await expect(page.getByTestId("sms-sender").getByLabel("短信签名")).toHaveValue("【中国银行】");
  await page.getByTestId("sms-sender").getByLabel("短信签名").fill("中国银行");
  await page.getByTestId("sms-sender").getByRole("button", { name: "申请签名" }).click();
  await expectNotice(page, "短信签名已提交，等待平台管理员审核");
  await expect(page.getByTestId("sms-sign-state")).toHaveText("短信签名【中国银行】正在等待平台管理员审核。");
  // Asked for, the name is under review: its form closes.
  await expect(page.getByTestId("sign-name-link")).toHaveText("更换短信签名");

  // The send screen: what would go out (nothing), to whom (nobody: the entry is unclaimed), and why not.
  await ready(page);
  await page.locator(`[data-testid="applicant"][data-id="${victim.id}"]`).getByTestId("select").check();
  await page.getByLabel("操作", { exact: true }).selectOption("sms");
  await page.getByLabel("短信内容（发送短信时）").fill(`您的账户异常 ${run}`);
  await page.getByTestId("bulk-apply").click();
  const preview = page.getByTestId("sms-preview");
  await expect(preview.getByTestId("sms-text")).toHaveText(`没有审核通过的短信签名，这条短信（您的账户异常 ${run}）不能发出。`);
  await expect(preview.getByTestId("sms-recipients")).toHaveText("将发送给 0 个手机号");
  await expect(preview.getByTestId("sms-unclaimed")).toHaveText("另有 1 条手动添加、尚未被本人认领的报名不会收到短信。");
  await expect(preview.getByTestId("sms-blocked")).toContainText("现在不能发送短信：");
  await expect(preview.getByTestId("sms-block-notCertified")).toBeVisible();
  await expect(preview.getByRole("button", { name: "确认发送" })).toHaveCount(0);
  await expectAccessible(page);

  // The administrator refuses the bank's name, then approves the conference's own.
  const admin = await adminPage(browser);
  await decide(admin, "signName", "【中国银行】", "reject", "与主办单位不符");
  await page.goto(`/manage/applicant/${id}`);
  await expect(page.getByTestId("sms-sign-state")).toHaveText("短信签名【中国银行】未通过审核：与主办单位不符");
  await ready(page);
  await page.getByTestId("sign-name-link").click();
  await page.getByTestId("sms-sender").getByLabel("短信签名").fill(`客户大会${run}`);
  await page.getByTestId("sms-sender").getByRole("button", { name: "申请签名" }).click();
  await expectNotice(page, "短信签名已提交，等待平台管理员审核");
  await decide(admin, "signName", `【客户大会${run}】`, "approve");
  await admin.goto("/organization/review?kind=signName&state=all");
  await expectAccessible(admin);
  await page.goto(`/manage/applicant/${id}`);
  await expect(page.getByTestId("sms-sign-state")).toHaveText(`短信签名【客户大会${run}】已审核通过。`);
  // Still not certified nor published: nothing may go out, and the screen still says so.
  await expect(page.getByTestId("sms-block-noSignName")).toHaveCount(0);
  await expect(page.getByTestId("sms-block-notCertified")).toBeVisible();
  await admin.context().close();

  expect((await outboxTexts()).filter((text) => text.includes("中国银行") || text.includes(run))).toEqual([]);
});

test("a conference's own domain: never the platform's host, and served only once the administrator approved it", async ({ page, browser }) => {
  await signedInAs(page, demoAccounts.organiser.mobile);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const mine = await api<{ list: Array<{ id: number; isPublish: boolean }> }>(page.request, "GET", "/manage/conference?pageSize=50", token);
  let conferenceId = 0;
  for (const one of mine.list.filter((c) => c.isPublish)) {
    const editor = await api<{ conference: { domain: string | null } }>(page.request, "GET", `/manage/conference/${one.id}`, token);
    if (!editor.conference.domain) {
      conferenceId = one.id;
      break;
    }
  }
  expect(conferenceId).toBeGreaterThan(0);
  const host = `rv-${hasJs() ? "js" : "nojs"}-${unique()}.localhost`;

  await page.goto(`/manage/edit/${conferenceId}?section=domain`);
  await ready(page);
  const form = page.locator("#form-domain");
  // The platform's own host, however spelled, is refused with the reason.
  await form.getByLabel("域名").fill(`LOCALHOST.:${E2E_PORT}`);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.locator("#form-domain").getByText("这是平台自己的地址，不能作为会议域名")).toBeVisible();

  await ready(page);
  await page.locator("#form-domain").getByLabel("域名").fill(host);
  await page.locator("#form-domain").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(`${host} 正在等待平台管理员审核，通过后才会生效。`);

  // Before approval the host shows the platform's own home page.
  const visitor = await browser.newContext({ javaScriptEnabled: hasJs() });
  const visit = await visitor.newPage();
  await visit.goto(`http://${host}:${E2E_PORT}/`);
  await expect(visit.getByTestId("important-list").or(visit.getByTestId("conference-list")).first()).toBeVisible();
  await expect(visit.getByTestId("conference-page")).toHaveCount(0);

  const admin = await adminPage(browser);
  await decide(admin, "domain", host, "approve");
  await admin.context().close();

  // The anonymous page cache may hold the home page a few seconds more.
  await expect(async () => {
    await visit.goto(`http://${host}:${E2E_PORT}/`);
    await expect(visit.getByTestId("conference-page")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await visitor.close();

  await page.goto(`/manage/edit/${conferenceId}?section=domain`);
  await expect(page.getByTestId("domain-state")).toHaveText(`${host} 已通过审核，正在使用。`);
  // Leave the demo conference as it was.
  await api(page.request, "PUT", `/conference/domain/${conferenceId}`, token, { domain: "" });
});
