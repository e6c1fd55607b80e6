import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_COLUMNS, columnHeading } from "#contract/schemas/references-admin";
import { auditLog, majors, references, subjects } from "../db/schema";
import { KEPT_IMPORT_MS } from "../services/references-admin";
import { type TestPlatform, testPlatform } from "../testing";

type Preview = {
  token: string;
  counts: { new: number; update: number; unchanged: number; error: number };
  problems: Array<{ row: number; status: string; problems: Array<{ column: string | null; key: string; params?: Record<string, unknown> }> }>;
  changes: Array<{ row: number; status: string; cells: Record<string, string> }>;
};
type Fields = { fields: Record<string, { key: string }> };

let p: TestPlatform;
let admin: string;
let someone: string;
let optics: { id: number };
let lasers: { id: number };
let ecology: { id: number };
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966670019"], uploadMaxBytes: 10 * 1024 * 1024 });
  admin = await p.signIn("13966670019", "管理员");
  someone = await p.signIn("13966670011", "访客");
  [optics] = await p.db.insert(majors).values({ nameZh: "光学工程", nameEn: "Optical Engineering" }).returning({ id: majors.id });
  const [biology] = await p.db.insert(majors).values({ nameZh: "生物学", nameEn: "Biology" }).returning({ id: majors.id });
  [lasers] = await p.db.insert(subjects).values({ majorId: optics.id, nameZh: "激光技术", nameEn: "Laser technology" }).returning({ id: subjects.id });
  [ecology] = await p.db.insert(subjects).values({ majorId: biology.id, nameZh: "生态学", nameEn: "Ecology" }).returning({ id: subjects.id });
});
afterAll(() => p.close());

/** A workbook as an administrator would fill it: the headings, then the rows. */
async function workbook(rows: string[][], headings = REFERENCE_COLUMNS.map(columnHeading)) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("参考名录");
  sheet.addRow(headings);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const upload = (bytes: Uint8Array<ArrayBuffer>, name = "refs.xlsx", token = admin) => {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
  return p.call<Preview & Fields>("POST", "/admin/reference/import", { token, form });
};

const search = async (keyword: string) =>
  (await p.call<{ list: Array<{ nameZh: string; majorInfo: { id: number } | null }> }>("GET", `/reference?keyword=${encodeURIComponent(keyword)}`)).data.list;

const exported = async (query = "") =>
  p.app.fetch(
    new Request(`http://platform.test/api/admin/reference/export${query}`, { headers: { Authorization: `Bearer ${admin}`, "Accept-Language": "zh" } }),
  );

