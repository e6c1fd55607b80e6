/**
 * `npm run bench`: builds, seeds 1,000 generated conferences into a throwaway data directory,
 * starts the production server and measures, for `/`, a conference page and a search:
 * req/s, p50 and p99 under 10 connections on loopback (autocannon, bounded), beside the req/s of
 * a bare node:http server sending the same (gzipped) HTML bytes in the same run; first-load JS and
 * CSS per route (gzip) and the HTML (gzip); server RSS. Prints Markdown tables and writes them into
 * docs/benchmarks.md. Exits non-zero on errors only: missed targets are marked ✗, not fatal.
 *
 *   npm run bench -- [--no-build] [--duration 10] [--connections 10] [--warmup 2]
 *                    [--conferences 1000] [--search-conferences 20000] [--keyword 北京]
 *                    [--no-page-cache] [--cpu-prof] [--keep-data] [--no-docs] [--no-applicants]
 *
 * A last step runs scripts/bench-applicants.ts (the organiser's registration list at 50,000
 * registrations and an export of 10,000) and writes its table into the same page.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { AREAS } from "../app/locales/parts";
import { summariseProfile } from "./bench/profile";
import { APPLICANT_PAGE, BENCH_SESSION_SECRET, filledApplicantList, signedIn } from "./bench/signed-in";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docsFile = path.join(root, "docs/benchmarks.md");
/** The build the server runs and the sizes are read from: a snapshot (see snapshotBuild). */
let appDir = root;
const clientDir = () => path.join(appDir, "build/client");
const tsxBin = path.join(root, "node_modules/.bin/tsx");

// ─── Options ─────────────────────────────────────────────────────────────────────────

type Options = {
  build: boolean;
  duration: number;
  connections: number;
  warmup: number;
  conferences: number;
  searchConferences: number;
  keyword?: string;
  /** False with --no-page-cache: the server renders every request (PAGE_CACHE_SECONDS=0). */
  pageCache: boolean;
  cpuProf: boolean;
  keepData: boolean;
  docs: boolean;
  /** False with --no-applicants: skip the registration list step (scripts/bench-applicants.ts). */
  applicants: boolean;
};

function parseOptions(argv: string[]): Options {
  const options: Options = {
    build: true,
    duration: 10,
    connections: 10,
    warmup: 2,
    conferences: 1000,
    searchConferences: 0,
    pageCache: true,
    cpuProf: false,
    keepData: false,
    docs: true,
    applicants: true,
  };
  const number = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} wants an integer from ${min} to ${max}, got ${value ?? "nothing"}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--no-build":
        options.build = false;
        break;
      case "--duration":
        options.duration = number(flag, value(), 1, 120);
        break;
      case "--connections":
        options.connections = number(flag, value(), 1, 200);
        break;
      case "--warmup":
        options.warmup = number(flag, value(), 0, 30);
        break;
      case "--conferences":
        options.conferences = number(flag, value(), 0, 100_000);
        break;
      case "--search-conferences":
        options.searchConferences = number(flag, value(), 1, 200_000);
        break;
      case "--keyword":
        options.keyword = value();
        break;
      case "--no-page-cache":
        options.pageCache = false;
        break;
      case "--cpu-prof":
        options.cpuProf = true;
        break;
      case "--keep-data":
        options.keepData = true;
        break;
      case "--no-docs":
        options.docs = false;
        break;
      case "--no-applicants":
        options.applicants = false;
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (options.searchConferences && options.searchConferences <= options.conferences) {
    throw new UsageError(`--search-conferences (${options.searchConferences}) must exceed --conferences (${options.conferences})`);
  }
  return options;
}

class UsageError extends Error {}

const USAGE = `npm run bench -- [options]
  --no-build                  reuse the current build/ instead of npm run build
  --duration 10               seconds per measured run
  --connections 10            autocannon connections
  --warmup 2                  seconds of warm-up before each run (0: none)
  --conferences 1000          generated conferences seeded for the default phase
  --search-conferences N      also measure /search with N generated conferences (extra phase)
  --keyword 北京              search keyword (default: the first city with results)
  --no-page-cache             start the server with PAGE_CACHE_SECONDS=0, so every request renders
                              (figures go to their own sections of docs/benchmarks.md)
  --cpu-prof                  run the server under node --cpu-prof and summarise the profile
  --keep-data                 keep the temporary data directory
  --no-docs                   do not write docs/benchmarks.md
  --no-applicants             skip the registration list step (50,000 registrations, export of 10,000)`;

// ─── Child processes: every one is tracked and stopped, also on errors and signals ──

const children = new Set<ChildProcess>();
/** Temporary directories to delete when the run ends, however it ends. */
const scratch = new Set<string>();

function removeScratch() {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  scratch.clear();
}

function track(child: ChildProcess) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function stopChild(child: ChildProcess, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

async function stopAll() {
  await Promise.all([...children].map((child) => stopChild(child, 5_000)));
}

process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n[bench] ${signal}: stopping`);
    stopAll()
      .then(removeScratch)
      .finally(() => process.exit(130));
  });
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = track(spawn(command, args, { cwd: root, env, stdio: "inherit" }));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c, signal) => resolve(signal ? 128 : c));
  });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}`);
}

