import crypto from "node:crypto";

/**
 * Helpers the adapters share: money as gateways write it, China time, RSA keys in the forms
 * merchants are given them.
 */

/** 8888 fen → "88.88" (yuan, or dollars: two decimals). */
export function fenToDecimal(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}

/** "88.88" / "88.8" / "88" → 8888 fen; null for anything else (no rounding, no exponent, no sign). */
export function decimalToFen(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Date and time in China (UTC+8), as gateways there expect them. */
export function chinaTime(date: Date) {
  const local = new Date(date.getTime() + 8 * 3600_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const y = pad(local.getUTCFullYear(), 4);
  const mo = pad(local.getUTCMonth() + 1);
  const d = pad(local.getUTCDate());
  const h = pad(local.getUTCHours());
  const mi = pad(local.getUTCMinutes());
  const s = pad(local.getUTCSeconds());
  return { compact: `${y}${mo}${d}${h}${mi}${s}`, readable: `${y}-${mo}-${d} ${h}:${mi}:${s}` };
}

/** Removes blank lines and surrounding spaces; turns literal `\n` (as env files often hold them) into newlines. */
const unescape = (text: string) => text.replace(/\\n/g, "\n").trim();

/**
 * A private key from PEM (PKCS#8 or PKCS#1), or from the bare base64 body gateways' tools
 * print (tried as PKCS#8, then PKCS#1).
 */
export function privateKey(text: string): crypto.KeyObject {
  const value = unescape(text);
  if (value.includes("-----BEGIN")) return crypto.createPrivateKey(value);
  const body = value.replace(/\s+/g, "");
  const der = Buffer.from(body, "base64");
  try {
    return crypto.createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  } catch {
    return crypto.createPrivateKey({ key: der, format: "der", type: "pkcs1" });
  }
}

/** A public key from PEM, an X.509 certificate in PEM, or a bare base64 SubjectPublicKeyInfo. */
export function publicKey(text: string): crypto.KeyObject {
  const value = unescape(text);
  if (value.includes("BEGIN CERTIFICATE")) return new crypto.X509Certificate(value).publicKey;
  if (value.includes("-----BEGIN")) return crypto.createPublicKey(value);
  return crypto.createPublicKey({ key: Buffer.from(value.replace(/\s+/g, ""), "base64"), format: "der", type: "spki" });
}

export function rsaSha256Sign(content: string, key: crypto.KeyObject): string {
  return crypto.sign("sha256", Buffer.from(content, "utf8"), key).toString("base64");
}

export function rsaSha256Verify(content: string, signature: string, key: crypto.KeyObject): boolean {
  if (!signature) return false;
  try {
    return crypto.verify("sha256", Buffer.from(content, "utf8"), key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Joins the public origin and a path. */
export function absolute(origin: string, path: string) {
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}
