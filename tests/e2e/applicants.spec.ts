/**
 * The organiser's registration list (issue 7), with JavaScript on and off: approve and remark a
 * registration, add an attendee by hand (with the claim link) and delete one after a
 * confirmation, export the filtered list to Excel and open it, print badges with QR codes for a
 * selection, and send a text message to a selection after its preview. Another account gets
 * the not-found page and changes nothing.
 */
import fs from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { readXlsx } from "../../platform/services/xlsx";
import { pageTicket } from "../sign-in-code";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  freshMobile,
  hasJs,
  OUTBOX,
  readCode,
  ready,
  sessionCookie,
  signedInAs,
  test,
  TOKEN_COOKIE,
  api,
} from "./support";

const SHOWCASE = "智能计算与系统国际学术会议";
const ANSWERS = { department: "化学系", position: "professor", presenting: "no" };

type FormInfo = { conference: { id: number }; identities: Array<{ id: number; nameZh: string; fee: { priceFen: number } | null }> };
type Registration = { id: number; name: string; mobile: string; ticketCode: string };

async function showcase(request: APIRequestContext) {
  const found = await api<{ list: Array<{ id: number }> }>(request, "GET", `/conference?keyword=${encodeURIComponent(SHOWCASE)}`);
  return api<FormInfo>(request, "GET", `/registration/form/${found.list[0].id}`);
}

/** A new account made through the API (its own fresh number, one code): its token. */
async function freshAccount(request: APIRequestContext, name: string) {
  const mobile = freshMobile();
  // The ticket the login page renders for this client, as a browser would have it.
  const ticket = await pageTicket((path) => request.get(path));
  await api(request, "GET", `/login?${new URLSearchParams({ mobile, ticket })}`);
  const code = await readCode(mobile);
  const { token } = await api<{ token: string }>(request, "PUT", "/login", undefined, { mobile, code, name, agree: true });
  return { mobile, token };
}

/** A unique name for this run and project, so the list's keyword finds only this test's rows. */
const uniqueName = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 7)}`;

/** The organiser signed in (the run's kept session), with the token for API set-up. */
async function asOrganiser(page: Page) {
  await signedInAs(page, demoAccounts.organiser.mobile);
  return (await cookieValue(page, TOKEN_COOKIE))!;
}

/** Registrations entered by the organiser through the API (confirmed at once, no account yet). */
async function entered(page: Page, token: string, form: FormInfo, names: string[]) {
  const identity = form.identities.find((i) => i.fee)!;
  const rows: Registration[] = [];
  for (const name of names) {
    rows.push(
      await api<Registration>(page.request, "POST", "/user/admin", token, {
        conferenceId: form.conference.id,
        identityId: identity.id,
        name,
        mobile: freshMobile(),
        institution: "浙江大学",
        answers: ANSWERS,
      }),
    );
  }
  return rows;
}

const rowOf = (page: Page, id: number) => page.locator(`[data-testid="applicant"][data-id="${id}"]`);

/** Opens a row's actions by their link (in place with JavaScript, `?actions=<id>` without); closed, the row carries none of their forms. */
async function openActions(page: Page, id: number) {
  const row = rowOf(page, id);
  if ((await row.locator("details[open]").count()) === 0) {
    await expect(row.locator("form")).toHaveCount(0);
    await ready(page);
    const address = page.url();
    await row.getByRole("link", { name: /^操作/ }).click();
    await expect(row.locator("details[open]")).toHaveCount(1);
    // With JavaScript in place; without, the list again with this row's actions open.
    if (hasJs()) expect(page.url()).toBe(address);
    else await expect(page).toHaveURL(new RegExp(`[?&]actions=${id}#apl-row-${id}$`));
  }
  return row;
}

