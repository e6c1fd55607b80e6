/**
 * Check-in (issue 7), with JavaScript on and off: the desk checks a ticket in by its code (green,
 * then amber for the same code again), finds a person and checks them in, undoes it after a
 * confirmation; the scanner reads a QR code from the camera (a fake camera fed a picture of the
 * ticket, js project) or takes a typed code (nojs project); the statistics screen, without the
 * site's header, counts the check-ins. Another account gets a 404.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import QRCode from "qrcode";
import config, { E2E_PORT } from "../../playwright.config";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectAccessible,
  freshMobile,
  hasJs,
  HYDRATION_HOOK,
  projectName,
  ready,
  registerNew,
  signedInAs,
  test,
  TOKEN_COOKIE,
  api,
} from "./support";

type Registration = { id: number; name: string; ticketCode: string };

/**
 * A conference of the demo organiser with a free identity "学生" and the people given,
 * entered by the organiser (so confirmed at once). Each project gets its own.
 */
async function conferenceWith(page: Page, names: string[]) {
  await signedInAs(page, demoAccounts.organiser.mobile);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const suffix = `${projectName()}-${Date.now().toString(36)}`;
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: `签到测试会议 ${suffix}`,
    nameEn: `Check-in Test ${suffix}`,
    startDate: "2027-03-01",
    endDate: "2027-03-02",
    cityZh: "杭州",
  });
  const identity = await api<{ id: number }>(page.request, "POST", "/identity", token, { conferenceId: id, nameZh: "学生", nameEn: "Student" });
  const strategy = await api<{ id: number }>(page.request, "POST", "/strategy", token, {
    conferenceId: id,
    nameZh: "常规",
    startsAt: "2026-01-01T00:00",
    endsAt: "2030-01-01T00:00",
  });
  await api(page.request, "PUT", "/fee", token, { conferenceId: id, identityId: identity.id, strategyId: strategy.id, amount: "0" });
  const people: Registration[] = [];
  for (const name of names) {
    people.push(
      await api<Registration>(page.request, "POST", "/user/admin", token, {
        conferenceId: id,
        identityId: identity.id,
        name: `${name} ${suffix}`,
        mobile: freshMobile(),
        institution: "测试大学",
      }),
    );
  }
  return { id, token, people };
}

const result = (page: Page) => page.getByTestId("checkin-result");

