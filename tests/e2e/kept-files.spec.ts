/**
 * A refused submit keeps the files (decision 017): the file chosen with a form that is refused
 * for another field is shown as attached (its name, a link that opens it), can be replaced or
 * removed, and the next submit saves it byte for byte — with JavaScript on and off.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { cookieValue, expect, expectNotice, hasJs, HYDRATION_HOOK, ready, registerNew, test, TOKEN_COOKIE } from "./support";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const LICENCE = fixture("licence.png");
const OTHER = fixture("other.png");
const ANSWER = fixture("answer.pdf");
const bytes = (file: string) => fs.readFileSync(file);

/** Another person: a browser context of their own, nobody signed in. */
async function stranger(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: hasJs() });
  const page = await context.newPage();
  await page.addInitScript(HYDRATION_HOOK);
  return { page, close: () => context.close() };
}

/** The kept file of the field `name`: shown as attached with its file name; its link's bytes. */
async function expectKept(page: Page, name: string, fileName: string) {
  const kept = page.getByTestId(`${name}-kept`);
  await expect(kept).toBeVisible();
  const link = kept.getByRole("link", { name: fileName });
  await expect(link).toBeVisible();
  return (await link.getAttribute("href"))!;
}

/** Removes a kept file: a checkbox that acts on the next submit without JavaScript, a button with. */
async function removeKept(page: Page, name: string) {
  const control = page.getByTestId(`${name}-remove`);
  if (hasJs()) await control.click();
  else await control.check();
}

async function api<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown) {
  const token = await cookieValue(page, TOKEN_COOKIE);
  const response = await page.request.fetch(`/api${path}`, { method, headers: { "Client-Type": "web", Authorization: `Bearer ${token}` }, data });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test("the organization application keeps its licence through refusals, replaced and removed, and saves it", async ({ page, browser }) => {
  await registerNew(page, "执照申请人");
  await page.goto("/organization");
  await ready(page);
  await page.getByLabel("机构类型").selectOption("university");
  await page.getByLabel("地址").fill("上海市徐汇区某路 1 号");
  await page.getByLabel("联系人及电话").fill("李老师 021-12345678");
  await page.getByLabel("营业执照或单位证明").setInputFiles(LICENCE);
  // The name is missing: refused, and the licence stays attached.
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("请输入机构名称")).toBeVisible();
  const href = await expectKept(page, "licenceKey", "licence.png");
  expect(href).toMatch(/^\/files\/kept\//);
  const opened = await page.request.get(href);
  expect(opened.status()).toBe(200);
  expect(Buffer.from(await opened.body())).toEqual(bytes(LICENCE));
  // Nobody else opens it, not with the link.
  const other = await stranger(browser);
  expect((await other.page.request.get(href)).status()).toBe(404);
  await other.close();
  await expect(page.getByLabel("地址")).toHaveValue("上海市徐汇区某路 1 号");

  // Replaced by another file, still refused: the new one is attached.
  await page.getByLabel("营业执照或单位证明").setInputFiles(OTHER);
  if (hasJs()) await expectKept(page, "licenceKey", "other.png");
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("请输入机构名称")).toBeVisible();
  await expectKept(page, "licenceKey", "other.png");

  // Removed: the licence is asked for again.
  await removeKept(page, "licenceKey");
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("请上传营业执照或单位证明")).toBeVisible();
  await expect(page.getByTestId("licenceKey-kept")).toHaveCount(0);

  // The licence again, with the name missing; then the name alone completes the application.
  await page.getByLabel("营业执照或单位证明").setInputFiles(LICENCE);
  if (hasJs()) await expectKept(page, "licenceKey", "licence.png");
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("请输入机构名称")).toBeVisible();
  await expectKept(page, "licenceKey", "licence.png");
  const name = `保留大学${Date.now() % 100000}`;
  await page.getByLabel("机构名称").fill(name);
  await page.getByRole("button", { name: "提交认证" }).click();
  await expectNotice(page, "认证申请已提交，请等待审核");

  const application = await api<{ name: string; licenceKey: string }>(page, "GET", "/organization");
  expect(application.name).toBe(name);
  const saved = await page.request.get(`/files/${application.licenceKey}`);
  expect(saved.status()).toBe(200);
  expect(Buffer.from(await saved.body())).toEqual(bytes(LICENCE));
});