describe("references for platform administrators", () => {
  it("refuses everyone else on every call", async () => {
    expect((await p.call("POST", "/admin/reference", { body: { nameZh: "伪造" } })).status).toBe(401);
    expect((await p.call("POST", "/admin/reference", { token: someone, body: { nameZh: "伪造" } })).status).toBe(403);
    expect((await p.call("PUT", "/admin/reference/1", { token: someone, body: { nameZh: "伪造" } })).status).toBe(403);
    expect((await p.call("DELETE", "/admin/reference/1", { token: someone })).status).toBe(403);
    expect((await upload(await workbook([["伪造"]]), "x.xlsx", someone)).status).toBe(403);
    expect((await p.call("POST", "/admin/reference/import/confirm", { token: someone, body: { token: "a".repeat(32) } })).status).toBe(403);
    expect((await p.call("GET", "/admin/reference/export", { token: someone })).status).toBe(403);
  });

  it("adds, edits and deletes one, refusing a missing name and a subject of another major; each audited", async () => {
    const missing = await p.call<Fields>("POST", "/admin/reference", { token: admin, body: { nameZh: " ", cityZh: "北京" } });
    expect(missing.status).toBe(400);
    expect(missing.data.fields.nameZh).toEqual({ key: "admin.references.v.nameZhRequired" });
    const wrong = await p.call<Fields>("POST", "/admin/reference", { token: admin, body: { nameZh: "光电实验室", majorId: optics.id, subjectId: ecology.id } });
    expect(wrong.data.fields.subjectId).toEqual({ key: "admin.references.v.subjectOfOtherMajor" });
    const unknown = await p.call<Fields>("POST", "/admin/reference", { token: admin, body: { nameZh: "光电实验室", majorId: 999999 } });
    expect(unknown.data.fields.majorId.key).toBe("admin.references.v.unknownMajor");
    const long = await p.call<Fields>("POST", "/admin/reference", { token: admin, body: { nameZh: "光电实验室", addressZh: "路".repeat(501) } });
    expect(long.data.fields.addressZh).toEqual({ key: "admin.references.v.addressTooLong" });

    const created = await p.call<{ id: number }>("POST", "/admin/reference", {
      token: admin,
      body: { nameZh: "光电实验室", nameEn: "Photonics Lab", cityZh: "武汉", cityEn: "Wuhan", majorId: optics.id, subjectId: lasers.id },
    });
    expect(created.status).toBe(200);
    expect((await search("激光技术")).map((r) => r.nameZh)).toContain("光电实验室");
    const edited = await p.call("PUT", `/admin/reference/${created.data.id}`, {
      token: admin,
      body: { nameZh: "光电研究中心", cityZh: "武汉", majorId: "", subjectId: "" },
    });
    expect(edited.status).toBe(200);
    expect(await search("激光技术")).toEqual([]);
    expect((await search("光电研究")).map((r) => [r.nameZh, r.majorInfo])).toEqual([["光电研究中心", null]]);
    expect((await p.call("PUT", "/admin/reference/999999", { token: admin, body: { nameZh: "无" } })).status).toBe(404);
    expect((await p.call("DELETE", `/admin/reference/${created.data.id}`, { token: admin })).status).toBe(200);
    expect(await search("光电研究")).toEqual([]);
    const audits = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `reference:${created.data.id}`));
    expect(audits.map((row) => [row.action, row.conferenceId])).toEqual([
      ["reference.create", null],
      ["reference.update", null],
      ["reference.delete", null],
    ]);
  });

  it("imports a workbook: the preview names the bad row, the confirmation writes the good rows once, with one audit row", async () => {
    await p.db.insert(references).values({ nameZh: "国家图书馆", cityZh: "北京", ...p.stamp() });
    const bytes = await workbook([
      ["量子光学中心", "Quantum Optics Centre", "合肥", "Hefei", "", "", "光学工程", "激光技术"],
      ["国家图书馆", "National Library", "北京", "Beijing", "中关村南大街 33 号", "", "", ""],
      ["湿地研究站", "", "", "", "", "", "Optical Engineering", "生态学"],
      ["=1+1", "", "", "", "", "", "", ""],
      ["", "Nameless", "", "", "", "", "", ""],
    ]);
    const preview = await upload(bytes);
    expect(preview.status).toBe(200);
    expect(preview.data.counts).toEqual({ new: 2, update: 1, unchanged: 0, error: 2 });
    expect(preview.data.problems.map((row) => [row.row, row.problems.map((problem) => [problem.column, problem.key])])).toEqual([
      [4, [["subject", "admin.references.v.subjectNotOfMajor"]]],
      [6, [["nameZh", "admin.references.v.nameZhRequired"]]],
    ]);
    // A cell that looks like a formula is text, stored as typed.
    expect(preview.data.changes.map((row) => [row.row, row.status, row.cells.nameZh])).toEqual([
      [2, "new", "量子光学中心"],
      [3, "update", "国家图书馆"],
      [5, "new", "=1+1"],
    ]);
    expect(await search("量子光学")).toEqual([]);

    const before = await p.db.select().from(auditLog).where(eq(auditLog.action, "reference.import"));
    const confirmed = await p.call<Preview["counts"]>("POST", "/admin/reference/import/confirm", { token: admin, body: { token: preview.data.token } });
    expect(confirmed.data).toEqual({ new: 2, update: 1, unchanged: 0, error: 2 });
    expect((await search("激光")).map((r) => r.nameZh)).toContain("量子光学中心");
    expect((await search("hefei")).map((r) => r.nameZh)).toEqual(["量子光学中心"]);
    expect((await search("national library")).map((r) => r.nameZh)).toEqual(["国家图书馆"]);
    expect(await search("湿地")).toEqual([]);
    const after = await p.db.select().from(auditLog).where(eq(auditLog.action, "reference.import"));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)?.detail).toMatchObject({ new: 2, update: 1, error: 2 });
    // The kept upload is gone: a second confirmation writes nothing.
    const again = await p.call<Fields>("POST", "/admin/reference/import/confirm", { token: admin, body: { token: preview.data.token } });
    expect(again.status).toBe(400);
    expect(again.data.fields.token).toEqual({ key: "admin.references.v.expired" });
  });

  it("refuses an expired preview, another administrator's token and a forged one", async () => {
    const preview = await upload(await workbook([["过期的条目", "", "南京"]]));
    p.advance(KEPT_IMPORT_MS + 1000);
    const late = await p.call<Fields>("POST", "/admin/reference/import/confirm", { token: admin, body: { token: preview.data.token } });
    expect(late.data.fields.token).toEqual({ key: "admin.references.v.expired" });
    const forged = await p.call<Fields>("POST", "/admin/reference/import/confirm", { token: admin, body: { token: "../../etc/passwd" } });
    expect(forged.status).toBe(400);
    expect(await search("过期的条目")).toEqual([]);
  });

  it("refuses what is not a workbook, one too large, one without the headings, and a zip bomb", async () => {
    const text = await upload(new TextEncoder().encode("中文名称,城市\n图书馆,北京\n"), "refs.xlsx");
    expect(text.status).toBe(400);
    expect(text.data.fields.file).toEqual({ key: "admin.references.v.notXlsx" });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(await workbook([["大文件"]]));
    expect((await upload(big)).data.fields.file).toEqual({ key: "admin.references.v.fileTooLarge", params: { mb: 2 } });
    expect((await upload(await workbook([["图书馆"]], ["Library"]))).data.fields.file.key).toBe("admin.references.v.noHeading");
    // 30 MB of one repeated character inflates far past the cap from a file of a few dozen KB.
    const bomb = new ExcelJS.Workbook();
    bomb.addWorksheet("x").addRow([columnHeading(REFERENCE_COLUMNS[0])]);
    bomb.worksheets[0].addRow(["炸".repeat(1000)]);
    const zipped = new Uint8Array(await bomb.xlsx.writeBuffer());
    const { default: JSZip } = await import("jszip");
    const zip = await JSZip.loadAsync(zipped);
    zip.file("xl/padding.xml", "a".repeat(30 * 1024 * 1024));
    const bytes = new Uint8Array(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(bytes)).data.fields.file).toEqual({ key: "admin.references.v.unzippedTooLarge" });
  });

  it("exports in the import's columns, and an export imported back changes nothing", async () => {
    const response = await exported(`?majorId=${optics.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const preview = await upload(bytes);
    expect(preview.status).toBe(200);
    expect(preview.data.counts).toEqual({ new: 0, update: 0, unchanged: 1, error: 0 });
    const all = await upload(new Uint8Array(await (await exported()).arrayBuffer()));
    expect(all.data.counts.unchanged).toBeGreaterThanOrEqual(2);
    expect(all.data.counts).toMatchObject({ new: 0, update: 0, error: 0 });
  });
});
