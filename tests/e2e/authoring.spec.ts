/**
 * Organiser authoring (issue 4) with JavaScript on and off: create a conference (a rejected
 * form keeps what was typed), write the intro (the editor with JavaScript, the textarea
 * without), add a venue and a session, publish the programme, set identities, an early bird,
 * a coupon and two fields with a condition, publish the conference and see it as a visitor.
 * Another account is refused on every manage URL of it. Then rows are edited in place (a rejected
 * edit keeps what was typed), replays and admin users are managed, and the intro is previewed.
 */
import type { Locator, Page } from "@playwright/test";
import {
  demoAccounts,
  expect,
  expectAccessible,
  expectNotice,
  hasJs,
  openEditorSection,
  projectName,
  ready,
  registerNew,
  seededOtherMobile,
  signedInAs,
  test,
} from "./support";

test("an organiser creates, fills, configures and publishes a conference; visitors see it; others are refused", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = `${projectName()}-${Date.now().toString(36)}`;
  const nameZh = `自动化测试会议 ${suffix}`;
  const introLine = `本次会议聚焦人工智能 ${suffix}`;
  const session = `开幕式 ${suffix}`;

  await signedInAs(page, demoAccounts.organiser.mobile);

  // ── /create: a rejected form keeps what was typed and says why per field.
  await page.goto("/create");
  await ready(page);
  await expect(page.getByRole("heading", { name: "创建会议" })).toBeVisible();
  await expectAccessible(page, { label: "/create" });
  await page.getByLabel("中文名称").fill(nameZh);
  await page.getByLabel("开始日期").fill("2027-06-01");
  await page.getByLabel("结束日期").fill("2027-05-30");
  await page.getByLabel("城市（中文）").fill("杭州");
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  await expect(page.getByText("请填写此项").first()).toBeVisible();
  await expect(page.getByLabel("中文名称")).toHaveValue(nameZh);
  await expect(page.getByLabel("城市（中文）")).toHaveValue("杭州");
  await ready(page);
  await page.getByLabel("英文名称").fill(`Automated Test Conference ${suffix}`);
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  await expect(page.getByText("结束不能早于开始")).toBeVisible();
  await expect(page.getByLabel("英文名称")).toHaveValue(`Automated Test Conference ${suffix}`);
  await ready(page);
  await page.getByLabel("结束日期").fill("2027-06-03");
  await page.getByLabel("城市（英文）").fill("Hangzhou");
  await page.getByLabel("主办单位（中文）").fill("测试大学");
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  await expect(page).toHaveURL(/\/manage\/edit\/\d+$/);
  await expectNotice(page, "会议已创建");
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: `编辑会议：${nameZh}` })).toBeVisible();
  await ready(page);
  await expectAccessible(page, { label: "/manage/edit" });

  // The editor is a page per section, its basics first; the others are links beside it.
  await expect(page.locator(".ui-edit-nav").getByRole("link", { name: "基本信息" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("#intro")).toHaveCount(0);

  // ── Intro: the editor with JavaScript, the plain textarea without.
  await openEditorSection(page, "会议简介");
  await expect(page).toHaveURL(`/manage/edit/${id}?section=intro`);
  const intro = page.locator("#intro");
  if (hasJs()) {
    const editor = intro.getByTestId("editor-contentZh");
    await expect(editor.getByRole("toolbar")).toBeVisible();
    await editor.locator(".public-DraftEditor-content").click();
    await editor.getByRole("button", { name: "标题 2" }).click();
    await page.keyboard.type("会议议题");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "正文" }).click();
    await page.keyboard.type(introLine);
    await expect(editor.getByText(/\d+ 字/)).toContainText(`${[...("会议议题" + introLine.replace(/\s/g, ""))].length} 字`);
  } else {
    await intro.getByLabel("简介内容（中文）").fill(`## 会议议题\n${introLine}`);
  }
  await intro.getByRole("button", { name: "保存" }).click();
  await expectNotice(page, "已保存");
  if (hasJs()) {
    await ready(page);
    await expect(page.locator("#intro").getByTestId("editor-contentZh").locator("h2")).toHaveText("会议议题");
  } else {
    await expect(page.locator("#intro").getByLabel("简介内容（中文）")).toHaveValue(`## 会议议题\n${introLine}`);
  }

  // ── A venue, a session (a rejected one first), and the programme published.
  await openEditorSection(page, "分会场");
  const branchForm = page.locator("#form-branch");
  await branchForm.getByLabel("分会场名称（中文）").fill("分会场 A");
  await branchForm.getByRole("button", { name: "添加分会场" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("branch-list")).toContainText("分会场 A");
  // Saved, the organiser is back on the section the form was in.
  await expect(page).toHaveURL(`/manage/edit/${id}?section=branches`);

  await openEditorSection(page, "会议日程");
  const scheduleForm = page.locator("#form-schedule");
  await scheduleForm.getByLabel("议程标题（中文）").fill(session);
  await scheduleForm.getByLabel("结束时间").fill("2027-06-01T08:00");
  await scheduleForm.getByRole("button", { name: "添加议程" }).click();
  await expect(page.locator("#form-schedule").getByText("结束不能早于开始")).toBeVisible();
  await expect(page.locator("#form-schedule").getByLabel("议程标题（中文）")).toHaveValue(session);
  await ready(page);
  await page.locator("#form-schedule").getByLabel("结束时间").fill("2027-06-01T10:00");
  await page.locator("#form-schedule").getByLabel("报告人").fill("张三 / 测试大学");
  await page.locator("#form-schedule").getByRole("button", { name: "添加议程" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("venue-main")).toContainText(session);
  await expect(page.getByTestId("venue-main")).toContainText("张三（测试大学）");
  await ready(page);
  await page.getByRole("button", { name: "发布日程" }).click();
  await expectNotice(page, "已保存");
  await expect(page.locator("#schedules").getByText("日程已发布")).toBeVisible();

  // ── A link (javascript: refused, what was typed kept), a hotel with a room type and its show switch.
  await openEditorSection(page, "相关链接");
  await page.locator("#form-link").getByLabel("标题（中文）").fill("会议官网");
  await page.locator("#form-link").getByLabel("链接地址").fill("javascript:alert(1)");
  await page.locator("#form-link").getByRole("button", { name: "添加" }).click();
  await expect(page.locator("#form-link").getByText("链接无效")).toBeVisible();
  await expect(page.locator("#form-link").getByLabel("标题（中文）")).toHaveValue("会议官网");
  await ready(page);
  await page.locator("#form-link").getByLabel("链接地址").fill("https://example.org/conf");
  await page.locator("#form-link").getByRole("button", { name: "添加" }).click();
  await expect(page.locator("#links")).toContainText("https://example.org/conf");

  await openEditorSection(page, "酒店与房型");
  await page.locator("#form-hotel").getByLabel("名称（中文）").fill("会议酒店");
  await page.locator("#form-hotel").getByLabel("自定义二维码内容").fill("https://hotel.example.org/book");
  await page.locator("#form-hotel").getByRole("button", { name: "添加酒店" }).click();
  await expect(page.locator("#hotels")).toContainText("会议酒店");
  await ready(page);
  const room = page.locator('form[id^="form-room:"]');
  await room.getByLabel("房型（中文）").fill("大床房");
  await room.getByLabel("每晚价格（元）").fill("450");
  await room.getByLabel("每晚可订间数").fill("20");
  await room.getByLabel("开始日期").fill("2027-05-31");
  await room.getByLabel("结束日期").fill("2027-06-03");
  await room.getByRole("button", { name: "添加房型" }).click();
  await expect(page.locator("#hotels")).toContainText("大床房");
  await expect(page.locator("#hotels")).toContainText("对参会者显示");
  await ready(page);
  await page.locator("#hotels").getByRole("button", { name: "隐藏: 大床房" }).click();
  await expect(page.locator("#hotels")).toContainText("已隐藏");

  // ── /edit, the module editor's entry, offers this conference among the organiser's.
  await page.goto("/edit");
  await expect(page.getByRole("heading", { name: "编辑会议" })).toBeVisible();
  await expect(page.getByRole("link", { name: nameZh })).toHaveAttribute("href", `/manage/edit/${id}`);

  // ── Registration settings.
  await page.goto(`/manage/signup/${id}`);
  await ready(page);
  await expectAccessible(page, { label: "/manage/signup" });
  await page.locator("#form-identity").getByLabel("身份名称（中文）").fill("学生");
  await page.locator("#form-identity").getByLabel("身份名称（英文）").fill("Student");
  await page.locator("#form-identity").getByRole("button", { name: "添加身份" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("identity-list")).toContainText("学生");

  await ready(page);
  const strategy = page.locator("#form-strategy");
  await strategy.getByLabel("阶段名称（中文）").fill("早鸟");
  await strategy.getByLabel("开始时间").fill("2027-01-01T00:00");
  await strategy.getByLabel("结束时间").fill("2027-03-01T00:00");
  await strategy.getByRole("button", { name: "添加阶段" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("strategy-list")).toContainText("早鸟");

  await ready(page);
  const fee = page.getByTestId("fee-table");
  await fee.getByLabel(/金额/).fill("800.5");
  await fee.getByRole("button", { name: "设置" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("fee-table")).toContainText("800.50");

  await ready(page);
  const coupon = page.locator("#form-coupon");
  await coupon.getByLabel("优惠码").fill("EARLY10");
  await coupon.getByLabel("类型").selectOption("percent");
  await coupon.getByLabel("数值").fill("150");
  await coupon.getByRole("button", { name: "添加优惠码" }).click();
  await expect(page.locator("#form-coupon").getByText("折扣为 1–100 的整数")).toBeVisible();
  await expect(page.locator("#form-coupon").getByLabel("优惠码")).toHaveValue("EARLY10");
  await ready(page);
  await page.locator("#form-coupon").getByLabel("数值").fill("10");
  await page.locator("#form-coupon").getByLabel("可用次数").fill("5");
  await page.locator("#form-coupon").getByRole("button", { name: "添加优惠码" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("coupon-list")).toContainText("EARLY10");

  await ready(page);
  const field = page.locator("#form-field");
  await field.getByLabel("字段标识").fill("diet");
  await field.getByLabel("类型").selectOption("radio");
  await field.getByLabel("名称（中文）").fill("饮食");
  await field.getByLabel("名称（英文）").fill("Diet");
  await field.getByLabel("选项").fill("normal|普通|Normal\nvegan|素食|Vegan");
  await field.getByLabel("必填").check();
  await field.getByRole("button", { name: "添加字段" }).click();
  await expectNotice(page, "已保存");
  // The list changes once the page has come back (an earlier notice may still be showing).
  await expect(page.getByTestId("field-list")).toContainText("饮食 (diet, 单选, 必填)");
  await ready(page);
  const second = page.locator("#form-field");
  await second.getByLabel("字段标识").fill("allergy");
  await second.getByLabel("名称（中文）").fill("过敏说明");
  await second.getByLabel("名称（英文）").fill("Allergies");
  await second.getByLabel("仅当字段").selectOption("diet");
  await second.getByLabel("的值为").fill("vegan");
  await second.getByRole("button", { name: "添加字段" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("field-list")).toContainText("条件：diet = vegan");

  // ── Publish on /manage.
  await page.goto("/manage");
  await ready(page);
  await expectAccessible(page, { label: "/manage" });
  const row = page.locator(`tr[data-conference="${id}"]`);
  await expect(row).toContainText("未发布");
  await row.getByRole("button", { name: "发布" }).click();
  await expectNotice(page, "会议已发布");
  await expect(page.locator(`tr[data-conference="${id}"]`)).toContainText("已发布");

  // ── A visitor sees it, with its intro and programme.
  const visitor = await browser.newContext({ javaScriptEnabled: hasJs(), locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  const anonymous = await visitor.newPage();
  const response = await anonymous.goto(`/${id}`);
  expect(response?.status()).toBe(200);
  await expect(anonymous.getByRole("heading", { name: nameZh }).first()).toBeVisible();
  await expect(anonymous.getByText(introLine)).toBeVisible();
  await expect(anonymous.getByText(session).first()).toBeVisible();
  await visitor.close();

  // ── Another account is refused on every manage URL of it.
  // (in this page: it carries the hydration marker the sign-in steps wait for)
  await page.context().clearCookies();
  await signedInAs(page, demoAccounts.attendee.mobile);
  for (const url of [`/manage/edit/${id}`, `/manage/edit/${id}?section=hotels`, `/manage/signup/${id}`]) {
    const refused = await page.goto(url);
    expect(refused?.status(), url).toBe(404);
    await expect(page.getByText(nameZh)).toHaveCount(0);
  }
  await page.goto("/manage");
  await expect(page.locator(`tr[data-conference="${id}"]`)).toHaveCount(0);
  const posted = await page.request.post(`/manage/edit/${id}`, { form: { intent: "branch", nameZh: "入侵" } });
  expect([403, 404]).toContain(posted.status());
});

test("an account without a certified organization is told so, with a link, when it publishes", async ({ page }) => {
  await registerNew(page, "未认证组织者");
  await page.goto("/create");
  await ready(page);
  await page.getByLabel("中文名称").fill("未认证的会议");
  await page.getByLabel("英文名称").fill("Uncertified Conference");
  await page.getByLabel("开始日期").fill("2027-09-01");
  await page.getByLabel("结束日期").fill("2027-09-02");
  await page.getByLabel("城市（中文）").fill("南京");
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  await expect(page).toHaveURL(/\/manage\/edit\/\d+$/);

  await page.goto("/manage");
  await ready(page);
  const warning = page.getByTestId("not-certified");
  await expect(warning).toContainText("您的机构尚未认证");
  await expect(warning.getByRole("link", { name: "前往机构认证" })).toHaveAttribute("href", "/organization");
  await page.getByTestId("manage-list").getByRole("button", { name: "发布" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "您的机构尚未认证" })).toBeVisible();
  await expect(page.getByTestId("manage-list")).toContainText("未发布");
});

/** Opens a row's edit form by its "Edit" link: in place with JavaScript, as the page with the form open without. */
async function openRow(row: Locator) {
  // A closed row carries no form (decision 072).
  await expect(row.locator("details form")).toHaveCount(0);
  await row.getByRole("link", { name: /^编辑: / }).click();
  await expect(row.locator("details form")).toHaveCount(1);
  // Opened in place, the first field has the focus the link had.
  if (hasJs()) await expect(row.locator("details form").locator("input:not([type=hidden]), select, textarea").first()).toBeFocused();
}

/** Clicks a save and waits for its notice (with JavaScript an earlier notice fades first, so it isn't taken for this one). */
async function saveAndSee(page: Page, button: Locator, notice: string) {
  if (hasJs()) await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
  await button.click();
  await expectNotice(page, notice);
}

/** Confirms a delete: the dialog with JavaScript, the page's own question without. */
async function confirmDelete(page: Page) {
  const question = hasJs() ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await question.getByRole("button", { name: "确认" }).click();
}

test("an organiser edits rows in place, adds a replay, edits an admin user and previews the intro", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const suffix = `${projectName()}-${Date.now().toString(36)}`;
  const nameZh = `原地编辑会议 ${suffix}`;
  const session = `主旨报告 ${suffix}`;
  const renamed = `主旨报告（更新）${suffix}`;
  const replayTitle = `开幕回放 ${suffix}`;

  await signedInAs(page, demoAccounts.organiser.mobile);
  await page.goto("/create");
  await ready(page);
  await page.getByLabel("中文名称").fill(nameZh);
  await page.getByLabel("英文名称").fill(`In-place Editing ${suffix}`);
  await page.getByLabel("开始日期").fill("2027-08-01");
  await page.getByLabel("结束日期").fill("2027-08-02");
  await page.getByLabel("城市（中文）").fill("苏州");
  await page.getByRole("button", { name: "创建并继续编辑" }).click();
  await expect(page).toHaveURL(/\/manage\/edit\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("navigation", { name: new RegExp(nameZh) })).toBeVisible();

  // ── A session, then edited in place: a rejected save keeps what was typed and says why.
  await openEditorSection(page, "会议日程");
  await page.locator("#form-schedule").getByLabel("议程标题（中文）").fill(session);
  await page.locator("#form-schedule").getByRole("button", { name: "添加议程" }).click();
  await expectNotice(page, "已保存");
  const row = page.getByTestId("venue-main").locator("li").filter({ hasText: session });
  await ready(page);
  await openRow(row);
  const rowForm = row.locator('form[id^="form-schedule-"]');
  await expect(rowForm.getByLabel("议程标题（中文）")).toHaveValue(session);
  await rowForm.getByLabel("议程标题（中文）").fill(renamed);
  await rowForm.getByLabel("结束时间").fill("2027-08-01T08:00");
  await rowForm.getByRole("button", { name: "保存" }).click();
  await expect(rowForm.getByText("结束不能早于开始")).toBeVisible();
  await expect(rowForm.getByLabel("议程标题（中文）")).toHaveValue(renamed);
  await expect(page.getByTestId("venue-main")).toContainText(session);
  await ready(page);
  await rowForm.getByLabel("结束时间").fill("2027-08-01T10:30");
  await saveAndSee(page, rowForm.getByRole("button", { name: "保存" }), "已保存");
  await expect(page.getByTestId("venue-main").locator("li").first()).toContainText(`${renamed}`);
  await expect(page.getByTestId("venue-main").locator("li").first()).toContainText("10:30");
  // Typed in the section and not sent while another of its forms is: the open row and the add form.
  // With JavaScript the publish reloads the page's data in place and leaves both as they were; without
  // it the browser loads a new page, the row closed and nothing unsent kept.
  const sessionRow = page.getByTestId("venue-main").locator("li").filter({ hasText: renamed });
  const halfSession = `主旨报告（未完）${suffix}`;
  const halfNew = `圆桌讨论（未完）${suffix}`;
  await ready(page);
  await openRow(sessionRow);
  await sessionRow.locator('form[id^="form-schedule-"]').getByLabel("议程标题（中文）").fill(halfSession);
  await page.locator("#form-schedule").getByLabel("议程标题（中文）").fill(halfNew);
  await page.getByRole("button", { name: "发布日程" }).click();
  await expect(page.locator("#schedules").getByText("日程已发布")).toBeVisible();
  await expect(page.locator("#form-schedule").getByLabel("议程标题（中文）")).toHaveValue(hasJs() ? halfNew : "");
  if (hasJs()) await expect(sessionRow.locator('form[id^="form-schedule-"]').getByLabel("议程标题（中文）")).toHaveValue(halfSession);
  else await expect(sessionRow.locator("details form")).toHaveCount(0);
  await ready(page);
  await expectAccessible(page, { label: "/manage/edit?section=schedules with rows" });

  // ── A replay: a javascript: address is refused (what was typed kept), then it is added.
  await openEditorSection(page, "直播回放");
  const replay = page.locator("#form-replay");
  await replay.getByLabel("回放标题（中文）").fill(replayTitle);
  await replay.getByLabel("MP4 视频地址").fill("javascript:alert(1)");
  await replay.getByLabel("录制日期").fill("2027-08-01");
  await replay.getByLabel("时长").fill("45:00");
  await replay.getByRole("button", { name: "添加回放" }).click();
  await expect(page.locator("#form-replay").getByText("链接无效")).toBeVisible();
  await expect(page.locator("#form-replay").getByLabel("回放标题（中文）")).toHaveValue(replayTitle);
  await ready(page);
  await page.locator("#form-replay").getByLabel("MP4 视频地址").fill("/media/demo.mp4");
  await saveAndSee(page, page.locator("#form-replay").getByRole("button", { name: "添加回放" }), "已保存");
  await expect(page.getByTestId("replay-list")).toContainText(replayTitle);
  await expect(page.getByTestId("replay-list")).toContainText("45:00");

  // ── An admin user: added with a remark, the remark edited in place, then removed after a question.
  const adminMobile = seededOtherMobile(hasJs() ? 2 : 3);
  await openEditorSection(page, "管理员");
  await page.locator("#form-admin").getByLabel("管理员手机号").fill(adminMobile);
  await page.locator("#form-admin").getByLabel("备注").fill("注册审核");
  await saveAndSee(page, page.locator("#form-admin").getByRole("button", { name: "添加管理员" }), "已保存");
  const admin = page.getByTestId("admin-list").locator("li").filter({ hasText: adminMobile });
  await expect(admin).toContainText("注册审核");
  await ready(page);
  await openRow(admin);
  await admin.getByLabel("备注").fill("财务与发票");
  await saveAndSee(page, admin.getByRole("button", { name: "保存" }), "已保存");
  await expect(page.getByTestId("admin-list").locator("li").filter({ hasText: adminMobile }).locator(":scope > div").first()).toContainText("财务与发票");
  // The saved row starts afresh (closed).
  await expect(admin.locator("details form")).toHaveCount(0);

  // ── The intro, previewed read-only (no toolbar with JavaScript; rendered on the server without).
  await openEditorSection(page, "会议简介");
  const intro = page.locator("#intro");
  if (hasJs()) {
    const editor = intro.getByTestId("editor-contentZh");
    await editor.locator(".public-DraftEditor-content").click();
    await editor.getByRole("button", { name: "标题 2" }).click();
    await page.keyboard.type("预览标题");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "正文" }).click();
    await page.keyboard.type("正文一段");
    await intro.getByRole("button", { name: /^预览\s*: 简介内容（中文）$/ }).click();
    await expect(editor.getByRole("toolbar")).toHaveCount(0);
    await expect(editor.locator('[contenteditable="true"]')).toHaveCount(0);
    await expect(editor.locator("h2")).toHaveText("预览标题");
    await expect(editor.getByText("8 字")).toBeVisible();
    await expectAccessible(page, { label: "the intro previewed" });
    await intro.getByRole("button", { name: /^编辑\s*: 简介内容（中文）$/ }).click();
    await expect(editor.getByRole("toolbar")).toBeVisible();
    await saveAndSee(page, intro.getByRole("button", { name: "保存" }), "已保存");
  } else {
    await intro.getByLabel("简介内容（中文）").fill("## 预览标题\n正文一段");
    await intro.getByRole("button", { name: "保存" }).click();
    await expectNotice(page, "已保存");
    await page
      .locator("#intro")
      .getByRole("link", { name: /^预览\s*: 简介内容（中文）$/ })
      .click();
    await expect(page).toHaveURL(`/manage/edit/${id}?section=intro&preview=contentZh`);
    const preview = page.getByTestId("preview-contentZh");
    await expect(preview.getByRole("heading", { name: "预览标题" })).toBeVisible();
    await expect(preview.getByText("8 字")).toBeVisible();
    await expect(page.locator("#intro").getByLabel("简介内容（中文）")).toHaveCount(0);
    await expectAccessible(page, { label: "the intro previewed" });
    // Saving from the preview keeps the content as it was.
    await page.locator("#intro").getByRole("button", { name: "保存" }).click();
    await expectNotice(page, "已保存");
    await page.goto(`/manage/edit/${id}?section=intro&preview=contentZh`);
    await expect(page.getByTestId("preview-contentZh").getByRole("heading", { name: "预览标题" })).toBeVisible();
    await page
      .locator("#intro")
      .getByRole("link", { name: /^编辑\s*: 简介内容（中文）$/ })
      .click();
    await expect(page.locator("#intro").getByLabel("简介内容（中文）")).toHaveValue("## 预览标题\n正文一段");
  }

  // ── Removing the admin user asks first.
  await openEditorSection(page, "管理员");
  await page.getByTestId("admin-list").getByRole("button", { name: /^删除/ }).click();
  await confirmDelete(page);
  await expectNotice(page, "已删除");
  await expect(page.getByTestId("admin-list").locator("li")).toHaveCount(0);

  // ── An identity, edited in place on /manage/signup.
  await page.goto(`/manage/signup/${id}`);
  await ready(page);
  await page.locator("#form-identity").getByLabel("身份名称（中文）").fill("教师");
  await page.locator("#form-identity").getByRole("button", { name: "添加身份" }).click();
  await expectNotice(page, "已保存");
  const identity = page.getByTestId("identity-list").locator("li").filter({ hasText: "教师" });
  await ready(page);
  await openRow(identity);
  await identity.getByLabel("身份名称（中文）").fill("");
  await identity.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("identity-list").locator("li").filter({ hasText: "教师" }).getByText("请填写此项")).toBeVisible();
  await ready(page);
  const editing = page.getByTestId("identity-list").locator("li").filter({ hasText: "教师" });
  await editing.getByLabel("身份名称（中文）").fill("高校教师");
  await editing.getByLabel("身份名称（英文）").fill("Faculty");
  await editing.getByRole("button", { name: "保存" }).click();
  await expectNotice(page, "已保存");
  await expect(page.getByTestId("identity-list").locator("li > div").first()).toHaveText("高校教师");

  // ── Published, visitors see the edited session, the edited identity and the replay.
  await page.goto("/manage");
  await ready(page);
  await page.locator(`tr[data-conference="${id}"]`).getByRole("button", { name: "发布" }).click();
  await expectNotice(page, "会议已发布");
  const visitor = await browser.newContext({ javaScriptEnabled: hasJs(), locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/${id}`);
  await expect(anonymous.getByText(renamed).first()).toBeVisible();
  await expect(anonymous.getByText(session, { exact: true })).toHaveCount(0);
  await anonymous.goto(`/attend/${id}`);
  await expect(anonymous.getByRole("cell", { name: "高校教师" })).toBeVisible();
  await anonymous.goto(`/liveStreaming?keyword=${encodeURIComponent(replayTitle)}`);
  await expect(anonymous.getByTestId("replay-list")).toContainText(replayTitle);
  await visitor.close();
});
