import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploads } from "../db/schema";
import { UPLOAD_QUOTA } from "../services/form-uploads";
import { cleanupKeptUploads } from "../services/kept-uploads";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13 item 9 as a stranger would try it (decision 032): anonymous uploads only with an
 * answer to an open form, through its answer page's key, within quotas, gone a day later unless
 * an answer took them.
 */

let p: TestPlatform;
let owner: string;
beforeAll(async () => {
  p = await testPlatform({ uploadMaxBytes: 64 * 1024 });
});
// The tests move the clock by days: sign in again each time (a new code is sent a minute after the last).
beforeEach(async () => {
  p.advance(2 * 60_000);
  owner = await p.signIn("13955550001", "表单主人");
});
afterAll(() => p.close());

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Calls the platform signed out, from client address `from`. */
async function anonymous(method: string, url: string, init: { form?: FormData; body?: unknown; from?: string; lang?: "zh" | "en" } = {}) {
  const headers = new Headers({ "Client-Type": "web", "Accept-Language": init.lang ?? "en", "X-Forwarded-For": init.from ?? "203.0.113.7" });
  let body: BodyInit | undefined = init.form;
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.body);
  }
  const response = await p.app.fetch(new Request(`http://platform.test/api${url}`, { method, headers, body }));
  return { status: response.status, ...((await response.json()) as { message: string; data: { key: string; submissionKey: string; id: number } }) };
}

const file = (bytes: Uint8Array = PDF) => {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "answer.pdf", { type: "application/pdf" }));
  return form;
};

async function openForm(settings: Record<string, unknown> = {}) {
  const created = await p.call<{ id: number }>("POST", "/form", { token: owner, body: { titleZh: "报名", titleEn: "Sign-up", isPublic: true, ...settings } });
  expect(created.status, created.message).toBe(201);
  const field = await p.call<{ key: string }>("POST", `/form/${created.data.id}`, { token: owner, body: { type: "file", labelZh: "材料", required: false } });
  return { id: created.data.id, field: field.data.key };
}

const pageKey = async (formId: number) => (await anonymous("GET", `/form/${formId}`)).data.submissionKey;
const send = (formId: number | string, key: string, init: { from?: string; bytes?: Uint8Array; lang?: "zh" | "en" } = {}) =>
  anonymous("POST", `/cms/files/formDocumentUpload?keep=form:${formId}&submission=${key}`, { form: file(init.bytes), from: init.from, lang: init.lang });

