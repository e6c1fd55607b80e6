/**
 * The attendee's journeys (issue 5), with JavaScript on and off: register with an identity at
 * the early-bird price and a coupon, pay by transfer with a proof (→ awaiting audit), see the
 * registration with its QR ticket, request an invoice once the organiser approved the
 * payment, claim a registration an organiser entered, and pay once for a team of three.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { formatMoney } from "../../app/utils/format";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectNotice,
  freshMobile,
  hasJs,
  readCode,
  ready,
  registerNew,
  signedInAs,
  submitButton,
  test,
  TOKEN_COOKIE,
} from "./support";

const SHOWCASE = "智能计算与系统国际学术会议";
/** A 1×1 PNG: the upload sniffs the bytes, so the proof must be a real image. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const proof = { name: "proof.png", mimeType: "image/png", buffer: PNG };

type FormInfo = { conference: { id: number }; identities: Array<{ id: number; nameZh: string; fee: { priceFen: number } | null }>; strategy: { nameZh: string } | null };

async function api<T>(request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "Client-Type": "web", "Accept-Language": "zh" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await request.fetch(`/api${path}`, { method, headers, data: body });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function showcase(request: APIRequestContext) {
  const found = await api<{ list: Array<{ id: number }> }>(request, "GET", `/conference?keyword=${encodeURIComponent(SHOWCASE)}`);
  const form = await api<FormInfo>(request, "GET", `/registration/form/${found.list[0].id}`);
  return form;
}

/** No serious or critical axe violations; without JavaScript the served page is checked with scripts blocked. */
async function expectAccessible(page: Page) {
  // Success notices close by themselves with JavaScript; the check is of the page, not of a notice mid-fade.
  if (hasJs()) await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
  let target = page;
  let close = async () => {};
  if (!hasJs()) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
    target = await context.newPage();
    await target.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await target.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
  } finally {
    await close();
  }
}

/** The organiser's token (the run's kept session); the page is signed out again afterwards. */
async function organiserToken(page: Page) {
  await signedInAs(page, demoAccounts.organiser.mobile);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  await page.context().clearCookies();
  return token;
}