// ─── Small helpers ───────────────────────────────────────────────────────────────────

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

async function getJson<T>(url: string): Promise<T> {
  const response = await get(url, { accept: "application/json" });
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return JSON.parse(response.body.toString("utf8")) as T;
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process, in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmt2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "–");
const ratio = (n: number) => (Number.isFinite(n) ? `${n < 0.1 ? n.toFixed(3) : n.toFixed(2)}×` : "–");
const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : "–");
/** 1 KB = 1,000 bytes. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? "✓" : "✗");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ─── Seeding and the server ──────────────────────────────────────────────────────────

/** The seed CLI, as `npm run db:seed -- --conferences N` runs it (a server must not hold the data dir). */
async function seed(dataDir: string, conferences: number) {
  const cli = path.join(root, "platform/db/seed-cli.ts");
  console.log(`[bench] seeding: db:seed --conferences ${conferences} into ${dataDir}`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  await run(tsxBin, [cli, "--conferences", String(conferences)], env);
}

/**
 * Copies the build into the work directory and runs the server from there (node_modules and
 * platform/ linked), so a concurrent `npm run build` cannot swap the assets mid-run.
 */
function snapshotBuild(work: string): string {
  const dir = path.join(work, "app");
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  for (const file of ["server.mjs", "package.json"]) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  for (const link of ["node_modules", "platform", "server"]) fs.symlinkSync(path.join(root, link), path.join(dir, link), "dir");
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) throw new Error("the build has no build/server/index.js (a build running concurrently?)");
  return dir;
}

type Server = { child: ChildProcess; pid: number; base: string; logFile: string; startMs: number };

async function startServer(dataDir: string, logFile: string, profileDir: string | undefined, pageCache: boolean): Promise<Server> {
  const port = await freePort();
  const out = fs.openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRETS: BENCH_SESSION_SECRET,
  };
  // Repeating one URL would otherwise measure the anonymous page cache, not the page's own cost.
  if (!pageCache) env.PAGE_CACHE_SECONDS = "0";
  delete env.DATABASE_URL;
  delete env.PLATFORM_API_URL;
  const args = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "server.mjs"] : ["server.mjs"];
  const started = performance.now();
  const child = track(spawn(process.execPath, args, { cwd: appDir, env, stdio: ["ignore", out, out] }));
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start (code ${child.exitCode}); log:\n${tail(logFile)}`);
    }
    try {
      const response = await get(`${base}/`, {}, 5_000);
      if (response.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer / within 90 s; log:\n${tail(logFile)}`);
    await sleep(250);
  }
  const startMs = performance.now() - started;
  console.log(`[bench] server pid ${child.pid} on ${base}, answering / after ${seconds(startMs)}`);
  return { child, pid: child.pid!, base, logFile, startMs };
}

function tail(file: string, lines = 30) {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

type StaticServer = { child: ChildProcess; pid: number; base: string };

async function startStaticServer(routesFile: string): Promise<StaticServer> {
  const child = track(
    spawn(process.execPath, [path.join(root, "scripts/bench/static-server.mjs"), routesFile], { cwd: root, stdio: ["ignore", "pipe", "inherit"] }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error("the static server did not start in 10 s")), 10_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /listening (\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the static server exited with ${code}`));
    });
  });
  return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` };
}

// ─── Load ────────────────────────────────────────────────────────────────────────────

/** What a browser's navigation sends, gzip only so the HTML size is the gzip one. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "zh-CN,zh;q=0.9",
};

type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU of the measured server process per request, in ms. */
  cpuPerRequest: number;
};

/** One autocannon run; with `latencies`, every response time (ms, sub-ms precision) is kept there. */
async function cannon(url: string, seconds: number, connections: number, latencies?: number[], cookie?: string): Promise<Result> {
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers: cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS });
  // autocannon's own histogram keeps whole milliseconds only, too coarse for the static server.
  if (latencies) instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

function percentile(sorted: Float64Array, p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A page under load; `cookie` (a signed-in browser's) and `connections` override the options' visitor. */
async function load(url: string, pid: number, options: Options, cookie?: string, connections = options.connections): Promise<LoadResult> {
  if (options.warmup > 0) await cannon(url, options.warmup, connections, undefined, cookie);
  const latencies: number[] = [];
  const cpuBefore = cpuMs(pid);
  const result = await cannon(url, options.duration, connections, latencies, cookie);
  const cpu = cpuMs(pid) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPerRequest: requests ? cpu / requests : NaN,
  };
}

// ─── Page weight ─────────────────────────────────────────────────────────────────────

type Weight = {
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
  /** The base part of the page's messages, and all the parts it loads before hydrating. */
  localeChunk?: string;
  localeChunks: string[];
  /** Assets the HTML references that are not in the build (sizes are then too low). */
  missing: string[];
};

const gzipCache = new Map<string, number>();
function gzipSize(file: string) {
  let size = gzipCache.get(file);
  if (size === undefined) gzipCache.set(file, (size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length));
  return size;
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) out[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4];
  return out;
}

