/**
 * Builds the static CSS once from the design system (STACK-NOTES pitfall 3): theme tokens,
 * preflight and global styles, then the shared markup's `.ui-*` classes from
 * app/styles/ui.styles.ts. Pages link the file with immutable caching; no style work is
 * left for each request.
 */
import fs from "node:fs";
import path from "node:path";
import type { SystemStyleObject } from "@chakra-ui/react";
import { serializeStyles } from "@emotion/serialize";
import { compile, serialize, stringify } from "stylis";
import { system } from "../app/styles/system";

export function toCss(styles: object, selector?: string) {
  const body = serializeStyles([styles as never]).styles;
  const source = selector ? `${selector}{${body}}` : body;
  // No vendor prefixer: every browser we serve supports the unprefixed properties.
  return serialize(compile(source), stringify);
}

/**
 * Every `app/styles/*.styles.ts` module contributes its exported `ui` classes, so each area of
 * the product keeps its own style file. A class defined twice is an error.
 */
export async function loadClasses(dir = path.resolve("app/styles")) {
  const all: Record<string, SystemStyleObject> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".styles.ts"))
    .sort()) {
    const { ui } = (await import(path.join(dir, file))) as { ui: Record<string, SystemStyleObject> };
    for (const [name, style] of Object.entries(ui)) {
      if (name in all) throw new Error(`.ui-${name} is defined twice (again in ${file})`);
      all[name] = style;
    }
  }
  return all;
}

export function buildCss(ui: Record<string, SystemStyleObject>) {
  // The system wraps each part in its own cascade layer already.
  const layered = ["@layer reset, base, tokens, recipes;", toCss(system.getPreflightCss()), toCss(system.getGlobalCss()), toCss(system.getTokenCss())];
  // Unlayered, so the classes win over the layered reset and base styles.
  const classes = Object.entries(ui).map(([name, style]) => toCss(system.css(style), `.ui-${name}`));
  return [...layered, ...classes].join("\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve("app/styles/generated/app.css");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const ui = await loadClasses();
  const css = buildCss(ui);
  fs.writeFileSync(out, css);
  console.log(`[css] ${path.relative(process.cwd(), out)}: ${(css.length / 1024).toFixed(1)} KB, ${Object.keys(ui).length} classes`);
}
