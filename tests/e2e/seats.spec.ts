/**
 * Seats are not free (issue 13 item 6, decision 030), with JavaScript on and off: a fresh
 * registration says when to pay by; a seeded one whose deadline passed shows as expired, and
 * paying late takes the place back; a team leader is told that unclaimed members hold no place
 * and is refused a fourth team.
 */
import { showMoment } from "../../app/components/authoring/types";
import { organiserToken, paymentsOf, proof, registeredAndOnPayPage, showcase } from "./attend-support";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  freshMobile,
  hasJs,
  HYDRATION_HOOK,
  ready,
  registerNew,
  seededOtherMobile,
  signedInAs,
  test,
  TOKEN_COOKIE,
  fakeAt,
  api,
} from "./support";

test("a registration says when to pay by; one whose deadline passed is expired, and paying late brings it back", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, "限时付款");
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const answers = { department: "数学系", position: "student", presenting: "no" };
  const mine = await api<{ id: number; holdUntil: string }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name: "限时付款",
    answers,
  });
  await page.goto("/attend");
  await ready(page);
  const item = page.locator(`[data-testid="registration"][data-id="${mine.id}"]`);
  await expect(item.getByTestId("hold")).toHaveText(`请在 ${showMoment(mine.holdUntil)}（北京时间）前付款，逾期名额将释放`);
  await expect(item.getByTestId("hold-expired")).toHaveCount(0);
  // The raw bytes carry it too (JavaScript or not).
  const html = await (await page.request.get("/attend")).text();
  expect(html).toContain(`请在 ${showMoment(mine.holdUntil)}（北京时间）前付款`);

  // A seeded attendee who never paid (the deadline passed a day before the server started).
  await page.context().clearCookies();
  await signedInAs(page, seededOtherMobile(hasJs() ? 7 : 8));
  await page.goto("/attend");
  await ready(page);
  const expired = page.getByTestId("registration").first();
  await expect(expired.getByTestId("state")).toHaveText("已过期");
  await expect(expired.getByTestId("hold-expired")).toContainText("付款期限已过，名额已释放");
  await expect(expired.getByTestId("ticket")).toHaveCount(0);
  await expectAccessible(page);
  await expired.getByTestId("pay").click();
  await ready(page);
  await expect(page.getByTestId("hold-expired")).toBeVisible();
  await page.getByLabel("付款凭证（PDF 或图片）").setInputFiles(proof);
  await page.getByTestId("send-proof").click();
  await expectNotice(page, "付款凭证已提交");
  await expect(page.getByTestId("awaiting-audit")).toBeVisible();
  await expect(page.getByTestId("hold-expired")).toHaveCount(0);
  await page.goto("/attend");
  await ready(page);
  const back = page.getByTestId("registration").first();
  // Back among the live registrations (pending when the conference moderates).
  await expect(back.getByTestId("state")).toHaveText(/^(已确认|待审核)$/);
  await expect(back.getByTestId("hold-expired")).toHaveCount(0);
  await expect(back.getByTestId("ticket")).toBeVisible();
});

test("a team leader sees that unclaimed members hold no place, and can lead at most three teams", async ({ page }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, "团队负责人");
  await page.goto(`/attend/teamRegistration/${form.conference.id}`);
  for (const name of ["一队", "二队", "三队", "四队"]) {
    await ready(page);
    await page.getByLabel("团队名称").fill(name);
    await page.getByTestId("create-team").click();
    if (name !== "四队") await expect(page.getByTestId("team-name")).toHaveText(name);
  }
  const refusal = page.locator('form[aria-labelledby="new-team-title"]');
  await expect(refusal).toContainText("每位用户在一个会议最多创建 3 个团队");
  // What was typed stays.
  await expect(page.getByLabel("团队名称")).toHaveValue("四队");

  await page.goto(`/attend/teamRegistration/${form.conference.id}`);
  await ready(page);
  const add = page.locator('form[aria-labelledby="member-title"]');
  await add.getByLabel("姓名").fill("未认领成员");
  await add.getByLabel("手机号").fill(freshMobile());
  await add.getByLabel("参会身份").selectOption(String(identity.id));
  await add.getByTestId("add-member").click();
  await expect(page.getByTestId("members")).toContainText("未认领成员");
  await expect(page.getByTestId("member-place")).toHaveText("未认领，不占名额");
  await expect(page.getByTestId("team-rules")).toContainText("每个团队最多 30 人");
  await expectAccessible(page);
});

test("paying in a second tab replaces the first cashier: the Alipay page left open can no longer take the money", async ({ page }) => {
  const { token, registration } = await registeredAndOnPayPage(page, "两个标签页");
  await page.getByTestId("pay-alipay").click();
  if (!hasJs()) await page.getByRole("button", { name: "前往支付宝付款" }).click();
  await page.waitForURL(fakeAt("alipay"));
  await expect(page.getByRole("heading", { name: "支付宝收银台" })).toBeVisible();

  // A second tab: the attendee changes their mind and pays with UnionPay.
  const second = await page.context().newPage();
  await second.addInitScript(HYDRATION_HOOK);
  await second.goto(`/attend/pay/${registration.id}`);
  await ready(second);
  await second.getByTestId("pay-union").click();
  if (!hasJs()) await second.getByRole("button", { name: "前往银联付款" }).click();
  await second.waitForURL(fakeAt("unionpay"));
  await second.getByRole("button", { name: "确认付款" }).click();
  await second.getByRole("button", { name: "返回商户" }).click();
  await second.waitForURL(new RegExp(`/attend/pay/${registration.id}$`));
  await expect(second.getByTestId("payment-state")).toHaveText("已缴费");

  // The first tab's cashier: Alipay closed that trade when UnionPay's began.
  await page.getByRole("button", { name: "确认付款" }).click();
  await expect(page.locator("body")).toContainText("交易已关闭");
  const payments = await paymentsOf(page, token, registration.id);
  expect(payments.map((p) => [p.method, p.state])).toEqual([
    ["union", "paid"],
    ["alipay", "cancelled"],
  ]);
});

test("the organiser sets how long attendees have to pay; a wrong value is refused in place and kept", async ({ page }) => {
  const token = await organiserToken(page);
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: "付款期限研讨会",
    nameEn: "Payment Window Workshop",
    startDate: "2027-06-10",
    endDate: "2027-06-11",
    cityZh: "杭州",
  });
  await signedInAs(page, demoAccounts.organiser.mobile);
  await page.goto(`/manage/signup/${id}`);
  await ready(page);
  const field = page.getByLabel("付款期限（小时）");
  await expect(field).toHaveValue("24");
  await field.fill("0");
  await page.getByRole("button", { name: "保存规则" }).click();
  await expect(page.getByText("请输入 1 到 720 之间的整数小时数")).toBeVisible();
  await expect(page.getByLabel("付款期限（小时）")).toHaveValue("0");
  await ready(page);
  await page.getByLabel("付款期限（小时）").fill("48");
  await page.getByRole("button", { name: "保存规则" }).click();
  await expectNotice(page, /已保存/);
  await page.goto(`/manage/signup/${id}`);
  await expect(page.getByLabel("付款期限（小时）")).toHaveValue("48");
  const form = await api<{ conference: { paymentWindowHours: number } }>(page.request, "GET", `/registration/form/${id}`, token);
  expect(form.conference.paymentWindowHours).toBe(48);
});
