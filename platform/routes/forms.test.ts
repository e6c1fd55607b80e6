import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, formAnswers, forms } from "../db/schema";
import { demoAccounts, seedDemo } from "../db/seed";
import { readXlsx } from "../services/xlsx";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let owner: string;
let helper: string;
let stranger: string;
let organiser: string;
let helperMobile: string;

type FormRow = {
  id: number;
  fields: Array<{ key: string; type: string; showWhen: { field: string; value: string } | null }>;
  state: string;
  role: string | null;
  answered: boolean;
};
type Answers = { rows: Array<{ id: number; answers: Record<string, unknown> }>; count: number };

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function newForm(settings: Record<string, unknown> = {}, token = owner) {
  const created = await p.call<{ id: number }>("POST", "/form", { token, body: { titleZh: "测试表单", titleEn: "Test form", isPublic: true, ...settings } });
  expect(created.status, created.message).toBe(201);
  return created.data.id;
}

async function addField(id: number, field: Record<string, unknown>, token = owner) {
  const added = await p.call<{ key: string }>("POST", `/form/${id}`, { token, body: { required: false, ...field } });
  expect(added.status, added.message).toBe(201);
  return added.data.key;
}

const answer = (formId: number, answers: Record<string, unknown>, token?: string) =>
  p.call<{ id: number }>("POST", "/form/user", { token, body: { formId, answers } });

beforeAll(async () => {
  p = await testPlatform();
  await seedDemo(p.db, { now: new Date("2026-11-21T08:00:00Z"), conferences: 2 });
  owner = await p.signIn("13900001001", "表单主人");
  helperMobile = "13900001002";
  helper = await p.signIn(helperMobile, "表单管理员");
  stranger = await p.signIn("13900001003", "路人");
  organiser = await p.signIn(demoAccounts.organiser.mobile);
});
afterAll(() => p.close());

describe("building a form", () => {
  it("adds fields with made keys, checks conditions, and keeps the settings", async () => {
    const id = await newForm({ deadline: "2027-01-01T18:00", responseLimit: "5", onePerAccount: "on" });
    const role = await addField(id, { type: "radio", labelZh: "角色", options: "student|学生|Student\nstaff|教职工|Staff", required: true });
    expect(role).toMatch(/^f\d+$/);
    const bad = await p.call<unknown>("POST", `/form/${id}`, {
      token: owner,
      body: { type: "text", labelZh: "学号", showWhenField: role, showWhenValue: "nobody" },
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { fields: Record<string, string> }).fields.showWhenValue).toBeTruthy();
    const missing = await p.call<unknown>("POST", `/form/${id}`, { token: owner, body: { type: "radio", labelZh: "" } });
    expect(Object.keys((missing.data as { fields: Record<string, string> }).fields).sort()).toEqual(["labelZh", "options"]);
    await addField(id, { type: "text", labelZh: "学号", showWhenField: role, showWhenValue: "student" });
    const form = await p.call<FormRow & { deadline: string; responseLimit: number; onePerAccount: boolean }>("GET", `/form/${id}`, { token: owner });
    expect(form.data.fields.map((f) => f.type)).toEqual(["radio", "text"]);
    expect(form.data.fields[1].showWhen).toEqual({ field: role, value: "student" });
    expect(form.data.deadline).toBe("2027-01-01T10:00:00.000Z");
    expect(form.data.responseLimit).toBe(5);
    expect(form.data.role).toBe("owner");
    const audits = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `form:${id}`));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["form.create", "form.field"]));
  });

  it("patches only what is sent, and reorders the whole field list", async () => {
    const id = await newForm({ descriptionZh: "说明" });
    const a = await addField(id, { type: "text", labelZh: "甲" });
    const b = await addField(id, { type: "text", labelZh: "乙" });
    const patched = await p.call("PATCH", `/form/${id}`, { token: owner, body: { isPublic: false } });
    expect(patched.status).toBe(200);
    const [row] = await p.db.select().from(forms).where(eq(forms.id, id));
    expect(row.descriptionZh).toBe("说明");
    expect(row.isPublic).toBe(false);
    const swapped = [row.fields[1], row.fields[0]].map((f) => ({ ...f, showWhenField: "", showWhenValue: "" }));
    expect((await p.call("PATCH", `/form/${id}`, { token: owner, body: { fields: swapped } })).status).toBe(200);
    const [after] = await p.db.select().from(forms).where(eq(forms.id, id));
    expect(after.fields.map((f) => f.key)).toEqual([b, a]);
    const clash = await p.call("PATCH", `/form/${id}`, { token: owner, body: { fields: [swapped[0], swapped[0]] } });
    expect(clash.status).toBe(400);
  });

  it("refuses to attach a form to a conference the account does not manage", async () => {
    const refused = await p.call<{ fields: Record<string, string> }>("POST", "/form", { token: owner, body: { titleZh: "会议表单", conferenceId: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.data.fields.conferenceId).toBeTruthy();
    const attached = await newForm({ conferenceId: 1 }, organiser);
    const list = await p.call<{ list: Array<{ id: number; answers: number; role: string }> }>("GET", "/form?conferenceId=1", { token: organiser });
    expect(list.data.list.find((f) => f.id === attached)).toMatchObject({ answers: 0, role: "owner" });
    expect((await p.call("GET", "/form?conferenceId=1", { token: stranger })).status).toBe(404);
  });
});

