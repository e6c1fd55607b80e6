import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The wall between the halves (issue 15): the app and the bundled platform meet only at the
 * HTTP contract. Both import `contract/`; neither imports the other, and `contract/` imports
 * neither. The one exception is the place that plugs the platform in: the app's platform client
 * starts the platform in process (`#platform/runtime`) when no PLATFORM_API_URL is set.
 */
const ROOT = join(import.meta.dirname, "..");
const HALVES = ["app", "platform", "contract"] as const;
type Half = (typeof HALVES)[number];

/** Where a half may reach: its own files, the contract, and (for the plug) the platform's runtime. */
const MAY_IMPORT: Record<Half, Half[]> = { app: ["app", "contract"], platform: ["platform", "contract"], contract: ["contract"] };
const PLUGS: Array<{ from: string; to: string }> = [{ from: "app/services/platform.server.ts", to: "platform/runtime" }];

/** Imports not yet moved behind the contract; this list only shrinks (it is empty when the wall stands). */
const NOT_YET: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "node_modules" || name === "generated" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module specifier of a file: static imports, re-exports, and dynamic `import("…")`. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern =
    /(?:^|[^\w.])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|(?:^|[^\w.])import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

/** The repository path a specifier names (aliases and relative paths resolved), or null for a package. */
export function resolveSpecifier(file: string, spec: string): string | null {
  if (spec.startsWith("~/")) return normalize(join("app", spec.slice(2)));
  if (spec.startsWith("#platform/")) return normalize(join("platform", spec.slice("#platform/".length)));
  if (spec.startsWith("#contract/")) return normalize(join("contract", spec.slice("#contract/".length)));
  if (spec.startsWith(".")) return relative(ROOT, join(ROOT, dirname(file), spec));
  return null;
}

function halfOf(path: string): Half | null {
  const top = path.split(/[\\/]/)[0];
  return (HALVES as readonly string[]).includes(top) ? (top as Half) : null;
}

function crossings() {
  const out: string[] = [];
  for (const half of HALVES) {
    for (const file of sourceFiles(half)) {
      // Tests may set up both halves (a journey through the app against a real platform).
      if (/\.test\.tsx?$/.test(file)) continue;
      for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8"))) {
        const target = resolveSpecifier(file, spec);
        const to = target && halfOf(target);
        if (!target || !to || MAY_IMPORT[half].includes(to)) continue;
        const plugged = PLUGS.some((plug) => plug.from === file && target.replace(/\.(ts|tsx)$/, "") === plug.to);
        if (!plugged) out.push(`${file} -> ${target.replace(/\.(ts|tsx|json)$/, (ext) => (ext === ".json" ? ext : ""))}`);
      }
    }
  }
  return out.sort();
}

describe("the wall between app and platform", () => {
  it("finds imports in every form they are written", () => {
    const source = [
      'import { a } from "~/x";',
      'import type { B } from "#platform/db/schema";',
      'export { c } from "../contract/y";',
      'const { d } = await import("#platform/runtime");',
      'import "./side-effect";',
      'import {\n  e,\n  f,\n} from "../../platform/z";',
    ].join("\n");
    expect(specifiers(source)).toEqual(["~/x", "#platform/db/schema", "../contract/y", "#platform/runtime", "./side-effect", "../../platform/z"]);
    expect(resolveSpecifier("app/routes/a.tsx", "../../platform/db/schema")).toBe("platform/db/schema");
    expect(halfOf(resolveSpecifier("contract/schemas/a.ts", "../../app/x") ?? "")).toBe("app");
  });

  it("is crossed only where the platform is plugged in", () => {
    expect(crossings()).toEqual(NOT_YET);
  });
});
