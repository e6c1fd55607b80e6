import { parse, type PGlite, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * Reads on PGlite through named prepared statements (decision 071).
 *
 * PGlite's own `query` sends every statement as an unnamed one: Parse, Describe, Bind, Describe,
 * Execute and Sync, six calls into the WebAssembly backend, and Postgres parses, analyses and
 * plans the text anew each time. Drizzle sends the same few hundred texts over and over with
 * other parameters, so this keeps each read's statement prepared under a name of its own: the
 * first call parses and describes it, every later one binds, executes and syncs in one call, and
 * Postgres's plan cache keeps the plan when a generic one serves (after five runs, by its rules).
 * A read costs a third of what it did (0.34 → 0.12 ms for a conference's modules, in a loop).
 *
 * Only `select`/`with` statements given to `query` take this path (several in one text fail to
 * prepare as they fail in PGlite's own query); writes, everything in a `transaction` (its own
 * query), a blob and anything with its own parameter types go through PGlite's own path,
 * unchanged. A schema change invalidates the kept plans (Postgres's plan cache revalidates them);
 * at most `limit` statements are kept, the least recently used closed first.
 */
export function prepareReads(client: PGlite, limit = 256): PreparedReads {
  const plain = client.query.bind(client);
  const statements = new Map<string, Statement>();
  // The private parts of PGlite that its own `query` goes through (the mutexes and the protocol call).
  const inner = client as unknown as Internals;
  const send = (message: Uint8Array) => inner.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Statement> {
    const name = `drizzle_read_${++counter}`;
    let described: Message[] = [];
    try {
      await send(protocol.serialize.parse({ name, text }));
      described = await send(protocol.serialize.describe({ type: "S", name }));
    } finally {
      await send(protocol.serialize.sync());
    }
    const parameters = described.find((m): m is ParameterDescription => m.name === "parameterDescription");
    const row = described.find((m) => m.name === "rowDescription") ?? null;
    return { name, types: parameters?.dataTypeIDs ?? [], row };
  }

  /**
   * The answer to a bound statement's Execute and Sync, read from the backend's bytes here rather
   * than by PGlite's own protocol parser, which copies every field into a buffer of its own before
   * decoding it (a 20-row, 25-column read: ~500 µs through it, ~190 µs so). Only what such an
   * answer holds is read: rows, the command's tag, the markers around them. Anything else (a
   * failure above all) goes to PGlite's parser, and its error is thrown as its own query throws it.
   */
  async function answered(message: Uint8Array): Promise<Message[]> {
    const chunks: Uint8Array[] = [];
    // The chunk is a view of the backend's memory, written over by the next: each is copied.
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const bytes = chunks.length === 1 ? chunks[0] : joined(...chunks);
    const messages = answerMessages(bytes);
    if (messages) return messages;
    const parsed: Message[] = [];
    let failure: unknown = null;
    new protocol.Parser().parse(bytes, (one) => {
      if (one instanceof protocol.messages.DatabaseError) failure ??= one;
      parsed.push(one);
    });
    if (failure) throw failure;
    return parsed;
  }

  async function close(statement: Statement) {
    await send(joined(protocol.serialize.close({ type: "S", name: statement.name }), protocol.serialize.sync()));
  }

  /** The kept statement of a text, prepared now when it is not kept; the least recently used closed beyond the limit. */
  async function statementOf(text: string): Promise<Statement> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
    } else {
      statement = await prepare(text);
      if (statements.size >= limit) {
        const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
        statements.delete(oldestText);
        await close(oldest);
      }
    }
    // Most recently used last: the Map's order is the eviction order.
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await statementOf(text);
    const values = params.map((value, i) => serialized(value, statement.types[i], options, client));
    const messages = await answered(
      joined(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()),
    );
    await client.syncToFs();
    const described = statement.row ? [statement.row, ...messages] : messages;
    return parse.parseResults(described, parsersOf(options), options && { rowMode: options.rowMode })[0] as Results<T>;
  }

  /**
   * The query's own parsers in front of the client's. PGlite's parseResults copies the client's
   * ~320 into a new object with the query's on top whenever a query brings its own (drizzle's
   * every query does: dates kept as text), ~80 µs a query here; an object whose prototype is the
   * client's finds the same parser for every type without the copy.
   */
  function parsersOf(options: QueryOptions | undefined): PGlite["parsers"] {
    if (!options?.parsers) return client.parsers;
    return Object.assign(Object.create(client.parsers) as PGlite["parsers"], options.parsers);
  }

  async function read<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await inner._checkReady();
    return inner._runExclusiveTransaction(() =>
      inner._runExclusiveQuery(async () => {
        try {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            if (!reshaped(error)) throw error;
            // A `select *` whose table changed shape: its kept statement (and row description) is stale.
            const stale = statements.get(text);
            statements.delete(text);
            if (stale) await close(stale);
            return await run<T>(text, params, options);
          }
        } catch (error) {
          // As PGlite's own query tells which statement failed.
          if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
  }

  function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!READ.test(text) || options?.blob || options?.paramTypes) return plain<T>(text, params, options);
    return read<T>(text, params, options);
  }

  return { query, kept: () => statements.size };
}

export type PreparedReads = {
  /** PGlite's `query`, with reads through kept statements. */
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  /** How many statements are prepared now. */
  kept: () => number;
};

/**
 * Puts the reads on `client.query` itself, for drizzle and every other caller; the client's
 * transactions keep PGlite's own path.
 */
export function installPreparedReads(client: PGlite, limit?: number): PreparedReads | null {
  const internals: Array<keyof Internals> = ["_checkReady", "_runExclusiveTransaction", "_runExclusiveQuery", "execProtocolStream", "execProtocolRawStream"];
  const missing = internals.filter((name) => typeof (client as unknown as Internals)[name] !== "function");
  if (missing.length) {
    console.warn(`[db] PGlite has no ${missing.join(", ")}: reads go through its own query (decision 071)`);
    return null;
  }
  const reads = prepareReads(client, limit);
  Object.defineProperty(client, "query", { value: reads.query, configurable: true, writable: true });
  return reads;
}

const READ = /^\s*(select|with)\b/i;

/** Statement names unique in the process, so two sets of reads on one client never meet. */
let counter = 0;

/** Postgres refuses a kept statement whose result's columns changed since it was prepared. */
function reshaped(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === "0A000" && error.message.includes("cached plan must not change result type");
}

type Message = Parameters<typeof parse.parseResults>[0][number];
type ParameterDescription = Message & { dataTypeIDs: number[] };
type Statement = { name: string; types: number[]; row: Message | null };
type Internals = {
  _checkReady: () => Promise<void>;
  _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
  _runExclusiveQuery: <T>(fn: () => Promise<T>) => Promise<T>;
  execProtocolStream: (message: Uint8Array, options: { syncToFs: boolean }) => Promise<Message[]>;
  execProtocolRawStream: PGlite["execProtocolRawStream"];
};

/** The backend's messages that answer a bound read (1: ParseComplete, 2: BindComplete, n: NoData, s: PortalSuspended, I: EmptyQuery, Z: ReadyForQuery). */
const MARKERS = new Set([0x31, 0x32, 0x6e, 0x73, 0x49, 0x5a]);
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;

/**
 * The data rows and command tags of a bound read's answer, as PGlite's parser gives them to
 * `parseResults` (each field the text of its value, or null); null when the answer holds any
 * other message (an error, a notice), which PGlite's own parser then reads.
 */
export function answerMessages(bytes: Uint8Array): Message[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: Message[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 5 > bytes.length) return null;
    const type = bytes[at];
    const length = view.getInt32(at + 1);
    const next = at + 1 + length;
    if (length < 4 || next > bytes.length) return null;
    const body = at + 5;
    if (type === DATA_ROW) {
      const count = view.getInt16(body);
      const fields: Array<string | null> = new Array(count);
      let p = body + 2;
      for (let i = 0; i < count; i++) {
        if (p + 4 > next) return null;
        const size = view.getInt32(p);
        p += 4;
        if (size === -1) fields[i] = null;
        else {
          if (size < 0 || p + size > next) return null;
          // As stored: TextDecoder (PGlite's parser) would drop a leading U+FEFF.
          fields[i] = text.toString("utf8", p, p + size);
          p += size;
        }
      }
      if (p !== next) return null;
      messages.push({ name: "dataRow", length, fields, fieldCount: count } as unknown as Message);
    } else if (type === COMMAND_COMPLETE) {
      messages.push({ name: "commandComplete", length, text: text.toString("utf8", body, next - 1) } as unknown as Message);
    } else if (!MARKERS.has(type)) return null;
    at = next;
  }
  return messages;
}

/** A parameter as PGlite's own query sends it: its type's serializer, else its text. */
function serialized(value: unknown, type: number | undefined, options: QueryOptions | undefined, client: PGlite): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? client.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

function joined(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
