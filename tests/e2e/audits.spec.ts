/**
 * The organiser's audits and report (issue 7), with JavaScript on and off: a transfer proof
 * approved and its invoice issued; a hotel booking audited; a paper rejected with a remark the
 * author then reads; a remark added to an exhibitor application; Excel exports opened; the
 * report and the exhibitor print page. An attendee (not an organiser) gets 404 and changes
 * nothing. The attendee's data is made through the API, as the attendee.
 */
import fs from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { readXlsx } from "../../platform/services/xlsx";
import { E2E_PORT } from "../../playwright.config";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  hasJs,
  ready,
  registerNew,
  signedInAs,
  test,
  TOKEN_COOKIE,
  languageCookie,
  sessionCookie,
  api,
} from "./support";

const SHOWCASE = "智能计算与系统国际学术会议";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

async function upload(request: APIRequestContext, token: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const response = await request.post("/api/cms/files/documentUpload", { headers: { Authorization: `Bearer ${token}` }, multipart: { file } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { key: string } }).data.key;
}

type Form = { conference: { id: number }; identities: Array<{ id: number; fee: { priceFen: number } | null }> };

/** A new attendee, registered for the showcase (through the API, as themselves); the page ends signed out. */
async function attendee(page: Page, role: string) {
  // Both projects run against one database: each run's names are its own.
  const name = `${role}${Math.floor(Math.random() * 1_000_000)}`;
  const found = await api<{ list: Array<{ id: number }> }>(page.request, "GET", `/conference?keyword=${encodeURIComponent(SHOWCASE)}`);
  const form = await api<Form>(page.request, "GET", `/registration/form/${found.list[0].id}`);
  const mobile = await registerNew(page, name);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const identity = form.identities.find((i) => i.fee)!;
  const registration = await api<{ id: number }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name,
    answers: { department: "计算机学院", position: "student", presenting: "no" },
  });
  return { conferenceId: form.conference.id, token, mobile, name, registrationId: registration.id };
}

/** Signs the page in as the demo organiser (the run's kept session). */
async function asOrganiser(page: Page) {
  await page.context().clearCookies();
  await signedInAs(page, demoAccounts.organiser.mobile);
}

/** Follows an export link and reads the workbook it downloads. */
async function downloadSheet(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return await readXlsx(new Uint8Array(await fs.readFile(await download.path())));
}

