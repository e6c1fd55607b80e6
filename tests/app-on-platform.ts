/**
 * App code under test against a real test platform reached over HTTP (PLATFORM_API_URL), with the
 * test session secret: the environment is set for the app and put back by `close`.
 */
import { resetAppEnv } from "../app/services/env.server";
import { resetSessionSecrets } from "../app/services/secret.server";
import { servePlatform, testPlatform } from "../platform/testing";
import { TEST_SESSION_SECRET } from "./signed-cookies";

export async function appOnPlatform(options: Parameters<typeof testPlatform>[0] = {}, env: Record<string, string | undefined> = {}) {
  const saved = { ...process.env };
  const p = await testPlatform(options);
  const server = await servePlatform(p);
  Object.assign(process.env, { PLATFORM_API_URL: server.url, SESSION_SECRETS: TEST_SESSION_SECRET });
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetAppEnv();
  resetSessionSecrets();
  return {
    p,
    server,
    close: async () => {
      process.env = { ...saved };
      resetAppEnv();
      resetSessionSecrets();
      await server.close();
      await p.close();
    },
  };
}
