/**
 * The attendee's journeys (issue 5), with JavaScript on and off: register with an identity at
 * the early-bird price and a coupon, pay by transfer with a proof (→ awaiting audit), see the
 * registration with its QR ticket, request an invoice once the organiser approved the
 * payment, claim a registration an organiser entered, and pay once for a team of three; follow
 * the organisers' official account (QR code, WeChat's pushed event) before the form shows; edit
 * a pending registration (re-priced by a new identity); see a registered mobile or e-mail said
 * as it is typed; replace or withdraw a team's proof of payment.
 */
import { formatMoney } from "../../app/utils/format";
import { E2E_FAKE_PORTS, E2E_PORT } from "../../playwright.config";
import {
  conferenceRequiringFollow,
  organiserToken,
  paymentsOf,
  proof,
  registeredAndOnPayPage,
  scanAndFollow,
  SHOWCASE,
  showcase,
  uploadedProof,
} from "./attend-support";
import {
  cookieValue,
  expect,
  expectAccessible,
  expectNotice,
  freshMobile,
  hasJs,
  readCode,
  ready,
  registerNew,
  submitButton,
  test,
  TOKEN_COOKIE,
  languageCookie,
  fakeAt,
  api,
} from "./support";

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
  await expect(registration.locator('[data-field="department"] [role="alert"]')).toContainText("请回答此题");
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
  await page.getByLabel("付款凭证（PDF 或图片）").setInputFiles(proof);
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
  const mine = await api<{ id: number }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name: "李发票",
    answers,
  });

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
  const key = await uploadedProof(page.request, token);
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
  await page.getByLabel("付款凭证（PDF 或图片）").setInputFiles(proof);
  await page.getByTestId("team-pay").click();
  await expect(page.getByTestId("awaiting-audit")).toContainText(formatMoney(total));
  await expect(page.getByTestId("team-pay")).toHaveCount(0);
  await expect(page.getByTestId("members")).not.toContainText("未缴费");
  await expectAccessible(page);
});

