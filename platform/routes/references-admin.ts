import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { REFERENCE_COLUMNS, type ReferenceInput, columnHeading, importConfirmSchema, referenceSchema } from "#contract/schemas/references-admin";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { majors, references, subjects } from "../db/schema";
import { fail, idParam, ok, refuseField, say } from "../http";
import {
  type PlannedRow,
  applyImport,
  createReference,
  deleteReference,
  keepImport,
  keptImport,
  planImport,
  readReferenceSheet,
  updateReference,
} from "../services/references-admin";
import { xlsxResponse, xlsxStream } from "../services/xlsx";
import { keywordMatch } from "./directory";
import { requirePlatformAdmin } from "./guards";

/** How many rows of each kind a preview lists (the counts cover them all): the refused ones first. */
const PREVIEW_PROBLEMS = 300;
const PREVIEW_CHANGES = 200;

/**
 * The platform administrators' references (issue 17): add, edit and delete one; import many from
 * an Excel workbook in two steps, a preview then a confirmation (decision 067); export them in the
 * import's columns. Listing and searching is the directory's own `GET /reference`.
 */
export function referenceAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** The input with its major and subject checked: both exist, and the subject is one of the major's. */
  async function resolved(input: ReferenceInput) {
    if (input.majorId !== null) {
      const [major] = await db.select({ id: majors.id }).from(majors).where(eq(majors.id, input.majorId));
      if (!major) refuseField("majorId", "admin.references.v.unknownMajor", { name: String(input.majorId) });
    }
    if (input.subjectId !== null) {
      const [subject] = await db.select({ majorId: subjects.majorId }).from(subjects).where(eq(subjects.id, input.subjectId));
      if (!subject) refuseField("subjectId", "admin.references.v.unknownSubject", { name: String(input.subjectId) });
      if (input.majorId === null) refuseField("subjectId", "admin.references.v.subjectNeedsMajor");
      if (subject.majorId !== input.majorId) refuseField("subjectId", "admin.references.v.subjectOfOtherMajor");
    }
    return input;
  }

  const exists = async (id: number) => (await db.select({ id: references.id }).from(references).where(eq(references.id, id))).length > 0;

  app.post("/admin/reference", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = await resolved(parse(c, referenceSchema, await readBody(c)));
    return ok(c, await createReference(db, admin, deps.now(), input));
  });

  app.put("/admin/reference/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, referenceSchema, await readBody(c));
    if (!(await exists(id))) fail(404, "errors.notFound");
    return ok(c, await updateReference(db, admin, deps.now(), id, await resolved(input)));
  });

  app.delete("/admin/reference/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    if (!(await exists(id))) fail(404, "errors.notFound");
    return ok(c, await deleteReference(db, admin, deps.now(), id));
  });

  /**
   * Step 1 of an import: the workbook (multipart field `file`) is read, checked and planned, and
   * its rows kept for the confirmation; the answer is the preview: counts, the refused rows with
   * their problems and the changes, and the token that confirms.
   */
  app.post("/admin/reference/import", async (c) => {
    const admin = requirePlatformAdmin(c);
    const body = (await readBody(c)) as Record<string, unknown>;
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) refuseField("file", "admin.references.v.fileRequired");
    const read = await readReferenceSheet(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) refuseField("file", read.refusal.key, read.refusal.params);
    const plan = await planImport(db, read.rows);
    const token = await keepImport(deps.storage, admin, deps.now(), read.rows);
    const shown = (row: PlannedRow) => ({ row: row.row, status: row.status, cells: row.cells, problems: row.problems });
    const problems = plan.rows.filter((row) => row.status === "error");
    const changes = plan.rows.filter((row) => row.status === "new" || row.status === "update");
    return ok(c, {
      token,
      counts: plan.counts,
      problems: problems.slice(0, PREVIEW_PROBLEMS).map(shown),
      changes: changes.slice(0, PREVIEW_CHANGES).map(shown),
    });
  });

  /** Step 2: applies the kept rows of the preview the token names (skipping the refused ones). */
  app.post("/admin/reference/import/confirm", async (c) => {
    const admin = requirePlatformAdmin(c);
    const { token } = parse(c, importConfirmSchema, await readBody(c));
    const rows = await keptImport(deps.storage, admin, deps.now(), token);
    if (!rows) refuseField("token", "admin.references.v.expired");
    return ok(c, await applyImport(deps, admin, deps.now(), rows));
  });

  /** The references (the keyword and major filters apply) as a workbook in the import's columns, so an export imports back unchanged. */
  app.get("/admin/reference/export", async (c) => {
    requirePlatformAdmin(c);
    const q = c.req.query();
    const where: SQL[] = [];
    const keyword = keywordMatch(references.searchText, q.keyword);
    if (keyword) where.push(keyword);
    if (q.majorId) where.push(eq(references.majorId, idParam(q.majorId)));
    async function* rows() {
      let after = 0;
      for (;;) {
        const batch = await db
          .select({ id: references.id, reference: references, major: majors.nameZh, subject: subjects.nameZh })
          .from(references)
          .leftJoin(majors, eq(majors.id, references.majorId))
          .leftJoin(subjects, eq(subjects.id, references.subjectId))
          .where(and(...where, gt(references.id, after)))
          .orderBy(asc(references.id))
          .limit(500);
        for (const { reference: r, major, subject } of batch)
          yield [r.nameZh, r.nameEn, r.cityZh, r.cityEn, r.addressZh, r.addressEn, major ?? "", subject ?? ""];
        if (batch.length < 500) return;
        after = batch[batch.length - 1].id;
      }
    }
    const columns = REFERENCE_COLUMNS.map((column) => ({ header: columnHeading(column), width: column.field.startsWith("address") ? 40 : 24 }));
    const sheetName = say(c, { key: "admin.references.exportSheet" });
    return xlsxResponse(`${sheetName}.xlsx`, xlsxStream({ sheetName, columns, rows: rows() }));
  });

  return app;
}