test("the desk checks in by code and by search, undoes, and the statistics screen counts it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { id, token, people } = await conferenceWith(page, ["签到甲", "签到乙", "签到丙", "签到丁"]);
  const [first, second, third, fourth] = people;

  await page.goto(`/manage/checkin/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("现场签到");
  await expect(page.getByRole("navigation", { name: /管理页面/ }).getByRole("link", { name: "签到", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("checked-in-total")).toHaveText("0");
  await ready(page);
  if (hasJs()) await expectAccessible(page);

  // An empty code is refused at the field.
  const code = page.getByLabel("票号", { exact: true });
  if (hasJs()) await expect(code).toBeFocused();
  await code.press("Enter");
  await expect(page.getByText("请输入票号")).toBeVisible();

  // By code, typed the way a person reads it (lower case, in groups), Enter submits: green.
  await ready(page);
  await code.fill(`${first.ticketCode.slice(0, 5).toLowerCase()} ${first.ticketCode.slice(5)}`);
  await code.press("Enter");
  await expect(result(page)).toHaveAttribute("data-result", "checked_in");
  await expect(result(page)).toContainText(`签到成功：${first.name}，学生，测试大学`);
  await expect(result(page)).toHaveAttribute("role", "status");
  await expect(page.getByTestId("checked-in-total")).toHaveText("1");
  await expect(page.getByLabel("票号", { exact: true })).toHaveValue("");

  // The same code again: amber, with the time of the first check-in.
  await ready(page);
  await page.getByLabel("票号", { exact: true }).fill(first.ticketCode);
  await page.getByLabel("票号", { exact: true }).press("Enter");
  await expect(result(page)).toHaveAttribute("data-result", "already");
  await expect(result(page)).toContainText(/已于 \d{2}:\d{2}:\d{2} 签到过/);

  // A code nobody holds: red, announced as an alert.
  await ready(page);
  await page.getByLabel("票号", { exact: true }).fill("ZZZZ9999ZZ");
  await page.getByRole("button", { name: "签到", exact: true }).first().click();
  await expect(result(page)).toHaveAttribute("data-result", "not_found");
  await expect(result(page)).toHaveAttribute("role", "alert");
  await expect(result(page)).toContainText("票号不存在");

  // By search: the second person's row, checked in with its button.
  await ready(page);
  await page.getByRole("textbox", { name: "姓名、手机号或单位" }).fill(second.name);
  await page.getByRole("button", { name: "查找" }).click();
  const row = page.getByTestId("search-results").locator(`[data-id="${second.id}"]`);
  await expect(row).toContainText("未签到");
  await ready(page);
  await row.getByRole("button", { name: `为 ${second.name} 签到` }).click();
  await expect(result(page)).toContainText(`签到成功：${second.name}`);
  await expect(row).toContainText("已签到");

  // Undo, after a confirmation (a dialog with JavaScript, a question on the page without).
  await ready(page);
  await row.getByRole("button", { name: `撤销 ${second.name} 的签到` }).click();
  if (hasJs()) await page.getByRole("dialog").getByRole("button", { name: "确认" }).click();
  else await page.getByRole("alertdialog").getByRole("button", { name: "确认" }).click();
  await expect(result(page)).toContainText(`已撤销签到：${second.name}`);
  await expect(row).toContainText("未签到");
  await expect(page.getByTestId("checked-in-total")).toHaveText("1");

  // Another desk checks someone in: the counts follow (by polling with JavaScript, by the refresh link without).
  await api(page.request, "POST", "/user/checkin", token, { conferenceId: id, code: third.ticketCode });
  if (!hasJs()) await page.getByRole("link", { name: "刷新" }).click();
  await expect(page.getByTestId("checked-in-total")).toHaveText("2", { timeout: 15_000 });
  await expect(page.getByTestId("recent-checkins")).toContainText(third.name);

  // The statistics screen: no site header or footer; its count follows a new check-in.
  await page.goto(`/manage/statistics/${id}`);
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByTestId("kpi-checked-in")).toHaveText("2");
  await expect(page.getByTestId("kpi-registered")).toHaveText("4");
  // The rows chart is named by its caption; its figures are read from the hidden table beside it.
  await expect(page.getByTestId("chart-identities").locator("figcaption")).toHaveText("按参会身份");
  await expect(page.getByTestId("chart-identities").getByRole("table")).toContainText("学生");
  if (hasJs()) await expectAccessible(page);
  await api(page.request, "POST", "/user/checkin", token, { conferenceId: id, code: fourth.ticketCode });
  if (hasJs()) await expect(page.getByTestId("kpi-checked-in")).toHaveText("3", { timeout: 15_000 });
  else {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
    await page.reload();
    await expect(page.getByTestId("kpi-checked-in")).toHaveText("3");
  }

  // Another account: every check-in page is not found.
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    javaScriptEnabled: hasJs(),
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  const outsider = await context.newPage();
  await outsider.addInitScript(HYDRATION_HOOK);
  await registerNew(outsider, "路人");
  for (const screen of ["checkin", "scan", "statistics"]) {
    const response = await outsider.goto(`/manage/${screen}/${id}`);
    expect(response?.status()).toBe(404);
  }
  await context.close();
});

/** A Y4M video (a few identical 4:2:0 frames) of the QR code of `text`, for Chromium's fake camera. */
function qrVideo(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const width = 640;
  const height = 480;
  const scale = Math.floor(Math.min(width, height) / (modules.size + 8));
  const side = modules.size * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules.data[Math.floor(y / scale) * modules.size + Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "qr-camera-")), "ticket.y4m");
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]));
  return file;
}

test("the scanner checks a ticket in from the camera, or from a typed code", async ({ page }) => {
  test.setTimeout(90_000);
  const { id, people } = await conferenceWith(page, ["扫码丁", "扫码戊"]);
  const [scanned, typed] = people;

  if (hasJs()) {
    const video = qrVideo(scanned.ticketCode);
    const launch = config.projects?.find((project) => project.name === "js")?.use?.launchOptions;
    const camera = await chromium.launch({
      executablePath: launch?.executablePath,
      args: [...(launch?.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await camera.newContext({
        baseURL: `http://localhost:${E2E_PORT}`,
        locale: "zh-CN",
        timezoneId: "Asia/Shanghai",
        storageState: await page.context().storageState(),
      });
      const phone = await context.newPage();
      await phone.goto(`/manage/scan/${id}`);
      await expect(phone.getByRole("heading", { level: 1 })).toContainText("扫码签到");
      await expect(phone.getByTestId("camera")).toHaveAttribute("data-state", "scanning", { timeout: 15_000 });
      await expect(result(phone)).toHaveAttribute("data-result", "checked_in", { timeout: 20_000 });
      await expect(result(phone)).toContainText(`签到成功：${scanned.name}，学生，测试大学`);
      await expectAccessible(phone);
      // The same code still in front of the camera is not posted again.
      await phone.waitForTimeout(1_500);
      await expect(result(phone)).toHaveAttribute("data-result", "checked_in");
    } finally {
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
      await camera.close();
    }
  }

  // A typed code works on the same page (without JavaScript the camera is not offered).
  await page.goto(`/manage/scan/${id}`);
  if (!hasJs()) await expect(page.getByText("摄像头扫码需要启用 JavaScript")).toBeVisible();
  await ready(page);
  await page.getByLabel("票号", { exact: true }).fill(typed.ticketCode);
  await page.getByRole("button", { name: "签到", exact: true }).click();
  await expect(result(page)).toContainText(`签到成功：${typed.name}`);
  await expect(page.getByTestId("scan-total")).toContainText(hasJs() ? "已签到 2 / 2 人" : "已签到 1 / 2 人");
});
