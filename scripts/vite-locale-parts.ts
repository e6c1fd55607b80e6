import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { type Part, partMessages } from "../app/locales/parts";

const PREFIX = "virtual:locale/";

/**
 * `virtual:locale/{zh|en}/{part}`: one part of one language's messages (app/locales/parts.ts),
 * each its own chunk, made from `app/locales/{lang}/common.json` at build time.
 */
export function localeParts(): Plugin {
  return {
    name: "locale-parts",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [lang, part] = id.slice(PREFIX.length + 1).split("/");
      if (lang !== "zh" && lang !== "en") throw new Error(`no such language: ${id}`);
      const file = path.resolve(`app/locales/${lang}/common.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, "utf8"));
      return `export default ${JSON.stringify(partMessages(messages, part as Part))};\n`;
    },
  };
}
