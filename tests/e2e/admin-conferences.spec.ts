/**
 * Platform administration (issue 17): conferences. An administrator takes down a conference that
 * breaks the rules (a refusal first); visitors no longer find it, its organiser sees the reason in
 * their list and cannot publish it until the administrator allows it. JavaScript on and off.
 */
import { E2E_PORT } from "../../playwright.config";
import { api, cookieValue, demoAccounts, expect, expectAccessible, expectNotice, hasJs, HYDRATION_HOOK, signedInAs, test, TOKEN_COOKIE } from "./support";

test("an administrator takes a conference down; its organiser sees why and may publish it again only once allowed", async ({ page, browser }) => {
  const name = `下架测试会议${Date.now().toString(36)}${hasJs() ? "甲" : "乙"}`;
  // The organiser, in a browser of their own, publishes a conference of their own.
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    javaScriptEnabled: hasJs(),
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  const organiser = await context.newPage();
  await organiser.addInitScript(HYDRATION_HOOK);
  await signedInAs(organiser, demoAccounts.organiser.mobile);
  const token = (await cookieValue(organiser, TOKEN_COOKIE))!;
  const { id } = await api<{ id: number }>(organiser.request, "POST", "/conference", token, {
    nameZh: name,
    nameEn: "Take-down test",
    startDate: "2031-05-01",
    endDate: "2031-05-02",
    cityZh: "北京",
  });
  await api(organiser.request, "PATCH", `/conference/${id}`, token, { isPublish: true });

  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin");
  await page.getByRole("link", { name: "会议管理" }).click();
  await page.getByLabel("会议名称、城市或主办方手机号、姓名").fill(name);
  await page.getByRole("button", { name: "查找" }).click();
  await expect(page.getByTestId("found")).toHaveText("共 1 个会议");
  const row = page.getByTestId("conference");
  await expect(row.getByTestId("conference-state")).toHaveText("已发布");
  await row.getByText("下架会议", { exact: true }).click();
  await row.getByRole("button", { name: new RegExp(`^下架会议 ?: ${name}$`) }).click();
  await expect(page.getByText("请填写下架原因")).toBeVisible();
  await page.getByLabel("下架原因（主办方可见）").fill("会议信息与实际不符");
  await page.getByRole("button", { name: new RegExp(`^下架会议 ?: ${name}$`) }).click();
  await expectNotice(page, "会议已下架，主办方会看到原因");
  await expect(page.getByTestId("conference").getByTestId("conference-state")).toHaveText("已下架");
  await expectAccessible(page);

  // A visitor no longer finds it (its organiser still previews it).
  const visitor = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  expect((await visitor.request.get(`/${id}`)).status()).toBe(404);
  await visitor.close();
  await organiser.goto("/manage");
  const mine = organiser.locator(`tr[data-conference="${id}"]`);
  await expect(mine).toContainText("平台已下架");
  await expect(mine).toContainText("会议信息与实际不符");
  await expect(mine.getByRole("button", { name: /发布/ })).toHaveCount(0);

  await page.getByRole("button", { name: new RegExp(`^允许重新发布 ?: ${name}$`) }).click();
  await expectNotice(page, "已允许主办方重新发布");
  await organiser.goto("/manage");
  await expect(organiser.locator(`tr[data-conference="${id}"]`)).not.toContainText("平台已下架");
  await context.close();
});