/** `/assets/x.js` or `./x.js` (relative to the importing file) → the file in build/client; `missing` gets the misses. */
function assetFile(specifier: string, fromUrl = "/", missing?: string[]): string | undefined {
  if (/^[a-z]+:/i.test(specifier) || specifier.startsWith("//")) return undefined;
  const url = new URL(specifier, `http://x${fromUrl}`).pathname;
  const file = path.join(clientDir(), decodeURIComponent(url));
  if (fs.existsSync(file)) return file;
  if (missing && !missing.includes(url)) missing.push(url);
  return undefined;
}

const staticImportPattern = /(?:^|[^\w$.])(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.(?:m?js|css))["']/g;
const dynamicImportPattern = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;

/** Strings of the locale files, to tell which dynamically imported chunk holds which language. */
function localeStrings(lang: string): string[] {
  const file = path.join(root, "app/locales", lang, "common.json");
  if (!fs.existsSync(file)) return [];
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string" && value.length >= 4 && !/["\\\n]/.test(value)) strings.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(JSON.parse(fs.readFileSync(file, "utf8")));
  return strings;
}

/**
 * First-load JS and CSS of a page: stylesheets, modulepreloads and the module script's imports
 * from the HTML, their static imports (transitively), and the parts of the messages (the base
 * part and its routes' areas') that the page loads dynamically for its language before hydrating.
 */
function pageWeight(html: string): Weight {
  const js = new Set<string>();
  const css = new Set<string>();
  const urls = new Map<string, string>(); // file → its URL, to resolve relative imports
  const missing: string[] = [];
  const add = (specifier: string, fromUrl?: string) => {
    const file = assetFile(specifier, fromUrl, missing);
    if (!file) return;
    const set = file.endsWith(".css") ? css : js;
    if (set.has(file)) return;
    set.add(file);
    const url = "/" + path.relative(clientDir(), file).split(path.sep).join("/");
    urls.set(file, url);
    if (set === js) for (const match of fs.readFileSync(file, "utf8").matchAll(staticImportPattern)) add(match[1], url);
  };

  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(match[0]);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (attrs.href && (rel.includes("stylesheet") || rel.includes("modulepreload"))) add(attrs.href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(`<script ${match[1]}>`);
    if ((attrs.type ?? "").toLowerCase() !== "module") continue;
    if (attrs.src) add(attrs.src);
    for (const m of match[2].matchAll(staticImportPattern)) add(m[1]);
    for (const m of match[2].matchAll(dynamicImportPattern)) add(m[1]);
  }

  // Before hydrating, the page downloads the base part of its language's messages (app/locales/
  // load.ts, a dynamic import named `base-*`) and the part of every area its route modules name
  // (`areaLoader(["portal"])`, kept as that array literal in the built route chunk).
  const lang = /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1]?.toLowerCase().startsWith("en") ? "en" : "zh";
  const wanted = localeStrings(lang);
  const others = localeStrings(lang === "en" ? "zh" : "en");
  const areaNames = Object.keys(AREAS);
  const areaList = new RegExp(`\\(\\[((?:"(?:${areaNames.join("|")})",?)+)\\]\\)`, "g");
  const parts = new Set(["base"]);
  for (const from of js) for (const match of fs.readFileSync(from, "utf8").matchAll(areaList)) for (const area of JSON.parse(`[${match[1]}]`)) parts.add(area);
  const chosen = new Map<string, { score: number; file: string }>();
  for (const from of [...js]) {
    for (const match of fs.readFileSync(from, "utf8").matchAll(dynamicImportPattern)) {
      const file = assetFile(match[1], urls.get(from));
      const part = file && /^([a-z]+)-/.exec(path.basename(file))?.[1];
      if (!file || !part || !parts.has(part)) continue;
      const text = fs.readFileSync(file, "utf8");
      const score = wanted.filter((s) => text.includes(s)).length - others.filter((s) => text.includes(s)).length;
      if (score > (chosen.get(part)?.score ?? 0)) chosen.set(part, { score, file });
    }
  }
  const localeChunks = [...chosen.values()].map(({ file }) => file);
  for (const file of localeChunks) add("/" + path.relative(clientDir(), file).split(path.sep).join("/"));
  const localeChunk = chosen.get("base")?.file;

  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { jsFiles: [...js], cssFiles: [...css], jsGzip: sum(js), cssGzip: sum(css), localeChunk, localeChunks, missing };
}

// ─── Measuring one phase ─────────────────────────────────────────────────────────────

type Page = { name: string; path: string; note?: string };

type Row = Page & {
  ssr: LoadResult;
  baseline: LoadResult;
  ratio: number;
  htmlRaw: number;
  htmlGzip: number;
  weight: Weight;
};

type Phase = {
  title: string;
  conferences: string;
  published: number;
  rows: Row[];
  memory: { startMb: number; rssMb: number; peakMb: number };
  serverStartMs: number;
};

