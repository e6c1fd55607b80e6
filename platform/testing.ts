import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { MessageParams, Words } from "#contract/message";
import { createPlatformApp } from "./app";
import type { PlatformDeps } from "./context";
import { type DatabaseOptions, type Db, defaultMigrationsFolder, openDatabase, queryRows } from "./db";
import { keptAnswer } from "./http";
import type { PaymentGateways } from "./payments/types";
import { lastOutboxCode, outboxSms } from "./providers/sms-outbox";
import { diskStorage } from "./providers/storage-disk";
import type { WeChatProvider } from "./providers/types";
import type { OfficialAccount } from "./providers/wechat-official";
import { mintTicket } from "./services/sign-in-guard";

/**
 * The words test platforms write with, as the app plugs its own in (decision 035): the Vitest
 * setup (tests/setup/platform-words.ts) hands over the app's catalogue, so a test reads what an
 * external caller of /api reads; without it (a bench script) the platform writes keys.
 */
export function testWords(): Words | undefined {
  return (globalThis as { platformTestWords?: Words }).platformTestWords;
}

/**
 * A freshly migrated, empty PGlite cluster as a tarball, made once per set of migrations and
 * kept in the system's temp directory: a test platform loads it in about a second instead of
 * running initdb and every migration again (several seconds each, in every test file). The key
 * is the migrations' bytes and PGlite's version, so a new or changed migration makes a new one.
 * Several Vitest workers may make it at once: each writes its own file and renames it into place.
 */
