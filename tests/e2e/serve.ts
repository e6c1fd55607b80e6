/**
 * The server the journeys run against: a fresh data directory, the demo seed, the SMS outbox,
 * and a fake WeChat on a loopback port (so the real WeChat adapter is exercised end to end).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startFakeWeChat } from "../../platform/providers/fake-wechat";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";

export const E2E_WECHAT_PORT = 3298;

const dataDir = path.resolve(E2E_DATA_DIR);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const wechat = await startFakeWeChat({ port: E2E_WECHAT_PORT });
const server = spawn("node", ["server.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    COOKIE_SECURE: "false",
    WECHAT_APP_ID: wechat.appId,
    WECHAT_APP_SECRET: wechat.appSecret,
    WECHAT_OAUTH_URL: wechat.url,
    WECHAT_API_URL: wechat.url,
  },
});
const stop = async () => {
  server.kill("SIGTERM");
  await wechat.close();
};
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
process.on("SIGINT", () => void stop().then(() => process.exit(0)));
server.on("exit", (code) => {
  void wechat.close().then(() => process.exit(code ?? 0));
});