async function measure(server: Server, pages: Page[], options: Options, work: string, title: string, conferences: string): Promise<Phase> {
  const startMem = memory(server.pid);
  const published = (await getJson<{ data: { total: number } }>(`${server.base}/api/conference?pageSize=1`)).data.total;

  // The exact bytes and headers the server sends for each page, for the baseline and the sizes.
  const captured = new Map<string, { response: RawResponse; html: string; weight: Weight }>();
  const routes: Record<string, { status: number; headers: Record<string, string | string[]>; body: string }> = {};
  for (const [i, page] of pages.entries()) {
    const response = await get(server.base + page.path, BROWSER_HEADERS);
    if (response.status !== 200) throw new Error(`GET ${page.path}: HTTP ${response.status}`);
    const encoding = response.headers["content-encoding"];
    const html = (encoding === "gzip" ? zlib.gunzipSync(response.body) : response.body).toString("utf8");
    const weight = pageWeight(html);
    if (weight.missing.length) console.warn(`[bench] warning: ${page.path} references assets missing from the build: ${weight.missing.join(", ")}`);
    captured.set(page.path, { response, html, weight });
    const body = path.join(work, `page-${title.replace(/\W+/g, "-")}-${i}.bin`);
    fs.writeFileSync(body, response.body);
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined || ["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(key)) continue;
      headers[key] = value;
    }
    routes[page.path] = { status: response.status, headers, body };
    if (encoding !== "gzip") console.warn(`[bench] warning: ${page.path} came back without gzip (content-encoding: ${encoding ?? "none"})`);
  }
  const routesFile = path.join(work, `routes-${title.replace(/\W+/g, "-")}.json`);
  fs.writeFileSync(routesFile, JSON.stringify(routes));
  const baseline = await startStaticServer(routesFile);

  const rows: Row[] = [];
  try {
    for (const page of pages) {
      console.log(`[bench] ${page.name} ${page.path}: SSR …`);
      const ssr = await load(server.base + page.path, server.pid, options);
      console.log(`[bench]   ${fmtInt(ssr.rps)} req/s, p50 ${ms(ssr.p50)}, p99 ${ms(ssr.p99)}; static baseline …`);
      const stat = await load(baseline.base + page.path, baseline.pid, options);
      console.log(`[bench]   static ${fmtInt(stat.rps)} req/s, p50 ${ms(stat.p50)}, p99 ${ms(stat.p99)}`);
      const { response, html, weight } = captured.get(page.path)!;
      rows.push({
        ...page,
        ssr,
        baseline: stat,
        ratio: ssr.rps / stat.rps,
        htmlRaw: Buffer.byteLength(html),
        htmlGzip: response.body.length,
        weight,
      });
    }
  } finally {
    await stopChild(baseline.child);
  }
  const after = memory(server.pid);
  return { title, conferences, published, rows, memory: { startMb: startMem.rssMb, ...after }, serverStartMs: server.startMs };
}

async function pickPages(base: string, keyword: string | undefined, which: "all" | "search"): Promise<Page[]> {
  const pages: Page[] = [];
  if (which === "all") {
    pages.push({ name: "home", path: "/" });
    const first = await getJson<{ data: { list: Array<{ id: number }> } }>(`${base}/api/conference?pageSize=1`);
    const id = first.data.list[0]?.id;
    if (!id) throw new Error("no published conference to measure");
    pages.push({ name: "conference", path: `/${id}` });
  }
  const candidates = keyword ? [keyword] : ["北京", "上海", "广州", "南京", "武汉", "成都", "西安", "杭州"];
  for (const candidate of candidates) {
    const found = await getJson<{ data: { total: number } }>(`${base}/api/conference?pageSize=1&keyword=${encodeURIComponent(candidate)}`);
    if (found.data.total > 0 || candidate === candidates.at(-1)) {
      pages.push({ name: "search", path: `/search?keyword=${encodeURIComponent(candidate)}`, note: `“${candidate}”, ${fmtInt(found.data.total)} results` });
      break;
    }
  }
  return pages;
}

// ─── Signed in (issue 16) ────────────────────────────────────────────────────────────

/** The demo organiser: owns the showcase conference 1, whose applicant list and editor are measured. */
const SIGNED_IN_MOBILE = "13800000001";
const SHOWCASE_ID = 1;
/** Signed-in browsers are fewer at once than visitors: the issue measured them with 4 connections. */
const SIGNED_IN_CONNECTIONS = 4;

type SignedInRow = { name: string; path: string; signedIn: LoadResult; anonymous?: LoadResult; htmlGzip: number; target?: number; aboveAnonymous?: number };

/**
 * The pages of issue 16 as the demo organiser sees them: `/` and `/{id}` (beside the same pages
 * measured anonymously in this run), `/attend`, the showcase's applicant list and its editor.
 */