describe("anonymous uploads", () => {
  it("are refused without a form, without a key, with a forged or another form's key, or one past its day", async () => {
    const form = await openForm();
    const other = await openForm();
    const bare = await anonymous("POST", "/cms/files/formDocumentUpload", { form: file() });
    expect(bare.status).toBe(400);
    expect(bare.message).toBe("Files can only be uploaded with an answer to an open form.");
    expect((await anonymous("POST", "/cms/files/formDocumentUpload", { form: file(), lang: "zh" })).message).toBe("只有在填写开放中的表单时才能上传文件。");
    expect((await anonymous("POST", `/cms/files/formDocumentUpload?keep=form:${form.id}`, { form: file() })).message).toBe(
      "This upload does not belong to a form page of this site. Please open the form again and choose your file there.",
    );
    const key = await pageKey(form.id);
    expect(key).toMatch(/^[0-9a-f]{16}-[0-9a-z]+-[0-9a-f]{24}$/);
    const forged = key.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    expect((await send(form.id, forged)).status).toBe(400);
    expect((await send(other.id, key)).status).toBe(400);
    expect((await send(form.id, key)).status).toBe(200);
    p.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await send(form.id, key, { lang: "zh" });
    expect(late.status).toBe(400);
    expect(late.message).toBe("该表单页面已打开超过一天，请刷新页面后重新选择文件。");
    // formUpload, the spec's name, which took images from anyone, is the same bound call now.
    const spec = await anonymous("POST", "/cms/files/formUpload", { form: file(), lang: "zh" });
    expect(spec.status).toBe(400);
    expect(spec.message).toBe("只有在填写开放中的表单时才能上传文件。");
  });

  it("are refused for a closed form, a full one, a template and a form that doesn't exist", async () => {
    const closing = await openForm({ deadline: "2026-12-01T18:00" });
    const key = await pageKey(closing.id);
    expect((await send(closing.id, key)).status).toBe(200);
    p.advance(30 * 24 * 60 * 60 * 1000);
    const closed = await send(closing.id, key, { lang: "zh" });
    expect(closed.status).toBe(400);
    expect(closed.message).toBe("该表单已停止收集，不能再上传文件。");
    expect((await anonymous("GET", `/form/${closing.id}`)).data.submissionKey).toBeNull();

    const small = await openForm({ responseLimit: "1" });
    const first = await pageKey(small.id);
    expect((await anonymous("POST", "/form/user", { body: { formId: small.id, answers: {}, submissionKey: first } })).status).toBe(201);
    expect((await send(small.id, first)).message).toBe("This form is no longer accepting answers, so files cannot be uploaded to it.");

    const template = await openForm();
    const keyOfTemplate = await pageKey(template.id);
    await p.call("PATCH", `/form/${template.id}`, { token: owner, body: { isTemplate: true } });
    expect((await send(template.id, keyOfTemplate)).status).toBe(400);
    expect((await send(987654, keyOfTemplate)).status).toBe(400);
  });

  it("stop at the quota per answer page and per client, with a message, and start again an hour later", async () => {
    const form = await openForm();
    const key = await pageKey(form.id);
    for (let i = 0; i < UPLOAD_QUOTA.perSubmission.count; i++) expect((await send(form.id, key, { from: "198.51.100.1" })).status).toBe(200);
    const overKey = await send(form.id, key, { from: "198.51.100.1", lang: "zh" });
    expect(overKey.status).toBe(429);
    expect(overKey.message).toBe(
      `这份答卷的文件已经过多（最多 ${UPLOAD_QUOTA.perSubmission.count} 个文件或 ${UPLOAD_QUOTA.perSubmission.bytes / 1048576} MB），请删除部分文件，或刷新页面重新填写。`,
    );

    // One client with fresh keys each time: stopped at its hourly count; another client is not.
    let sent = UPLOAD_QUOTA.perSubmission.count;
    while (sent < UPLOAD_QUOTA.perClient.count) {
      const fresh = await pageKey(form.id);
      for (let i = 0; i < UPLOAD_QUOTA.perSubmission.count && sent < UPLOAD_QUOTA.perClient.count; i++, sent++)
        expect((await send(form.id, fresh, { from: "198.51.100.1" })).status).toBe(200);
    }
    const overClient = await send(form.id, await pageKey(form.id), { from: "198.51.100.1" });
    expect(overClient.status).toBe(429);
    expect(overClient.message).toBe(
      `Too many files were uploaded from your network in the last hour (at most ${UPLOAD_QUOTA.perClient.count} files or ${UPLOAD_QUOTA.perClient.bytes / 1048576} MB an hour). Please try again in an hour.`,
    );
    expect((await send(form.id, await pageKey(form.id), { from: "198.51.100.2" })).status).toBe(200);
    p.advance(UPLOAD_QUOTA.windowMs + 1000);
    expect((await send(form.id, await pageKey(form.id), { from: "198.51.100.1" })).status).toBe(200);
  });

  it("go a day later unless an answer took them: the row and the file on disk", async () => {
    const form = await openForm();
    const key = await pageKey(form.id);
    const orphan = await send(form.id, key, { from: "192.0.2.10" });
    const saved = await send(form.id, key, { from: "192.0.2.10" });
    const answered = await anonymous("POST", "/form/user", { body: { formId: form.id, answers: { [form.field]: saved.data.key }, submissionKey: key } });
    expect(answered.status).toBe(201);
    const onDisk = (k: string) => fs.existsSync(path.join(p.dir, "uploads", k));
    expect(onDisk(orphan.data.key)).toBe(true);

    p.advance(23 * 60 * 60 * 1000);
    await cleanupKeptUploads(p.deps);
    expect(onDisk(orphan.data.key)).toBe(true);

    p.advance(3 * 60 * 60 * 1000);
    await cleanupKeptUploads(p.deps);
    expect(onDisk(orphan.data.key)).toBe(false);
    expect(await p.db.select().from(uploads).where(eq(uploads.key, orphan.data.key))).toEqual([]);
    expect(onDisk(saved.data.key)).toBe(true);
    const [kept] = await p.db.select().from(uploads).where(eq(uploads.key, saved.data.key));
    expect(kept.keptUntil).toBeNull();
    expect(kept.formId).toBe(form.id);
  });
});

describe("signed-in uploads", () => {
  it("count per account, wherever they come from", async () => {
    const form = new FormData();
    form.set("file", new File([PDF], "a.pdf"));
    const sendAs = (token: string, from: string) =>
      p.app.fetch(
        new Request("http://platform.test/api/cms/files/documentUpload", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": from },
          body: form,
        }),
      );
    for (let i = 0; i < UPLOAD_QUOTA.perClient.count; i++) expect((await sendAs(owner, `198.18.0.${i % 3}`)).status).toBe(200);
    expect((await sendAs(owner, "198.18.1.1")).status).toBe(429);
    // Another account on the same address is not held back by the first.
    const other = await p.signIn("13955550002", "同网用户");
    expect((await sendAs(other, "198.18.0.1")).status).toBe(200);
  });
});
