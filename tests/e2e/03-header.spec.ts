import { demoAccounts, expect, header, openAvatarMenu, registerNew, signedInAs, test } from "./support";

// Runs before 08-messages: the organiser's unread items are still unread here (nojs marks them read there).

const ALWAYS = ["个人中心", "会议管理", "机构认证", "意见反馈", "帮助中心", "账号设置"];

test("the demo organiser: unread dot, and a menu with the research group and without the claim", async ({ page }) => {
  await signedInAs(page, demoAccounts.organiser.mobile);
  await expect(header(page).getByTestId("bell")).toBeVisible();
  await expect(header(page).getByTestId("bell")).toHaveAttribute("href", /\/account\/messages$/);
  await expect(header(page).getByTestId("unread-dot")).toBeVisible();

  const menu = await openAvatarMenu(page);
  for (const name of ALWAYS) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "会议管理" })).toHaveAttribute("href", "/manage");
  await expect(menu.getByRole("link", { name: "课题组主页" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "账号认领" })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "退出登录" })).toBeVisible();
});

test("a new account: no unread dot, no research group, the claim entry", async ({ page }) => {
  await registerNew(page);
  await expect(header(page).getByTestId("bell")).toBeVisible();
  await expect(header(page).getByTestId("unread-dot")).toHaveCount(0);

  const menu = await openAvatarMenu(page);
  for (const name of ALWAYS) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "课题组主页" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "账号认领" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "退出登录" })).toBeVisible();
});
