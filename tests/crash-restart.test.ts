/**
 * A server killed with SIGKILL in the middle of writes (a crash, the OOM killer) is started again
 * at once on the same embedded data directory, and keeps what it had committed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestCode } from "./sign-in-code";

const PORT = 3461;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-test-"));
const servers: ChildProcess[] = [];

afterAll(() => {
  for (const server of servers) server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts server.mjs on the data directory; resolves with the milliseconds until it listens. */
function start(): Promise<{ server: ChildProcess; ms: number }> {
  const began = Date.now();
  const server = spawn("node", ["server.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "false", PAGE_CACHE_SECONDS: "0", COOKIE_SECURE: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(server);
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("[server] listening")) resolve({ server, ms: Date.now() - began });
    };
    server.stdout.on("data", read);
    server.stderr.on("data", read);
    server.on("exit", (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}

const browser = (url: string, init?: RequestInit) => fetch(BASE + url, init);
/** A sign-in code for a number (a row in the database, a line in the outbox), asked for through the login page. */
const sendCode = (i: number) => requestCode(browser, `137${String(i).padStart(8, "0")}`);
/** One write of a signed-in account: its name. */
const rename = (token: string, i: number) =>
  fetch(`${BASE}/api/account`, {
    method: "PUT",
    headers: { "Client-Type": "web", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `写入 ${i}` }),
  });

describe("kill -9 during writes", () => {
  it("the next start opens the data directory at once and serves what was committed", async () => {
    if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npm run build` first (npm test does).");
    const first = await start();
    const committed = await sendCode(0);
    expect(committed.status).toBe(200);
    const code = fs
      .readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { code: string })
      .at(-1)!.code;
    const registered = await fetch(`${BASE}/api/login`, {
      method: "PUT",
      headers: { "Client-Type": "web", "Content-Type": "application/json" },
      body: JSON.stringify({ mobile: "13700000000", code, name: "崩溃测试", agree: true }),
    });
    const { token } = ((await registered.json()) as { data: { token: string } }).data;

    // Writes in flight from four clients when the process is killed (codes are limited per client: names are not).
    let stop = false;
    const load = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 1; !stop && i < 500; i++) await rename(token, client * 1000 + i).catch(() => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = new Promise((resolve) => first.server.once("exit", resolve));
    first.server.kill("SIGKILL");
    stop = true;
    await Promise.all([exited, ...load]);

    const second = await start();
    // Opening an existing directory takes about a second here; a refused or waiting start never gets this far.
    expect(second.ms).toBeLessThan(20_000);
    const page = await fetch(`${BASE}/`);
    expect(page.status).toBe(200);
    // The committed writes are there: a second code for the same number within the minute is refused, the account signs in.
    const again = (await (await sendCode(0)).json()) as { code: number };
    expect(again.code).toBe(429);
    expect((await fetch(`${BASE}/api/account`, { headers: { "Client-Type": "web", Authorization: `Bearer ${token}` } })).status).toBe(200);
    second.server.kill("SIGTERM");
  }, 90_000);
});