let template: Promise<Blob> | undefined;
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const folder = defaultMigrationsFolder();
    const hash = crypto.createHash("sha256");
    for (const name of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
      const file = path.join(folder, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
    const pglite = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
    hash.update(pglite.version);
    const cached = path.join(os.tmpdir(), `conference-platform-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
    if (fs.existsSync(cached)) return new Blob([fs.readFileSync(cached)]);
    const fresh = await openDatabase({ dataDir: "memory://" });
    const dump = await fresh.dump!();
    await fresh.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const temp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(temp, bytes);
    fs.renameSync(temp, cached);
    return new Blob([bytes]);
  })();
  return template;
}

/**
 * A real platform for tests: a real database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set), the outbox SMS provider and disk storage in a temp directory,
 * and a clock the test can move.
 */
export async function testPlatform(
  options: {
    wechat?: WeChatProvider | null;
    uploadMaxBytes?: number;
    database?: DatabaseOptions;
    payments?: PaymentGateways;
    platformAdmins?: string[];
    platformHosts?: string[];
    officialAccount?: OfficialAccount | null;
    /** The words it writes with; by default those the test run was set up with (see `testWords`). */
    words?: Words;
  } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-test-"));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseOptions: DatabaseOptions = options.database ?? { dataDir: "memory://" };
  if (!options.database && databaseUrl) {
    // On PostgreSQL every test platform gets a database of its own, dropped at the end.
    const { default: pg } = await import("pg");
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    databaseOptions = { databaseUrl: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop at once would kill
      // them mid-close and surface as an uncaught "terminating connection" error in the test.
      for (let wait = 0; wait < 100; wait++) {
        const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase(options.database || databaseUrl ? databaseOptions : { dataDir: "memory://", loadDataDir: await migratedTemplate() });
  const outbox = path.join(dir, "sms-outbox.jsonl");
  let now = new Date("2026-11-21T08:00:00Z");
  const deps: PlatformDeps = {
    db: database.db,
    sms: outboxSms(outbox, () => {}),
    storage: diskStorage(path.join(dir, "uploads")),
    wechat: options.wechat ?? null,
    secret: "test-secret-0123456789",
    now: () => now,
    uploadMaxBytes: options.uploadMaxBytes ?? 1024 * 1024,
    platformAdmins: options.platformAdmins ?? [],
    platformHosts: options.platformHosts ?? [],
    payments: options.payments,
    officialAccount: options.officialAccount ?? null,
    words: "words" in options ? options.words : testWords(),
  };
  const app = createPlatformApp(deps);

  /** Calls the API like the web client does: JSON bodies, bearer token, Client-Type web. */
  async function call<T = unknown>(
    method: string,
    url: string,
    init: {
      body?: unknown;
      token?: string;
      lang?: "zh" | "en";
      form?: FormData;
      /** The requester's address, as the app passes it on. */ client?: string;
    } = {},
  ) {
    const headers = new Headers({ "Client-Type": "web", "Accept-Language": init.lang ?? "zh" });
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    if (init.client) headers.set("X-Forwarded-For", init.client);
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.body);
    }
    // As the web app calls in process: an answer as a value (decision 077), its body still JSON.
    const response = await app.fetch(new Request(`http://platform.test/api${url}`, { method, headers, body }), { values: true });
    const text = await response.text();
    const kept = keptAnswer(response);
    if (kept !== undefined && JSON.stringify(kept) !== text) throw new Error(`${method} ${url}: the answer kept as a value is not its body's JSON`);
    let json: {
      code: number;
      message: string;
      messageKey?: string;
      params?: MessageParams;
      messages?: string[];
      messageKeys?: string[];
      data: T;
      statusCode?: number;
    };
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: -1, message: text, data: undefined as T };
    }
    return { status: response.status, headers: response.headers, ...json };
  }

  /**
   * Asks for a code as a sign-in page does: a ticket minted for `client` (by the function the
   * page uses), then `GET /login?mobile=&ticket=` from that address.
   */
  function sendCode(mobile: string, init: { client?: string; lang?: "zh" | "en" } = {}) {
    const client = init.client ?? addressOf(mobile);
    const ticket = mintTicket(deps, { address: client, scope: "send" });
    return call("GET", `/login?${new URLSearchParams({ mobile, ticket })}`, { client, lang: init.lang });
  }

  /** Registers (or logs in) a mobile with a real code from the outbox, from an address of its own; returns the token. */
  async function signIn(mobile: string, name = "测试用户") {
    const client = addressOf(mobile);
    await sendCode(mobile, { client });
    const code = await lastOutboxCode(outbox, mobile);
    const existing = await call("POST", "/login", { body: { mobile, code, rememberMe: true }, client });
    if (existing.status === 200) return (existing.data as { token: string }).token;
    const created = await call<{ token: string }>("PUT", "/login", { body: { mobile, code, name, agree: true }, client });
    if (created.status !== 200) throw new Error(`sign-in failed: ${created.message}`);
    return created.data.token;
  }

  return {
    app,
    deps,
    db: database.db,
    outbox,
    dir,
    call,
    sendCode,
    signIn,
    code: (mobile: string) => lastOutboxCode(outbox, mobile),
    /** `createdAt` and `updatedAt` at the test clock, for rows a test puts straight into a table. */
    stamp: () => ({ createdAt: now, updatedAt: now }),
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    close: async () => {
      await database.close();
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestPlatform = Awaited<ReturnType<typeof testPlatform>>;

/**
 * `p`'s API on a loopback port, as PLATFORM_API_URL reaches an external platform (`url` ends in
 * `/api`): app code under test then calls it over HTTP. `seen` lists each request's method and
 * path as it arrived, for tests that count calls.
 */
export async function servePlatform(p: Pick<TestPlatform, "app">) {
  const seen: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push(`${req.method} ${req.url}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const answer = await p.app.fetch(
      new Request(`http://platform.test${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A documentation address (RFC 5737) of a person's own, derived from their mobile: different people sign in from different places. */
export function addressOf(mobile: string) {
  const n = Number(mobile.slice(-6)) || 0;
  return `198.51.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/**
 * The query plan of `query` with sequential scans priced out: whether an index can serve the
 * query at all, which a small test table would not show otherwise.
 */
export async function indexPlan(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}
