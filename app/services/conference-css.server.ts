/**
 * The organiser's extra CSS of a conference microsite, made safe to serve
 * (docs/decisions/005-organiser-css.md): every rule is re-written under the microsite's scope
 * class, and anything that could load a resource, run script or leave the stylesheet is dropped.
 *
 * This is an allow-list re-serialisation, not a filter over the text: the input is parsed into
 * rules and declarations, and only what passes is written back out. What is kept:
 * - style rules, their selectors prefixed with the scope (`html`, `body` and `:root` become the
 *   scope itself), with declarations whose property is a plain identifier;
 * - `@media`, `@supports` and `@container` blocks (recursively), and `@keyframes`;
 * - `url()` only for same-site paths (`/…`, not `//…`).
 * What is dropped: comments, `@import`, `@font-face`, `@charset`, `@namespace`, any other
 * at-rule, nested blocks inside declarations, `expression()`, `javascript:`/`vbscript:`/`data:`,
 * `behavior`, `-moz-binding`, `image()`/`image-set()`/`cross-fade()`/`element()`/`src()` (which
 * load images from bare strings), `attr()` (newer browsers type it as a URL), and anything containing `<` (so the output can never close a
 * `<style>` element), judged after CSS escapes are decoded so `\75 rl(` is seen as `url(`.
 */

/** The scope of the microsite's organiser CSS: the class of its wrapper in app/routes/conf.$conferenceId.tsx. */
export const MICROSITE_SCOPE = ".ui-conf-site";