test("an organiser approves a transfer proof and issues the invoice; others get 404", async ({ page }) => {
  const who = await attendee(page, "审核缴费人");
  const proofKey = await upload(page.request, who.token, { name: "proof.png", mimeType: "image/png", buffer: PNG });
  const payment = await api<{ id: number }>(page.request, "POST", "/payment", who.token, { registrationId: who.registrationId, method: "transfer", proofKey });

  // The attendee is no organiser: the page and its action are not there, and nothing changes.
  const refused = await page.goto(`/manage/payment/${who.conferenceId}`);
  expect(refused?.status()).toBe(404);
  const posted = await page.request.post(`/manage/payment/${who.conferenceId}`, {
    form: { intent: `payment:${payment.id}`, rowId: String(payment.id), state: "paid" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);
  expect((await api<{ state: string }>(page.request, "GET", `/payment/${payment.id}`, who.token)).state).toBe("pending_audit");

  await asOrganiser(page);
  await page.goto(`/manage/payment/${who.conferenceId}?keyword=${encodeURIComponent(who.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "缴费与发票" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: /的管理页面/ }).getByRole("link", { name: "缴费与发票" })).toHaveAttribute("aria-current", "page");
  const card = page.locator(`[data-testid="payment"][data-id="${payment.id}"]`);
  await expect(card.getByTestId("state")).toHaveText("待审核");
  await expect(card.getByTestId("proof").locator("img")).toBeVisible();
  await expect(card.getByRole("link", { name: "下载凭证" })).toHaveAttribute("href", `/files/${proofKey}`);
  await expectAccessible(page);

  // A refusal needs a reason: said beside the field.
  await ready(page);
  await card.getByRole("button", { name: "驳回" }).click();
  await expect(card.getByRole("alert")).toContainText("请填写原因");
  await card.getByRole("button", { name: "通过" }).click();
  await expectNotice(page, "缴费已确认");
  await expect(card.getByTestId("state")).toHaveText("已缴费");
  await expect(page.getByTestId("totals").locator('tr[data-method="transfer"]')).not.toContainText("¥0.00");

  // The payer asks for an invoice; the organiser issues it with the file.
  await api(page.request, "POST", "/payment", who.token, {
    type: "invoice",
    paymentId: payment.id,
    title: "浙江大学",
    taxId: "91330000123456789X",
    email: "audit@example.com",
  });
  await page.reload();
  const invoice = page.locator('[data-testid="invoice"]', { hasText: who.name });
  await expect(invoice).toContainText("浙江大学");
  await ready(page);
  await invoice.getByLabel("发票文件（图片或 PDF）").setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: PDF });
  if (hasJs()) await expect(invoice.getByTestId("fileKey-kept")).toBeVisible();
  await invoice.getByRole("button", { name: "开具发票" }).click();
  await expectNotice(page, "发票已开具");
  await page.goto(`/manage/payment/${who.conferenceId}?invoiceState=issued`);
  const issued = page.locator('[data-testid="invoice"]', { hasText: who.name });
  await expect(issued.getByTestId("state")).toHaveText("已开具");
  await expect(issued.getByTestId("invoice-file")).toBeVisible();

  // A paid payment can be marked refunded, once confirmed.
  await page.goto(`/manage/payment/${who.conferenceId}?keyword=${encodeURIComponent(who.name)}`);
  await ready(page);
  await card.getByRole("button", { name: "标记退款" }).click();
  await page.getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "已标记退款");
  await expect(card.getByTestId("state")).toHaveText("已退款");

  // The payer downloads the invoice they were issued.
  await page.context().clearCookies();
  await page.context().addCookies([sessionCookie(who.token, `http://localhost:${E2E_PORT}`)]);
  await page.goto(`/attend/invoice/${payment.id}`);
  const href = await page.getByTestId("invoice-file").getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
});

test("an organiser audits a hotel booking, rejects a paper with a remark, remarks on an exhibitor, exports and prints", async ({ page }) => {
  const who = await attendee(page, "审核住宿人");
  const cid = who.conferenceId;
  const rooms = await api<{ list: Array<{ id: number; window: { from: string; to: string } }> }>(page.request, "GET", `/user-hotel/rooms/${cid}`, who.token);
  const room = rooms.list[0];
  const checkOut = new Date(Date.parse(`${room.window.from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const booking = await api<{ id: number }>(page.request, "POST", "/user-hotel", who.token, {
    conferenceId: cid,
    roomId: room.id,
    checkIn: room.window.from,
    checkOut,
    rooms: 1,
    sharing: "single",
  });
  const title = `稀疏图学习 ${who.mobile.slice(-4)}`;
  const uploadKey = await upload(page.request, who.token, { name: "paper.pdf", mimeType: "application/pdf", buffer: PDF });
  const paper = await api<{ id: number }>(page.request, "POST", "/issue", who.token, {
    conferenceId: cid,
    title,
    authors: [{ name: who.name, affiliation: "浙江大学" }],
    abstract: "摘要",
    keywords: "图学习",
    uploadKey,
  });
  const company = `展商${who.mobile.slice(-6)}`;
  await api(page.request, "POST", "/exhibition", who.token, {
    conferenceId: cid,
    kind: "exhibitor",
    company,
    contact: "赵经理",
    phone: "13900001111",
    email: "expo@example.com",
    booth: "B2",
  });

  // Not an organiser: the hotel audit is refused and the booking stays pending.
  const posted = await page.request.post(`/manage/hotel/${cid}`, {
    form: { intent: `booking:${booking.id}`, rowId: String(booking.id), state: "approved" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);

  await asOrganiser(page);

  // Hotel: the grid, then the booking approved.
  await page.goto(`/manage/hotel/${cid}?keyword=${who.mobile}`);
  await expect(page.getByTestId("hotel-grid")).toBeVisible();
  const card = page.locator(`[data-testid="booking"][data-id="${booking.id}"]`);
  await expect(card.getByTestId("state")).toHaveText("待审核");
  await expectAccessible(page);
  await ready(page);
  await card.getByRole("button", { name: "通过" }).click();
  await expectNotice(page, "审核结果已保存");
  await expect(card.getByTestId("state")).toHaveText("已通过");
  const bookings = await downloadSheet(page, "export-bookings");
  expect(bookings[0][1]).toBe("入住人");
  expect(bookings.find((row) => row[0] === String(booking.id))?.[11]).toBe("已通过");

  // Papers: rejected with a remark; exported.
  await page.goto(`/manage/viewPaper/${cid}?keyword=${encodeURIComponent(title)}`);
  const submission = page.locator(`[data-testid="submission"][data-id="${paper.id}"]`);
  await expect(submission).toContainText(title);
  await expectAccessible(page);
  await ready(page);
  await submission.getByLabel("备注（驳回时必填）").fill("请补充实验数据");
  await submission.getByRole("button", { name: "驳回" }).click();
  await expectNotice(page, "审核结果已保存");
  await expect(submission.getByTestId("state")).toHaveText("已驳回");
  await expect(submission.getByTestId("remark")).toHaveText("请补充实验数据");
  const papers = await downloadSheet(page, "export-papers");
  expect(papers.find((row) => row[1] === title)?.slice(7, 9)).toEqual(["已驳回", "请补充实验数据"]);

  // Exhibitors: a remark added; exported; printed.
  await page.goto(`/manage/viewExhibitors/${cid}?keyword=${encodeURIComponent(company)}`);
  const sponsor = page.locator('[data-testid="sponsor"]', { hasText: company });
  await expect(sponsor.getByTestId("state")).toHaveText("待审核");
  await expectAccessible(page);
  await ready(page);
  await sponsor.getByRole("button", { name: "添加备注" }).click();
  await expect(sponsor.getByRole("alert")).toContainText("请输入备注内容");
  await sponsor.getByLabel("新备注").fill("需要两张桌子");
  await sponsor.getByRole("button", { name: "添加备注" }).click();
  await expectNotice(page, "备注已添加");
  await expect(sponsor.getByTestId("remarks")).toContainText("需要两张桌子");
  const exhibitors = await downloadSheet(page, "export-sponsors");
  expect(exhibitors.find((row) => row[2] === company)?.[10]).toContain("需要两张桌子");

  await page.goto(`/manage/printExhibitors/${cid}`);
  await ready(page);
  await page.getByRole("combobox", { name: "状态" }).selectOption("pending");
  await page.getByRole("checkbox", { name: "备注记录" }).check();
  await page.getByTestId("print-submit").click();
  await page.waitForURL(new RegExp(`/manage/printExhibitors/print/${cid}\\?`));
  await expect(page.getByTestId("print-table")).toContainText(company);
  await expect(page.getByTestId("print-table")).toContainText("需要两张桌子");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // The author reads the remark on their papers page.
  await page.context().clearCookies();
  await page.context().addCookies([sessionCookie(who.token, `http://localhost:${E2E_PORT}`)]);
  await page.goto(`/attend/papers/${cid}`);
  await expect(page.getByTestId("remark").first()).toHaveText("请补充实验数据");
});

test("the report sums the conference's figures for a range and exports them; the subscriptions list opens", async ({ page }) => {
  await asOrganiser(page);
  const found = await api<{ list: Array<{ id: number }> }>(page.request, "GET", `/conference?keyword=${encodeURIComponent(SHOWCASE)}`);
  const cid = found.list[0].id;
  await page.goto(`/manage/report/${cid}`);
  await expect(page.getByRole("heading", { level: 1, name: "会议报告" })).toBeVisible();
  await expect(page.getByTestId("report-registrations")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("report-range")).toContainText("–");
  await expectAccessible(page);
  const sheet = await downloadSheet(page, "export-report");
  expect(sheet[0]).toEqual(["部分", "项目", "数值"]);
  expect(Number(sheet.find((row) => row[0] === "报名" && row[1] === "合计")?.[2])).toBeGreaterThan(0);

  // A range ending before it starts is said beside the field.
  await ready(page);
  await page.getByLabel("开始日期").fill("2026-11-20");
  await page.getByLabel("结束日期").fill("2026-11-01");
  await page.getByRole("button", { name: "更新报告" }).click();
  await expect(page.locator("#report-to-error")).toContainText("结束日期不能早于开始日期");
  await expect(page.getByLabel("结束日期")).toHaveValue("2026-11-01");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByTestId("report")).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  await page.goto(`/manage/viewSubscribe/${cid}`);
  await expect(page.getByRole("heading", { level: 1, name: "日程订阅" })).toBeVisible();
  await expect(page.getByTestId("subscribe-summary")).toBeVisible();
  await expectAccessible(page);

  // In English, the page and its export speak English.
  await page.context().addCookies([languageCookie("en", `http://localhost:${E2E_PORT}`)]);
  await page.goto(`/manage/report/${cid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Conference report" })).toBeVisible();
  expect((await downloadSheet(page, "export-report"))[0]).toEqual(["Section", "Item", "Value"]);
});
