import { lastOutboxCode } from "../../platform/providers/sms-outbox";
import { OUTBOX, expect, freshMobile, ready, requestCode, test, languageCookie } from "./support";

/** Issue 13 item 2 in the browser (decision 024): codes only from the sign-in page, and a refusal says when to try again. */

test("another site's <img src=/api/login?mobile=…> sends no code", async ({ page, baseURL }) => {
  const victim = freshMobile();
  const target = `${baseURL}/api/login?mobile=${victim}`;
  const done = Promise.race([
    page.waitForEvent("requestfinished", (request) => request.url() === target),
    page.waitForEvent("requestfailed", (request) => request.url() === target),
  ]);
  // A page of another site (127.0.0.1 is not localhost) that loads the call as an image, as any site could.
  await page.goto(`${baseURL!.replace("localhost", "127.0.0.1")}/agreement`);
  await page.evaluate((src) => {
    const img = document.createElement("img");
    img.src = src;
    document.body.append(img);
  }, target);
  const request = await done;
  // The server answered (Chromium's opaque-response blocking then keeps a JSON answer from the image);
  // the answer came after the platform had decided, so the outbox says what it did.
  expect(["", "net::ERR_BLOCKED_BY_ORB"], "the request reached the server").toContain(request.failure()?.errorText ?? "");
  expect(await lastOutboxCode(OUTBOX, victim)).toBeNull();
});

test("asking again too soon is told, in the page's language, when to try again; the number stays", async ({ page, context, baseURL }) => {
  const mobile = freshMobile();
  await page.goto("/login");
  await requestCode(page, mobile);

  // A fresh page (no countdown on its button) and the same number within the minute.
  await page.goto("/login");
  await ready(page);
  await page.locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId("send-code").click();
  await expect(page.getByText(/^该手机号获取验证码过于频繁，请在 (\d+ 秒|1 分钟)后重试$/)).toBeVisible();
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);
  await expect(page.getByTestId("code-sent")).toHaveCount(0);

  await context.addCookies([languageCookie("en", baseURL!)]);
  await page.goto("/login");
  await ready(page);
  await page.locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId("send-code").click();
  await expect(page.getByText(/^Too many codes were asked for this number\. Try again in (\d+ seconds?|1 minute)\.$/)).toBeVisible();
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);
});
