import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messageEntries } from "../../tests/key-usage";
import en from "./en/common.json";

/** Chinese characters and full-width (CJK) punctuation, as tests/e2e/layout.ts finds them on a page. */
const CJK = /[\u2e80-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
/** Full-width punctuation alone (code may hold Chinese words in data or comments, never these marks between words). */
const FULL_WIDTH_PUNCTUATION = /[\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/;

/**
 * English strings that must stay Chinese: the language switch offers Chinese in Chinese (and its
 * markup says lang="zh-CN", app/components/Header.tsx).
 */
const MUST_BE_CHINESE = new Set(["header.language"]);

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" || entry.name === "content" || entry.name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("English strings", () => {
  it("hold no Chinese and no full-width punctuation (but the few that must be Chinese)", () => {
    const found = messageEntries(en).filter(([key, text]) => CJK.test(text) && !MUST_BE_CHINESE.has(key));
    expect(found).toEqual([]);
  });

  it("the allow-list names only strings that exist and are Chinese", () => {
    const all = new Map(messageEntries(en));
    for (const key of MUST_BE_CHINESE) expect(CJK.test(all.get(key) ?? ""), key).toBe(true);
  });

  it("code adds no full-width punctuation between words: it comes from utils/punctuation.ts, by language", () => {
    const found: string[] = [];
    for (const file of sources(appDir)) {
      if (file.endsWith(path.join("utils", "punctuation.ts"))) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, "").replace(/^\s*(\*|\/\*).*$/, "");
          if (FULL_WIDTH_PUNCTUATION.test(code)) found.push(`${path.relative(appDir, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