async function measureSignedIn(server: Server, dataDir: string, anonymous: Phase, options: Options): Promise<SignedInRow[]> {
  const { cookie, token } = await signedIn(server.base, dataDir, SIGNED_IN_MOBILE);
  const registrations = await filledApplicantList(server.base, token, SHOWCASE_ID, APPLICANT_PAGE);
  console.log(`[bench] the showcase's registration list holds ${registrations} (a full first page)`);
  const byName = new Map(anonymous.rows.map((row) => [row.name, row]));
  const pages: Array<{ name: string; path: string; anonymous?: LoadResult; target?: number }> = [
    { name: "home", path: "/", anonymous: byName.get("home")?.ssr },
    { name: "conference", path: byName.get("conference")?.path ?? `/${SHOWCASE_ID}`, anonymous: byName.get("conference")?.ssr },
    { name: "attend", path: "/attend", target: 5 },
    { name: "applicants", path: `/manage/applicant/${SHOWCASE_ID}`, target: 6 },
    // The editor is a page per section (decision 075): its first (basics) and its largest (the programme).
    { name: "editor", path: `/manage/edit/${SHOWCASE_ID}`, target: 12 },
    { name: "editor, programme", path: `/manage/edit/${SHOWCASE_ID}?section=schedules`, target: 12 },
  ];
  const rows: SignedInRow[] = [];
  for (const page of pages) {
    const first = await get(server.base + page.path, { ...BROWSER_HEADERS, cookie });
    if (first.status !== 200) throw new Error(`GET ${page.path} signed in: HTTP ${first.status} (not the organiser's page?)`);
    // Without the page cache the same page is loaded anonymously right before, with the same
    // connections: CPU per request depends on how many requests share the server at once, and
    // the machine's other work drifts between the runs of the table above.
    const anonymous =
      page.anonymous && !options.pageCache ? await load(server.base + page.path, server.pid, options, undefined, SIGNED_IN_CONNECTIONS) : page.anonymous;
    if (anonymous && !options.pageCache)
      console.log(`[bench] anonymous ${page.name}: ${ms(anonymous.cpuPerRequest)} CPU/req (${SIGNED_IN_CONNECTIONS} connections)`);
    console.log(`[bench] signed in ${page.name} ${page.path} …`);
    const signedIn = await load(server.base + page.path, server.pid, options, cookie, SIGNED_IN_CONNECTIONS);
    console.log(`[bench]   ${fmtInt(signedIn.rps)} req/s, ${ms(signedIn.cpuPerRequest)} CPU/req`);
    rows.push({
      ...page,
      anonymous,
      signedIn,
      htmlGzip: first.body.length,
      aboveAnonymous: anonymous ? signedIn.cpuPerRequest - anonymous.cpuPerRequest : undefined,
    });
  }
  return rows;
}

function signedInMarkdown(rows: SignedInRow[], options: Options): string {
  const lines = [
    "#### Signed in",
    "",
    `The demo organiser (${SIGNED_IN_MOBILE}), ${SIGNED_IN_CONNECTIONS} connections, ${options.duration} s per run after a ${options.warmup} s warm-up; signed-in pages always render (the page cache never answers them).`,
    options.pageCache
      ? "The anonymous column is empty here: with the page cache on, anonymous pages are answered from it. See the run without the page cache."
      : `The anonymous column is the same page loaded without the cookie just before, with the same ${SIGNED_IN_CONNECTIONS} connections (no page cache: rendered).`,
    "",
    "| page | path | signed in req/s | p50 | server CPU/req | anonymous CPU/req | above anonymous | target | HTML gzip | non-2xx |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const row of rows) {
    const bad = row.signedIn.non2xx + row.signedIn.errors;
    const anonymous = !options.pageCache && row.anonymous ? ms(row.anonymous.cpuPerRequest) : "–";
    const above = !options.pageCache && row.aboveAnonymous !== undefined ? `${ms(row.aboveAnonymous)} ${mark(row.aboveAnonymous <= 1.5)}` : "–";
    const target = row.target ? `≤ ${row.target} ms ${mark(row.signedIn.cpuPerRequest <= row.target)}` : "≤ 1.5 ms above";
    lines.push(
      `| ${row.name} | \`${row.path}\` | ${fmtInt(row.signedIn.rps)} | ${ms(row.signedIn.p50)} | ${ms(row.signedIn.cpuPerRequest)} | ${anonymous} | ${above} | ${target} | ${kb(row.htmlGzip)} | ${bad === 0 ? "0" : `**${bad}** ✗`} |`,
    );
  }
  return lines.join("\n") + "\n";
}

// ─── Report ──────────────────────────────────────────────────────────────────────────

const TARGETS = { homeJsKb: 150, htmlKb: 30, homeRatio: 0.1, laterRatio: 0.15, visitorJsKb: 110 };

