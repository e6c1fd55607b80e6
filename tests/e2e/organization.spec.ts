import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { completeRegistration, cookieValue, expect, expectNotice, HYDRATION_HOOK, hasJs, logout, ready, registerNew, test, TOKEN_COOKIE } from "./support";

const licence = fileURLToPath(new URL("./fixtures/licence.png", import.meta.url));
/** Named platform administrators of the e2e server (PLATFORM_ADMIN_MOBILES in playwright.config.ts). */
const adminMobile = () => (hasJs() ? "13600000001" : "13600000002");

async function apply(page: Page, name: string) {
  await page.goto("/organization");
  await ready(page);
  await page.getByLabel("机构名称").fill(name);
  await page.getByLabel("机构类型").selectOption("university");
  await page.getByLabel("地址").fill("上海市徐汇区某路 1 号");
  await page.getByLabel("联系人及电话").fill("李老师 021-12345678");
  await page.getByLabel("营业执照或单位证明").setInputFiles(licence);
  if (hasJs()) await expect(page.getByTestId("licenceKey-kept")).toBeVisible();
  await page.getByRole("button", { name: /提交认证|重新提交/ }).click();
  await expectNotice(page, "认证申请已提交，请等待审核");
  await expect(page.getByTestId("organization-state")).toContainText("审核中");
}

async function decide(page: Page, name: string, decision: "approve" | "reject", reason = "") {
  await page.goto("/organization/review");
  await ready(page);
  const card = page.getByTestId("review-queue").getByRole("listitem").filter({ hasText: name });
  if (decision === "reject") {
    await card.getByRole("button", { name: "驳回" }).click();
    await expect(card.getByRole("alert")).toHaveText("驳回时请填写原因");
    await card.getByLabel("驳回原因").fill(reason);
    await card.getByRole("button", { name: "驳回" }).click();
    await expectNotice(page, "已驳回该申请");
  } else {
    await card.getByRole("button", { name: "通过" }).click();
    await expectNotice(page, "已通过该机构的认证");
  }
}

test("apply for certification, get rejected, apply again, get approved", async ({ page, browser }) => {
  const name = `东方大学${Date.now() % 100000}`;
  await registerNew(page, "申请人");
  await page.goto("/organization");
  await ready(page);
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("请输入机构名称")).toBeVisible();
  await expect(page.getByText("请上传营业执照或单位证明")).toBeVisible();
  await apply(page, name);

  // The administrator, in a browser of their own.
  const adminContext = await browser.newContext({ javaScriptEnabled: hasJs() });
  const admin = await adminContext.newPage();
  await admin.addInitScript(HYDRATION_HOOK);
  await admin.goto("/login?mode=register");
  await completeRegistration(admin, adminMobile(), "平台管理员");
  await decide(admin, name, "reject", "证明文件不清晰");

  await page.goto("/organization");
  await expect(page.getByTestId("organization-state")).toContainText("未通过");
  await expect(page.getByText("原因：证明文件不清晰")).toBeVisible();
  await expect(page.getByLabel("机构名称")).toHaveValue(name);
  // Not certified: the manage list says publishing has to wait.
  await page.goto("/manage");
  await expect(page.getByTestId("not-certified")).toContainText("您的机构尚未认证，暂时不能发布会议。");
  await apply(page, name);

  await decide(admin, name, "approve");
  await adminContext.close();

  await page.goto("/organization");
  await expect(page.getByTestId("organization-state")).toContainText("已认证");
  await expect(page.getByText("您的机构已通过认证，可以发布会议。")).toBeVisible();
  await page.goto("/orgList?keyword=" + encodeURIComponent(name));
  await expect(page.getByText(name).first()).toBeVisible();

  // Certified now, the applicant publishes a conference of their own, and visitors see it.
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const created = await page.request.post("/api/conference", {
    headers: { "Client-Type": "web", Authorization: `Bearer ${token}` },
    data: { nameZh: `${name}学术年会`, nameEn: "Annual Meeting", startDate: "2027-06-01", endDate: "2027-06-02", cityZh: "上海", cityEn: "Shanghai" },
  });
  expect(created.status()).toBeLessThan(300);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await page.goto("/manage");
  await ready(page);
  await expect(page.getByTestId("not-certified")).toHaveCount(0);
  const row = page.locator(`tr[data-conference="${id}"]`);
  await row.getByRole("button", { name: "发布" }).click();
  await expectNotice(page, "会议已发布");
  await expect(page.locator(`tr[data-conference="${id}"]`)).toContainText("已发布");
  await logout(page);
  await page.goto(`/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${name}学术年会`);
});

test("the review queue is for administrators only", async ({ page }) => {
  await registerNew(page, "普通用户");
  const response = await page.goto("/organization/review");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-page")).toContainText("没有权限");
});