describe("permissions", () => {
  it("lets only the owner edit, administrators read answers, and hides the form's answers from everyone else", async () => {
    const id = await newForm();
    const key = await addField(id, { type: "text", labelZh: "姓名" });
    expect((await answer(id, { [key]: "张三" })).status).toBe(201);

    const noAccount = await p.call<{ fields: Record<string, string> }>("POST", `/form/admin/${id}`, { token: owner, body: { mobile: "13900009999" } });
    expect(noAccount.status).toBe(400);
    expect(noAccount.data.fields.mobile).toEqual({ key: "forms.errors.noSuchAccount" });
    expect((await p.call("POST", `/form/admin/${id}`, { token: owner, body: { mobile: helperMobile } })).status).toBe(201);
    expect((await p.call("POST", `/form/admin/${id}`, { token: stranger, body: { mobile: "13900001003" } })).status).toBe(404);

    const read = await p.call<Answers>("GET", `/form/user?formId=${id}`, { token: helper });
    expect(read.status).toBe(200);
    expect(read.data.count).toBe(1);
    expect(read.data.rows[0].answers[key]).toBe("张三");
    expect((await p.call("GET", `/form/user/${read.data.rows[0].id}`, { token: helper })).status).toBe(200);
    const admins = await p.call<{ list: Array<{ mobile: string }> }>("GET", `/form/admin/${id}`, { token: helper });
    expect(admins.data.list.map((a) => a.mobile)).toEqual([helperMobile]);

    // An administrator reads, but does not edit, delete answers or manage administrators.
    expect((await p.call("PATCH", `/form/${id}`, { token: helper, body: { titleZh: "改" } })).status).toBe(403);
    expect((await p.call("POST", `/form/${id}`, { token: helper, body: { type: "text", labelZh: "x" } })).status).toBe(403);
    expect((await p.call("DELETE", `/form/user/${read.data.rows[0].id}`, { token: helper })).status).toBe(403);
    expect((await p.call("DELETE", `/form/admin/${id}?accountId=1`, { token: helper })).status).toBe(403);

    // Everyone else: not found, and nothing changed.
    for (const [method, path] of [
      ["GET", `/form/user?formId=${id}`],
      ["GET", `/form/user/${read.data.rows[0].id}`],
      ["GET", `/form/user/export?formId=${id}`],
      ["GET", `/form/admin/${id}`],
      ["PATCH", `/form/${id}`],
      ["DELETE", `/form/user/${read.data.rows[0].id}`],
    ]) {
      expect((await p.call(method, path, { token: stranger, body: method === "PATCH" ? { titleZh: "改" } : undefined })).status, `${method} ${path}`).toBe(404);
    }
    const [row] = await p.db.select().from(forms).where(eq(forms.id, id));
    expect(row.titleZh).toBe("测试表单");
    expect((await p.call("GET", `/form/user?formId=${id}`)).status).toBe(401);

    // The owner deletes an answer; removing the administrator takes their reading away.
    expect((await p.call("DELETE", `/form/user/${read.data.rows[0].id}`, { token: owner })).status).toBe(200);
    const helperId = (await p.call<{ list: Array<{ accountId: number }> }>("GET", `/form/admin/${id}`, { token: owner })).data.list[0].accountId;
    expect((await p.call("DELETE", `/form/admin/${id}?accountId=${helperId}`, { token: owner })).status).toBe(200);
    expect((await p.call("GET", `/form/user?formId=${id}`, { token: helper })).status).toBe(404);
  });

  it("lists the forms one owns or administers", async () => {
    const id = await newForm({ titleZh: "我管理的表单" }, stranger);
    await p.call("POST", `/form/admin/${id}`, { token: stranger, body: { mobile: helperMobile } });
    const mine = await p.call<{ list: Array<{ id: number; role: string }> }>("GET", "/form", { token: helper });
    expect(mine.data.list.find((f) => f.id === id)?.role).toBe("admin");
  });
});

