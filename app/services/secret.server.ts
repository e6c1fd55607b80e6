import { readConfig } from "#platform/config";

let secret: string | undefined;

/** Cookie signing shares the platform's secret: SESSION_SECRET, or the one kept in DATA_DIR. */
export function platformSecret() {
  secret ??= readConfig().secret;
  return secret;
}
