import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { institutions } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let applicant: string;
let admin: string;
let licenceKey: string;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966660009"] });
  applicant = await p.signIn("13966660001", "申请人");
  admin = await p.signIn("13966660009", "管理员");
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n%EOF\n")], "licence.pdf", { type: "application/pdf" }));
  licenceKey = (await p.call<{ key: string }>("POST", "/cms/files/documentUpload", { token: applicant, form })).data.key;
});
afterAll(() => p.close());

const application = () => ({ name: "东方大学", type: "university", address: "上海市某路 1 号", contact: "李老师 021-12345678", licenceKey });

describe("organization certification", () => {
  it("keeps the licence private to its owner and the administrators", async () => {
    const get = (token?: string) =>
      p.app.fetch(new Request(`http://platform.test/api/cms/files/${licenceKey}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
    expect((await get()).status).toBe(404);
    expect((await get(applicant)).status).toBe(200);
    expect((await get(admin)).status).toBe(200);
    const other = await p.signIn("13966660002");
    expect((await get(other)).status).toBe(404);
  });

  it("says what is missing, per field, in the caller's language", async () => {
    const res = await p.call("POST", "/organization", { token: applicant, body: { type: "nope" }, lang: "en" });
    expect(res.status).toBe(400);
    const fields = (res.data as { fields: Record<string, string> }).fields;
    expect(fields.name).toEqual({ key: "organization.errors.nameRequired" });
    expect(fields.type).toEqual({ key: "organization.errors.typeRequired" });
    expect(fields.licenceKey).toEqual({ key: "organization.errors.licenceRequired" });
  });

  it("refuses someone else's upload as the licence", async () => {
    const other = await p.signIn("13966660003");
    const res = await p.call("POST", "/organization", { token: other, body: application() });
    expect(res.status).toBe(400);
    expect(res.message).toBe("请上传营业执照或单位证明");
  });

  it("applies, is rejected with a reason, applies again, is approved and becomes certified", async () => {
    expect((await p.call("GET", "/organization", { token: applicant })).data).toBeNull();
    const first = await p.call<{ id: number; state: string }>("POST", "/organization", { token: applicant, body: application() });
    expect(first.data.state).toBe("pending");
    expect((await p.call("POST", "/organization", { token: applicant, body: application() })).message).toBe("您已有一份认证申请正在审核中");

    expect((await p.call("PATCH", `/organization/${first.data.id}`, { token: applicant, body: { state: "approved" } })).status).toBe(403);
    const noReason = await p.call("PATCH", `/organization/${first.data.id}`, { token: admin, body: { state: "rejected" } });
    expect(noReason.message).toBe("驳回时请填写原因");
    const queue = await p.call<{ list: Array<{ id: number; applicant: { mobile: string } }>; total: number }>("GET", "/organization/review?state=pending", {
      token: admin,
    });
    expect(queue.data.list.map((o) => o.applicant.mobile)).toContain("13966660001");
    await p.call("PATCH", `/organization/${first.data.id}`, { token: admin, body: { state: "rejected", reason: "证明文件不清晰" } });
    const mine = await p.call<{ state: string; reason: string }>("GET", "/organization", { token: applicant });
    expect(mine.data).toMatchObject({ state: "rejected", reason: "证明文件不清晰" });
    expect((await p.call<{ has: boolean }>("GET", "/account/certification", { token: applicant })).data.has).toBe(false);

    const second = await p.call<{ id: number }>("POST", "/organization", { token: applicant, body: application() });
    expect(second.status).toBe(200);
    await p.call("PATCH", `/organization/${second.data.id}`, { token: admin, body: { state: "approved" } });
    expect((await p.call<{ has: boolean }>("GET", "/account/certification", { token: applicant })).data.has).toBe(true);
    expect((await p.call("PATCH", `/organization/${second.data.id}`, { token: admin, body: { state: "rejected", reason: "x" } })).message).toBe(
      "该申请已审核过",
    );
    const listed = await p.db.select().from(institutions).where(eq(institutions.organizationId, second.data.id));
    expect(listed[0]).toMatchObject({ nameZh: "东方大学", certified: true });
    expect((await p.call("POST", "/organization", { token: applicant, body: application() })).message).toBe("您的机构已通过认证");
  });

  it("only administrators see the queue", async () => {
    expect((await p.call("GET", "/organization/review", { token: applicant })).status).toBe(403);
  });
});
