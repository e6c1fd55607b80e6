import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyReader, messageKeys } from "../../tests/key-usage";
import en from "./en/common.json";
import { type Area, AREAS, KEEP_IN_BASE, partMessages, partOf, PARTS } from "./parts";
import zh from "./zh/common.json";

const root = path.resolve(__dirname, "../..");
const keys = [...new Set([...messageKeys(zh), ...messageKeys(en)])];
const keysNamedBy = keyReader(root, Object.keys(zh));
const routesDir = path.join(root, "app/routes");
/** Route modules that render a page (a default export); resource routes send no messages to a browser. */
const pages = fs
  .readdirSync(routesDir)
  .filter((file) => /export default function/.test(fs.readFileSync(path.join(routesDir, file), "utf8")))
  .map((file) => path.join(routesDir, file));

const declaredAreas = (file: string): Area[] => {
  const found = /clientLoader = areaLoader\(\[([^\]]*)\]/.exec(fs.readFileSync(file, "utf8"));
  return found ? [...found[1].matchAll(/"(\w+)"/g)].map((m) => m[1] as Area).sort() : [];
};

const neededAreas = (file: string) => {
  const byArea = new Map<Area, string[]>();
  for (const key of keysNamedBy(file, keys)) {
    const part = partOf(key);
    if (part !== "base") byArea.set(part, [...(byArea.get(part) ?? []), key]);
  }
  return byArea;
};

describe("translation parts", () => {
  it("split every message of both languages into exactly one part, and the split is the whole", () => {
    for (const messages of [zh, en]) {
      const joined = PARTS.flatMap((part) => messageKeys(partMessages(messages, part))).sort();
      expect(joined).toEqual(messageKeys(messages).sort());
    }
    for (const section of Object.values(AREAS).flat()) expect(Object.keys(zh), section).toContain(section);
    for (const prefix of KEEP_IN_BASE)
      expect(
        keys.some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it("keep out of the base part only messages that no page outside their area names", () => {
    // The root renders on every page: what it names must be in the base part.
    expect(Object.fromEntries(neededAreas(path.join(root, "app/root.tsx")))).toEqual({});
  });

  it("are loaded by every page route for the areas its code names, and for no other", () => {
    const wrong: string[] = [];
    for (const file of pages) {
      const needed = neededAreas(file);
      const declared = declaredAreas(file);
      const want = [...needed.keys()].sort();
      if (JSON.stringify(want) !== JSON.stringify(declared)) {
        const examples = [...needed].map(([area, named]) => `${area}: ${named.slice(0, 3).join(", ")}`).join("; ");
        wrong.push(`${path.basename(file)} loads [${declared.join(", ")}], names [${want.join(", ")}] (${examples})`);
      }
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });
});
