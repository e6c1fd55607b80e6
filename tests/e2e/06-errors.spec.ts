import { DOWN_URL, expect, header, test } from "./support";

test("an unknown page answers 404 with the error page, in Chinese and in English", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  const error = page.getByTestId("error-page");
  await expect(error).toBeVisible();
  await expect(error).toContainText("404");
  await expect(error.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

  // The header still works on the error page: switch to English, stay on the same address.
  await header(page).getByRole("button", { name: "切换到英文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(error.getByRole("heading", { name: "The Page Not Found" })).toBeVisible();
  const again = await page.reload();
  expect(again?.status()).toBe(404);
  await expect(error.getByRole("heading", { name: "The Page Not Found" })).toBeVisible();

  // Back home from the error page.
  await error.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

test("a conference that does not exist answers 404", async ({ page }) => {
  const response = await page.goto("/99999");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toBeVisible();
  await expect(page.getByTestId("error-page").getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await expect(page.getByTestId("error-page").getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/");
});

test("with the platform down the app answers 500 with the error page and keeps serving", async ({ page }) => {
  const first = await page.goto(`${DOWN_URL}/`);
  expect(first?.status()).toBe(500);
  const error = page.getByTestId("error-page");
  await expect(error).toBeVisible();
  await expect(error).toContainText("500");
  await expect(error.getByRole("heading", { name: "系统错误" })).toBeVisible();

  const second = await page.goto(`${DOWN_URL}/`);
  expect(second?.status()).toBe(500);
  await expect(page.getByTestId("error-page").getByRole("heading", { name: "系统错误" })).toBeVisible();

  const icon = await page.request.get(`${DOWN_URL}/favicon.ico`);
  expect(icon.status()).toBe(200);
});
