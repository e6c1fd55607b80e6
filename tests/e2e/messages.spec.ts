/**
 * What a person reads when a form is refused, with JavaScript on and off (issue "Nothing
 * garbled, nothing lost"): the main forms submitted empty and wrong show, beside each field,
 * exactly one message in the page's language that says what to do — never zod's or conform's
 * English ("Invalid input: expected string, received undefined"), never a translation key,
 * never a bare "无效的值". A platform refusal reads the same way. The schemas of every form are
 * walked exhaustively in app/utils/schema-messages.test.ts; this checks what the browser shows.
 */
import type { Locator, Page } from "@playwright/test";
import { organiserToken, showcase, uploadedProof } from "./attend-support";
import { cookieValue, demoAccounts, expect, expectNotice, header, ready, registerNew, signedInAs, submitButton, test, TOKEN_COOKIE, api } from "./support";

const LIBRARY_ENGLISH =
  /invalid input|expected \w+|received \w+|\brequired\b|too (small|big)|invalid (string|email|enum|option|url|format|type|value)|unrecognized key/i;
const GENERIC = [
  "无效的值",
  "格式不正确",
  "选择无效",
  "填写的内容无效",
  "此项必填",
  "提交的内容有误",
  "Invalid value",
  "Not valid",
  "Invalid choice",
  "Too long",
];
const KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

/**
 * Every message shown in `scope` after a refused submit, checked: one per field, Chinese, no
 * library English, no key, nothing generic. Returns the texts, field by field (in page order).
 */
async function shownMessages(scope: Locator, lang: "zh" | "en" = "zh"): Promise<string[]> {
  const alerts = scope.locator(".ui-field-error");
  await expect(alerts.first()).toBeVisible();
  const found: string[] = [];
  const problems: string[] = [];
  for (const alert of await alerts.all()) {
    // A field's messages are <p>s inside its alert; a form's message is the alert itself.
    const lines = (await alert.locator("p").count()) ? await alert.locator("p").allInnerTexts() : [await alert.innerText()];
    if (lines.length !== 1) problems.push(`${lines.length} messages at once: ${lines.join(" + ")}`);
    for (const line of lines.map((l) => l.trim())) {
      found.push(line);
      if (LIBRARY_ENGLISH.test(line)) problems.push(`library English: ${line}`);
      if (KEY.test(line)) problems.push(`untranslated key: ${line}`);
      if (lang === "zh" && !/[\u4e00-\u9fff]/.test(line)) problems.push(`not Chinese: ${line}`);
      if (lang === "en" && /[\u4e00-\u9fff]/.test(line)) problems.push(`not English: ${line}`);
      if (GENERIC.includes(line)) problems.push(`generic: ${line}`);
    }
  }
  expect(problems, found.join(" | ")).toEqual([]);
  return found;
}

/** The one message beside the field labelled `label` inside `scope`. */
const messageOf = (scope: Locator, label: string) =>
  scope.locator(".ui-field", { has: scope.page().getByLabel(label, { exact: true }) }).locator(".ui-field-error");

async function signedUpAttendee(page: Page, name: string) {
  await registerNew(page, name);
  return (await cookieValue(page, TOKEN_COOKIE))!;
}

test("sign-up: an empty and a wrong registration are told what to fill in, field by field", async ({ page }) => {
  await page.goto("/login?mode=register");
  await ready(page);
  await submitButton(page, "注册并登录").click();
  const form = page.locator("main form").last();
  const empty = await shownMessages(form);
  expect(empty).toEqual(expect.arrayContaining(["请输入手机号", "请输入验证码", "请输入姓名", "请阅读并同意用户协议和隐私政策"]));

  await page.locator('input[name="mobile"]').fill("12345");
  await page.locator('input[name="code"]').fill("12");
  await page.locator('input[name="name"]').fill("王");
  await submitButton(page, "注册并登录").click();
  await expect(form.getByText("请输入正确的手机号")).toBeVisible();
  const wrong = await shownMessages(form);
  expect(wrong).toEqual(expect.arrayContaining(["请输入正确的手机号", "验证码为 6 位数字"]));
  await expect(page.locator('input[name="name"]')).toHaveValue("王");
});

test("papers and sponsor applications: an empty file and an empty phone each get one message that says what to do", async ({ page }) => {
  const { conference } = await showcase(page.request);
  await signedUpAttendee(page, "赵消息");

  // A paper with nothing: each required field once, the file as "upload a file", never "无效的值".
  await page.goto(`/attend/papers/${conference.id}`);
  await ready(page);
  const paper = page.getByTestId("paper-form");
  await paper.getByRole("button", { name: "提交论文" }).click();
  const paperMessages = await shownMessages(paper);
  expect(paperMessages).toContain("请上传文件");
  expect(paperMessages.filter((m) => m === "请上传文件")).toHaveLength(1);
  expect(paperMessages).toContain("请填写此项");

  // A sponsor application without a phone: one message, naming the phone.
  await page.goto(`/sponsorRegistration/${conference.id}`);
  await ready(page);
  const apply = page.getByTestId("application-form");
  await apply.getByLabel("赞助", { exact: true }).check();
  await apply.getByLabel("公司名称 *").fill("杭州示例科技有限公司");
  await apply.getByLabel("联系人 *").fill("钱经理");
  await apply.getByLabel("邮箱 *").fill("qian@example.com");
  await apply.getByLabel("赞助级别").fill("金牌");
  await apply.getByRole("button", { name: "提交申请" }).click();
  await expect(messageOf(apply, "联系电话 *")).toHaveText("请填写联系电话");
  expect(await shownMessages(apply)).toEqual(["请填写联系电话"]);
  await expect(apply.getByLabel("公司名称 *")).toHaveValue("杭州示例科技有限公司");

  // A wrong phone: the format, once.
  await apply.getByLabel("联系电话 *").fill("call me");
  await apply.getByRole("button", { name: "提交申请" }).click();
  await expect(messageOf(apply, "联系电话 *")).toHaveText("请输入有效的电话号码");
  expect(await shownMessages(apply)).toEqual(["请输入有效的电话号码"]);
});

