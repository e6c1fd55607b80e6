import crypto from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { type Ctx, type PlatformDeps, type PlatformEnv, requireAccount } from "../context";
import { inbox, uploads } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { IMAGE_TYPES, sniff } from "../services/sniff";
import { managesUploadConference } from "../services/file-access";

type InboxKind = "notice" | "message";
const kinds: Record<string, InboxKind> = { notices: "notice", messages: "message" };

export function cmsRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  const kindOf = (c: Ctx) => {
    const kind = kinds[c.req.param("kind") ?? ""];
    if (!kind) fail(404, "errors.notFound");
    return kind;
  };

  /** The unread count is the bare number (spec §7: data is a count). */
  app.get("/cms/:kind/unread", async (c) => {
    const account = requireAccount(c);
    const [{ unread }] = await deps.db
      .select({ unread: count() })
      .from(inbox)
      .where(and(eq(inbox.accountId, account.id), eq(inbox.kind, kindOf(c)), isNull(inbox.readAt)));
    return ok(c, unread);
  });

  app.get("/cms/:kind", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const where = and(eq(inbox.accountId, account.id), eq(inbox.kind, kindOf(c)));
    const [list, [{ total }]] = await Promise.all([
      deps.db.select().from(inbox).where(where).orderBy(desc(inbox.createdAt), desc(inbox.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(inbox).where(where),
    ]);
    return page(c, list, total);
  });

  /** Marks one item read (`/cms/notices/12/read`) or all of a kind (`/cms/notices/all/read`). */
  app.put("/cms/:kind/:id/read", async (c) => {
    const account = requireAccount(c);
    const kind = kindOf(c);
    const id = c.req.param("id");
    const mine = and(eq(inbox.accountId, account.id), eq(inbox.kind, kind), isNull(inbox.readAt));
    const rows = await deps.db
      .update(inbox)
      .set({ readAt: deps.now() })
      .where(id === "all" ? mine : and(mine, eq(inbox.id, idParam(id))))
      .returning({ id: inbox.id });
    return ok(c, { updated: rows.length });
  });

  const upload = (allowed: string[], needsAccount: boolean, visibility: "images-public" | "private" = "images-public") => async (c: Ctx) => {
    const account = needsAccount ? requireAccount(c) : c.get("account");
    const declared = Number(c.req.header("content-length") ?? 0);
    // Refuse before reading a body that is plainly too large.
    if (declared > deps.uploadMaxBytes + 64 * 1024) fail(400, "errors.fileTooLarge", { code: 413, params: { mb: Math.round(deps.uploadMaxBytes / 1048576) } });
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      fail(400, "errors.fileMissing");
    }
    const file = form.get("file");
    if (!file || typeof file === "string") fail(400, "errors.fileMissing");
    if (file.size === 0) fail(400, "errors.fileEmpty");
    if (file.size > deps.uploadMaxBytes) fail(400, "errors.fileTooLarge", { code: 413, params: { mb: Math.round(deps.uploadMaxBytes / 1048576) } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniff(bytes);
    if (!type || !allowed.includes(type.mime)) fail(400, "errors.fileType");
    const now = deps.now();
    const key = `u/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
    await deps.storage.put(key, bytes, type.mime);
    await deps.db.insert(uploads).values({
      key,
      ownerAccountId: account?.id ?? null,
      originalName: file.name.slice(0, 200) || `file.${type.ext}`,
      contentType: type.mime,
      size: bytes.length,
      storage: deps.storage.name,
      isPublic: visibility === "images-public" && IMAGE_TYPES.includes(type.mime),
      createdAt: now,
    });
    return ok(c, { publicUrl: `/api/cms/files/${key}`, key, url: `/api/cms/files/${key}`, contentType: type.mime, size: bytes.length });
  };

  app.post("/cms/files/upload", upload(IMAGE_TYPES, true));
  /** Form answers may be given anonymously, and may carry a PDF as well as images. */
  app.post("/cms/files/formUpload", upload([...IMAGE_TYPES, "application/pdf"], false));
  /** Documents only their owner (and who reviews them) may see: licences, proofs. Served as private downloads. */
  app.post("/cms/files/documentUpload", upload([...IMAGE_TYPES, "application/pdf"], true, "private"));

  app.get("/cms/files/:key{.+}", async (c) => {
    const key = c.req.param("key");
    const [meta] = await deps.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
    if (!meta) fail(404, "errors.notFound");
    if (!meta.isPublic) {
      const account = requireAccount(c);
      const allowed = account.id === meta.ownerAccountId || account.isPlatformAdmin || (await managesUploadConference(deps.db, account, key));
      if (!allowed) fail(404, "errors.notFound");
    }
    const object = await deps.storage.get(key);
    if (!object) fail(404, "errors.notFound");
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": meta.contentType,
      "Content-Length": String(object.body.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": meta.isPublic ? "inline" : `attachment; filename="${encodeURIComponent(meta.originalName)}"`,
      "Cache-Control": meta.isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
    });
  });

  return app;
}