function phaseMarkdown(phase: Phase, options: Options): string {
  const lines: string[] = [];
  lines.push(`#### ${phase.title}`, "");
  lines.push(
    `Dataset: ${phase.conferences} (${fmtInt(phase.published)} published). ${options.connections} connections, ${options.duration} s per run after a ${options.warmup} s warm-up, loopback, \`Accept-Encoding: gzip\`.`,
    "",
  );
  lines.push("| page | path | SSR req/s | p50 | p99 | static req/s | static p50 | SSR/static | server CPU/req | non-2xx |");
  lines.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const row of phase.rows) {
    const bad = row.ssr.non2xx + row.ssr.errors + row.baseline.non2xx + row.baseline.errors;
    lines.push(
      `| ${row.name} | \`${decodeURIComponent(row.path)}\`${row.note ? ` (${row.note})` : ""} | ${fmtInt(row.ssr.rps)} | ${ms(row.ssr.p50)} | ${ms(row.ssr.p99)} | ${fmtInt(row.baseline.rps)} | ${ms(row.baseline.p50)} | ${ratio(row.ratio)} | ${ms(row.ssr.cpuPerRequest)} | ${bad === 0 ? "0" : `**${bad}** ✗`} |`,
    );
  }
  lines.push("");
  lines.push("| page | HTML gzip (raw) | first-load JS gzip (files) | first-load CSS gzip (files) |");
  lines.push("|---|--:|--:|--:|");
  for (const row of phase.rows) {
    lines.push(
      `| ${row.name} | ${kb(row.htmlGzip)} (${kb(row.htmlRaw)}) | ${kb(row.weight.jsGzip)} (${row.weight.jsFiles.length})${row.weight.missing.length ? ` ⚠ ${row.weight.missing.length} missing` : ""} | ${kb(row.weight.cssGzip)} (${row.weight.cssFiles.length}) |`,
    );
  }
  lines.push("");
  lines.push(
    `Server RSS: ${fmtInt(phase.memory.startMb)} MB after start, ${fmtInt(phase.memory.rssMb)} MB after the runs, peak (VmHWM) ${fmtInt(phase.memory.peakMb)} MB. Server answered \`/\` ${seconds(phase.serverStartMs)} after spawn.`,
  );
  lines.push("");
  return lines.join("\n");
}

function targetsMarkdown(phase: Phase): string {
  const byName = new Map(phase.rows.map((row) => [row.name, row]));
  const home = byName.get("home");
  const conference = byName.get("conference");
  const lines = ["| target | measured | |", "|---|--:|:-:|"];
  if (home) {
    lines.push(`| \`/\` first-load JS ≤ ${TARGETS.homeJsKb} KB gzip | ${kb(home.weight.jsGzip)} | ${mark(home.weight.jsGzip <= TARGETS.homeJsKb * 1000)} |`);
  }
  for (const row of [home, conference]) {
    if (row) {
      const js = row.weight.jsGzip;
      lines.push(
        `| \`${row.name === "home" ? "/" : "/{id}"}\` first-load JS ≤ ${TARGETS.visitorJsKb} KB gzip (issue 16) | ${kb(js)} | ${mark(js <= TARGETS.visitorJsKb * 1000)} |`,
      );
    }
  }
  for (const row of phase.rows) {
    lines.push(`| HTML of ${row.name} ≤ ${TARGETS.htmlKb} KB gzip | ${kb(row.htmlGzip)} | ${mark(row.htmlGzip <= TARGETS.htmlKb * 1000)} |`);
  }
  if (home) lines.push(`| \`/\` SSR ≥ ${fmt2(TARGETS.homeRatio)}× static req/s | ${ratio(home.ratio)} | ${mark(home.ratio >= TARGETS.homeRatio)} |`);
  for (const row of [home, conference]) {
    if (row)
      lines.push(
        `| \`${row.name === "home" ? "/" : "/{id}"}\` SSR ≥ ${fmt2(TARGETS.laterRatio)}× static req/s (issue 3) | ${ratio(row.ratio)} | ${mark(row.ratio >= TARGETS.laterRatio)} |`,
      );
  }
  const bad = phase.rows.reduce((n, row) => n + row.ssr.non2xx + row.ssr.errors + row.baseline.non2xx + row.baseline.errors, 0);
  lines.push(`| no non-2xx answers or socket errors under load | ${bad} | ${mark(bad === 0)} |`);
  return lines.join("\n") + "\n";
}

function machine() {
  const cpu = os.cpus()[0]?.model?.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  return `${os.availableParallelism()} cores (${cpu}), ${fmtInt(os.totalmem() / 2 ** 20 / 1024)} GB RAM, Linux ${os.release()}, Node ${process.version}`;
}

const MARK = {
  main: ["<!-- bench:results:start -->", "<!-- bench:results:end -->"],
  large: ["<!-- bench:search-large:start -->", "<!-- bench:search-large:end -->"],
  mainUncached: ["<!-- bench:results-uncached:start -->", "<!-- bench:results-uncached:end -->"],
  largeUncached: ["<!-- bench:search-large-uncached:start -->", "<!-- bench:search-large-uncached:end -->"],
  applicants: ["<!-- bench:applicants:start -->", "<!-- bench:applicants:end -->"],
} as const;

