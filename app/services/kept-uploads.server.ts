import crypto from "node:crypto";
import * as cookie from "cookie";
import { callPlatform } from "./platform.server";
import { getToken, isSecure } from "./session.server";

/**
 * Files survive a refused submit (decision 017). Every form with an UploadField posts, per field
 * `<name>`: a new file (`<name>File`), the reference of a file kept from an earlier post
 * (`<name>Kept`, signed by the platform), and maybe `<name>Remove=1`. `keepUploads` stores a new
 * file at once, whether or not the rest of the form is valid, checks a posted reference (this
 * person, this form, not expired), and leaves in the form data the key (`<name>`) for the save
 * and the reference (`<name>Kept`) for the re-rendered form, which shows the file as attached.
 */

/** A signed-out browser's id for its kept uploads (a respondent of an open form has no account). */
const SESSION_COOKIE = "keptUploads";

function sessionOf(request: Request) {
  const value = cookie.parse(request.headers.get("cookie") ?? "")[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{22,100}$/.test(value) ? value : null;
}

/**
 * The browser's kept-upload session: the signed-in need none (their account is the binding);
 * a signed-out browser gets a random id in an HttpOnly cookie, set on the answer (`setCookie`).
 */
export function keptSession(request: Request): { id: string | null; setCookie: string | null } {
  const existing = sessionOf(request);
  if (existing || getToken(request)) return { id: existing, setCookie: null };
  const id = crypto.randomBytes(24).toString("base64url");
  const setCookie = cookie.serialize(SESSION_COOKIE, id, { httpOnly: true, sameSite: "lax", secure: isSecure(request), path: "/", maxAge: 2 * 24 * 3600 });
  return { id, setCookie };
}

/** The headers a platform call about kept uploads needs: the signed-out browser's session. */
export function keptHeaders(session: string | null): Record<string, string> {
  return session ? { "X-Kept-Session": session } : {};
}

/** Where each kind of field stores its files: private documents (signed-in), or form answers (signed-out allowed, private too). */
const ENDPOINTS = { document: "/cms/files/documentUpload", answer: "/cms/files/formDocumentUpload" } as const;
export type KeptKind = keyof typeof ENDPOINTS;

/** Stores one file as kept for `scope` (an answer's: bound to the answer page's `submission` key): its key and reference, or the platform's messages. */
export async function keepFile(request: Request, file: File, scope: string, kind: KeptKind, session: string | null, submission?: string) {
  const body = new FormData();
  body.set("file", file);
  return callPlatform<{ key: string; ref: string; name: string; publicUrl: string }>(request, ENDPOINTS[kind], {
    method: "POST",
    body,
    query: kind === "answer" ? { keep: scope, submission: submission ?? "" } : { keep: scope },
    headers: keptHeaders(session),
    redirectOn401: false,
  });
}

const isFile = (value: FormDataEntryValue | null): value is File => value instanceof File && value.size > 0;

export type KeptField = {
  name: string;
  /** Several files (`<name>File` with `multiple`, one `<name>Kept` per kept file): keys go to `keys[name]`. */
  multiple?: boolean;
};

/**
 * Keeps the posted files of `fields` for the form `scope` (see above). Without a new file or a
 * valid reference, a single field keeps what was posted as `<name>` (a file saved before, which
 * the platform checks is the caller's) unless `savedAllowed` is false. Returns the messages per
 * field and the cookie to set (a signed-out browser's first file).
 *
 * @example const kept = await keepUploads(request, formData, "organization", "document", [{ name: "licenceKey" }]);
 */
export async function keepUploads(
  request: Request,
  formData: FormData,
  scope: string,
  kind: KeptKind,
  fields: KeptField[],
  options: { savedAllowed?: boolean; submission?: string } = {},
) {
  const session = keptSession(request);
  const errors: Record<string, string[]> = {};
  const keys: Record<string, string[]> = {};
  let used = false;
  const resolve = async (ref: string) => {
    const result = await callPlatform<{ key: string }>(request, "/cms/files/kept", {
      method: "POST",
      body: { ref, scope },
      headers: keptHeaders(session.id),
      redirectOn401: false,
    });
    return result.ok ? { ok: true as const, key: result.data.key } : { ok: false as const, messages: result.messages };
  };
  for (const { name, multiple } of fields) {
    const files = formData.getAll(`${name}File`).filter(isFile);
    const refs = formData.getAll(`${name}Kept`).filter((v): v is string => typeof v === "string" && v !== "");
    const remove = formData.get(`${name}Remove`) === "1";
    formData.delete(`${name}File`);
    formData.delete(`${name}Remove`);
    formData.delete(`${name}Kept`);
    const kept: Array<{ ref: string; key: string }> = [];
    const fail = (messages: string[]) => (errors[name] ??= []).push(...messages);
    for (const file of multiple ? files : files.slice(0, 1)) {
      used = true;
      const stored = await keepFile(request, file, scope, kind, session.id, options.submission);
      if (stored.ok) kept.push({ ref: stored.data.ref, key: stored.data.key });
      else fail(stored.messages);
    }
    // A new file replaces the kept one; a refused new file leaves the kept one in place.
    const keepOld = multiple || (!kept.length && !remove);
    const earlier: typeof kept = [];
    for (const ref of keepOld ? refs : []) {
      const resolved = await resolve(ref);
      if (resolved.ok) earlier.push({ ref, key: resolved.key });
      else fail(resolved.messages);
    }
    kept.unshift(...earlier);
    for (const { ref } of kept) formData.append(`${name}Kept`, ref);
    keys[name] = kept.map((k) => k.key);
    if (multiple) continue;
    const posted = formData.get(name);
    const saved = options.savedAllowed !== false && !remove && typeof posted === "string" && !refs.length ? posted : "";
    formData.set(name, kept[0]?.key ?? saved);
  }
  return { errors, keys, setCookie: used ? session.setCookie : null };
}

/** `init` for an answer that also sets the kept-upload cookie when one was made. */
export function withKeptCookie(init: ResponseInit, setCookie: string | null): ResponseInit {
  if (!setCookie) return init;
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", setCookie);
  return { ...init, headers };
}
