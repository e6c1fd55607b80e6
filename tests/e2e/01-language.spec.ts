import { cookieValue, expect, header, test } from "./support";

test("the first visit is Chinese; English sticks across navigation and reload; switching back works", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(header(page).getByRole("link", { name: "学术会议", exact: true })).toBeVisible();
  expect(await cookieValue(page, "isEnglish")).toBe("0");

  const toEnglish = header(page).getByRole("button", { name: "切换到英文" });
  await expect(toEnglish).toHaveText("English");
  await toEnglish.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Switch to Chinese" })).toHaveText("中文");
  expect(await cookieValue(page, "isEnglish")).toBe("1");

  // Another page (through a link), then a reload: still English.
  await page.getByRole("contentinfo").getByRole("link", { name: "User agreement" }).click();
  await expect(page).toHaveURL(/\/agreement$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();

  // Back to Chinese, on the page we are on.
  await header(page).getByRole("button", { name: "Switch to Chinese" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page).toHaveURL(/\/agreement$/);
  await expect(header(page).getByRole("link", { name: "学术会议", exact: true })).toBeVisible();
  expect(await cookieValue(page, "isEnglish")).toBe("0");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
});
