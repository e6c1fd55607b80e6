import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { appEnv } from "./env.server";

let secrets: string[] | undefined;

/**
 * The web tier's signing secrets, newest first (decision 042): SESSION_SECRETS (`new,old`: the
 * first signs, every one verifies), else SESSION_SECRET, else one made once and kept in DATA_DIR
 * (a single instance that is its own account site needs no setting). The sites of the configured
 * domain that read ACCESS_TOKEN and isEnglish share the list.
 */
export function sessionSecrets(): string[] {
  if (secrets) return secrets;
  const env = appEnv();
  secrets = env.SESSION_SECRETS ?? (env.SESSION_SECRET ? [env.SESSION_SECRET] : [keptSecret(env.DATA_DIR)]);
  return secrets;
}

/** The secret that signs now. */
export const signingSecret = () => sessionSecrets()[0];

/** Tests change the environment between cases. */
export function resetSessionSecrets() {
  secrets = undefined;
}

function keptSecret(dataDir: string) {
  const file = path.join(dataDir, ".cookie-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const made = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, made, { mode: 0o600, flag: "wx" });
      return made;
    } catch {
      // Another process of this instance made it first: theirs is the one.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
