/**
 * Two app instances on one PostgreSQL (PG_URL, started by .ci/run): a session made on one is
 * valid on the other, and so is a flash notice, because the web tier keeps no state of its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastOutboxCode } from "../platform/providers/sms-outbox";
import { pageTicket } from "./sign-in-code";

const adminUrl = process.env.PG_URL;
const ports = [3231, 3232];
const servers: ChildProcess[] = [];
const dirs: string[] = [];
const database = `multi_${process.pid}`;

async function waitFor(url: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

describe.skipIf(!adminUrl)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    for (const port of ports) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `instance-${port}-`));
      dirs.push(dir);
      // Both start at once: the migration lock lets one migrate and seed while the other waits.
      servers.push(
        spawn("node", ["server.mjs"], {
          env: {
            ...process.env,
            PORT: String(port),
            DATA_DIR: dir,
            DATABASE_URL: url.toString(),
            SESSION_SECRET: "shared-secret-of-both-instances",
            COOKIE_SECURE: "false",
          },
          stdio: process.env.DEBUG_INSTANCES ? "inherit" : "ignore",
        }),
      );
    }
    await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/`)));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("signs in on one and is signed in on the other", async () => {
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`);
    const mobile = "13955550001";
    const post = (base: string, fields: Record<string, string>, cookie = "") =>
      fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields),
      });
    const ticket = await pageTicket((page) => fetch(a + page));
    const sent = await post(a, { intent: "send", mode: "register", mobile, ticket });
    expect(sent.status).toBe(200);
    const code = await lastOutboxCode(path.join(dirs[0], "sms-outbox.jsonl"), mobile);
    expect(code).toMatch(/^\d{6}$/);
    const registered = await post(a, {
      intent: "register",
      mode: "register",
      mobile,
      code: code!,
      name: "双实例",
      agree: "on",
      redirectTo: "/account/settings",
    });
    expect(registered.status).toBe(302);
    const cookie = cookiesOf(registered).join("; ");
    expect(cookie).toContain("ACCESS_TOKEN=");

    // The other instance knows the session, and shows the flash notice the first one set.
    const onB = await fetch(`${b}/account/settings`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    const html = await onB.text();
    expect(html).toContain("双实例");
    expect(html).toContain("登录成功");
  });
});
