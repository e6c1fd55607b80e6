/**
 * Seeds the database configured by the environment:
 *   npx tsx platform/db/seed-cli.ts [--conferences N]      (npm run db:seed -- --conferences N)
 * DATABASE_URL selects PostgreSQL; otherwise PGlite files in <DATA_DIR or ./data>/db.
 * The demo set is inserted once; --conferences N appends N generated conferences on every run.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./index";
import { addConferences, demoAccounts, isSeeded, seedDemo, type SeedSummary } from "./seed";

const usage = "Usage: npm run db:seed -- [--conferences N]";

function parseArgs(argv: string[]): { conferences: number } {
  let conferences = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(usage);
      process.exit(0);
    }
    let value: string | undefined;
    if (arg === "--conferences") value = argv[++i];
    else if (arg.startsWith("--conferences=")) value = arg.slice("--conferences=".length);
    else throw new Error(`Unknown argument ${arg}. ${usage}`);
    if (value === undefined || !/^\d+$/.test(value)) throw new Error(`--conferences needs a whole number. ${usage}`);
    conferences = Number(value);
  }
  return { conferences };
}

function printSummary(title: string, summary: SeedSummary) {
  const total = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
  console.log(`${title}: ${total} rows in ${(summary.durationMs / 1000).toFixed(1)} s`);
  for (const [table, n] of Object.entries(summary.rows)) console.log(`  ${table.padEnd(22)} ${n}`);
}

async function main() {
  const { conferences } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.join(process.env.DATA_DIR ?? "data", "db");
  // Throws a clear message when a running server holds the PGlite data directory.
  const database = await openDatabase({ databaseUrl, dataDir });
  console.log(databaseUrl ? "Seeding PostgreSQL (DATABASE_URL)" : `Seeding PGlite at ${path.resolve(dataDir)}`);
  try {
    if (await isSeeded(database.db)) {
      console.log("Demo set already present (accounts exist); not seeding it again.");
    } else {
      printSummary("Demo set", await seedDemo(database.db, { log: (line) => console.log(line) }));
      console.log("Demo accounts (sign in with the mobile number and an SMS code):");
      for (const [key, account] of Object.entries(demoAccounts)) {
        console.log(`  ${key.padEnd(10)} ${account.mobile}  ${account.nameZh} / ${account.nameEn} — ${account.roleEn}`);
      }
    }
    if (conferences > 0) {
      printSummary(`Added ${conferences} conferences`, await addConferences(database.db, conferences, { log: (line) => console.log(`  ${line}`) }));
    }
    // Fresh planner statistics for the new rows (PGlite has no autovacuum).
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(`db:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