const DOC_TEMPLATE = `# Benchmarks

Figures below are written by \`npm run bench\` (scripts/bench.ts); only the parts between the
\`bench:*\` markers are replaced, the rest of this page is kept.

## How to run

\`\`\`sh
npm run bench                                   # build, seed 1,000 conferences, measure (~1.5 min on 2 cores)
npm run bench -- --no-build                     # reuse the current build/
npm run bench -- --search-conferences 20000     # also /search with 20,000 generated conferences (+~1 min)
npm run bench -- --no-build --cpu-prof          # profile the server under the same load (docs untouched)
npm run bench -- --no-build --no-page-cache     # every request renders (PAGE_CACHE_SECONDS=0)
\`\`\`

Other options: \`--duration 10\` (s per run), \`--connections 10\`, \`--warmup 2\` (s),
\`--conferences 1000\`, \`--keyword 北京\`, \`--keep-data\` (keep the temporary data directory).

## What is measured

- The production server (\`node server.mjs\`, NODE_ENV=production, run from a copy of build/ so a
  concurrent \`npm run build\` cannot swap assets mid-run) on a fresh data directory under
  the system temp dir, seeded with the seed CLI (\`--conferences N\` generated conferences on top of
  the 48-conference demo set). Anonymous visitor, Chinese (the default language).
- Pages: \`/\`, the first published conference's page \`/{id}\` and \`/search?keyword=…\` with a city
  that has results.
- Signed in (issue 16): the demo organiser signed in through the API (a code from the data
  directory's SMS outbox), 4 connections: \`/\`, \`/{id}\`, \`/attend\`, the showcase's \`/manage/applicant/1\` (filled
  to a full first page of 20 registrations through the API first: the demo set has none there),
  \`/manage/edit/1\` (the editor's first section) and \`/manage/edit/1?section=schedules\` (its largest). Signed-in pages always render, so in a \`--no-page-cache\` run their CPU per request is compared
  with the same page loaded anonymously just before it, with the same 4 connections.
- Load: autocannon in the bench process, N connections, keep-alive, on 127.0.0.1, with a browser's
  \`Accept-Encoding: gzip\`, after a warm-up; req/s is the mean over the run's 1 s samples, p50/p99
  the request latency. Any non-2xx answer or socket error is flagged.
- Static baseline: a bare node:http server in a child process (\`scripts/bench/static-server.mjs\`)
  answering with the exact gzipped bytes and headers the server sent for that page, loaded with
  the same settings in the same run. \`SSR/static\` is the ratio of the two req/s.
- Server CPU/req: user + system CPU of the server process over the run divided by the requests.
- Page weight: HTML as sent (gzip: level 4 when rendered, 6 from the page cache; decision 081)
  and its raw size; first-load JS =
  modulepreloads and module-script imports of the HTML, their static imports, plus the message
  parts that entry.client loads before hydrating (the base part and the part of each area the
  page's routes name); first-load CSS = the stylesheets. Each asset is
  gzipped at level 9 from build/client. 1 KB = 1,000 bytes.
- Server RSS: VmRSS of the server after start and after the runs, and the peak (VmHWM).
- Both the server and autocannon share the machine's cores, so the figures are comparable
  between runs on the same machine only.

## Targets

| target | source |
|---|---|
| \`/\` first-load JS ≤ 150 KB gzip | issue |
| HTML ≤ 30 KB gzip | issue |
| \`/\` SSR ≥ 0.10× the static server's req/s | issue |
| \`/\` and \`/{id}\` SSR ≥ 0.15× the static server's req/s | issue 3 |

## Latest figures

${MARK.main[0]}
(not run yet)
${MARK.main[1]}

## /search with a large dataset

Only written by \`--search-conferences N\`; a default run keeps the last figures here.

${MARK.large[0]}
(not run yet)
${MARK.large[1]}

## Without the page cache

Written by \`--no-page-cache\`: the server starts with \`PAGE_CACHE_SECONDS=0\`, so every request
renders (loaders, platform queries, React), as a cache miss or a signed-in visitor does.

${MARK.mainUncached[0]}
(not run yet)
${MARK.mainUncached[1]}

${MARK.largeUncached[0]}
(not run yet)
${MARK.largeUncached[1]}
`;

function replaceSection(text: string, [start, end]: readonly [string, string], body: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return `${text.trimEnd()}\n\n${start}\n${body.trim()}\n${end}\n`;
  return `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`;
}

