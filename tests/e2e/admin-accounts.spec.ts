/**
 * Platform administration (issue 17): accounts. An administrator finds an account, disables it
 * (a refusal first), and the person's open session is refused at once, as is a new sign-in with
 * the right code; enabling lets them back. Anyone else is refused. JavaScript on and off.
 */
import { E2E_PORT } from "../../playwright.config";
import {
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  expectSignedOut,
  hasJs,
  HYDRATION_HOOK,
  registerNew,
  requestCode,
  signedInAs,
  signIn,
  submitButton,
  test,
} from "./support";

test("an administrator disables an account: its open session is refused, it cannot sign in, and enabling lets it back", async ({
  page,
  browser,
  serverClock,
}) => {
  // The person, in a browser of their own (JavaScript as the project has it).
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    javaScriptEnabled: hasJs(),
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  const person = await context.newPage();
  await person.addInitScript(HYDRATION_HOOK);
  const name = `停用测试${Date.now().toString(36)}`;
  const mobile = await registerNew(person, name);
  await person.goto("/attend");
  await expect(person).toHaveURL(/\/attend$/);

  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("平台管理");
  await page.getByRole("link", { name: "账号管理" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("账号管理");
  await page.getByLabel("手机号、姓名或机构").fill(mobile);
  await page.getByRole("button", { name: "查找" }).click();
  await expect(page.getByTestId("found")).toHaveText("共 1 个账号");
  await expectAccessible(page);
  await page.getByTestId("account").getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("account-state")).toHaveText("正常");
  await expectAccessible(page);

  // No reason: refused beside the field, nothing changed.
  await page.getByRole("button", { name: "停用账号" }).click();
  await expect(page.getByText("请填写停用原因")).toBeVisible();
  await expect(page.getByLabel("停用原因")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("account-state")).toHaveText("正常");

  await page.getByLabel("停用原因").fill("批量注册，冒用他人信息");
  await page.getByRole("button", { name: "停用账号" }).click();
  await expectNotice(page, "账号已停用，其登录已全部结束");
  await expect(page.getByTestId("account-state")).toContainText("起停用");
  await expect(page.getByText("批量注册，冒用他人信息")).toBeVisible();
  await expect(page.getByText("0 个有效会话")).toBeVisible();

  // The open session: its next page asks for a sign-in, and signing in with the right code is refused.
  await person.goto("/attend");
  await expect(person).toHaveURL(/\/login\?redirect=%2Fattend$/);
  await expectSignedOut(person);
  await serverClock.advance(2 * 60_000); // past the number's one code a minute
  const code = await requestCode(person, mobile);
  await person.locator('input[name="code"]').fill(code);
  await submitButton(person, "登录").click();
  await expect(person.getByText("该账号已被平台停用，无法登录。如有疑问，请联系平台管理员。")).toBeVisible();
  await expectSignedOut(person);

  await page.getByRole("button", { name: "恢复账号" }).click();
  await expectNotice(page, "账号已恢复，可以重新登录");
  await expect(page.getByTestId("account-state")).toHaveText("正常");
  await serverClock.advance(2 * 60_000);
  await signIn(person, mobile, "/attend");
  await expect(person).toHaveURL(/\/attend$/);
  await context.close();
});

test("only platform administrators reach the accounts, and the last administrator's own page offers no way to lock everyone out", async ({ page }) => {
  const response = await page.goto("/admin/accounts");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Faccounts$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  for (const path of ["/admin", "/admin/accounts", "/admin/accounts/1"]) expect((await page.goto(path))?.status(), path).toBe(403);
  const post = await page.request.post("/admin/accounts/1", { form: { intent: "grant" }, headers: { Origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(403);

  await page.context().clearCookies();
  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin/accounts?state=admins");
  await page.getByTestId("account").filter({ hasText: demoAccounts.admin.mobile }).getByRole("link").click();
  await expect(page.getByText("这是你自己的账号：停用或撤销管理员须由另一位平台管理员操作。")).toBeVisible();
  await expect(page.getByRole("button", { name: "停用账号" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "撤销平台管理员" })).toHaveCount(0);
});
