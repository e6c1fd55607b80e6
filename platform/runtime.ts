import path from "node:path";
import { sql } from "drizzle-orm";
import { systemClock } from "#contract/clock";
import type { Words } from "#contract/message";
import { configuredHostNames } from "#contract/schemas/host";
import { createPlatformApp } from "./app";
import { type PlatformConfig, readConfig } from "./config";
import type { PlatformDeps } from "./context";
import { type Database, openDatabase } from "./db";
import { demoAccounts, isSeeded, seedDemo } from "./db/seed";
import { keptAnswer } from "./http";
import { gatewaysFromConfig } from "./payments";
import { httpSms } from "./providers/sms-http";
import { outboxSms } from "./providers/sms-outbox";
import { diskStorage } from "./providers/storage-disk";
import { s3Storage } from "./providers/storage-s3";
import { wechatProvider } from "./providers/wechat";
import { officialAccount } from "./providers/wechat-official";
import { cleanupKeptUploads } from "./services/kept-uploads";
import { pruneRateEvents } from "./services/sign-in-guard";

export type Platform = {
  app: ReturnType<typeof createPlatformApp>;
  deps: PlatformDeps;
  database: Database;
  config: PlatformConfig;
  /** The hourly cleanup of kept uploads no record took (decision 017). */
  sweeper: NodeJS.Timeout;
  /** What `ok` answered a call made with the `values` binding, as JSON would carry it (decision 077). */
  keptAnswer: typeof keptAnswer;
};

/** What the host that plugs the platform in hands over: the words the platform writes with (decision 035). */
export type Plug = { words?: Words };

export function depsFromConfig(config: PlatformConfig, database: Database, plug: Plug = {}): PlatformDeps {
  const sms =
    config.SMS_PROVIDER === "http"
      ? httpSms({ url: config.SMS_HTTP_URL!, token: config.SMS_HTTP_TOKEN, signName: config.SMS_SIGN_NAME })
      : outboxSms(path.join(config.DATA_DIR, "sms-outbox.jsonl"));
  const storage =
    config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? s3Storage({
          endpoint: config.S3_ENDPOINT,
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : diskStorage(path.join(config.DATA_DIR, "uploads"));
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? wechatProvider({
          appId: config.WECHAT_APP_ID,
          appSecret: config.WECHAT_APP_SECRET,
          oauthBase: config.WECHAT_OAUTH_URL,
          apiBase: config.WECHAT_API_URL,
        })
      : null;
  return {
    db: database.db,
    sms,
    storage,
    wechat,
    secret: config.secret,
    now: systemClock,
    uploadMaxBytes: config.UPLOAD_MAX_MB * 1024 * 1024,
    platformAdmins: config.PLATFORM_ADMIN_MOBILES,
    platformHosts: configuredHostNames(config.APP_HOST, config.PAYMENT_PUBLIC_URL),
    payments: gatewaysFromConfig(config),
    officialAccount:
      config.WECHAT_MP_APPID && config.WECHAT_MP_SECRET && config.WECHAT_MP_TOKEN
        ? officialAccount({ appId: config.WECHAT_MP_APPID, appSecret: config.WECHAT_MP_SECRET, token: config.WECHAT_MP_TOKEN, apiBase: config.WECHAT_API_URL })
        : null,
    words: plug.words,
  };
}

/** Opens the database, applies migrations and seeds the demo set on first start (unless SEED=false). */
export async function startPlatform(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log, plug: Plug = {}): Promise<Platform> {
  const config = readConfig(env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    afterMigrate: async (db) => {
      if (config.SEED === false || (await isSeeded(db))) return;
      log("[platform] first start: seeding the demo dataset …");
      await seedDemo(db, { log, now: systemClock() });
      // PGlite has no autovacuum: without statistics the planner reads tables where an index would do.
      await db.execute(sql`analyze`);
      const where = config.SMS_PROVIDER === "outbox" ? path.join(config.DATA_DIR, "sms-outbox.jsonl") : "the SMS provider";
      log("[platform] demo accounts (sign in at /login with the mobile; the code is written to " + where + "):");
      for (const account of Object.values(demoAccounts)) log(`  ${account.mobile}  ${account.nameEn} — ${account.roleEn}`);
    },
  });
  const deps = depsFromConfig(config, database, plug);
  const sweep = () =>
    Promise.all([
      cleanupKeptUploads(deps)
        .then(({ deleted }) => deleted && log(`[platform] deleted ${deleted} kept uploads no record took`))
        .catch((error) => console.error("[platform] kept uploads cleanup failed:", error)),
      pruneRateEvents(deps).catch((error) => console.error("[platform] rate events cleanup failed:", error)),
    ]);
  void sweep();
  const sweeper = setInterval(sweep, 60 * 60 * 1000);
  sweeper.unref();
  return { app: createPlatformApp(deps), deps, database, config, sweeper, keptAnswer };
}

const holder = globalThis as unknown as { __platform?: Promise<Platform> };

/** The one platform of this process (a globalThis singleton, so Vite dev reloads reuse it); the first call's plug is kept. */
export function getPlatform(plug: Plug = {}): Promise<Platform> {
  holder.__platform ??= startPlatform(process.env, console.log, plug).catch((error) => {
    holder.__platform = undefined;
    throw error;
  });
  return holder.__platform;
}

export async function stopPlatform() {
  const current = holder.__platform;
  holder.__platform = undefined;
  if (!current) return;
  const platform = await current;
  clearInterval(platform.sweeper);
  await platform.database.close();
}
