import type { Page } from "@playwright/test";
import { demoAccounts, expect, expectNotice, hasJs, header, ready, signedInAs, test } from "./support";

/**
 * Marks the demo inbox read, so each project takes its own account: js the attendee, nojs the
 * organiser (after 03-header has seen the organiser's unread dot). Both have unread notices and
 * exactly one unread private message in the seed.
 */
const unreadItems = (page: Page) => page.locator('li.ui-inbox-item[data-unread="true"]');
const markAll = (page: Page) => page.getByRole("button", { name: "全部标为已读" });

test("messages: mark one read, mark all read after confirming, and the unread dot goes away", async ({ page }) => {
  await signedInAs(page, hasJs() ? demoAccounts.attendee.mobile : demoAccounts.organiser.mobile);
  await expect(header(page).getByTestId("unread-dot")).toBeVisible();

  // 私信: mark the one unread message read.
  await page.goto("/account/messages?kind=messages");
  await ready(page);
  await expect(page.getByRole("heading", { name: "消息中心" })).toBeVisible();
  await expect(page.getByRole("link", { name: /私信/ })).toHaveAttribute("aria-current", "page");
  const messages = await unreadItems(page).count();
  expect(messages).toBeGreaterThan(0);
  await unreadItems(page).first().getByRole("button", { name: "标为已读" }).click();
  await expectNotice(page, "已保存");
  await expect(unreadItems(page)).toHaveCount(messages - 1);
  await expect(page).toHaveURL(/kind=messages/);

  // 系统通知: mark all read, after a question that can be declined.
  await page.getByRole("link", { name: /系统通知/ }).click();
  await expect(page).toHaveURL(/kind=notices/);
  // The address changes before the new tab's list is shown (with JavaScript the render follows it): count the
  // notices once their tab is the current one, not the messages still on the page.
  await expect(page.getByRole("link", { name: /系统通知/ })).toHaveAttribute("aria-current", "page");
  const notices = await unreadItems(page).count();
  expect(notices).toBeGreaterThan(0);

  if (hasJs()) {
    await markAll(page).click();
    const dialog = page.getByRole("dialog", { name: "全部标为已读" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "取消" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "确认" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(unreadItems(page)).toHaveCount(notices);

    await markAll(page).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "确认" }).click();
    await expect(dialog).toHaveCount(0);
  } else {
    // Without JavaScript the page answers with the question inline.
    await markAll(page).click();
    const ask = page.getByRole("alertdialog", { name: "全部标为已读" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("全部标为已读？");
    await expect(unreadItems(page)).toHaveCount(notices);
    await ask.getByRole("link", { name: "取消" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(unreadItems(page)).toHaveCount(notices);

    await markAll(page).click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "确认" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  }
  await expectNotice(page, "已保存");
  await expect(unreadItems(page)).toHaveCount(0);
  await expect(markAll(page)).toHaveCount(0);
  await expect(page.locator(".ui-tabs .ui-badge")).toHaveCount(0);

  // Nothing unread any more: the dot is gone (here and on a fresh page).
  await expect(header(page).getByTestId("unread-dot")).toHaveCount(0);
  await page.goto("/");
  await expect(header(page).getByTestId("bell")).toBeVisible();
  await expect(header(page).getByTestId("unread-dot")).toHaveCount(0);
});
