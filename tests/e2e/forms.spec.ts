/**
 * Standalone forms (issue 8), with JavaScript on and off: build a form from a template, add a
 * conditional field, preview it, answer it signed out (with a file) and signed in, read the
 * answers with their filters, export them to Excel, add an administrator who then reads them,
 * find the form in /search/form; and a conference's forms on /manage/formSign.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { readXlsx } from "../../platform/services/xlsx";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectNotice,
  HYDRATION_HOOK,
  hasJs,
  openAvatarMenu,
  ready,
  registerNew,
  signedInAs,
  test,
  TOKEN_COOKIE,
} from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** No serious or critical axe violations (checked in the JS project, on the page as served). */
async function expectAccessible(page: Page) {
  if (!hasJs()) return;
  await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

/** A browser of its own (signed out), in the project's JavaScript setting. */
async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: hasJs() });
  const page = await context.newPage();
  await page.addInitScript(HYDRATION_HOOK);
  return { page, close: () => context.close() };
}

/** Today in China, as the answers' submission dates are filed. */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test("build a form from a template, answer it, read and export the answers, share them with an administrator", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const title = `工作坊报名${hasJs() ? "J" : "N"}${Date.now() % 1_000_000}`;
  await registerNew(page, "表单主人");

  // Start from a template (searchable, 20 a page).
  await page.goto("/form/edit");
  await expect(page.getByRole("heading", { level: 1, name: "新建表单" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("searchbox", { name: "搜索模板" }).fill("工作坊");
  await page.getByRole("button", { name: "搜索模板" }).click();
  await expect(page.getByTestId("template-list").getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "使用模板：工作坊报名" }).click();
  await page.waitForURL(/\/form\/edit\?id=\d+$/);
  await expectNotice(page, "表单已创建");
  const id = Number(new URL(page.url()).searchParams.get("id"));
  await expect(page.getByTestId("field-list").getByRole("listitem")).toHaveCount(7);

  // Settings: a bad input is said beside its field and nothing typed is lost.
  const settings = page.locator("#form-settings");
  await ready(page);
  await settings.getByLabel("标题（中文）").fill("");
  await settings.getByLabel("标题（英文）").fill("Workshop sign-up");
  await settings.getByLabel("人数上限").fill("0");
  await settings.getByRole("button", { name: "保存设置" }).click();
  await expect(settings.getByText("请填写此项")).toBeVisible();
  await expect(settings.getByText("人数上限须为正整数")).toBeVisible();
  await expect(settings.getByLabel("标题（英文）")).toHaveValue("Workshop sign-up");
  await settings.getByLabel("标题（中文）").fill(title);
  await settings.getByLabel("人数上限").fill("50");
  await settings.getByLabel("公开（在表单搜索中可见）").check();
  await settings.getByRole("button", { name: "保存设置" }).click();
  await expectNotice(page, "已保存");
  await expect(page.locator("#form-settings").getByLabel("标题（中文）")).toHaveValue(title);

  // A conditional field: its condition must name one of the other field's options.
  const add = page.locator("#field-form-new");
  await add.getByLabel("字段类型").selectOption("textarea");
  await add.getByLabel("名称（中文）").fill("希望学习的内容");
  await add.getByLabel("名称（英文）").fill("What you hope to learn");
  await add.getByLabel("仅当此字段……").selectOption({ label: "相关经验" });
  await add.getByLabel("……的值为").fill("expert");
  await add.getByRole("button", { name: "添加字段" }).click();
  await expect(page.locator("#field-form-new").getByText("条件值必须是该字段的一个选项")).toBeVisible();
  await expect(page.locator("#field-form-new").getByLabel("名称（中文）")).toHaveValue("希望学习的内容");
  await page.locator("#field-form-new").getByLabel("……的值为").fill("beginner");
  await page.locator("#field-form-new").getByRole("button", { name: "添加字段" }).click();
  await expectNotice(page, "字段已添加");
  // And a file, for the answers to carry.
  await page.locator("#field-form-new").getByLabel("字段类型").selectOption("file");
  await page.locator("#field-form-new").getByLabel("名称（中文）").fill("个人简历");
  await page.locator("#field-form-new").getByRole("button", { name: "添加字段" }).click();
  await expectNotice(page, "字段已添加");
  const fields = page.getByTestId("field-list").getByRole("listitem");
  await expect(fields).toHaveCount(9);
  await expect(fields.nth(7)).toContainText("仅当“相关经验”为“入门”时显示");
  // Move the file up one place.
  await page.getByRole("button", { name: "上移：个人简历" }).click();
  await expectNotice(page, "顺序已调整");
  await expect(page.getByTestId("field-list").getByRole("listitem").nth(7)).toContainText("个人简历");
  await expectAccessible(page);

  // The preview is what a respondent sees, but it does not take answers.
  await page.getByRole("link", { name: "预览", exact: true }).click();
  await expect(page.getByTestId("preview-banner")).toBeVisible();
  await expect(page.getByTestId("form-title")).toHaveText(title);
  await expect(page.getByRole("button", { name: "预览模式，不能提交" })).toBeDisabled();
  await expectAccessible(page);

  // Answered signed out, with a file; a bad phone is said beside it and the rest is kept.
  const visitor = await newVisitor(browser);
  const v = visitor.page;
  await v.goto(`/form/detail?id=${id}`);
  await expect(v.getByTestId("form-title")).toHaveText(title);
  await ready(v);
  const os = v.locator('[data-field="os"]');
  if (hasJs()) await expect(os).toBeHidden();
  else await expect(os).toContainText("仅当“是否自带电脑”选择“是”时需要填写");
  await v.getByLabel("姓名").fill("李同学");
  await v.getByLabel("手机号").fill("12345");
  // With JavaScript the message shows as the field is left; leaving it first keeps later clicks where they aim.
  await v.getByLabel("手机号").press("Tab");
  await v.locator('[data-field="level"]').getByRole("radio", { name: "入门" }).check();
  await v.locator('[data-field="laptop"]').getByRole("radio", { name: "是" }).check();
  await expect(os).toBeVisible();
  await os.getByRole("textbox").fill("Linux");
  const hope = v.locator("[data-field]").filter({ hasText: "希望学习的内容" });
  const cv = v.locator("[data-field]").filter({ hasText: "个人简历" });
  await hope.getByRole("textbox").fill("深度学习入门");
  await cv.locator('input[type="file"]').setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  if (hasJs()) await expect(cv.getByRole("link", { name: "cv.pdf" })).toBeVisible();
  await v.getByTestId("submit-answer").click();
  await expect(v.locator('[data-field="phone"]').getByRole("alert")).toContainText("请输入正确的手机号");
  await expect(v.getByLabel("姓名")).toHaveValue("李同学");
  await v.getByLabel("手机号").fill("13912345678");
  await v.getByTestId("submit-answer").click();
  await expect(v.getByTestId("form-done")).toBeVisible();
  await expectAccessible(v);

  // Answered signed in: the answer to a field whose condition fails is not kept.
  await page.goto(`/form/detail?id=${id}`);
  await ready(page);
  await page.getByLabel("姓名").fill("王老师");
  await page.getByLabel("手机号").fill("+44 20 7946 0958");
  await page.locator('[data-field="level"]').getByRole("radio", { name: "高级" }).check();
  await page.locator('[data-field="laptop"]').getByRole("radio", { name: "否" }).check();
  if (!hasJs()) await page.locator('[data-field="os"]').getByRole("textbox").fill("Windows");
  await page.getByTestId("submit-answer").click();
  await expectNotice(page, "提交成功");

  // The answers: a date without its format asks for one; with it, both answers of today.
  await page.goto(`/form/answers?id=${id}`);
  await expect(page.getByTestId("answer-count")).toHaveText("共 2 份答卷");
  await page.getByLabel("日期", { exact: true }).fill(chinaToday());
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page.locator("#filter-format-error")).toHaveText("请选择日期格式");
  await expect(page.getByLabel("日期", { exact: true })).toHaveValue(chinaToday());
  await page.getByLabel("日期格式").selectOption("YYYY-MM-DD");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page.getByTestId("answer-count")).toHaveText("共 2 份答卷");
  await page.getByLabel("日期格式").selectOption("YYYY");
  await page.getByLabel("日期", { exact: true }).fill("2001");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page.getByTestId("answer-count")).toHaveText("共 0 份答卷");
  await page.getByRole("link", { name: "清除筛选" }).click();
  await expect(page.getByLabel("日期", { exact: true })).toHaveValue("");
  await page.getByLabel("关键词").fill("王老师");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page.getByTestId("answer-count")).toHaveText("共 1 份答卷");
  await page.getByRole("link", { name: "清除筛选" }).click();
  await expectAccessible(page);

  // One answer in full: the signed-in one lost its hidden field; the visitor's file downloads.
  const mine = page.getByTestId("answers-table").getByRole("row").filter({ hasText: "王老师" });
  await mine.getByRole("link", { name: /查看答卷/ }).click();
  const detail = page.getByTestId("answer-detail");
  await expect(detail).toContainText("高级");
  await expect(detail.locator("div").filter({ hasText: "电脑操作系统" })).toContainText("（未填写）");
  await page.getByRole("link", { name: "返回列表" }).click();
  await page
    .getByTestId("answers-table")
    .getByRole("row")
    .filter({ hasText: "李同学" })
    .getByRole("link", { name: /查看答卷/ })
    .click();
  const file = page.getByTestId("answer-detail").getByRole("link", { name: "下载" });
  const download = await page.request.get((await file.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The Excel export: the form's fields are its columns.
  await page.goto(`/form/answers?id=${id}`);
  const [excel] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
  const sheet = await readXlsx(new Uint8Array(await (await import("node:fs/promises")).readFile(await excel.path())));
  expect(sheet[0]).toEqual(expect.arrayContaining(["编号", "提交时间", "姓名", "相关经验", "希望学习的内容", "个人简历"]));
  expect(sheet).toHaveLength(3);
  const header = sheet[0];
  const byName = (name: string) => sheet.slice(1).find((row) => row.includes(name))!;
  expect(byName("李同学")[header.indexOf("相关经验")]).toBe("入门");
  expect(byName("李同学")[header.indexOf("个人简历")]).toMatch(/^\/files\/u\//);

  // An administrator: an unknown number is refused; an account's number reads the answers.
  const helper = await newVisitor(browser);
  const helperMobile = await registerNew(helper.page, "表单管理员");
  await page.goto(`/form/administrator?id=${id}`);
  await ready(page);
  await page.getByLabel("手机号").fill("13700000000");
  await page.getByRole("button", { name: "添加管理员" }).last().click();
  await expect(page.getByText("该手机号尚未注册账号")).toBeVisible();
  await page.getByLabel("手机号").fill(helperMobile);
  await page.getByRole("button", { name: "添加管理员" }).last().click();
  await expectNotice(page, "已添加管理员");
  await expect(page.getByTestId("admin-list")).toContainText(helperMobile);
  await expectAccessible(page);
  await helper.page.goto(`/form/answers?id=${id}`);
  await expect(helper.page.getByTestId("answer-count")).toHaveText("共 2 份答卷");
  await expect(helper.page.getByRole("button", { name: "删除" })).toHaveCount(0);
  await helper.page.goto(`/form/edit?id=${id}`);
  await expect(helper.page.getByText("您是此表单的管理员")).toBeVisible();
  await helper.page.goto("/form/administrator");
  await expect(helper.page.getByTestId("my-forms")).toContainText(title);
  await helper.close();

  // Found by the public search, open, with a way to answer it.
  await v.goto(`/search/form?keyword=${encodeURIComponent(title)}`);
  const result = v.getByTestId("form-results").getByRole("listitem");
  await expect(result).toHaveCount(1);
  await expect(result.getByTestId("form-state")).toHaveText("进行中");
  await expectAccessible(v);

  // One answer per account: a visitor is asked to sign in (and comes back); the owner already answered.
  await page.goto(`/form/edit?id=${id}`);
  await ready(page);
  await page.locator("#form-settings").getByLabel("每个账号只能填写一次（需登录）").check();
  await page.locator("#form-settings").getByRole("button", { name: "保存设置" }).click();
  await expectNotice(page, "已保存");
  await result.getByRole("link", { name: `填写：${title}` }).click();
  const signIn = v.getByTestId("form-sign-in").getByRole("link", { name: "登录后填写" });
  await expect(signIn).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(`/form/detail?id=${id}`)}`);
  await visitor.close();
  await page.goto(`/form/detail?id=${id}`);
  await expect(page.getByTestId("form-answered")).toBeVisible();

  // The owner removes an answer, after saying yes.
  await page.goto(`/form/answers?id=${id}`);
  await ready(page);
  await page.getByTestId("answers-table").getByRole("row").filter({ hasText: "李同学" }).getByRole("button", { name: "删除" }).click();
  const confirm = hasJs() ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await expect(confirm).toContainText("删除答卷");
  await confirm.getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "答卷已删除");
  await expect(page.getByTestId("answer-count")).toHaveText("共 1 份答卷");
});

test("a conference's organiser lists its forms and creates one for it", async ({ page }) => {
  await signedInAs(page, demoAccounts.organiser.mobile);
  const found = await page.request.get(`/api/conference?keyword=${encodeURIComponent("智能计算与系统国际学术会议")}`, { headers: { "Client-Type": "web" } });
  const conferenceId = ((await found.json()) as { data: { list: Array<{ id: number }> } }).data.list[0].id;
  await page.goto(`/manage/formSign/${conferenceId}`);
  await expect(page.getByRole("navigation", { name: /智能计算与系统国际学术会议/ })).toBeVisible();
  await page.getByRole("link", { name: "为本会议创建表单" }).click();
  await page.waitForURL(/\/form\/edit\?conferenceId=\d+$/);
  const title = `会议志愿者${hasJs() ? "J" : "N"}${Date.now() % 1_000_000}`;
  const create = page.locator("#form-create");
  await ready(page);
  await expect(create.getByLabel("关联会议")).toHaveValue(String(conferenceId));
  await create.getByLabel("标题（中文）").fill(title);
  await create.getByRole("button", { name: "创建表单" }).click();
  await expectNotice(page, "表单已创建");
  await page.goto(`/manage/formSign/${conferenceId}`);
  const row = page.getByTestId("conference-forms").getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("0");
  await expect(row.getByRole("link", { name: `编辑表单：${title}` })).toBeVisible();
  await expectAccessible(page);
});

test("closed and full forms say so; others' answers stay hidden; bad ids are not found", async ({ page }) => {
  await registerNew(page, "路人");
  const menu = await openAvatarMenu(page);
  await menu.getByRole("link", { name: "我的表单" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "我的表单" })).toBeVisible();
  await expect(page.getByText("您还没有创建或管理任何表单。")).toBeVisible();

  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const api = async <T>(method: string, path: string, body?: unknown) => {
    const response = await page.request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}`, "Client-Type": "web" }, data: body });
    expect(response.ok(), `${method} ${path}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  const full = await api<{ id: number }>("POST", "/form", { titleZh: "只收一份", responseLimit: 1, isPublic: true });
  const field = await api<{ key: string }>("POST", `/form/${full.id}`, { type: "text", labelZh: "姓名" });
  await api("POST", "/form/user", { formId: full.id, answers: { [field.key]: "先到" } });
  await page.goto(`/form/detail?id=${full.id}`);
  await expect(page.getByTestId("form-full")).toHaveText("该表单已达到人数上限，不再接受填写。");
  await expect(page.getByTestId("submit-answer")).toHaveCount(0);
  const closed = await api<{ id: number }>("POST", "/form", { titleZh: "已截止", deadline: "2020-01-01T10:00" });
  await page.goto(`/form/detail?id=${closed.id}`);
  await expect(page.getByTestId("form-closed")).toContainText("2020-01-01 10:00");

  expect((await page.goto("/form/answers?id=1"))?.status()).toBe(404);
  expect((await page.goto("/form/edit?id=abc"))?.status()).toBe(404);
  expect((await page.goto("/form/detail?id=99999999"))?.status()).toBe(404);
});

test("a fresh start's form search shows the demo's public forms: the showcase's open volunteer call and a closed sign-up", async ({ page }) => {
  await page.goto(`/search/form?keyword=${encodeURIComponent("志愿者招募")}`);
  const volunteers = page
    .getByTestId("form-results")
    .getByRole("listitem")
    .filter({ hasText: /ICICS \d{4} 志愿者招募/ });
  await expect(volunteers.getByTestId("form-state")).toHaveText("进行中");
  await page.goto(`/search/form?keyword=${encodeURIComponent("青年学者沙龙")}`);
  const salon = page.getByTestId("form-results").getByRole("listitem").filter({ hasText: "青年学者沙龙报名" });
  await expect(salon.getByTestId("form-state")).toHaveText("已截止");
  await page.goto(`/search/form?keyword=${encodeURIComponent("志愿者招募")}`);
  await ready(page);
  await volunteers.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/form\/detail\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ICICS \d{4} 志愿者招募/);
  // One answer per account: a visitor is asked to sign in first, and the form is open.
  await expect(page.getByTestId("form-sign-in").getByRole("link", { name: "登录后填写" })).toBeVisible();
  await expect(page.getByTestId("form-closed")).toHaveCount(0);
});
