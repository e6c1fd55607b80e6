import { expect, expectNotice, hasJs, loginWithCode, seededOtherMobile, test } from "./support";

test("a guarded page sends to login, and signing in there comes back to it", async ({ page }) => {
  // Seeded administrators of the showcase conference (their /manage list is not empty); one per project.
  const mobile = seededOtherMobile(hasJs() ? 0 : 5);

  await page.goto("/manage");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmanage$/);
  await expect(page.getByRole("heading", { name: "登录" })).toBeVisible();

  await loginWithCode(page, mobile);
  await expect(page).toHaveURL(/\/manage$/);
  await expectNotice(page, "登录成功");
  await expect(page.getByRole("heading", { name: "会议管理" })).toBeVisible();
  await expect(page.getByTestId("manage-list")).toBeVisible();
  await expect(page.getByTestId("manage-list").locator("tbody tr")).not.toHaveCount(0);
});