describe("answering", () => {
  it("never goes past the response limit under concurrent answers", async () => {
    const id = await newForm({ responseLimit: 3 });
    const key = await addField(id, { type: "text", labelZh: "姓名", required: true });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => answer(id, { [key]: `人${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 400 && r.message.includes("已满"))).toBe(true);
    expect(await p.db.$count(formAnswers, eq(formAnswers.formId, id))).toBe(3);
    expect((await p.call<FormRow>("GET", `/form/${id}`)).data.state).toBe("full");
  });

  it("stores an answer once when the same page is submitted twice, even on a full form", async () => {
    const id = await newForm({ responseLimit: 1 });
    const key = await addField(id, { type: "text", labelZh: "姓名", required: true });
    const body = { formId: id, answers: { [key]: "张三" }, submissionKey: "3f1c2a9e-double-click" };
    const [first, second] = await Promise.all([p.call<{ id: number }>("POST", "/form/user", { body }), p.call<{ id: number }>("POST", "/form/user", { body })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.data.id).toBe(first.data.id);
    // The form is full now, yet a resubmit of the stored answer is still answered as stored.
    expect((await p.call<{ id: number }>("POST", "/form/user", { body })).data.id).toBe(first.data.id);
    expect((await p.call("POST", "/form/user", { body: { ...body, submissionKey: "another-page-load" } })).status).toBe(400);
    expect(await p.db.$count(formAnswers, eq(formAnswers.formId, id))).toBe(1);
  });

  it("takes one answer per account when the form says so, and asks visitors to sign in", async () => {
    const id = await newForm({ onePerAccount: true });
    const key = await addField(id, { type: "text", labelZh: "意见" });
    const anonymous = await answer(id, { [key]: "匿名" });
    expect(anonymous.status).toBe(400);
    expect(anonymous.message).toContain("登录");
    expect((await answer(id, { [key]: "第一次" }, stranger)).status).toBe(201);
    const again = await answer(id, { [key]: "第二次" }, stranger);
    expect(again.status).toBe(400);
    expect(again.message).toContain("已提交");
    expect((await p.call<FormRow>("GET", `/form/${id}`, { token: stranger })).data.answered).toBe(true);
    expect((await answer(id, { [key]: "别人" }, helper)).status).toBe(201);
  });

  it("closes at the deadline", async () => {
    const id = await newForm({ deadline: "2026-11-21T09:00:00Z" });
    const key = await addField(id, { type: "text", labelZh: "姓名" });
    expect((await answer(id, { [key]: "早到" })).status).toBe(201);
    p.advance(2 * 3600_000);
    const late = await answer(id, { [key]: "迟到" });
    expect(late.status).toBe(400);
    expect(late.message).toContain("截止");
    expect((await p.call<FormRow>("GET", `/form/${id}`)).data.state).toBe("closed");
  });

  it("clears answers of fields whose condition does not hold and requires shown ones", async () => {
    const id = await newForm();
    const role = await addField(id, { type: "radio", labelZh: "身份", options: "student|学生\nstaff|教职工", required: true });
    const number = await addField(id, { type: "text", labelZh: "学号", required: true, showWhenField: role, showWhenValue: "student" });
    const missing = await answer(id, { [role]: "student" });
    expect(missing.status).toBe(400);
    expect((missing.data as unknown as { fields: Record<string, string> }).fields[`answers.${number}`]).toBeTruthy();
    const saved = await answer(id, { [role]: "staff", [number]: "2024001" });
    expect(saved.status).toBe(201);
    const [row] = await p.db.select().from(formAnswers).where(eq(formAnswers.id, saved.data.id));
    expect(row.answers).toEqual({ [role]: "staff" });
  });

  it("checks every type of answer", async () => {
    const id = await newForm();
    const keys = {
      email: await addField(id, { type: "email", labelZh: "邮箱" }),
      phone: await addField(id, { type: "phone", labelZh: "电话" }),
      number: await addField(id, { type: "number", labelZh: "人数" }),
      date: await addField(id, { type: "date", labelZh: "日期" }),
      choice: await addField(id, { type: "radio", labelZh: "选择", options: "a\nb" }),
      many: await addField(id, { type: "checkbox", labelZh: "多选", options: "x\ny" }),
    };
    const wrong = await answer(id, {
      [keys.email]: "nope",
      [keys.phone]: "12345",
      [keys.number]: "two",
      [keys.date]: "2026-02-30",
      [keys.choice]: "c",
      [keys.many]: ["x", "z"],
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.data as unknown as { fields: Record<string, string> }).fields)).toHaveLength(6);
    const right = await answer(id, {
      [keys.email]: "a@b.cn",
      [keys.phone]: "+44 20 7946 0958",
      [keys.number]: "3",
      [keys.date]: "2026-02-28",
      [keys.choice]: "a",
      [keys.many]: ["x", "y"],
    });
    expect(right.status).toBe(201);
    expect((await answer(id, { [keys.phone]: "138 0000 0000" })).status).toBe(201);
  });

  it("takes files uploaded through this answer page's key, by the respondent or signed out, and lets the form's readers download private ones", async () => {
    const id = await newForm();
    const key = await addField(id, { type: "file", labelZh: "材料" });
    const page = async (token?: string) => (await p.call<{ submissionKey: string }>("GET", `/form/${id}`, { token })).data.submissionKey;
    const upload = async (token: string | undefined, submission: string) => {
      const body = new FormData();
      body.set("file", new File([PDF], "cv.pdf", { type: "application/pdf" }));
      const res = await p.call<{ key: string }>("POST", `/cms/files/formDocumentUpload?keep=form:${id}&submission=${submission}`, { token, form: body });
      expect(res.status, res.message).toBe(200);
      return res.data.key;
    };
    const withKey = (submissionKey: string, answers: Record<string, unknown>, token?: string) =>
      p.call("POST", "/form/user", { token, body: { formId: id, answers, submissionKey } });
    const strangersKey = await page(stranger);
    const strangers = await upload(stranger, strangersKey);
    // Somebody else's file, even with their page's key, is not this respondent's.
    expect((await withKey(strangersKey, { [key]: strangers })).status).toBe(400);
    const mine = await page();
    const anonymousKey = await upload(undefined, mine);
    // Another page's key, or none: refused.
    expect((await withKey(await page(), { [key]: anonymousKey })).status).toBe(400);
    expect((await answer(id, { [key]: anonymousKey })).status).toBe(400);
    expect((await withKey(mine, { [key]: anonymousKey })).status).toBe(201);
    await p.call("POST", `/form/admin/${id}`, { token: owner, body: { mobile: helperMobile } });
    const fetchAs = (token: string) =>
      p.app.fetch(new Request(`http://platform.test/api/cms/files/${anonymousKey}`, { headers: { Authorization: `Bearer ${token}` } }));
    expect((await fetchAs(owner)).status).toBe(200);
    expect((await fetchAs(helper)).status).toBe(200);
    expect((await fetchAs(stranger)).status).toBe(404);
  });
});

describe("reading answers", () => {
  it("filters by date only with a format, on the submission or a date field", async () => {
    const id = await newForm();
    const day = await addField(id, { type: "date", labelZh: "到达日期" });
    const name = await addField(id, { type: "text", labelZh: "姓名" });
    await answer(id, { [day]: "2026-12-03", [name]: "王五" });
    await answer(id, { [day]: "2027-01-09", [name]: "赵六" });
    const noFormat = await p.call<{ fields: Record<string, string> }>("GET", `/form/user?formId=${id}&date=2026-12`, { token: owner });
    expect(noFormat.status).toBe(400);
    expect(noFormat.message).toBe("请选择日期格式");
    expect(noFormat.data.fields.format).toEqual({ key: "forms.errors.dateFormatRequired" });
    const english = await p.call("GET", `/form/user?formId=${id}&date=2026-12`, { token: owner, lang: "en" });
    expect(english.message).toBe("Please choose a date format");
    const byField = await p.call<Answers>("GET", `/form/user?formId=${id}&dateField=${day}&format=YYYY-MM&date=2026-12`, { token: owner });
    expect(byField.data.rows.map((r) => r.answers[name])).toEqual(["王五"]);
    const byYear = await p.call<Answers>("GET", `/form/user?formId=${id}&dateField=${day}&format=YYYY&date=2027`, { token: owner });
    expect(byYear.data.count).toBe(1);
    // Submitted at 2026-11-21 16:xx China time (the test clock).
    const submitted = await p.call<Answers>("GET", `/form/user?formId=${id}&format=YYYY-MM-DD&date=2026-11-21`, { token: owner });
    expect(submitted.data.count).toBe(2);
    const otherDay = await p.call<Answers>("GET", `/form/user?formId=${id}&format=YYYY-MM-DD&date=2026-11-20`, { token: owner });
    expect(otherDay.data.count).toBe(0);
    const mismatch = await p.call("GET", `/form/user?formId=${id}&format=YYYY&date=2026-12`, { token: owner });
    expect(mismatch.status).toBe(400);
    const keyword = await p.call<Answers>("GET", `/form/user?formId=${id}&keyword=${encodeURIComponent("赵")}`, { token: owner });
    expect(keyword.data.count).toBe(1);
  });

  it("exports a readable workbook with the form's fields as columns", async () => {
    const id = await newForm();
    const role = await addField(id, { type: "radio", labelZh: "身份", options: "student|学生|Student\nstaff|教职工|Staff" });
    const count = await addField(id, { type: "number", labelZh: "人数" });
    for (let i = 0; i < 3; i++) await answer(id, { [role]: i % 2 ? "staff" : "student", [count]: String(i + 1) });
    const response = await p.app.fetch(
      new Request(`http://platform.test/api/form/user/export?formId=${id}`, { headers: { Authorization: `Bearer ${owner}`, "Accept-Language": "zh" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const sheet = await readXlsx(new Uint8Array(await response.arrayBuffer()));
    expect(sheet[0].slice(-2)).toEqual(["身份", "人数"]);
    expect(sheet).toHaveLength(4);
    expect(sheet.slice(1).map((row) => row.slice(-2))).toEqual([
      ["学生", "1"],
      ["教职工", "2"],
      ["学生", "3"],
    ]);
  });
});

describe("templates and the public list", () => {
  it("pages templates 20 at a time from page 1 and copies one into a new form", async () => {
    const seeded = await p.call<{ list: Array<{ id: number; titleZh: string }>; total: number }>("GET", "/form?template=1", { token: stranger });
    expect(seeded.data.list.map((t) => t.titleZh)).toEqual(expect.arrayContaining(["志愿者报名", "会议满意度调查", "工作坊报名"]));
    for (let i = 0; i < 25; i++) await newForm({ titleZh: `模板${i}`, isTemplate: true }, stranger);
    const first = await p.call<{ list: unknown[]; total: number }>("GET", "/form?template=1", { token: stranger });
    expect(first.data.list).toHaveLength(20);
    expect(first.data.total).toBe(28);
    const second = await p.call<{ list: unknown[] }>("GET", "/form?template=1&page=2&pageSize=20", { token: stranger });
    expect(second.data.list).toHaveLength(8);
    // Someone else's templates are theirs; the platform's are everyone's.
    expect((await p.call<{ total: number }>("GET", "/form?template=1", { token: helper })).data.total).toBe(3);
    const search = await p.call<{ list: Array<{ titleZh: string }> }>("GET", `/form?template=1&keyword=${encodeURIComponent("志愿")}`, { token: helper });
    expect(search.data.list.map((t) => t.titleZh)).toEqual(["志愿者报名"]);

    const volunteer = seeded.data.list.find((t) => t.titleZh === "志愿者报名")!;
    const copy = await p.call<{ id: number; titleZh: string; fields: unknown[]; isTemplate: boolean }>("POST", `/form?template=${volunteer.id}`, {
      token: helper,
      body: {},
    });
    expect(copy.status).toBe(201);
    expect(copy.data.titleZh).toBe("志愿者报名");
    expect(copy.data.isTemplate).toBe(false);
    expect(copy.data.fields.length).toBeGreaterThan(5);
    expect((await p.call("POST", `/form?template=${copy.data.id}`, { token: stranger, body: {} })).status).toBe(404);
    // The template takes no answers.
    expect((await answer(volunteer.id, {})).status).toBe(404);
  });

  it("saves a form of one's own as a template, which takes no answers", async () => {
    const id = await newForm({ titleZh: "我的问卷" }, helper);
    await addField(id, { type: "text", labelZh: "意见" }, helper);
    const saved = await p.call<{ id: number; isTemplate: boolean; fields: unknown[] }>("POST", `/form?template=${id}`, {
      token: helper,
      body: { titleZh: "我的问卷模板", isTemplate: true },
    });
    expect(saved.status).toBe(201);
    expect(saved.data).toMatchObject({ isTemplate: true });
    expect(saved.data.fields).toHaveLength(1);
    const mine = await p.call<{ list: Array<{ id: number; mine: boolean }> }>("GET", `/form?template=1&keyword=${encodeURIComponent("我的问卷")}`, {
      token: helper,
    });
    expect(mine.data.list).toEqual([expect.objectContaining({ id: saved.data.id, mine: true })]);
    expect((await answer(saved.data.id, {})).status).toBe(404);
  });

  it("lists public forms by keyword with their state, never templates or private ones", async () => {
    // The demo set's own public forms hold no "助教".
    const open = await newForm({ titleZh: "助教招募表", isPublic: true });
    await newForm({ titleZh: "助教内部表", isPublic: false });
    const found = await p.call<{ list: Array<{ id: number; state: string; titleZh: string }> }>("GET", `/form?public=1&keyword=${encodeURIComponent("助教")}`);
    expect(found.status).toBe(200);
    expect(found.data.list.map((f) => f.titleZh)).toEqual(["助教招募表"]);
    expect(found.data.list[0]).toMatchObject({ id: open, state: "open" });
  });
});