test("a signed-out respondent's file is kept through a refusal, only they can open it, and the answer saves it", async ({ page, browser }) => {
  await registerNew(page, "表单主人");
  const form = await api<{ id: number }>(page, "POST", "/form", { titleZh: `附件表单${Date.now() % 100000}` });
  await api(page, "POST", `/form/${form.id}`, { type: "text", labelZh: "姓名", required: true });
  await api(page, "POST", `/form/${form.id}`, { type: "file", labelZh: "附件", required: true });

  const visitor = await stranger(browser);
  const v = visitor.page;
  await v.goto(`/form/detail?id=${form.id}`);
  await ready(v);
  const attachment = v.locator("[data-field]").filter({ hasText: "附件" });
  const fileInput = attachment.locator('input[type="file"]');
  const fieldName = (await attachment.locator('input[type="hidden"]').last().getAttribute("name"))!;
  // The page carries the platform's key for this answer (decision 032); the files are bound to it.
  const submissionKey = v.locator('input[name="submissionKey"]');
  const pageKey = (await submissionKey.getAttribute("value"))!;
  expect(pageKey).toMatch(/^[0-9a-f]{16}-[0-9a-z]+-[0-9a-f]{24}$/);
  await fileInput.setInputFiles(ANSWER);
  await v.getByTestId("submit-answer").click();
  await expect(v.locator("[data-field]").filter({ hasText: "姓名" }).getByRole("alert")).toBeVisible();
  const href = await expectKept(v, fieldName, "answer.pdf");
  // A refused answer keeps its key, or its kept files would no longer count.
  await expect(submissionKey).toHaveAttribute("value", pageKey);

  // The same browser, uploading without the page (no key, or a made-up one), is refused with a message.
  const file = { name: "host.pdf", mimeType: "application/pdf", buffer: bytes(ANSWER) };
  const bare = await v.request.post(`/form/upload?keep=form:${form.id}`, { multipart: { file } });
  expect(bare.status()).toBe(400);
  expect(((await bare.json()) as { message: string }).message).toBe("该上传不属于本站的表单页面，请重新打开表单并在表单中选择文件。");
  const noForm = await v.request.post("/form/upload", { multipart: { file } });
  expect(((await noForm.json()) as { message: string }).message).toBe("只有在填写开放中的表单时才能上传文件。");
  const direct = await v.request.post("/api/cms/files/formDocumentUpload", { headers: { "Client-Type": "web" }, multipart: { file } });
  expect(direct.status()).toBe(400);

  // The respondent opens their kept file without signing in; another person can't.
  const opened = await v.request.get(href);
  expect(opened.status()).toBe(200);
  expect(Buffer.from(await opened.body())).toEqual(bytes(ANSWER));
  const other = await stranger(browser);
  expect((await other.page.request.get(href)).status()).toBe(404);
  await other.close();
  // Not even the form's owner through that link: it names the respondent's pending upload only.
  expect((await page.request.get(href)).status()).toBe(404);

  // Replaced, then removed, then chosen again.
  await fileInput.setInputFiles(OTHER);
  if (hasJs()) await expectKept(v, fieldName, "other.png");
  await v.getByTestId("submit-answer").click();
  await expectKept(v, fieldName, "other.png");
  await removeKept(v, fieldName);
  await v.getByTestId("submit-answer").click();
  await expect(attachment.getByRole("alert")).toBeVisible();
  await expect(v.getByTestId(`${fieldName}-kept`)).toHaveCount(0);
  await fileInput.setInputFiles(ANSWER);
  await v.getByTestId("submit-answer").click();
  await expectKept(v, fieldName, "answer.pdf");

  await v.locator("[data-field]").filter({ hasText: "姓名" }).getByRole("textbox").fill("王同学");
  await v.getByTestId("submit-answer").click();
  await expect(v.getByTestId("form-done")).toBeVisible();
  await visitor.close();

  // The owner reads the answer; its file is the respondent's, byte for byte.
  const answers = await api<{ rows: Array<{ answers: Record<string, string> }> }>(page, "GET", `/form/user?formId=${form.id}`);
  expect(answers.rows).toHaveLength(1);
  const key = answers.rows[0].answers[fieldName.slice("answers.".length)];
  const saved = await page.request.get(`/files/${key}`);
  expect(saved.status()).toBe(200);
  expect(Buffer.from(await saved.body())).toEqual(bytes(ANSWER));
});
