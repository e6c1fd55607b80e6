/**
 * Issue 13 items 4 and 5 in the browser, with JavaScript on and off (ADR 026, 027): a secretary
 * registers a colleague's number only with the code texted to it (typed `+86 …`); the owner,
 * registering, finds the number held, proves it on the claim page and takes the registration over.
 */
import type { Locator } from "@playwright/test";
import { showcase } from "./attend-support";
import { completeRegistration, expect, expectAccessible, expectNotice, freshMobile, hasJs, holdRequests, readCode, ready, registerNew, test } from "./support";

/** The showcase's own questions, answered. */
async function answer(registration: Locator, identity: string) {
  await registration.getByRole("radio", { name: identity }).check();
  await registration.getByLabel("工作单位").fill("浙江大学");
  await registration.locator('[data-field="position"]').getByRole("radio", { name: "讲师/助理研究员" }).check();
  await registration.locator('[data-field="presenting"]').getByRole("radio", { name: "否" }).check();
  await registration.locator('[data-field="department"] input').fill("计算机学院");
}

/**
 * A number gets one code a minute (decision 024) and the journey texts the owner three times: before
 * each new code it lets that minute pass on the server's clock (decision 058) rather than waiting.
 */
const CODE_INTERVAL_MS = 61_000;

test("the owner of a number takes over the registration a secretary made under it", async ({ page, serverClock }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;

  // The owner has an account (one code).
  await page.goto("/login?mode=register");
  const owner = freshMobile();
  await completeRegistration(page, owner, "钱教授");
  const ownerSession = await page.context().cookies();
  await page.context().clearCookies();
  const typed = `+86 ${owner.slice(0, 3)}-${owner.slice(3, 7)}-${owner.slice(7)}`;

  // The secretary: another number is refused without its code, taken with it (the second code).
  await registerNew(page, "秘书");
  await page.goto(`/attend/${form.conference.id}`);
  const registration = page.locator("#registration");
  await ready(page);
  await answer(registration, identity.nameZh);
  await registration.getByLabel("姓名").fill("钱教授");
  await registration.getByLabel("手机号").fill(typed);
  await registration.getByTestId("submit-registration").click();
  await expect(registration.getByLabel("手机号")).toHaveAttribute("aria-invalid", "true");
  await expect(registration).toContainText("这不是您账号的手机号：请向它发送验证码并填写验证码");
  await expect(registration.getByLabel("手机号")).toHaveValue(typed);
  await serverClock.advance(CODE_INTERVAL_MS);
  await ready(page);
  // With JavaScript the page reloads its data after the send (a new send ticket). That reload is held
  // back here, and the code typed meanwhile, as a quick user would: what was typed outlives the reload.
  const releaseReload = hasJs() ? await holdRequests(page, (url) => url.pathname === `/attend/${form.conference.id}.data`, "GET") : () => {};
  await registration.getByTestId("send-code").click();
  await expect(registration.getByTestId("code-sent")).toContainText(owner);
  // Without JavaScript the page came back from the server: what was typed is still there.
  await expect(registration.getByLabel("姓名")).toHaveValue("钱教授");
  await expect(registration.getByLabel("手机号")).toHaveValue(typed);
  await answer(registration, identity.nameZh);
  const code = await readCode(owner);
  await registration.getByLabel("验证码").fill(code);
  if (hasJs()) {
    const ticket = registration.locator('input[name="sendTicket"]');
    const before = await ticket.inputValue();
    releaseReload();
    // The reload has reached the page once the form carries its new send ticket.
    await expect(ticket).not.toHaveValue(before);
    await expect(registration.getByLabel("验证码"), "the code typed while the page reloaded").toHaveValue(code);
    await expect(registration.getByLabel("姓名")).toHaveValue("钱教授");
  }
  await registration.getByTestId("submit-registration").click();
  await page.waitForURL(/\/attend\/pay\/\d+$/);
  const id = Number(/\/attend\/pay\/(\d+)$/.exec(page.url())![1]);
  await page.context().clearCookies();

  // The owner registers: the number is held, with a way to claim it.
  await page.context().addCookies(ownerSession);
  await page.goto(`/attend/${form.conference.id}`);
  await ready(page);
  await answer(registration, identity.nameZh);
  await registration.getByTestId("submit-registration").click();
  await expect(registration).toContainText("该手机号已报名本会议");
  await registration.getByTestId("held-link").click();

  // The claim page: someone else registered with my number; prove it (the third code) and take it over.
  await expect(page.getByRole("heading", { level: 1, name: "有人用您的手机号报了名" })).toBeVisible();
  await expect(page.getByTestId("claimable")).toContainText("钱**");
  await expectAccessible(page);
  const claim = page.locator('form[aria-labelledby="claim-form-title"]');
  await expect(claim.locator('input[name="mobile"]')).toHaveValue(owner);
  await serverClock.advance(CODE_INTERVAL_MS);
  await ready(page);
  await claim.getByTestId("send-code").click();
  await expect(claim.getByTestId("code-sent")).toContainText(owner);
  await claim.locator('input[name="code"]').fill(await readCode(owner));
  await claim.getByTestId("take-over").click();
  await expectNotice(page, "报名已转入您的账号");
  await page.goto("/attend");
  await expect(page.locator(`[data-testid="registration"][data-id="${id}"]`)).toContainText("钱教授");
});