test("travel: the platform's refusal reads as the forms' messages do", async ({ page }) => {
  const { conference } = await showcase(page.request);
  await signedUpAttendee(page, "孙行程");
  await page.goto(`/attend/travel/${conference.id}`);
  await ready(page);
  const travel = page.getByTestId("travel-form");

  // Nothing at all: the form says to fill in one leg.
  await travel.getByRole("button", { name: "保存行程" }).click();
  expect(await shownMessages(travel)).toEqual(["请至少填写抵达或返程中的一项"]);

  // A whole arrival by someone not registered: the platform refuses, in Chinese.
  await travel.locator('select[name="arrival.mode"]').selectOption("train");
  await travel.locator('input[name="arrival.time"]').fill("2027-03-09T12:00");
  await travel.locator('input[name="arrival.place"]').fill("杭州东站");
  await travel.getByRole("button", { name: "保存行程" }).click();
  await expect(travel.getByText("请先报名本会议（未取消的报名）再使用此服务")).toBeVisible();
  expect(await shownMessages(travel)).toEqual(["请先报名本会议（未取消的报名）再使用此服务"]);
  await expect(travel.locator('input[name="arrival.place"]')).toHaveValue("杭州东站");
});

test("invoice: an individual leaves the tax id empty, as the hint allows, and the request is taken", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  const orgToken = await organiserToken(page);
  const token = await signedUpAttendee(page, "周个人");
  const answers = { department: "物理系", position: "professor", presenting: "no" };
  const mine = await api<{ id: number }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name: "周个人",
    answers,
  });
  const payment = await api<{ id: number }>(page.request, "POST", "/payment", token, {
    registrationId: mine.id,
    method: "transfer",
    proofKey: await uploadedProof(page.request, token),
  });
  await api(page.request, "PATCH", `/payment/${payment.id}`, orgToken, { state: "paid" });

  await page.goto(`/attend/invoice/${payment.id}`);
  await ready(page);
  const invoice = page.locator("form", { has: page.getByTestId("save-invoice") });
  await page.getByTestId("save-invoice").click();
  expect(await shownMessages(invoice)).toEqual(["请输入发票抬头", "请填写邮箱地址"]);

  await page.getByLabel("发票抬头").fill("周个人");
  await page.getByLabel("纳税人识别号").fill("12-33");
  await page.getByLabel("电子邮箱").fill("zhou@example.com");
  await page.getByTestId("save-invoice").click();
  await expect(invoice.getByText("请输入正确的纳税人识别号（15、18 或 20 位）")).toBeVisible();
  expect(await shownMessages(invoice)).toEqual(["请输入正确的纳税人识别号（15、18 或 20 位）"]);

  await page.getByLabel("纳税人识别号").fill("");
  await page.getByTestId("save-invoice").click();
  await expectNotice(page, "发票信息已保存");
  await expect(page.getByTestId("invoice-state")).toHaveText("已申请");
});

test("organiser forms: a new conference and the editor's rows, empty, in Chinese and in English", async ({ page }) => {
  const { conference } = await showcase(page.request);
  await signedInAs(page, demoAccounts.organiser.mobile);

  // /create with nothing typed: each required field once.
  await page.goto("/create");
  await ready(page);
  const create = page.locator("form.ui-edit-form");
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  const created = await shownMessages(create);
  expect(created).toContain("请填写此项");

  // The editor's rows: an empty branch and an empty session, each told per field.
  await page.goto(`/manage/edit/${conference.id}?section=branches`);
  await ready(page);
  const branch = page.locator("#form-branch");
  await branch.getByRole("button", { name: "添加分会场" }).click();
  await expect(branch.getByText("请填写此项")).toBeVisible();
  expect(await shownMessages(branch)).toEqual(["请填写此项"]);
  await page.goto(`/manage/edit/${conference.id}?section=schedules`);
  await ready(page);
  const schedule = page.locator("#form-schedule");
  await schedule.getByRole("button", { name: "添加议程" }).click();
  await expect(schedule.locator(".ui-field-error").first()).toBeVisible();
  expect(await shownMessages(schedule)).toEqual(expect.arrayContaining(["请填写此项"]));

  // The same in English.
  await header(page).getByRole("button", { name: "切换到英文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/create");
  await ready(page);
  const createEn = page.locator("form.ui-edit-form");
  await createEn.locator('button[type="submit"]').click();
  const english = await shownMessages(createEn, "en");
  expect(english).toContain("Fill in this field");
});
