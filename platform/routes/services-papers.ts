import { and, count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { z } from "zod";
import { conferenceFileSchema, paperSchema } from "#contract/schemas/services";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { branches, conferenceFiles, papers } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { publishedConference, requireRegistration, uploadNames } from "../services/attendee";
import { requireBranch, requireOwnUploads } from "./guards";

type PaperTable = typeof papers | typeof conferenceFiles;

/**
 * Attendee services, part two (issue 6): papers (`/issue`) and other files per branch (`/file`).
 * Both are for registered attendees, carry a private upload of the caller's own, stay pending
 * until the organiser reviews them, and may be edited (the file replaced) or withdrawn while
 * pending. The caller sees only their own; the organisers reach the files through
 * platform/services/file-access.ts.
 */
export function servicesPaperRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** The same five calls for both kinds: list mine, read one, submit, edit while pending, withdraw while pending. */
  function submissions<S extends typeof paperSchema | typeof conferenceFileSchema>(
    path: string,
    table: PaperTable,
    schema: S,
    values: (input: z.output<S>) => Record<string, unknown>,
  ) {
    const describe = async (rows: Array<typeof table.$inferSelect>) => {
      const files = await uploadNames(
        db,
        rows.map((row) => row.uploadKey),
      );
      const branchRows = rows.some((row) => row.branchId)
        ? await db
            .select({ id: branches.id, nameZh: branches.nameZh, nameEn: branches.nameEn })
            .from(branches)
            .where(eq(branches.conferenceId, rows[0].conferenceId))
        : [];
      return rows.map((row) => ({ ...row, file: files.get(row.uploadKey) ?? null, branch: branchRows.find((b) => b.id === row.branchId) ?? null }));
    };

    const own = async (c: Ctx, pending: boolean) => {
      const account = requireAccount(c);
      const [row] = await db
        .select()
        .from(table)
        .where(eq(table.id, idParam(c.req.param("id"))))
        .limit(1);
      if (!row || row.accountId !== account.id) fail(404, "errors.notFound");
      if (pending && row.state !== "pending") fail(400, "services.errors.notPending");
      return { account, row };
    };

    const checked = async (c: Ctx, accountId: number, input: z.output<S>) => {
      await publishedConference(db, input.conferenceId);
      await requireRegistration(db, input.conferenceId, accountId);
      await requireBranch(c, db, input.conferenceId, input.branchId);
      await requireOwnUploads(c, db, accountId, [input.uploadKey], "uploadKey");
    };

    /** Mine, newest first; `conferenceId` narrows (one conference's rows share their branch names). */
    app.get(path, async (c) => {
      const account = requireAccount(c);
      const { pageSize, offset } = paging(c);
      const conferenceId = c.req.query("conferenceId") ? idParam(c.req.query("conferenceId")) : undefined;
      const where = and(eq(table.accountId, account.id), conferenceId ? eq(table.conferenceId, conferenceId) : undefined);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(table).where(where).orderBy(desc(table.id)).limit(pageSize).offset(offset),
        db.select({ total: count() }).from(table).where(where),
      ]);
      const described = conferenceId ? await describe(rows) : await Promise.all(rows.map(async (row) => (await describe([row]))[0]));
      return page(c, described, total);
    });

    app.get(`${path}/:id{[0-9]+}`, async (c) => {
      const { row } = await own(c, false);
      return ok(c, (await describe([row]))[0]);
    });

    app.post(path, async (c) => {
      const account = requireAccount(c);
      const input = parse(c, schema, await readBody(c)) as z.output<S>;
      await checked(c, account.id, input);
      const now = deps.now();
      const [row] = await db
        .insert(table)
        .values({
          ...values(input),
          conferenceId: input.conferenceId,
          branchId: input.branchId,
          accountId: account.id,
          uploadKey: input.uploadKey,
          state: "pending",
          createdAt: now,
          updatedAt: now,
        } as never)
        .returning();
      return ok(c, row);
    });

    /** Edits a pending one; a new `uploadKey` replaces the file under review. The conference stays. */
    app.put(`${path}/:id{[0-9]+}`, async (c) => {
      const { account, row: current } = await own(c, true);
      const input = parse(c, schema, { ...((await readBody(c)) as object), conferenceId: current.conferenceId }) as z.output<S>;
      await checked(c, account.id, input);
      const [row] = await db
        .update(table)
        .set({ ...values(input), branchId: input.branchId, uploadKey: input.uploadKey, updatedAt: deps.now() })
        .where(and(eq(table.id, current.id), eq(table.state, "pending")))
        .returning();
      if (!row) fail(400, "services.errors.notPending");
      return ok(c, row);
    });

    app.delete(`${path}/:id{[0-9]+}`, async (c) => {
      const { row: current } = await own(c, true);
      const [row] = await db
        .delete(table)
        .where(and(eq(table.id, current.id), eq(table.state, "pending")))
        .returning({ id: table.id });
      if (!row) fail(400, "services.errors.notPending");
      return ok(c, row);
    });
  }

  submissions("/issue", papers, paperSchema, (input) => {
    const paper = input;
    return { title: paper.title, authors: paper.authors, abstract: paper.abstract, keywords: paper.keywords };
  });
  submissions("/file", conferenceFiles, conferenceFileSchema, (input) => ({ name: input.name }));

  return app;
}