test("an attendee pays with PayPal and comes back paid; paying twice makes one payment", async ({ page }) => {
  const { token, registration } = await registeredAndOnPayPage(page, "钱贝宝");
  await page.getByTestId("pay-paypal").click();
  await page.waitForURL(fakeAt("paypal", "/checkoutnow"));
  // Back to the form and again: the same idempotency key answers the same order.
  await page.goBack();
  await page.waitForURL(/\/attend\/pay\//);
  await ready(page);
  await page.getByTestId("pay-paypal").click();
  await page.waitForURL(fakeAt("paypal", "/checkoutnow"));
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
  await page.waitForURL((url) => url.pathname.endsWith("/alipage") || url.port === String(E2E_FAKE_PORTS.alipay));
  // Without JavaScript the signed form waits for a click; with it, it goes by itself.
  if (!hasJs()) {
    await expect(page.getByTestId("gateway-form")).toBeVisible();
    await page.getByRole("button", { name: "前往支付宝付款" }).click();
  }
  await page.waitForURL(fakeAt("alipay"));
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
  await page.waitForURL(fakeAt("unionpay"));
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
  await page.context().addCookies([languageCookie("en", `http://localhost:${E2E_PORT}`)]);
  await page.goto(`/attend/${form.conference.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Registration" })).toBeVisible();
  await expect(page.getByTestId("strategy")).toContainText("Early bird");
  await expect(page.getByRole("heading", { name: "Log in to register" })).toBeVisible();
  await page.context().clearCookies();

  // Someone else's number, registered already (an organiser's entry).
  const taken = freshMobile();
  const orgToken = await organiserToken(page);
  await api(page.request, "POST", "/user/admin", orgToken, {
    conferenceId: form.conference.id,
    identityId: form.identities[0].id,
    name: "Taken",
    mobile: taken,
  });
  await registerNew(page, "English Attendee");
  await page.context().addCookies([languageCookie("en", `http://localhost:${E2E_PORT}`)]);
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

test("a conference that asks to follow its official account: the QR code, the follow pushed by WeChat, then the form", async ({ page }) => {
  const conferenceId = await conferenceRequiringFollow(page, "公众号关注测试研讨会");
  await page.goto(`/attend/${conferenceId}`);
  await expect(page.getByText("本会议要求报名前关注主办方的微信公众号。")).toBeVisible();
  await registerNew(page, "关注者");
  await page.goto(`/attend/${conferenceId}`);
  const gate = page.getByTestId("subscribe-gate");
  await expect(gate.getByRole("heading", { name: "关注公众号后报名" })).toBeVisible();
  await expect(gate.getByRole("img", { name: "用微信扫码关注主办方公众号的二维码" })).toBeVisible();
  await expect(page.locator("#registration")).toHaveCount(0);
  await expectAccessible(page);

  // Before following, "continue" says so; a reload shows the same code.
  const myId = await gate.locator('input[name="myId"]').inputValue();
  await ready(page);
  await gate.getByTestId("subscribed").click();
  await expect(page.getByTestId("subscribe-error")).toContainText("还没有收到您的关注");
  await page.goto(`/attend/${conferenceId}`);
  await expect(page.getByTestId("subscribe-gate").locator('input[name="myId"]')).toHaveValue(myId);

  // The attendee scans and follows: WeChat pushes the signed event to the webhook.
  await scanAndFollow(page.request, myId);
  await ready(page);
  await page.getByTestId("subscribed").click();
  await expectNotice(page, "已关注公众号");
  const registration = page.locator("#registration");
  await expect(registration).toBeVisible();
  await expect(page.getByTestId("subscribe-gate")).toHaveCount(0);
  await ready(page);
  await registration.getByLabel("工作单位").fill("西湖大学");
  await registration.getByTestId("submit-registration").click();
  await page.waitForURL(/\/attend$/);
  await expect(page.getByTestId("registration").filter({ hasText: "公众号关注测试研讨会" }).getByTestId("state")).toHaveText("已确认");
});

test("a pending registration is edited on screen: pre-filled, re-priced by a new identity, nothing lost on a refusal", async ({ page }) => {
  const form = await showcase(page.request);
  const [student, regular] = form.identities;
  const mobile = await registerNew(page, "周修改");
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const mine = await api<{ id: number; feeFen: number }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: student.id,
    name: "周修改",
    institution: "南京大学",
    answers: { department: "化学系", position: "student", presenting: "no" },
  });
  expect(mine.feeFen).toBe(student.fee!.priceFen);

  await page.goto("/attend");
  const item = page.locator(`[data-testid="registration"][data-id="${mine.id}"]`);
  await item.getByTestId("edit").click();
  await page.waitForURL(new RegExp(`/attend/${form.conference.id}\\?edit=1$`));
  const edit = page.locator("#registration-edit");
  await expect(edit.getByLabel("姓名")).toHaveValue("周修改");
  await expect(edit.getByLabel("工作单位")).toHaveValue("南京大学");
  await expect(edit.locator('[data-field="department"] input')).toHaveValue("化学系");
  await expect(edit.getByRole("radio", { name: student.nameZh })).toBeChecked();
  await expectAccessible(page);

  // A bad e-mail is refused next to its field; what was changed stays.
  await ready(page);
  await edit.getByRole("radio", { name: regular.nameZh }).check();
  await edit.locator('[data-field="department"] input').fill("材料系");
  await edit.getByLabel("电子邮箱").fill("not-an-email");
  await edit.getByTestId("save-registration").click();
  await expect(edit.getByLabel("电子邮箱")).toHaveAttribute("aria-invalid", "true");
  await expect(edit.locator('[data-field="department"] input')).toHaveValue("材料系");
  await expect(edit.getByRole("radio", { name: regular.nameZh })).toBeChecked();
  // An address of its own: an e-mail registered here already (by the other project's run) is refused.
  await edit.getByLabel("电子邮箱").fill(`zhou-${mobile}@example.com`);
  await edit.getByTestId("save-registration").click();
  await page.waitForURL(/\/attend$/);
  await expectNotice(page, `注册费现为 ${formatMoney(regular.fee!.priceFen)}`);
  await expect(item).toContainText(regular.nameZh);
  await expect(item).toContainText(formatMoney(regular.fee!.priceFen));

  // Once a payment waits for audit it can't change any more, and the page says why.
  const key = await uploadedProof(page.request, token);
  await api(page.request, "POST", "/payment", token, { registrationId: mine.id, method: "transfer", proofKey: key });
  await page.goto("/attend");
  await expect(item.getByTestId("edit")).toHaveCount(0);
  await page.goto(`/attend/${form.conference.id}?edit=1`);
  await expect(page.getByTestId("already-registered")).toContainText("不能再修改");
  await expect(page.locator("#registration-edit")).toHaveCount(0);
});

test("a mobile or e-mail already registered is said as it is typed (with JavaScript) or on submit (without)", async ({ page }) => {
  const form = await showcase(page.request);
  const takenMobile = freshMobile();
  const takenEmail = `taken-${takenMobile}@example.com`;
  await api(page.request, "POST", "/user/admin", await organiserToken(page), {
    conferenceId: form.conference.id,
    identityId: form.identities[0].id,
    name: "已报名",
    mobile: takenMobile,
    email: takenEmail,
  });
  await registerNew(page, "吴检查");
  await page.goto(`/attend/${form.conference.id}`);
  await ready(page);
  const registration = page.locator("#registration");
  const mobile = registration.getByLabel("手机号");
  const email = registration.getByLabel("电子邮箱");
  await mobile.fill(takenMobile);
  await email.fill(takenEmail);
  if (hasJs()) {
    await expect(page.locator("#mobile-registered")).toHaveText("该手机号已报名本会议");
    await expect(page.locator("#email-registered")).toHaveText("这个邮箱已报名本会议");
    await mobile.fill(freshMobile());
    await expect(page.locator("#mobile-registered")).toHaveText("该手机号尚未报名本会议");
    await mobile.fill(takenMobile);
    await expect(page.locator("#mobile-registered")).toHaveText("该手机号已报名本会议");
  }
  await registration.getByTestId("submit-registration").click();
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(registration).toContainText("该手机号已报名本会议");
  await expect(registration).toContainText("这个邮箱已报名本会议");
  await expect(mobile).toHaveValue(takenMobile);
  await expect(email).toHaveValue(takenEmail);
});

test("a team's transfer waiting for audit gets a new proof, or is withdrawn and paid again", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, "团队换凭证");
  await page.goto(`/attend/teamRegistration/${form.conference.id}`);
  await ready(page);
  await page.getByLabel("团队名称").fill("凭证课题组");
  await page.getByTestId("create-team").click();
  await expect(page.getByTestId("team-name")).toHaveText("凭证课题组");
  await ready(page);
  const add = page.locator('form[aria-labelledby="member-title"]');
  await add.getByLabel("姓名").fill("成员丁");
  await add.getByLabel("手机号").fill(freshMobile());
  await add.getByLabel("参会身份").selectOption(String(identity.id));
  await add.getByTestId("add-member").click();
  await expect(page.getByTestId("members")).toContainText("成员丁");
  await ready(page);
  await page.getByLabel("付款凭证（PDF 或图片）").setInputFiles(proof);
  await page.getByTestId("team-pay").click();
  await expect(page.getByTestId("awaiting-audit")).toBeVisible();

  // A new proof in place of the first.
  const waiting = page.getByTestId("team-payment");
  await expect(waiting.getByRole("link", { name: "查看已提交的凭证" })).toBeVisible();
  await ready(page);
  await waiting.getByTestId("replace-proof").click();
  await expect(waiting.locator("#team-new-proof-error")).toContainText("请上传");
  await waiting.getByLabel("付款凭证（PDF 或图片）").setInputFiles({ ...proof, name: "second.png" });
  await waiting.getByTestId("replace-proof").click();
  await expectNotice(page, "付款凭证已更换");
  await expect(page.getByTestId("awaiting-audit")).toBeVisible();
  await expectAccessible(page);

  // Withdrawn after a confirmation (a dialog with JavaScript, a question on the page without), then paid again.
  await ready(page);
  await page.getByTestId("team-payment").getByRole("button", { name: "撤回付款" }).click();
  await page.getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "团队付款已撤回");
  await expect(page.getByTestId("awaiting-audit")).toHaveCount(0);
  await ready(page);
  if (hasJs()) {
    // Paid the moment the upload ends: the form goes as the file leaves its input (the field empties it once the
    // upload has answered), before any other script of the page runs. It must carry the uploaded file's key.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>("#team-proof")!;
      const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!;
      Object.defineProperty(input, "value", {
        configurable: true,
        get: () => own.get!.call(input),
        set: (value: string) => {
          own.set!.call(input, value);
          if (value === "") input.form!.requestSubmit(document.querySelector<HTMLButtonElement>('[data-testid="team-pay"]'));
        },
      });
    });
  }
  await page.getByLabel("付款凭证（PDF 或图片）").setInputFiles(proof);
  if (!hasJs()) await page.getByTestId("team-pay").click();
  await expect(page.getByTestId("awaiting-audit")).toBeVisible();
});
