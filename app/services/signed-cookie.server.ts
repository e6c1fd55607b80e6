import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of the cookies the sites of the configured domain share (decision 042):
 * `NAME=VALUE.SIGNATURE`, where SIGNATURE is the unpadded base64url HMAC-SHA256 of `NAME=VALUE`
 * under the session secret. The name is signed too, so a value signed for one cookie is no good
 * in another. VALUE itself never holds a dot (a token is base64url, the language 0 or 1).
 *
 * @example signCookieValue("isEnglish", "1", secret) // "1.Xk3…" (43 characters after the dot)
 */
export function signCookieValue(name: string, value: string, secret: string) {
  return `${value}.${mac(name, value, secret)}`;
}

/**
 * The value of a signed cookie when any of `secrets` signed it (rotation: the newest signs, the
 * older ones still verify), else null: an unsigned, tampered or foreign value counts as absent.
 */
export function unsignCookieValue(name: string, raw: string | undefined, secrets: readonly string[]): string | null {
  if (!raw) return null;
  // A page request reads the same cookies many times (each platform call, each loader): each
  // pair is checked once. The answer depends only on the pair and the secrets, which key the cache.
  let checked = verified.get(secrets);
  if (!checked) verified.set(secrets, (checked = new Map()));
  const key = `${name}=${raw}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const value = verify(name, raw, secrets);
  if (checked.size >= VERIFIED_ENTRIES) checked.delete(checked.keys().next().value!);
  checked.set(key, value);
  return value;
}

/** Cookie pairs whose check is kept (per list of secrets); the oldest goes first. */
const VERIFIED_ENTRIES = 1_000;
const verified = new WeakMap<readonly string[], Map<string, string | null>>();

function verify(name: string, raw: string, secrets: readonly string[]): string | null {
  const dot = raw.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(mac(name, value, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
  }
  return null;
}

function mac(name: string, value: string, secret: string) {
  return createHmac("sha256", secret).update(`${name}=${value}`).digest("base64url");
}