const MAX_INPUT = 50_000;
const MAX_DEPTH = 3;
const GROUPING_AT_RULES = new Set(["media", "supports", "container"]);
const KEYFRAMES = new Set(["keyframes", "-webkit-keyframes"]);
const FORBIDDEN_VALUE =
  /expression\s*\(|javascript:|vbscript:|data:|-moz-binding|behavior|@import|image-set\s*\(|image\s*\(|cross-fade\s*\(|element\s*\(|attr\s*\(|(?:^|[^a-z-])src\s*\(|<|\\/;
const PROPERTY = /^(?:--[A-Za-z0-9_-]+|-?[A-Za-z][A-Za-z0-9-]*)$/;
const FORBIDDEN_PROPERTY = new Set(["behavior", "-moz-binding"]);
const SAME_SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/%?=&+,;:@!$*]*$/;

/** Decodes CSS escapes (`\3c`, `\<`, line continuations), so checks see what the browser will. */
export function decodeCssEscapes(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g,
    (_, hex: string | undefined, newline: string | undefined, char: string | undefined) => {
      if (hex) {
        const code = Number.parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code);
      }
      if (newline) return "";
      return char ?? "";
    },
  );
}

type Stop = "{" | ";" | "}" | "";

/** A character cursor that understands strings, comments, escapes and parentheses. */
class Reader {
  i = 0;
  constructor(readonly s: string) {}

  get done() {
    return this.i >= this.s.length;
  }

  /**
   * Reads up to a top-level `{`, `;` or `}` (not consumed), dropping comments. `bad` is set when
   * a string is unterminated or parentheses don't balance.
   */
  readUntilStop(): { text: string; stop: Stop; bad: boolean } {
    let text = "";
    let depth = 0;
    let bad = false;
    while (!this.done) {
      const ch = this.s[this.i];
      if (ch === "/" && this.s[this.i + 1] === "*") {
        const end = this.s.indexOf("*/", this.i + 2);
        this.i = end < 0 ? this.s.length : end + 2;
        text += " ";
        continue;
      }
      if (ch === "\\") {
        text += this.s.slice(this.i, this.i + 2);
        this.i += 2;
        continue;
      }
      if (ch === '"' || ch === "'") {
        const str = this.readString(ch);
        if (str.bad) bad = true;
        text += str.text;
        continue;
      }
      if (ch === "(") depth++;
      if (ch === ")") depth = Math.max(0, depth - 1);
      if (depth === 0 && (ch === "{" || ch === ";" || ch === "}")) return { text, stop: ch, bad };
      text += ch;
      this.i++;
    }
    return { text, stop: "", bad: bad || depth > 0 };
  }

  private readString(quote: string) {
    let text = quote;
    this.i++;
    while (!this.done) {
      const ch = this.s[this.i];
      if (ch === "\\") {
        text += this.s.slice(this.i, this.i + 2);
        this.i += 2;
        continue;
      }
      if (ch === "\n" || ch === "\r" || ch === "\f") return { text, bad: true };
      text += ch;
      this.i++;
      if (ch === quote) return { text, bad: false };
    }
    return { text, bad: true };
  }

  /** After a `{`: skips to its matching `}`. */
  skipBlock() {
    let depth = 1;
    while (!this.done && depth > 0) {
      const { stop } = this.readUntilStop();
      this.i++;
      if (stop === "{") depth++;
      else if (stop === "}") depth--;
    }
  }

  /** After a `{`: the declarations up to the matching `}`; nested blocks are skipped and their declaration dropped. */
  readDeclarations(): string[] {
    const out: string[] = [];
    while (!this.done) {
      const { text, stop, bad } = this.readUntilStop();
      this.i++;
      if (stop === "{") {
        this.skipBlock();
        continue;
      }
      if (!bad) {
        const declaration = sanitizeDeclaration(text);
        if (declaration) out.push(declaration);
      }
      if (stop === "}" || stop === "") break;
    }
    return out;
  }
}

function valueIsSafe(value: string): boolean {
  const decoded = decodeCssEscapes(value).toLowerCase();
  if (value.includes("<") || FORBIDDEN_VALUE.test(decoded)) return false;
  let count = 0;
  for (const match of decoded.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/g)) {
    count++;
    if (!SAME_SITE_PATH.test(match[2])) return false;
  }
  // A `url(` the pattern could not read (unbalanced, odd quoting) is refused.
  return (decoded.match(/url\s*\(/g)?.length ?? 0) === count;
}

function sanitizeDeclaration(text: string): string | null {
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const property = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!PROPERTY.test(property) || FORBIDDEN_PROPERTY.has(property.toLowerCase()) || !value) return null;
  if (!valueIsSafe(value)) return null;
  return `${property}:${value.replace(/\s+/g, " ")}`;
}

/** Splits at top-level commas (not inside parentheses, brackets or strings). */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (quote) {
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const ROOT_TOKEN = /^(?:html|body|:root)(?![A-Za-z0-9_-])/i;

/** One selector under the scope; `html`, `body` and `:root` at its start stand for the scope itself. */
function scopeSelector(selector: string, scope: string): string | null {
  if (!selector || selector.length > 1000) return null;
  const decoded = decodeCssEscapes(selector);
  if (/[<{};@]/.test(selector) || /[<{}]/.test(decoded)) return null;
  let rest = selector.replace(/\s+/g, " ");
  let rooted = false;
  for (;;) {
    const match = ROOT_TOKEN.exec(rest);
    if (!match) break;
    rooted = true;
    rest = rest.slice(match[0].length);
    // `html body .x`: the following root token is dropped as well.
    if (/^ (?:html|body|:root)(?![A-Za-z0-9_-])/i.test(rest)) rest = rest.trimStart();
    else break;
  }
  return rooted ? `${scope}${rest}` : `${scope} ${rest}`;
}

function sanitizeRules(reader: Reader, scope: string, depth: number, inKeyframes: boolean): string[] {
  const out: string[] = [];
  while (!reader.done) {
    const { text, stop, bad } = reader.readUntilStop();
    reader.i++;
    const prelude = text.trim();
    if (stop === "}") break;
    if (stop === ";" || stop === "") continue;
    // stop === "{"
    if (bad) {
      reader.skipBlock();
      continue;
    }
    if (prelude.startsWith("@")) {
      const name = /^@([A-Za-z-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? "";
      const condition = prelude.slice(name.length + 1).trim();
      if (!inKeyframes && depth < MAX_DEPTH && GROUPING_AT_RULES.has(name) && condition && !/[<{};\\]/.test(condition) && valueIsSafe(condition)) {
        const inner = sanitizeRules(reader, scope, depth + 1, false);
        if (inner.length) out.push(`@${name} ${condition.replace(/\s+/g, " ")}{\n${inner.join("\n")}\n}`);
      } else if (!inKeyframes && KEYFRAMES.has(name) && /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(condition)) {
        const frames = sanitizeRules(reader, scope, depth + 1, true);
        if (frames.length) out.push(`@${name} ${condition}{\n${frames.join("\n")}\n}`);
      } else {
        reader.skipBlock();
      }
      continue;
    }
    const declarations = reader.readDeclarations();
    if (!declarations.length) continue;
    if (inKeyframes) {
      const frames = splitList(prelude);
      if (frames.every((f) => /^(?:from|to|\d{1,3}(?:\.\d+)?%)$/i.test(f))) out.push(`${frames.join(",")}{${declarations.join(";")}}`);
      continue;
    }
    const selectors = splitList(prelude).map((s) => scopeSelector(s, scope));
    if (selectors.some((s) => s === null)) continue;
    out.push(`${selectors.join(",")}{${declarations.join(";")}}`);
  }
  return out;
}

/**
 * The organiser's CSS, sanitized and scoped under `scope` (a class selector such as `.conf-site`).
 * @example scopeOrganiserCss("body{color:#333} .title{color:red}", ".conf-site") // ".conf-site{color:#333}\n.conf-site .title{color:red}"
 */
export function scopeOrganiserCss(css: string, scope: string): string {
  if (!css) return "";
  const reader = new Reader(css.slice(0, MAX_INPUT).replace(/\u0000/g, "\ufffd"));
  const rules: string[] = [];
  while (!reader.done) rules.push(...sanitizeRules(reader, scope, 0, false));
  const out = rules.join("\n");
  return out ? `${out}\n` : "";
}