test("the organiser approves and remarks a registration, adds an attendee by hand and deletes one", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  const attendee = await freshAccount(page.request, "审核甲");
  const name = uniqueName("审核");
  const mine = await api<Registration>(page.request, "POST", "/conference/user", attendee.token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name,
    answers: ANSWERS,
  });
  await asOrganiser(page);

  // The filter form is a GET: the filtered list has an address of its own.
  await page.goto(`/manage/applicant/${form.conference.id}`);
  await ready(page);
  await page.getByLabel("关键词").fill(name);
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}`));
  await expect(page.getByTestId("applicant")).toHaveCount(1);
  const row = rowOf(page, mine.id);
  await expect(row.getByTestId("state")).toHaveText("待审核");

  await ready(page);
  await (await openActions(page, mine.id)).getByRole("button", { name: "通过", exact: true }).click();
  await expectNotice(page, "已保存");
  await expect(row.getByTestId("state")).toHaveText("已确认");
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}`));

  await ready(page);
  const actions = await openActions(page, mine.id);
  await actions.getByLabel("备注", { exact: true }).fill("需要增值税专用发票");
  await actions.getByRole("button", { name: "保存备注" }).click();
  await expectNotice(page, "已保存");
  await expect(row.getByTestId("remark")).toHaveText("需要增值税专用发票");
  await expectAccessible(page);

  // By hand: the attendee has no account yet; the organiser gets the claim link to send on.
  const handName = uniqueName("手动");
  const handMobile = freshMobile();
  // The form is asked for: in place with JavaScript (its first field takes the focus), by a page load without.
  await ready(page);
  await expect(page.locator("#add")).toHaveCount(0);
  await page.getByTestId("add-link").click();
  const add = page.locator("#add");
  if (hasJs()) await expect(add.getByLabel(/^姓名/)).toBeFocused();
  else await expect(page).toHaveURL(/[?&]add=1#add$/);
  // A number that is no mobile is refused in place (by the page with JavaScript, by the server without): the form
  // stays open with what was typed.
  await add.getByLabel(/^姓名/).fill(handName);
  await add.getByLabel(/^手机号/).fill("12345");
  await add.getByRole("button", { name: "添加", exact: true }).click();
  await expect(page.locator("#add").getByText("请输入正确的手机号")).toBeVisible();
  await expect(page.locator("#add").getByLabel(/^姓名/)).toHaveValue(handName);
  await add.getByLabel(/^手机号/).fill(handMobile);
  await add.getByLabel("单位").fill("复旦大学");
  await add.getByLabel("身份").selectOption(String(identity.id));
  await add.getByRole("button", { name: "添加", exact: true }).click();
  await expect(page.getByTestId("claim")).toContainText(handName);
  await expect(page.getByTestId("claim")).toContainText(handMobile);
  const claimLink = await page.getByTestId("claim-link").getAttribute("href");
  expect(claimLink).toMatch(/\/attend\/claime\/\d+$/);
  const handId = Number(claimLink!.split("/").pop());

  // Deleting asks first: a dialog with JavaScript, a question on the page without.
  await page.goto(`/manage/applicant/${form.conference.id}?keyword=${encodeURIComponent(handName)}`);
  await ready(page);
  await (await openActions(page, handId)).getByRole("button", { name: "删除" }).click();
  await page.getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "已删除");
  await expect(page.getByTestId("applicants-empty")).toBeVisible();
});

test("the organiser exports the filtered list to Excel and opens it", async ({ page }) => {
  const form = await showcase(page.request);
  const token = await asOrganiser(page);
  const prefix = uniqueName("导出");
  const [first, second] = await entered(page, token, form, [`${prefix}甲`, `${prefix}乙`]);

  await page.goto(`/manage/applicant/${form.conference.id}?keyword=${encodeURIComponent(prefix)}`);
  await expect(page.getByTestId("applicant")).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await readXlsx(new Uint8Array(await fs.readFile(await download.path())));
  const [header, ...body] = rows;
  expect(header).toEqual(expect.arrayContaining(["姓名", "手机号", "票号", "院系/部门", "职称"]));
  expect(body.map((cells) => cells[header.indexOf("姓名")]).sort()).toEqual([first.name, second.name].sort());
  const cells = body.find((r) => r[header.indexOf("姓名")] === first.name)!;
  expect(cells[header.indexOf("票号")]).toBe(first.ticketCode);
  expect(cells[header.indexOf("院系/部门")]).toBe("化学系");
  expect(cells[header.indexOf("职称")]).toBe("教授/研究员");
});

test("the organiser prints badges with QR codes for a selection", async ({ page }) => {
  const form = await showcase(page.request);
  const token = await asOrganiser(page);
  const prefix = uniqueName("胸卡");
  const [first, second] = await entered(page, token, form, [`${prefix}甲`, `${prefix}乙`, `${prefix}丙`]);

  await page.goto(`/manage/applicant/${form.conference.id}?keyword=${encodeURIComponent(prefix)}`);
  await ready(page);
  await rowOf(page, first.id).getByTestId("select").check();
  await rowOf(page, second.id).getByTestId("select").check();
  await page.getByLabel("操作", { exact: true }).selectOption("print");
  await page.getByTestId("bulk-apply").click();
  await expect(page).toHaveURL(new RegExp(`/manage/applicant/print/${form.conference.id}\\?ids=`));
  const badges = page.getByTestId("badge");
  await expect(badges).toHaveCount(2);
  await expect(page.locator('[data-testid="badge"] svg[role="img"]')).toHaveCount(2);
  await expect(badges.first()).toContainText("浙江大学");
  await expect(page.getByTestId("badges")).toContainText(first.ticketCode);
  await expect(page.getByTestId("print")).toHaveCount(hasJs() ? 1 : 0);

  await page.getByLabel("版式").selectOption("card");
  await page.getByRole("button", { name: "更新" }).click();
  await expect(page).toHaveURL(/layout=card/);
  await expect(page.locator('[data-testid="badge"] svg[role="img"]')).toHaveCount(2);
  // On paper: the header and footer stay off, each card is a page of its own.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header.ui-header")).toBeHidden();
  await expect(page.locator("footer.ui-footer")).toBeHidden();
  if (hasJs()) {
    // Printed (Chromium's PDF, with the page's own paper size): one 90×54 mm card per badge.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
    expect(pdf).toMatch(/\/MediaBox \[0 0 255\.1\d* 153\.1\d*\]/);
  }
  await page.emulateMedia({ media: "screen" });
  await expectAccessible(page);
});

