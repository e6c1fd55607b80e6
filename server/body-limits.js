// How large a request body may be, for the HTTP server (server.mjs) and the platform's own
// check (platform/app.ts) alike (docs/decisions/016-bad-input.md). Plain JavaScript: the
// production server imports it without a build step.

/** JSON, urlencoded and any other non-multipart body: 1 MB is far above the largest form (a conference's rich text). */
export const FORM_BODY_MAX_BYTES = 1024 * 1024;

/** The upload limit (`UPLOAD_MAX_MB`, 10 by default), in bytes. */
export function uploadMaxBytes(env = process.env) {
  const mb = Number(env.UPLOAD_MAX_MB ?? 10);
  return (Number.isFinite(mb) && mb > 0 ? mb : 10) * 1024 * 1024;
}

/**
 * The largest body a request of this content type may carry: a multipart form holds one
 * upload plus the form's other fields; anything else is a form or JSON body.
 *
 * @param {string | null | undefined} contentType
 * @param {number} uploadBytes
 */
export function bodyLimitFor(contentType, uploadBytes) {
  return /^\s*multipart\//i.test(contentType ?? "") ? uploadBytes + FORM_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES;
}

/** Whole megabytes, for the message that names the limit. */
export const megabytes = (bytes) => Math.round(bytes / (1024 * 1024));
