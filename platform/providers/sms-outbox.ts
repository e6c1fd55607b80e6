import fs from "node:fs/promises";
import path from "node:path";
import { normalizeMobile } from "#contract/schemas/mobile";
import type { SmsProvider } from "./types";

/**
 * The default SMS provider: appends one JSON line per message to an outbox file and logs it,
 * so a developer (or a test) reads the code there instead of on a phone.
 */
export function outboxSms(file: string, log: (line: string) => void = console.log): SmsProvider {
  const append = async (entry: Record<string, unknown>) => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.appendFile(file, JSON.stringify({ ...entry, at: new Date().toISOString() }) + "\n");
  };
  return {
    name: "outbox",
    async sendCode({ mobile, code, purpose }) {
      await append({ mobile, code, purpose });
      log(`[sms outbox] code ${code} for ${mobile} (${purpose})`);
    },
    async sendText({ mobile, text }) {
      await append({ mobile, text, purpose: "notice" });
    },
  };
}

/** Reads the newest code sent to a mobile (in any form it may be typed) from an outbox file (tests and the demo use it). */
export async function lastOutboxCode(file: string, mobile: string): Promise<string | null> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  const stored = normalizeMobile(mobile) ?? mobile;
  const lines = text.trim().split("\n").filter(Boolean).reverse();
  for (const line of lines) {
    const entry = JSON.parse(line) as { mobile: string; code?: string };
    if (entry.mobile === stored && entry.code) return entry.code;
  }
  return null;
}