test("the organiser sends a text message to a selection after its preview, to those who proved their number", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  const prefix = uniqueName("短信");
  // Made before the organiser signs this browser in: a signed-in browser's /login renders no send ticket.
  const attendee = await freshAccount(page.request, `${prefix}甲`);
  const token = await asOrganiser(page);
  const mine = await api<Registration>(page.request, "POST", "/conference/user", attendee.token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name: `${prefix}甲`,
    answers: ANSWERS,
  });
  const [typed] = await entered(page, token, form, [`${prefix}乙`]);
  const message = `明早 8:30 签到 ${prefix}`;

  await page.goto(`/manage/applicant/${form.conference.id}?keyword=${encodeURIComponent(prefix)}`);
  await ready(page);
  if (hasJs()) {
    // With JavaScript the bulk bar only shows once a row is ticked.
    await expect(page.getByTestId("bulk-bar")).toBeHidden();
    await rowOf(page, mine.id).getByTestId("select").check();
    await page.getByLabel("操作", { exact: true }).selectOption("sms");
    await rowOf(page, mine.id).getByTestId("select").uncheck();
    await expect(page.getByTestId("bulk-bar")).toBeHidden();
  } else {
    await page.getByLabel("操作", { exact: true }).selectOption("sms");
    await page.getByTestId("bulk-apply").click();
    // Nothing ticked: told so, and the chosen action is still there.
    await expect(page.getByText("请先勾选至少一条报名")).toBeVisible();
    await expect(page.getByLabel("操作", { exact: true })).toHaveValue("sms");
  }

  await ready(page);
  await rowOf(page, mine.id).getByTestId("select").check();
  await rowOf(page, typed.id).getByTestId("select").check();
  await page.getByLabel("短信内容（发送短信时）").fill(message);
  await page.getByTestId("bulk-apply").click();
  // The approved sender name goes in front; the entry nobody claimed is left out, and said so.
  await expect(page.getByTestId("sms-text")).toHaveText(new RegExp(`^【[^】]+】${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByTestId("sms-recipients")).toHaveText("将发送给 1 个手机号");
  await expect(page.getByTestId("sms-unclaimed")).toHaveText("另有 1 条手动添加、尚未被本人认领的报名不会收到短信。");
  const sentBefore = await outboxTexts(message);
  expect(sentBefore).toEqual([]);

  await page.getByRole("button", { name: "确认发送" }).click();
  await expectNotice(page, "短信已发送 1 条");
  await expect.poll(() => outboxTexts(message)).toEqual([attendee.mobile]);
});

test("another account finds no such page and changes nothing", async ({ page }) => {
  const form = await showcase(page.request);
  const token = await asOrganiser(page);
  const [target] = await entered(page, token, form, [uniqueName("旁人")]);
  await page.context().clearCookies();
  const stranger = await freshAccount(page.request, "旁人");
  await page.context().addCookies([sessionCookie(stranger.token, new URL(page.url()).origin)]);

  for (const path of [
    `/manage/applicant/${form.conference.id}`,
    `/manage/applicant/print/${form.conference.id}`,
    `/manage/applicant/${form.conference.id}/export.xlsx`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const posted = await page.request.post(`/manage/applicant/${form.conference.id}`, {
    form: { intent: "delete", rowId: String(target.id), confirmed: "1" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);
  const still = await api<Registration>(page.request, "GET", `/conference/user/${target.id}`, token);
  expect(still.name).toBe(target.name);
});

/** The mobiles the outbox holds this text for (sorted). */
async function outboxTexts(message: string) {
  const lines = (await fs.readFile(OUTBOX, "utf8").catch(() => "")).trim().split("\n").filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { mobile: string; text?: string })
    .filter((entry) => entry.text?.endsWith(message))
    .map((entry) => entry.mobile)
    .sort();
}