// ─── Main ────────────────────────────────────────────────────────────────────────────

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const began = performance.now();
  const stamp = new Date();
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "conference-bench-"));
  if (!options.keepData) scratch.add(work);
  const dataDir = path.join(work, "data");
  const profileDir = options.cpuProf ? fs.mkdtempSync(path.join(os.tmpdir(), "conference-bench-prof-")) : undefined;
  const timings: string[] = [];
  let server: Server | undefined;
  try {
    if (options.build) {
      const t = performance.now();
      console.log("[bench] npm run build");
      await run("npm", ["run", "build"]);
      timings.push(`build ${seconds(performance.now() - t)}`);
    } else if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
      throw new Error("--no-build, but there is no build/server/index.js: run npm run build first");
    }

    appDir = snapshotBuild(work);

    let t = performance.now();
    await seed(dataDir, options.conferences);
    timings.push(`seed ${seconds(performance.now() - t)}`);

    server = await startServer(dataDir, path.join(work, "server.log"), profileDir, options.pageCache);
    const pages = await pickPages(server.base, options.keyword, "all");
    const phases: Phase[] = [];
    phases.push(await measure(server, pages, options, work, "Default dataset", `${fmtInt(options.conferences)} generated conferences + the demo set`));
    const signedIn = await measureSignedIn(server, dataDir, phases[0], options);
    await stopChild(server.child);
    server = undefined;

    let large: Phase | undefined;
    if (options.searchConferences) {
      const more = options.searchConferences - options.conferences;
      t = performance.now();
      await seed(dataDir, more);
      timings.push(`seed +${fmtInt(more)} ${seconds(performance.now() - t)}`);
      server = await startServer(dataDir, path.join(work, "server.log"), profileDir, options.pageCache);
      const searchPages = await pickPages(server.base, options.keyword, "search");
      large = await measure(
        server,
        searchPages,
        options,
        work,
        "Large dataset: /search",
        `${fmtInt(options.searchConferences)} generated conferences + the demo set`,
      );
      await stopChild(server.child);
      server = undefined;
    }

    // The organiser's registration list and export at scale: its own process and in-memory database.
    let applicantsText: string | undefined;
    if (options.applicants && !options.cpuProf) {
      t = performance.now();
      const out = path.join(work, "bench-applicants.md");
      await run(tsxBin, [path.join(root, "scripts/bench-applicants.ts"), "--out", out]);
      applicantsText = fs.readFileSync(out, "utf8");
      timings.push(`applicants ${seconds(performance.now() - t)}`);
    }

    const total = performance.now() - began;
    const header = [
      `Run ${stamp.toISOString().replace(/\.\d+Z$/, "Z")} on ${machine()}.`,
      `1-min load average before the run: ${fmt2(loadBefore)} (other work on the machine skews the figures).`,
      `Whole \`npm run bench${process.argv.slice(2).length ? " -- " + process.argv.slice(2).join(" ") : ""}\` took ${seconds(total)} (${timings.join(", ")}).`,
      options.cpuProf ? "**Server ran under `--cpu-prof`: figures are slower than normal.**" : "",
      options.pageCache ? "" : "**Page cache off (`PAGE_CACHE_SECONDS=0`): every request renders.**",
    ]
      .filter(Boolean)
      .join(" ");
    const mainText = `${header}\n\n${phaseMarkdown(phases[0], options)}\n${signedInMarkdown(signedIn, options)}\n**Targets**\n\n${targetsMarkdown(phases[0])}`;
    console.log(`\n${mainText}`);
    const largeText = large ? `${header}\n\n${phaseMarkdown(large, options)}` : undefined;
    if (largeText) console.log(`\n${largeText}`);

    const home = phases[0].rows.find((row) => row.name === "home");
    if (home) {
      console.log(
        `First-load JS of / (${home.weight.jsFiles.length} files): ${home.weight.jsFiles.map((f) => `${path.basename(f)} ${kb(gzipSize(f))}`).join(", ")}`,
      );
      if (!home.weight.localeChunk) console.warn("[bench] warning: no base locale chunk found among the first load's dynamic imports");
    }

    if (profileDir) {
      const profiles = fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
      for (const file of profiles) {
        const summary = summariseProfile(path.join(profileDir, file));
        console.log(`\nCPU profile ${path.join(profileDir, file)} (${fmtInt(summary.totalMs)} ms busy, idle excluded)`);
        console.log("Self time by origin:");
        for (const item of summary.byPackage) console.log(`  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name}`);
        console.log("Self time by function:");
        for (const item of summary.byFunction) console.log(`  ${(item.share * 100).toFixed(1).padStart(5)}%  ${item.name}`);
      }
    }

    if (options.docs && !options.cpuProf) {
      fs.mkdirSync(path.dirname(docsFile), { recursive: true });
      let text = fs.existsSync(docsFile) ? fs.readFileSync(docsFile, "utf8") : DOC_TEMPLATE;
      text = replaceSection(text, options.pageCache ? MARK.main : MARK.mainUncached, mainText);
      if (largeText) text = replaceSection(text, options.pageCache ? MARK.large : MARK.largeUncached, largeText);
      if (applicantsText) text = replaceSection(text, MARK.applicants, applicantsText);
      fs.writeFileSync(docsFile, text);
      console.log(`\n[bench] figures written to ${path.relative(root, docsFile)}`);
    }
    // Check-in under load (issue 7): an in-process run of its own, with its own section of the docs.
    await run(tsxBin, [path.join(root, "scripts/bench-checkin.ts"), ...(options.docs && !options.cpuProf ? ["--docs"] : [])]);
    console.log(`[bench] done in ${seconds(performance.now() - began)}`);
  } finally {
    if (server) await stopChild(server.child);
    await stopAll();
    if (options.keepData) console.log(`[bench] data kept in ${work}`);
    removeScratch();
  }
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`[bench] ${error.message} (see npm run bench -- --help)`);
    process.exit(2);
  }
  console.error("[bench] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
