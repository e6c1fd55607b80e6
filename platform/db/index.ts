import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { installPreparedReads } from "./prepared";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

/**
 * The rows of a raw SQL query. PGlite and node-postgres both answer `execute` with `rows`, but
 * drizzle types that answer per driver; this is the one place that says what both have.
 */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A drizzle query built once per database and run again with other values (its `sql.placeholder`s):
 * for the reads every signed-in request makes, whose SQL drizzle would otherwise build anew each time.
 *
 * @example
 * const byId = builtOnce((db) => db.select().from(accounts).where(eq(accounts.id, sql.placeholder("id"))).prepare("account_by_id"));
 * const [account] = await byId(db).execute({ id: 7 });
 */
export function builtOnce<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PGlite only: the whole cluster as a tarball, for `loadDataDir`. */
  dump?: () => Promise<Blob | File>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  migrationsFolder?: string;
  /** Runs right after the migrations, under the same lock (first-start seeding). */
  afterMigrate?: (db: Db) => Promise<void>;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster; the migrations still run (those in it are skipped). */
  loadDataDir?: Blob;
  /** PGlite only: Postgres's `shared_buffers` (`32MB` unless given; decision 076). */
  sharedBuffers?: string;
};

/**
 * PGlite's own default is Postgres's 128MB, all of it written (so resident) as it starts. Its
 * pages are a cache of files the operating system caches too; 32MB holds the demo set's working
 * set several times over and starts ~100 MB smaller (decision 076).
 */
export const DEFAULT_SHARED_BUFFERS = "32MB";

/** Any constant: the advisory lock that serialises migrations and seeding across instances. */
const MIGRATION_LOCK = 724_301;

export const defaultMigrationsFolder = () => path.resolve(process.cwd(), "platform/db/migrations");

/**
 * Opens the database and applies the committed migrations.
 * PGlite has no cross-process lock of its own, so a lock file keeps a second server off the
 * same data directory (STACK-NOTES pitfall 6).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // An idle connection the server drops (a restart, a failover) must not take the process down.
    pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
    const db = drizzle(pool, { schema, casing: "snake_case" });
    // Several instances may start at once against one database: one migrates and seeds, the others wait.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema, casing: "snake_case" }), { migrationsFolder });
      await options.afterMigrate?.(db);
    } catch (error) {
      client.release();
      await pool.end();
      throw error;
    }
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    client.release();
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }

  const dataDir = options.dataDir ?? "memory://";
  const inMemory = dataDir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.join(dataDir, ".lock"));
  }
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(inMemory ? undefined : path.join(dataDir, "pg"), {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers ?? DEFAULT_SHARED_BUFFERS}`],
      ...(inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzle(client, { schema, casing: "snake_case" });
    try {
      await migrate(db, { migrationsFolder });
      await options.afterMigrate?.(db);
    } catch (error) {
      await client.close();
      throw error;
    }
    // Reads from here on through kept prepared statements (decision 071).
    installPreparedReads(client);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      dump: () => client.dumpDataDir("none"),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * An exclusive lock file naming this process (pid and, on Linux, its start time). A lock whose
 * process is gone is taken over at once: a killed server's pid may linger as a zombie until its
 * parent reaps it, or be reused by an unrelated process, and neither holds the database.
 */
export function takeLock(lockPath: string): () => void {
  const me = JSON.stringify(processIdentity(process.pid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, me, { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === me) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(fs.readFileSync(lockPath, "utf8"));
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new Error(
          `The data directory ${path.dirname(lockPath)} is in use by process ${holder.pid}. ` + `Stop that server, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

type Holder = { pid: number; start?: string };

/** The lock file's content: `{"pid":…,"start":…}`, or a bare pid (older servers). */
function readHolder(text: string): Holder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "number") return { pid: value };
    if (value && typeof value === "object" && "pid" in value && typeof value.pid === "number") {
      return { pid: value.pid, start: "start" in value && typeof value.start === "string" ? value.start : undefined };
    }
  } catch {
    /* unreadable: nobody we know holds it */
  }
  return null;
}

/** A process's pid with its start time (clock ticks since boot, from /proc) where there is one. */
export function processIdentity(pid: number): Holder {
  const stat = procStat(pid);
  return stat ? { pid, start: stat.start } : { pid };
}

/** State and start time of a process from /proc/<pid>/stat (Linux), or null. */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command)": the state is field 3 and the start time field 22.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

function holdsLock(holder: Holder) {
  if (fs.existsSync("/proc/self/stat")) {
    const stat = procStat(holder.pid);
    if (!stat || stat.state === "Z" || stat.state === "X") return false;
    return holder.start === undefined || holder.start === stat.start;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
