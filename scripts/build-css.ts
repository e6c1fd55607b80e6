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
import { compile, type Element, serialize, stringify } from "stylis";
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
  const reset = toCss(system.getPreflightCss());
  const base = toCss(system.getGlobalCss());
  // Unlayered, so the classes win over the layered reset and base styles.
  const classes = Object.entries(ui).map(([name, style]) => toCss(system.css(style), `.ui-${name}`));
  const tokens = withUsedProperties(toCss(system.getTokenCss()), [reset, base, ...classes].join("\n"));
  return ["@layer reset, base, tokens, recipes;", reset, base, tokens, ...classes].join("\n") + "\n";
}

// A property name may hold escapes: `--chakra-spacing-1\.5`.
const VAR_REFERENCE = /var\(\s*(--(?:[\w-]|\\.)+)/g;
const references = (css: string) => Array.from(css.matchAll(VAR_REFERENCE), (match) => match[1]);

/**
 * The theme's custom properties less those nothing reads: of Chakra's ~580 tokens (27 KB, every
 * page's render-blocking stylesheet) the styles use under 200. A property stays when `usedBy` reads
 * it with `var()`, or when a property that stays does; rules left empty go. Other declarations stay.
 *
 * @example
 * withUsedProperties(":root{--a:1px;--b:var(--c);--c:2px;--d:3px}", ".x{width:var(--b)}")
 * // → ":root{--b:var(--c);--c:2px;}"
 */
export function withUsedProperties(css: string, usedBy: string) {
  const tree = compile(css);
  const values = new Map<string, string[]>();
  const visit = (nodes: Element[], each: (node: Element, siblings: Element[]) => void) => {
    for (const node of [...nodes]) {
      each(node, nodes);
      if (Array.isArray(node.children)) visit(node.children, each);
    }
  };
  const customProperty = (node: Element) => (node.type === "decl" && typeof node.props === "string" && node.props.startsWith("--") ? node.props : null);
  visit(tree, (node) => {
    const name = customProperty(node);
    if (name) values.set(name, [...(values.get(name) ?? []), String(node.children)]);
  });
  const used = new Set<string>();
  const pending = references(usedBy);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    for (const value of values.get(name) ?? []) pending.push(...references(value));
  }
  visit(tree, (node, siblings) => {
    const name = customProperty(node);
    if (name && !used.has(name)) siblings.splice(siblings.indexOf(node), 1);
  });
  return serialize(tree, stringify);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve("app/styles/generated/app.css");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const ui = await loadClasses();
  const css = buildCss(ui);
  fs.writeFileSync(out, css);
  console.log(`[css] ${path.relative(process.cwd(), out)}: ${(css.length / 1024).toFixed(1)} KB, ${Object.keys(ui).length} classes`);
}
