import fs from "node:fs";
import path from "node:path";
import type { Messages } from "~/i18n";

/**
 * Which messages a module's code names, by reading the code: every string that starts with a
 * section of the messages (`"auth.login"`, a template's fixed start `` `registration.states.${…}` ``,
 * a prefix ending in `.`), in the module and in every module it imports from `app/` (`~/`, `./`)
 * and `contract/` (`#contract/`), server modules included. It names more than a page may show,
 * never less, except keys made wholly at run time (`t(message)`): those come from strings this
 * reading finds elsewhere, or from the platform's answers (`keyReader`).
 */

/** Every message of a locale file as `[key, text]`, the key dotted (`auth.login`). */
export function messageEntries(messages: Messages, prefix = ""): Array<[key: string, text: string]> {
  return Object.entries(messages).flatMap(([name, value]) =>
    typeof value === "string" ? [[prefix + name, value] as [string, string]] : messageEntries(value, `${prefix}${name}.`),
  );
}

/** Every message's dotted key. */
export const messageKeys = (messages: Messages): string[] => messageEntries(messages).map(([key]) => key);

const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)["']([^"']+)["']/g;

export function keyReader(root: string, sections: readonly string[]) {
  const named = new RegExp(`["'\`]((?:${sections.join("|")})\\.[A-Za-z0-9_.]*)(["'\`]|\\$\\{)`, "g");
  const own = new Map<string, { names: Array<{ text: string; prefix: boolean }>; imports: string[] }>();

  const resolve = (specifier: string, from: string): string | undefined => {
    let base: string;
    if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
    else if (specifier.startsWith("#contract/")) base = path.join(root, "contract", specifier.slice("#contract/".length));
    else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
    else return undefined;
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => /\.tsx?$/.test(file) && fs.existsSync(file));
  };

  const read = (file: string) => {
    let found = own.get(file);
    if (!found) {
      // Comments name no message (block comments, and lines that are only a comment), and a
      // type-only import brings in no code.
      const source = fs
        .readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "")
        .replace(/^(?:import|export) type [^;]*;/gm, "");
      found = {
        names: [...source.matchAll(named)].map((m) => ({ text: m[1], prefix: m[2] === "${" || m[1].endsWith(".") })),
        imports: [...source.matchAll(IMPORT)].map((m) => resolve(m[1], file)).filter((f): f is string => f !== undefined),
      };
      own.set(file, found);
    }
    return found;
  };

  /** The keys of `keys` that the module at `file`, with what it imports, may name. */
  return function keysNamedBy(file: string, keys: readonly string[]): string[] {
    const names: Array<{ text: string; prefix: boolean }> = [];
    const seen = new Set<string>();
    const stack = [file];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = read(next);
      names.push(...found.names);
      stack.push(...found.imports);
    }
    return keys.filter((key) =>
      names.some(({ text, prefix }) => (prefix ? key.startsWith(text) : key === text || key.startsWith(`${text}.`) || key.startsWith(`${text}_`))),
    );
  };
}
