import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { DEFAULT_SHARED_BUFFERS, openDatabase, queryRows } from "./index";

async function sharedBuffersOf(sharedBuffers?: string) {
  const database = await openDatabase({ dataDir: "memory://", sharedBuffers });
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    return row.shared_buffers;
  } finally {
    await database.close();
  }
}

const env = (value: string): NodeJS.ProcessEnv => ({
  NODE_ENV: "test",
  SESSION_SECRET: "0123456789abcdef0123",
  DATA_DIR: "/tmp/unused-by-this-test",
  PGLITE_SHARED_BUFFERS: value,
});

describe("the embedded database's page cache (decision 076)", () => {
  it("is 32MB unless given, not PGlite's 128MB, and takes the size it is given", async () => {
    expect(DEFAULT_SHARED_BUFFERS).toBe("32MB");
    expect(await sharedBuffersOf()).toBe("32MB");
    expect(await sharedBuffersOf("8MB")).toBe("8MB");
  });

  it("is set with PGLITE_SHARED_BUFFERS, a size Postgres reads, from 1MB to 1GB", () => {
    expect(readConfig(env("64MB")).PGLITE_SHARED_BUFFERS).toBe("64MB");
    expect(readConfig(env("1GB")).PGLITE_SHARED_BUFFERS).toBe("1GB");
    expect(readConfig(env("1024kB")).PGLITE_SHARED_BUFFERS).toBe("1024kB");
    expect(readConfig({ ...env(""), PGLITE_SHARED_BUFFERS: undefined }).PGLITE_SHARED_BUFFERS).toBeUndefined();
    for (const bad of ["32", "32mb", "32 MB", "0MB", "-8MB", "2GB", "512kB", "32MB; drop"]) {
      expect(() => readConfig(env(bad)), bad).toThrow(/^Invalid environment: PGLITE_SHARED_BUFFERS: /);
    }
  });
});
