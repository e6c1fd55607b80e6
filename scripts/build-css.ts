/**
 * Builds the static CSS once from the design system (STACK-NOTES pitfall 3): theme tokens,
 * preflight and global styles, then the shared markup's `.ui-*` classes from
 * app/styles/ui.styles.ts. Pages link the file with immutable caching; no style work is
 * left for each request.
 */
import fs from "node:fs";
import path from "node:path";
import { serializeStyles } from "@emotion/serialize";
import { compile, serialize, stringify } from "stylis";
import { system } from "../app/styles/system";
import { ui } from "../app/styles/ui.styles";

export function toCss(styles: object, selector?: string) {
  const body = serializeStyles([styles as never]).styles;
  const source = selector ? `${selector}{${body}}` : body;
  // No vendor prefixer: every browser we serve supports the unprefixed properties.
  return serialize(compile(source), stringify);
}

export function buildCss() {
  // The system wraps each part in its own cascade layer already.
  const layered = [
    "@layer reset, base, tokens, recipes;",
    toCss(system.getPreflightCss()),
    toCss(system.getGlobalCss()),
    toCss(system.getTokenCss()),
  ];
  // Unlayered, so the classes win over the layered reset and base styles.
  const classes = Object.entries(ui).map(([name, style]) => toCss(system.css(style), `.ui-${name}`));
  return [...layered, ...classes].join("\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve("app/styles/generated/app.css");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const css = buildCss();
  fs.writeFileSync(out, css);
  console.log(`[css] ${path.relative(process.cwd(), out)}: ${(css.length / 1024).toFixed(1)} KB, ${Object.keys(ui).length} classes`);
}
