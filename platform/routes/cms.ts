import crypto from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { type Ctx, clientAddress, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { formAnswers, forms, inbox, uploads } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { isPublishedMedia, managesUploadConference } from "../services/file-access";
import { checkSubmissionKey, checkUploadQuota, clientTag } from "../services/form-uploads";
import { KEPT_GRACE_MS, KEPT_SCOPE, KEPT_TTL_MS, type KeptRefusal, keptBinding, readKeptRef, signKeptRef } from "../services/kept-uploads";
import { DOCUMENT_TYPES, IMAGE_TYPES, sniff } from "../services/sniff";
import { stateOf } from "./forms";

const keptSchema = z.object({ ref: z.string().min(1).max(2000), scope: z.string().regex(KEPT_SCOPE) });

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

  /** Who is choosing a kept file: the account, or a signed-out browser's session id (`X-Kept-Session`, from the app's cookie). */
  const bindingOf = (c: Ctx) => keptBinding(c.get("account")?.id, c.req.header("x-kept-session"));
  const keptRefused = (reason: KeptRefusal): never => fail(400, reason === "expired" ? "errors.keptUpload.expired" : "errors.keptUpload.invalid");

  /**
   * `?keep=<scope>`: the upload is kept for that form (decision 017): the answer carries a signed
   * reference (`ref`) the form posts back, and the file is deleted a day later unless a saved
   * record points at it.
   */
  const upload =
    (allowed: string[], needsAccount: boolean, visibility: "images-public" | "private" = "images-public", forAnswer = false) =>
    async (c: Ctx) => {
      const account = needsAccount ? requireAccount(c) : c.get("account");
      const scope = c.req.query("keep");
      if (scope !== undefined && !KEPT_SCOPE.test(scope)) fail(400, "errors.keptUpload.invalid");
      const binding = scope === undefined ? null : bindingOf(c);
      // An answer's file: only for an open form, through the key its answer page rendered (decision 032).
      // Kept (deleted in a day unless an answer takes it) even for a client without a binding, which gets no reference.
      const answerOf = forAnswer ? await openAnswerPage(c, scope) : null;
      if (scope !== undefined && !binding && !answerOf) fail(400, "errors.keptUpload.invalid");
      const declared = Number(c.req.header("content-length") ?? 0);
      // Refuse before reading a body that is plainly too large, or one over the quota.
      if (declared > deps.uploadMaxBytes + 64 * 1024)
        fail(400, "errors.fileTooLarge", { code: 413, params: { mb: Math.round(deps.uploadMaxBytes / 1048576) } });
      // Signed in, the account is the client (its SMS sign-in is limited per address already); signed out, the address.
      const client = clientTag(deps.secret, account ? `account:${account.id}` : `address:${clientAddress(c)}`);
      await checkUploadQuota(deps.db, { client, submissionKey: answerOf?.submissionKey, size: Number.isFinite(declared) ? declared : 0, now: deps.now() });
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
      // Said as the list this endpoint takes: images, or images and PDF.
      if (!type || !allowed.includes(type.mime)) fail(400, allowed.includes("application/pdf") ? "errors.documentType" : "errors.fileType");
      const now = deps.now();
      const key = `u/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
      await deps.storage.put(key, bytes, type.mime);
      const name = file.name.slice(0, 200) || `file.${type.ext}`;
      await deps.db.insert(uploads).values({
        key,
        ownerAccountId: account?.id ?? null,
        originalName: name,
        contentType: type.mime,
        size: bytes.length,
        storage: deps.storage.name,
        isPublic: visibility === "images-public" && IMAGE_TYPES.includes(type.mime),
        createdAt: now,
        keptUntil: binding || answerOf ? new Date(now.getTime() + KEPT_TTL_MS + KEPT_GRACE_MS) : null,
        formId: answerOf?.formId ?? null,
        submissionKey: answerOf?.submissionKey ?? null,
        client,
      });
      const ref = scope !== undefined && binding ? signKeptRef(deps.secret, { key, name, scope, binding, now }) : undefined;
      return ok(c, { publicUrl: `/api/cms/files/${key}`, key, url: `/api/cms/files/${key}`, contentType: type.mime, size: bytes.length, name, ref });
    };

  /** The open form and valid submission key an answer's file is sent for; refused otherwise, before the body is read. */
  const openAnswerPage = async (c: Ctx, scope: string | undefined) => {
    const formId = /^form:([1-9][0-9]{0,9})$/.exec(scope ?? "")?.[1];
    if (!formId) fail(400, "errors.formUpload.noForm");
    const [form] = await deps.db
      .select({ id: forms.id, isTemplate: forms.isTemplate, deadline: forms.deadline, responseLimit: forms.responseLimit })
      .from(forms)
      .where(eq(forms.id, Number(formId)))
      .limit(1);
    if (!form || form.isTemplate) fail(400, "errors.formUpload.noForm");
    const now = deps.now();
    const [{ answers }] = await deps.db.select({ answers: count() }).from(formAnswers).where(eq(formAnswers.formId, form.id));
    if (stateOf(form, answers, now) !== "open") fail(400, "errors.formUpload.closed");
    const submissionKey = c.req.query("submission") ?? "";
    const check = checkSubmissionKey(deps.secret, submissionKey, form.id, now);
    if (check !== "ok") fail(400, check === "expired" ? "errors.formUpload.expired" : "errors.formUpload.unknownKey");
    return { formId: form.id, submissionKey };
  };

  /** Sends a stored upload: public images cached for good, private files as no-store downloads. */
  const send = async (c: Ctx, meta: typeof uploads.$inferSelect) => {
    const object = await deps.storage.get(meta.key);
    if (!object) fail(404, "errors.notFound");
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": meta.contentType,
      "Content-Length": String(object.body.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": meta.isPublic ? "inline" : `attachment; filename="${encodeURIComponent(meta.originalName)}"`,
      "Cache-Control": meta.isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
    });
  };

  /** The upload a kept reference names, for the one who chose it; refused when tampered, expired, somebody else's, for another form, or gone. */
  const keptUpload = async (c: Ctx, ref: string, scope?: string) => {
    const read = readKeptRef(deps.secret, ref, { binding: bindingOf(c), scope, now: deps.now() });
    // Opening a file: any refusal is a plain not-found, as for a key.
    if (!read.ok) return scope === undefined ? fail(404, "errors.notFound") : keptRefused(read.reason);
    const [meta] = await deps.db.select().from(uploads).where(eq(uploads.key, read.payload.k)).limit(1);
    if (!meta) return scope === undefined ? fail(404, "errors.notFound") : keptRefused("expired");
    return meta;
  };

  /** Public images (covers, logos, avatars, pictures in pages): an account's, and only images. */
  app.post("/cms/files/upload", upload(IMAGE_TYPES, true));
  /** Documents only their owner (and who reviews them) may see: licences, proofs, invoices, registration answers. Served as private downloads. */
  app.post("/cms/files/documentUpload", upload(DOCUMENT_TYPES, true, "private"));

  /**
   * Form answers' files (signed-out respondents too): private, so only the respondent (through a
   * kept reference) and the form's readers see them. `?keep=form:<id>&submission=<key>`: only for
   * an open form, with the submission key its answer page rendered (decision 032). `formUpload` is
   * the spec's name (§7) for this call; `formDocumentUpload` the one our pages used before.
   */
  const answerUpload = upload(DOCUMENT_TYPES, false, "private", true);
  app.post("/cms/files/formUpload", answerUpload);
  app.post("/cms/files/formDocumentUpload", answerUpload);

  /** Checks a kept reference posted back with a form (`scope` is the form's): its key and name, or a refusal. */
  app.post("/cms/files/kept", async (c) => {
    const input = parse(c, keptSchema, await readBody(c));
    const meta = await keptUpload(c, input.ref, input.scope);
    return ok(c, { key: meta.key, name: meta.originalName, contentType: meta.contentType, size: meta.size, ref: input.ref });
  });

  /** The chooser opens a kept file through its reference: signed-out respondents have no other way to their private upload. */
  app.get("/cms/files/kept/:ref", async (c) => send(c, await keptUpload(c, c.req.param("ref"))));

  app.get("/cms/files/:key{.+}", async (c) => {
    const key = c.req.param("key");
    const [meta] = await deps.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
    if (!meta) fail(404, "errors.notFound");
    const isPublic = meta.isPublic || (await isPublishedMedia(deps.db, key));
    if (!isPublic) {
      // A private file is not found for anyone else, signed in or not: its existence is not told either.
      const account = c.get("account");
      const allowed = account && (account.id === meta.ownerAccountId || account.isPlatformAdmin || (await managesUploadConference(deps.db, account, key)));
      if (!allowed) fail(404, "errors.notFound");
    }
    return send(c, { ...meta, isPublic });
  });

  return app;
}