test("a visitor signs up from the form, registers with a coupon, pays by transfer and sees the ticket", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  const expected = identity.fee!.priceFen - 20_000;

  // A visitor sees the conference, the early-bird price and can work out the fee.
  await page.goto(`/attend/${form.conference.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "会议报名" })).toBeVisible();
  await expect(page.getByTestId("strategy")).toContainText("早鸟");
  await ready(page);
  await page.getByLabel("参会身份").selectOption(String(identity.id));
  await page.getByLabel("优惠码").fill("WELCOME200");
  await page.getByRole("button", { name: "计算费用" }).click();
  await expect(page.getByTestId("amount")).toHaveText(formatMoney(expected));
  await expectAccessible(page);

  // Quick login with a number that has no account → sign-up with the number filled in → back here.
  const mobile = freshMobile();
  await page.locator("#quick-login").locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toContainText(mobile);
  const code = await readCode(mobile);
  await page.locator("#quick-login").locator('input[name="code"]').fill(code);
  await page.getByRole("button", { name: "登录并报名" }).click();
  await page.waitForURL(/\/login\?/);
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);
  await ready(page);
  await page.locator('input[name="name"]').fill("王报名");
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="agree"]').check();
  await submitButton(page, "注册并登录").click();
  await page.waitForURL(new RegExp(`/attend/${form.conference.id}$`));

  // The form: a missing answer is reported next to its field and nothing typed is lost.
  const registration = page.locator("#registration");
  await expect(registration).toBeVisible();
  await ready(page);
  await registration.getByRole("radio", { name: identity.nameZh }).check();
  await registration.getByLabel("工作单位").fill("浙江大学");
  await registration.locator('[data-field="position"]').getByRole("radio", { name: "讲师/助理研究员" }).check();
  await registration.locator('[data-field="presenting"]').getByRole("radio", { name: "否" }).check();
  await registration.getByLabel("优惠码").fill("WELCOME200");
  await registration.getByTestId("apply-coupon").click();
  await expect(registration.getByTestId("amount")).toHaveText(formatMoney(expected));
  await expect(registration.getByLabel("工作单位")).toHaveValue("浙江大学");
  await registration.getByTestId("submit-registration").click();
  await expect(registration.locator('[data-field="department"] [role="alert"]')).toContainText("必填");
  await expect(registration.getByLabel("工作单位")).toHaveValue("浙江大学");
  await expect(registration.getByLabel("优惠码")).toHaveValue("WELCOME200");
  await registration.locator('[data-field="department"] input').fill("计算机学院");
  await registration.getByTestId("submit-registration").click();

  // Payment by transfer: the payee's account, a proof, then "awaiting audit".
  await page.waitForURL(/\/attend\/pay\/\d+$/);
  await expect(page.getByTestId("amount")).toHaveText(formatMoney(expected));
  await expect(page.getByTestId("payee")).toBeVisible();
  await page.getByTestId("send-proof").click();
  await expect(page.locator("#proof-error")).toContainText("请上传");
  await page.getByLabel("付款凭证（图片或 PDF）").setInputFiles(proof);
  await page.getByTestId("send-proof").click();
  await expect(page.getByTestId("awaiting-audit")).toBeVisible();
  await expect(page.getByTestId("payment-state")).toHaveText("待审核");
  await expectAccessible(page);

  // My conferences: the state, the fee, the payment, and a QR ticket.
  await page.goto("/attend");
  const item = page.getByTestId("registration").first();
  await expect(item).toContainText(SHOWCASE);
  await expect(item.getByTestId("state")).toHaveText("待审核");
  await expect(item.getByTestId("payment-state")).toContainText("待审核");
  await expect(item.getByTestId("ticket").locator("svg")).toBeVisible();
  await expect(item.getByRole("button", { name: "取消报名" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a registration paid and approved gets an invoice, and one unpaid can be cancelled", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  const orgToken = await organiserToken(page);
  await registerNew(page, "李发票");
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const answers = { department: "物理系", position: "professor", presenting: "no" };
  const mine = await api<{ id: number }>(page.request, "POST", "/conference/user", token, { conferenceId: form.conference.id, identityId: identity.id, name: "李发票", answers });

  // Unpaid: it can be cancelled after a confirmation (a modal with JavaScript, an inline question without).
  await page.goto("/attend");
  await ready(page);
  const item = page.locator(`[data-testid="registration"][data-id="${mine.id}"]`);
  await expect(item.getByTestId("payment-state")).toContainText("未缴费");
  await expect(item.getByTestId("pay")).toBeVisible();
  await item.getByRole("button", { name: "取消报名" }).click();
  await page.getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "报名已取消");
  await expect(item.getByTestId("state")).toHaveText("已取消");

  // Registering again revives it; a transfer approved by the organiser makes it paid.
  await api(page.request, "POST", "/conference/user", token, { conferenceId: form.conference.id, identityId: identity.id, name: "李发票", answers });
  const upload = await page.request.post("/api/cms/files/formUpload", { headers: { Authorization: `Bearer ${token}` }, multipart: { file: proof } });
  const { key } = ((await upload.json()) as { data: { key: string } }).data;
  const payment = await api<{ id: number }>(page.request, "POST", "/payment", token, { registrationId: mine.id, method: "transfer", proofKey: key });
  await api(page.request, "PATCH", `/payment/${payment.id}`, orgToken, { state: "paid" });

  await page.goto("/attend");
  await expect(item.getByTestId("payment-state")).toContainText("已缴费");
  await item.getByTestId("invoice").click();
  await page.waitForURL(new RegExp(`/attend/invoice/${payment.id}$`));
  await ready(page);
  await page.getByLabel("发票抬头").fill("浙江大学");
  await page.getByLabel("纳税人识别号").fill("123");
  await page.getByLabel("电子邮箱").fill("li@example.com");
  await page.getByTestId("save-invoice").click();
  await expect(page.locator('[role="alert"]').first()).toContainText("纳税人识别号");
  await expect(page.getByLabel("发票抬头")).toHaveValue("浙江大学");
  await page.getByLabel("纳税人识别号").fill("91330000123456789X");
  await page.getByTestId("save-invoice").click();
  await expectNotice(page, "发票信息已保存");
  await expect(page.getByTestId("invoice-state")).toHaveText("已申请");
  // Still editable while requested; the saved title can be picked again.
  await expect(page.getByRole("link", { name: /浙江大学 · 91330000123456789X/ })).toBeVisible();
  await page.getByLabel("发票抬头").fill("浙江大学计算机学院");
  await page.getByTestId("save-invoice").click();
  await expectNotice(page, "发票信息已保存");
  await expect(page.getByLabel("发票抬头")).toHaveValue("浙江大学计算机学院");
  await expectAccessible(page);
});

test("an attendee claims the registration an organiser entered for them", async ({ page }) => {
  const form = await showcase(page.request);
  const mobile = freshMobile();
  const entered = await api<{ id: number }>(page.request, "POST", "/user/admin", await organiserToken(page), {
    conferenceId: form.conference.id,
    identityId: form.identities[0].id,
    name: "赵认领",
    mobile,
  });

  await page.goto(`/attend/claime/${entered.id}?mobile=${mobile}`);
  await expect(page.getByTestId("claimable")).toContainText("赵*");
  await expectAccessible(page);
  await ready(page);
  await page.locator('form[aria-labelledby="claim-form-title"] input[name="mobile"]').fill(mobile);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toContainText(mobile);
  await page.locator('input[name="code"]').fill(await readCode(mobile));
  await page.getByTestId("claim").click();
  await expectNotice(page, "报名已认领");
  await page.goto("/attend");
  await expect(page.locator(`[data-testid="registration"][data-id="${entered.id}"]`)).toContainText("赵认领");
  const cookie = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)!;
  // The claim signs in for 31 days.
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(30 * 24 * 3600 * 1000);
});

test("a team leader adds three members and pays once for all", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, "团队负责人");
  await page.goto(`/attend/teamRegistration/${form.conference.id}`);
  await ready(page);
  await page.getByLabel("团队名称").fill("智能计算课题组");
  await page.getByTestId("create-team").click();
  await expect(page.getByTestId("team-name")).toHaveText("智能计算课题组");

  const members = [
    ["成员甲", freshMobile()],
    ["成员乙", freshMobile()],
    ["成员丙", freshMobile()],
  ];
  for (const [name, mobile] of members) {
    await ready(page);
    const add = page.locator('form[aria-labelledby="member-title"]');
    await add.getByLabel("姓名").fill(name);
    await add.getByLabel("手机号").fill(mobile);
    await add.getByLabel("参会身份").selectOption(String(identity.id));
    await add.getByTestId("add-member").click();
    await expect(page.getByTestId("members")).toContainText(name);
  }
  const total = identity.fee!.priceFen * 3;
  await expect(page.getByTestId("team-total")).toContainText(formatMoney(total));
  await ready(page);
  await page.getByLabel("付款凭证（图片或 PDF）").setInputFiles(proof);
  await page.getByTestId("team-pay").click();
  await expect(page.getByTestId("awaiting-audit")).toContainText(formatMoney(total));
  await expect(page.getByTestId("team-pay")).toHaveCount(0);
  await expect(page.getByTestId("members")).not.toContainText("未缴费");
  await expectAccessible(page);
});

/** A fresh attendee registered (through the API) for the showcase; ends on its payment page. */
async function registeredAndOnPayPage(page: Page, name: string) {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, name);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const answers = { department: "数学系", position: "student", presenting: "no" };
  const mine = await api<{ id: number; feeFen: number }>(page.request, "POST", "/conference/user", token, { conferenceId: form.conference.id, identityId: identity.id, name, answers });
  await page.goto(`/attend/pay/${mine.id}`);
  await ready(page);
  return { token, registration: mine };
}

async function paymentsOf(page: Page, token: string, registrationId: number) {
  return (await api<{ list: Array<{ state: string; method: string }> }>(page.request, "GET", `/payment?registrationId=${registrationId}`, token)).list;
}

test("an attendee pays with PayPal and comes back paid; paying twice makes one payment", async ({ page }) => {
  const { token, registration } = await registeredAndOnPayPage(page, "钱贝宝");
  await page.getByTestId("pay-paypal").click();
  await page.waitForURL(/127\.0\.0\.1:3296\/checkoutnow/);
  // Back to the form and again: the same idempotency key answers the same order.
  await page.goBack();
  await page.waitForURL(/\/attend\/pay\//);
  await ready(page);
  await page.getByTestId("pay-paypal").click();
  await page.waitForURL(/127\.0\.0\.1:3296\/checkoutnow/);
  await page.getByRole("button", { name: "Pay Now" }).click();
  await page.waitForURL(/\/attend\/paypal\/success\?/);
  await expect(page.getByTestId("payment-result")).toContainText("已付款");
  await expectAccessible(page);
  await page.goto("/attend");
  await expect(page.locator(`[data-testid="registration"][data-id="${registration.id}"]`).getByTestId("payment-state")).toContainText("已缴费");
  const payments = await paymentsOf(page, token, registration.id);
  expect(payments.filter((p) => p.method === "paypal")).toHaveLength(1);
  expect(payments[0].state).toBe("paid");
});

test("an attendee pays with Alipay through /alipage and comes back paid", async ({ page }) => {
  const { token, registration } = await registeredAndOnPayPage(page, "孙支付");
  await page.getByTestId("pay-alipay").click();
  await page.waitForURL(/\/alipage$|127\.0\.0\.1:3297/);
  // Without JavaScript the signed form waits for a click; with it, it goes by itself.
  if (!hasJs()) {
    await expect(page.getByTestId("gateway-form")).toBeVisible();
    await page.getByRole("button", { name: "前往支付宝付款" }).click();
  }
  await page.waitForURL(/127\.0\.0\.1:3297/);
  await expect(page.getByRole("heading", { name: "支付宝收银台" })).toBeVisible();
  await page.getByRole("button", { name: "确认付款" }).click();
  await page.waitForURL(/\/alipage\?tradeNo=/);
  await expect(page.getByTestId("payment-result")).toContainText("已付款");
  await expectAccessible(page);
  const payments = await paymentsOf(page, token, registration.id);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ method: "alipay", state: "paid" });
});

test("an attendee pays with UnionPay and the gateway's signed return shows the result", async ({ page }) => {
  const { token, registration } = await registeredAndOnPayPage(page, "周银联");
  await page.getByTestId("pay-union").click();
  if (!hasJs()) {
    await expect(page.getByTestId("gateway-form")).toBeVisible();
    await page.getByRole("button", { name: "前往银联付款" }).click();
  }
  await page.waitForURL(/127\.0\.0\.1:3295/);
  await page.getByRole("button", { name: "确认付款" }).click();
  await page.getByRole("button", { name: "返回商户" }).click();
  await page.waitForURL(new RegExp(`/attend/pay/${registration.id}$`));
  await expect(page.getByTestId("payment-state")).toHaveText("已缴费");
  const payments = await paymentsOf(page, token, registration.id);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ method: "union", state: "paid" });
});

test("the registration form speaks English, and a number already registered is said next to its field", async ({ page }) => {
  const form = await showcase(page.request);
  await page.context().addCookies([{ name: "isEnglish", value: "1", url: "http://localhost:3210" }]);
  await page.goto(`/attend/${form.conference.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Registration" })).toBeVisible();
  await expect(page.getByTestId("strategy")).toContainText("Early bird");
  await expect(page.getByRole("heading", { name: "Log in to register" })).toBeVisible();
  await page.context().clearCookies();

  // Someone else's number, registered already (an organiser's entry).
  const taken = freshMobile();
  const orgToken = await organiserToken(page);
  await api(page.request, "POST", "/user/admin", orgToken, { conferenceId: form.conference.id, identityId: form.identities[0].id, name: "Taken", mobile: taken });
  await registerNew(page, "English Attendee");
  await page.context().addCookies([{ name: "isEnglish", value: "1", url: "http://localhost:3210" }]);
  await page.goto(`/attend/${form.conference.id}`);
  await ready(page);
  const registration = page.locator("#registration");
  const mobile = registration.getByLabel("Mobile number");
  await mobile.fill(taken);
  await registration.getByTestId("submit-registration").click();
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(registration).toContainText("This mobile number is already registered for this conference");
  await expect(mobile).toHaveValue(taken);
  await expectAccessible(page);
});
