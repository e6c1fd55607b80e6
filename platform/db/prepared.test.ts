import { PGlite, protocol } from "@electric-sql/pglite";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtOnce, openDatabase } from "./index";
import { answerMessages, installPreparedReads, prepareReads } from "./prepared";
import { modules } from "./schema";

/** PGlite's own query, whatever is installed on the instance. */
const own = <T>(client: PGlite, text: string, params: unknown[] = []) => PGlite.prototype.query.call(client, text, params) as Promise<{ rows: T[] }>;

/** The reads Postgres holds prepared under this module's names. */
async function preparedTexts(client: PGlite) {
  const { rows } = await own<{ statement: string }>(
    client,
    "select statement from pg_prepared_statements where name like 'drizzle_read_%' order by length(name), name",
  );
  return rows.map((row) => row.statement);
}

describe("reads through kept prepared statements", () => {
  // One database for the file (one takes ~3 s to start): each test starts from the same table and no kept statements.
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());
  beforeEach(async () => {
    await client.exec(`
      deallocate all;
      drop table if exists talks;
      create table talks (id serial primary key, title text not null, starts timestamptz, day date, price numeric(10,2), tags text[], extra jsonb, live boolean not null default false, picture bytea);
      insert into talks (title, starts, day, price, tags, extra, live, picture) values
        ('开幕式', '2026-11-28 09:00+08', '2026-11-28', 12.50, '{a,b}', '{"hall":"A","n":[1,2]}', true, '\\x00ff'),
        ('Keynote', null, null, null, null, null, false, null);
      create or replace function noisy(x int) returns int language plpgsql as $$ begin raise notice 'noisy %', x; return x; end $$;
    `);
  });

  const texts = [
    ["select * from talks where id = $1", [1]],
    ["select * from talks where title = $1 or starts > $2 order by id", ["Keynote", new Date("2026-01-01T00:00:00Z")]],
    ["select * from talks where extra @> $1 order by id", [{ hall: "A" }]],
    ["select id, live from talks where live = $1 and day is not distinct from $2", [false, null]],
    ["with t as (select * from talks where tags && $1) select count(*)::int as n from t", [["b", "c"]]],
    // A value larger than one piece of the backend's answer, an empty one, four-byte characters.
    ["select repeat($1, 60000) as big, '' as empty, $2::text as mixed, id from talks order by id", ["长", "😀 é\u0001"]],
    // A notice in the answer: PGlite's own parser reads that one.
    ["select noisy($1) as n", [7]],
  ] as const;

  it("answers every read as PGlite's own query does, in object and array rows, with the caller's parsers", async () => {
    const reads = prepareReads(client);
    const parsers = { 1184: (value: string) => `kept ${value}` };
    for (const [text, params] of texts) {
      for (const options of [undefined, { rowMode: "array" as const }, { parsers }, { rowMode: "array" as const, parsers }]) {
        const mine = await reads.query(text, [...params], options);
        const theirs = await client.query(text, [...params], options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    const [first] = (await reads.query<{ starts: Date; picture: Uint8Array }>("select * from talks where id = $1", [1])).rows;
    expect(first.starts).toEqual(new Date("2026-11-28T01:00:00Z"));
    expect([...first.picture]).toEqual([0, 255]);
  });

  it("reads a bound read's answer as PGlite's parser does, and leaves anything else to it", () => {
    const message = (type: string, body: number[]) => [type.charCodeAt(0), ...int32(body.length + 4), ...body];
    const int32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    const utf8 = (text: string) => [...new TextEncoder().encode(text)];
    const field = (value: string | null) => (value === null ? int32(-1) : [...int32(utf8(value).length), ...utf8(value)]);
    const row = (...values: Array<string | null>) => message("D", [0, values.length, ...values.flatMap(field)]);
    const answer = Uint8Array.from([
      ...message("2", []),
      ...row("1", null, "开幕式", "", "😀"),
      ...row("2", "x", "Keynote", "a-b", null),
      ...message("C", [...utf8("SELECT 2"), 0]),
      ...message("Z", utf8("I")),
    ]);
    const theirs: Array<{ name: string; fields?: unknown; text?: string }> = [];
    new protocol.Parser().parse(answer, (one) => theirs.push(one));
    const mine = answerMessages(answer) as Array<{ fields?: unknown; text?: string }> | null;
    expect(mine?.map((m) => m.fields ?? m.text)).toEqual(
      theirs.filter((m) => m.name === "dataRow" || m.name === "commandComplete").map((m) => m.fields ?? m.text),
    );
    // A failure, a cut answer: not read here.
    const failure = Uint8Array.from(message("E", [...utf8("SERROR"), 0, ...utf8("C22012"), 0, ...utf8("Mdivision by zero"), 0, 0]));
    expect(answerMessages(failure)).toBeNull();
    expect(answerMessages(answer.subarray(0, answer.length - 3))).toBeNull();
  });

  it("reads a text as stored, a leading U+FEFF too (PGlite's own parser drops it)", async () => {
    const reads = prepareReads(client);
    await own(client, "update talks set title = $1 where id = 2", ["\uFEFFKeynote"]);
    const stored = await own<{ n: number }>(client, "select length(title) as n from talks where id = 2");
    const [mine] = (await reads.query<{ title: string }>("select title from talks where id = $1", [2])).rows;
    expect(mine.title).toBe("\uFEFFKeynote");
    expect(mine.title).toHaveLength(stored.rows[0].n);
    expect((await own<{ title: string }>(client, "select title from talks where id = 2")).rows[0].title).toBe("Keynote");
  });

  it("prepares a read once and runs it again with other parameters", async () => {
    const reads = prepareReads(client);
    const titles = [];
    for (const id of [1, 2, 1, 2, 1, 2, 1, 2]) titles.push((await reads.query<{ title: string }>("select title from talks where id = $1", [id])).rows[0].title);
    expect(titles).toEqual(["开幕式", "Keynote", "开幕式", "Keynote", "开幕式", "Keynote", "开幕式", "Keynote"]);
    expect(await preparedTexts(client)).toEqual(["select title from talks where id = $1"]);
    expect(reads.kept()).toBe(1);
  });

  it("keeps at most its limit, closing the least recently used", async () => {
    const reads = prepareReads(client, 2);
    await reads.query("select 1 as a");
    await reads.query("select 2 as b");
    await reads.query("select 1 as a");
    await reads.query("select 3 as c");
    expect(await preparedTexts(client)).toEqual(["select 1 as a", "select 3 as c"]);
    expect(reads.kept()).toBe(2);
  });

  it("leaves writes and transactions to PGlite's own path", async () => {
    const reads = prepareReads(client);
    const inserted = await reads.query<{ id: number }>("insert into talks (title) values ($1) returning id", ["闭幕式"]);
    expect(inserted.rows).toEqual([{ id: 3 }]);
    await reads.query("update talks set live = true where id = $1", [3]);
    await client.transaction(async (tx) => {
      expect((await tx.query<{ live: boolean }>("select live from talks where id = $1", [3])).rows).toEqual([{ live: true }]);
    });
    expect(await preparedTexts(client)).toEqual([]);
  });

  it("tells a failed read with its statement, and the next read still answers", async () => {
    const reads = prepareReads(client);
    await expect(reads.query("select 10 / $1::int as q", [0])).rejects.toMatchObject({ message: "division by zero", query: "select 10 / $1::int as q" });
    expect((await reads.query("select 10 / $1::int as q", [5])).rows).toEqual([{ q: 2 }]);
    await expect(reads.query("select * from nowhere where id = $1", [1])).rejects.toThrow('relation "nowhere" does not exist');
    expect(await preparedTexts(client)).toEqual(["select 10 / $1::int as q"]);
    expect((await reads.query<{ n: number }>("select count(*)::int as n from talks")).rows).toEqual([{ n: 2 }]);
  });

  it("answers after the table it reads changes shape", async () => {
    const reads = prepareReads(client);
    expect((await reads.query("select * from talks where id = $1", [2])).fields).toHaveLength(9);
    await client.exec("alter table talks add column room text default '101'");
    const again = await reads.query<{ room: string }>("select * from talks where id = $1", [2]);
    expect(again.rows[0].room).toBe("101");
    expect(again.fields).toHaveLength(10);
  });

  it("waits for a transaction in progress, as PGlite's own query does", async () => {
    const reads = prepareReads(client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = client.transaction(async (tx) => {
      await tx.query("update talks set title = 'Keynote 2027' where id = 2");
      await held;
    });
    const reading = reads.query<{ title: string }>("select title from talks where id = $1", [2]);
    release();
    await writing;
    expect((await reading).rows).toEqual([{ title: "Keynote 2027" }]);
  });

  it("serves drizzle's reads once installed, many at a time", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      const { db } = database;
      const inner = (db as unknown as { $client: PGlite }).$client;
      const read = (conferenceId: number) => db.select().from(modules).where(eq(modules.conferenceId, conferenceId)).orderBy(asc(modules.id));
      expect(await Promise.all([read(1), read(2), read(1)])).toEqual([[], [], []]);
      expect(await preparedTexts(inner)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("builds a drizzle query once per database and runs it with other values", async () => {
    const [one, two] = await Promise.all([openDatabase({ dataDir: "memory://" }), openDatabase({ dataDir: "memory://" })]);
    try {
      let builds = 0;
      const sum = builtOnce((db) => {
        builds++;
        return db
          .select({ n: sql<number>`${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int` })
          .from(sql`(values (1)) as one (x)`)
          .prepare("sum_test");
      });
      expect(await sum(one.db).execute({ a: 1, b: 2 })).toEqual([{ n: 3 }]);
      expect(await sum(one.db).execute({ a: 40, b: 2 })).toEqual([{ n: 42 }]);
      expect(await sum(two.db).execute({ a: 5, b: 5 })).toEqual([{ n: 10 }]);
      expect(builds).toBe(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("puts the reads on the client's own query", async () => {
    const reads = installPreparedReads(client);
    try {
      expect((await client.query<{ n: number }>("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
      expect(reads?.kept()).toBe(1);
      expect(await preparedTexts(client)).toEqual(["select $1::int + 1 as n"]);
    } finally {
      delete (client as { query?: unknown }).query;
    }
  });
});
