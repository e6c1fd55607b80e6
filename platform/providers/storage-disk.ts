import fs from "node:fs/promises";
import path from "node:path";
import type { Storage } from "./types";

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** Files under a directory outside the web root; the content type sits in a sidecar file. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    name: "disk",
    async put(key, body, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      await fs.writeFile(file + ".type", contentType);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([fs.readFile(file), fs.readFile(file + ".type", "utf8")]);
        return { body: new Uint8Array(body), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(file + ".type", { force: true });
    },
  };
}
