/**
 * `npm run lighthouse`: Lighthouse on the pages of issue 16, as its target is stated: mobile
 * (Lighthouse's default Moto G Power screen and simulated Slow 4G: 150 ms RTT, 1.6 Mbps, 4× CPU),
 * categories performance and accessibility, median of 5 runs, with JavaScript on and off.
 *
 *   npm run lighthouse -- [--build] [--runs 5] [--js both|on|off] [--page /1]... [--max-minutes 40]
 *
 * It starts the production server (`node server.mjs`, NODE_ENV=production) from this checkout on
 * a free 127.0.0.1 port with a fresh data directory under the OS temp dir (the demo data is seeded
 * on start), signs the demo organiser in through the platform API (scripts/bench/signed-in.ts) for
 * the signed-in pages and, as the bench does, fills the showcase's registration list to a full first
 * page (20), and runs Lighthouse's node API against Debian's chromium, a new headless
 * browser per run, reachable hosts limited to loopback. JavaScript off: the pages come through a
 * loopback proxy that sends them with `Content-Security-Policy: script-src 'none'` (see
 * startNoScriptProxy); each JS-off report is checked to have fetched none of the page's scripts.
 *
 * Figures: the performance and accessibility scores and each metric are medians of the runs; the
 * audits that cost points are those of the run Lighthouse's own `computeMedianRun` picks (closest to
 * the median FCP and TTI). It prints Markdown and writes summary.json, plus the median run's full
 * report (.json and .html, open the latter in a browser) per page and mode, into a directory
 * under the OS temp dir. Builds nothing unless asked (`--build`); exits non-zero on errors only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Config, type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ReportGenerator } from "lighthouse/report/generator/report-generator.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../playwright.config";
import { APPLICANT_PAGE, BENCH_SESSION_SECRET, filledApplicantList, signedIn } from "./bench/signed-in";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The demo organiser (seeded on start) and the demo showcase conference. */
const ORGANISER_MOBILE = "13800000001";
const SHOWCASE_ID = 1;

type Page = { path: string; signedIn: boolean };
const PAGES: Page[] = [
  { path: "/", signedIn: false },
  { path: `/${SHOWCASE_ID}`, signedIn: false },
  { path: `/attend/${SHOWCASE_ID}`, signedIn: true },
  { path: `/manage/applicant/${SHOWCASE_ID}`, signedIn: true },
];

/** The targets of issue 16. */
const TARGET = { performance: 98, accessibility: 100, fcpMs: 1200 };

/**
 * The e2e suite's chromium flags (STACK-NOTES item 12), headless, and no host but loopback
 * resolves (nothing leaves the machine); chrome-launcher's own defaults (no extensions, …) stay on.
 */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"];

/** Lighthouse's defaults already are mobile + simulate + Slow 4G; said here so a change upstream shows. */
const CONFIG: Config = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance", "accessibility"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
    maxWaitForFcp: 30_000,
    maxWaitForLoad: 45_000,
  },
};
const SLOW_4G = { rttMs: 150, throughputKbps: 1.6 * 1024, cpuSlowdownMultiplier: 4 };

const RUN_TIMEOUT_MS = 150_000;
const SERVER_START_MS = 90_000;

// ─── Options ─────────────────────────────────────────────────────────────────────────

type Mode = "on" | "off";
type Options = { build: boolean; runs: number; modes: Mode[]; pages: Page[]; maxMinutes: number };

class UsageError extends Error {}

const USAGE = `npm run lighthouse -- [options]
  --build             npm run build first (default: use the current build/)
  --runs 5            Lighthouse runs per page and mode (1 to 15); figures are their medians
  --js both           JavaScript: both, on or off
  --page PATH         only this page (repeatable): ${PAGES.map((p) => p.path).join(", ")}
  --max-minutes 40    give up (and stop everything) after this long`;

function parseOptions(argv: string[]): Options {
  const options: Options = { build: false, runs: 5, modes: ["on", "off"], pages: [], maxMinutes: 40 };
  const integer = (flag: string, text: string | undefined, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} wants an integer from 1 to ${max}, got ${text ?? "nothing"}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--build") options.build = true;
    else if (flag === "--no-build") options.build = false;
    else if (flag === "--runs") options.runs = integer(flag, value(), 15);
    else if (flag === "--max-minutes") options.maxMinutes = integer(flag, value(), 240);
    else if (flag === "--js") {
      const js = value();
      if (js !== "both" && js !== "on" && js !== "off") throw new UsageError(`--js wants both, on or off, got ${js ?? "nothing"}`);
      options.modes = js === "both" ? ["on", "off"] : [js];
    } else if (flag === "--page") {
      const wanted = value();
      const page = PAGES.find((p) => p.path === wanted);
      if (!page) throw new UsageError(`--page wants one of ${PAGES.map((p) => p.path).join(", ")}, got ${wanted ?? "nothing"}`);
      options.pages.push(page);
    } else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  if (!options.pages.length) options.pages = PAGES;
  return options;
}

// ─── What is running, so that every ending stops it ────────────────────────────────

const running = {
  server: undefined as ChildProcess | undefined,
  proxy: undefined as http.Server | undefined,
  chromes: new Set<LaunchedChrome>(),
  scratch: undefined as string | undefined,
};

function killChrome(chrome: LaunchedChrome) {
  running.chromes.delete(chrome);
  try {
    chrome.kill();
  } catch {
    /* already gone */
  }
}

async function stopServer() {
  const child = running.server;
  running.server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const hard = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await gone;
  clearTimeout(hard);
}

async function cleanUp() {
  for (const chrome of [...running.chromes]) killChrome(chrome);
  running.proxy?.closeAllConnections();
  running.proxy?.close();
  running.proxy = undefined;
  await stopServer();
  if (running.scratch) fs.rmSync(running.scratch, { recursive: true, force: true });
  running.scratch = undefined;
}

process.on("exit", () => {
  for (const chrome of running.chromes) chrome.kill();
  running.server?.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n[lighthouse] ${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Rejects after `ms` (then calls `onTimeout`) unless `work` settles first. */
async function bounded<T>(work: Promise<T>, ms: number, what: string, onTimeout: () => void = () => {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`${what}: no result in ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ─── The server ──────────────────────────────────────────────────────────────────────

function loopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen({ host: "127.0.0.1", port: 0 }, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function startServer(dataDir: string, logFile: string): Promise<string> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("no build/server/index.js: run npm run build first, or pass --build");
  const port = await loopbackPort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    COOKIE_SECURE: "false",
    SESSION_SECRETS: BENCH_SESSION_SECRET,
  };
  for (const name of ["DATABASE_URL", "PLATFORM_API_URL", "APP_HOST"]) delete env[name];
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["server.mjs"], { cwd: root, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  running.server = child;
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited on start; see ${logFile}`);
    const status = await fetch(`${base}/`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return base;
    if (Date.now() > deadline) throw new Error(`the server did not answer / within ${SERVER_START_MS / 1000} s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * JavaScript off: a pass-through proxy on another loopback port that sends every HTML page with
 * `Content-Security-Policy: script-src 'none'` in place of the app's policy (bytes, gzip and
 * timing otherwise as the server sent them), so the browser neither runs nor fetches any script of
 * the page. Chrome's own switches do not work under Lighthouse: with `--blink-settings=scriptEnabled=false`
 * (or Emulation.setScriptExecutionDisabled) its Debugger.enable fails ("Script execution is
 * prohibited"), with the javascript content setting blocked for the origin its load wait never
 * ends. What differs from a browser with JS off: `<noscript>` content stays hidden.
 */
async function startNoScriptProxy(base: string): Promise<string> {
  const target = new URL(base);
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, timeout: 60_000 },
      (answer) => {
        const headers = { ...answer.headers };
        if (String(headers["content-type"] ?? "").startsWith("text/html")) headers["content-security-policy"] = "script-src 'none'";
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    upstream.on("timeout", () => upstream.destroy(new Error("upstream timeout")));
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  running.proxy = proxy;
  await new Promise<void>((resolve, reject) => proxy.once("error", reject).listen({ host: "127.0.0.1", port: 0 }, resolve));
  const address = proxy.address();
  if (!address || typeof address !== "object") throw new Error("the proxy has no port");
  return `http://127.0.0.1:${address.port}`;
}

/** Each page once before measuring (a cold server would cost the first run), and a page that redirects is an error. */
async function warmUp(base: string, pages: Page[], cookie: string) {
  for (const page of pages) {
    const response = await fetch(base + page.path, {
      headers: page.signedIn ? { Cookie: cookie } : {},
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${page.path}${page.signedIn ? " (signed in)" : ""}: HTTP ${response.status}`);
  }
}

// ─── One Lighthouse run ──────────────────────────────────────────────────────────────

async function lighthouseRun(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await bounded(
    launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent", handleSIGINT: false }),
    30_000,
    "starting chromium",
  );
  running.chromes.add(chrome);
  try {
    const flags: Flags = { port: chrome.port, logLevel: "error", output: "json", ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) };
    const result = await bounded(lighthouse(url, flags, CONFIG), RUN_TIMEOUT_MS, `Lighthouse on ${url}`, () => killChrome(chrome));
    if (!result) throw new Error(`Lighthouse on ${url}: no result`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    killChrome(chrome);
  }
}

/** The page's own scripts that the browser fetched (none with JavaScript off). */
function scriptsFetched(lhr: Result): number {
  const items = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; statusCode?: number }[] } | undefined)?.items ?? [];
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  return items.filter((item) => item.resourceType === "Script" && item.statusCode === 200 && item.url.startsWith(origin)).length;
}

/** Milliseconds of script evaluation and compilation in the run (0 when the page's JS never ran). */
function scriptMs(lhr: Result): number {
  const items = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
  return items.filter((item) => item.group === "scriptEvaluation" || item.group === "scriptParseCompile").reduce((sum, item) => sum + item.duration, 0);
}

// ─── Figures ─────────────────────────────────────────────────────────────────────────

const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;
type Metric = keyof typeof METRICS;

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);

type RunFigures = { performance: number; accessibility: number; scriptMs: number; scriptsFetched: number; benchmarkIndex: number } & Record<Metric, number>;

function figures(lhr: Result): RunFigures {
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN])) as Record<Metric, number>;
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    ...metrics,
    scriptMs: scriptMs(lhr),
    scriptsFetched: scriptsFetched(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function medians(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0]) as (keyof RunFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as RunFigures;
}

// ─── The audits that cost points, with what they name ───────────────────────────────

type Item = Record<string, unknown>;
type Finding = { id: string; title: string; score: number | null; displayValue?: string; numericValue?: number; metricSavings?: object; items: Item[] };

/** Audits that explain a page's load even when they pass (the LCP element, the request chain, the weight). */
const CONTEXT_AUDITS = ["largest-contentful-paint-element", "lcp-discovery-insight", "critical-request-chains", "total-byte-weight", "bootup-time"];
const ITEMS_KEPT = 15;

/** One row of an audit's table, without Lighthouse's bulk (screenshots, bounding boxes, paths). */
function compactItem(raw: Item): Item {
  const item: Item = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined || key === "subItems" || key === "entity") continue;
    if (typeof value !== "object") item[key] = value;
    else if ((value as Item).type === "node") {
      const node = value as Item;
      item[key] = { selector: node.selector, snippet: node.snippet, nodeLabel: node.nodeLabel, explanation: node.explanation };
    } else if ((value as Item).type === "source-location") {
      const source = value as Item;
      item[key] = `${String(source.url)}:${Number(source.line) + 1}:${Number(source.column) + 1}`;
    } else if ((value as Item).type === "url" || (value as Item).type === "code" || (value as Item).type === "text") item[key] = (value as Item).value;
  }
  const sub = (raw.subItems as { items?: Item[] } | undefined)?.items;
  if (sub?.length) item.subItems = sub.slice(0, ITEMS_KEPT).map(compactItem);
  return item;
}

/** A request chain as "url (bytes)" lines, indented by depth. */
function chainLines(chains: Record<string, { request: { url: string; transferSize?: number }; children?: object }>, depth = 0): Item[] {
  return Object.values(chains).flatMap((chain) => [
    { depth, url: chain.request.url, transferSize: chain.request.transferSize },
    ...chainLines((chain.children ?? {}) as typeof chains, depth + 1),
  ]);
}

function itemsOf(details: unknown): Item[] {
  const d = details as { type?: string; items?: unknown[]; chains?: object } | undefined;
  if (!d) return [];
  if (d.type === "criticalrequestchain" && d.chains) return chainLines(d.chains as Parameters<typeof chainLines>[0]).slice(0, ITEMS_KEPT * 2);
  if (d.type === "list") return (d.items ?? []).flatMap(itemsOf).slice(0, ITEMS_KEPT);
  if (d.type === "node") return [compactItem({ node: d })];
  if (d.type === "checklist")
    return Object.values(d.items as unknown as Record<string, { label: string; value: boolean }>).map((c) => ({ check: c.label, ok: c.value }));
  if (d.type === "table" || d.type === "opportunity") return (d.items ?? []).slice(0, ITEMS_KEPT).map((item) => compactItem(item as Item));
  return [];
}

function finding(lhr: Result, id: string): Finding {
  const audit = lhr.audits[id];
  return {
    id,
    title: audit.title,
    score: audit.score,
    displayValue: audit.displayValue,
    numericValue: audit.numericValue,
    metricSavings: audit.metricSavings && Object.values(audit.metricSavings).some((v) => v) ? audit.metricSavings : undefined,
    items: itemsOf(audit.details),
  };
}

const SCORED = new Set(["numeric", "binary", "metricSavings"]);

/**
 * Performance: the scored audits below 0.9 that the report shows (not the metrics, not the hidden
 * "insight" twins of the same audits); accessibility: every failed audit; context: the audits that
 * name the LCP element, the request chain and the weight, unless already listed.
 */
function failingAudits(lhr: Result): { performance: Finding[]; accessibility: Finding[]; context: Finding[] } {
  const failing = (category: string, threshold: number, skipGroups: string[]) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => !skipGroups.includes(ref.group ?? ""))
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && SCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < threshold)
      .map((audit) => finding(lhr, audit.id));
  const performance = failing("performance", 0.9, ["metrics", "hidden"]);
  return {
    performance,
    accessibility: failing("accessibility", 1, []),
    context: CONTEXT_AUDITS.filter((id) => lhr.audits[id] && lhr.audits[id].scoreDisplayMode !== "notApplicable" && !performance.some((f) => f.id === id)).map(
      (id) => finding(lhr, id),
    ),
  };
}

// ─── Output ──────────────────────────────────────────────────────────────────────────

type Row = { page: string; mode: Mode; runs: RunFigures[]; median: RunFigures; medianRun: number; audits: ReturnType<typeof failingAudits> };

const msText = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString("en-US")} ms` : "–");
const sText = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : "–");
const mark = (ok: boolean) => (ok ? "✓" : "✗");

function table(rows: Row[]): string {
  const lines = [
    "| page | JS | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | perf. of each run | scripts fetched | script ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const m = row.median;
    lines.push(
      `| \`${row.page}\` | ${row.mode} | ${m.performance} ${mark(m.performance >= TARGET.performance)} | ${m.accessibility} ${mark(m.accessibility >= TARGET.accessibility)} | ` +
        `${sText(m.fcp)} ${mark(m.fcp <= TARGET.fcpMs)} | ${sText(m.lcp)} | ${msText(m.tbt)} | ${m.cls.toFixed(3)} | ${sText(m.si)} | ` +
        `${row.runs.map((run) => run.performance).join(", ")} | ${m.scriptsFetched} | ${Math.round(m.scriptMs)} |`,
    );
  }
  return lines.join("\n");
}

function itemText(item: Item): string {
  return Object.entries(item)
    .filter(([key]) => key !== "subItems")
    .map(([key, value]) => {
      if (value && typeof value === "object") {
        const node = value as Item;
        return `${key}: \`${String(node.selector ?? "")}\` ${String(node.snippet ?? "").slice(0, 160)}${node.explanation ? ` (${String(node.explanation).replace(/\s+/g, " ").slice(0, 300)})` : ""}`;
      }
      return `${key}: ${typeof value === "number" ? Math.round(value * 1000) / 1000 : String(value).slice(0, 200)}`;
    })
    .join("; ");
}

function findingsText(rows: Row[]): string {
  const out: string[] = [];
  for (const row of rows) {
    out.push(`\n### \`${row.page}\`, JS ${row.mode} (median run #${row.medianRun + 1})\n`);
    for (const [kind, list] of Object.entries(row.audits)) {
      out.push(`**${kind}**${list.length ? "" : ": nothing"}`);
      for (const f of list) {
        const savings = f.metricSavings ? ` savings ${JSON.stringify(f.metricSavings)}` : "";
        out.push(`- ${f.id} (score ${f.score ?? "–"}${f.displayValue ? `, ${f.displayValue}` : ""}${savings}): ${f.title}`);
        for (const item of f.items) out.push(`  - ${"  ".repeat(Number(item.depth ?? 0))}${itemText(item)}`);
      }
    }
  }
  return out.join("\n");
}

// ─── Main ────────────────────────────────────────────────────────────────────────────

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const began = performance.now();
  const deadline = Date.now() + options.maxMinutes * 60_000;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `lighthouse-${stamp}-`));
  running.scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-data-"));
  try {
    if (options.build) {
      console.log("[lighthouse] npm run build");
      const child = spawn("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      if (code !== 0) throw new Error(`npm run build exited with ${String(code)}`);
    }
    const dataDir = path.join(running.scratch, "data");
    const base = await startServer(dataDir, path.join(outDir, "server.log"));
    let cookie = "";
    if (options.pages.some((p) => p.signedIn)) {
      const organiser = await signedIn(base, dataDir, ORGANISER_MOBILE);
      cookie = organiser.cookie;
      // The list as organisers work with it, as `npm run bench` measures it: a full first page.
      const held = await filledApplicantList(base, organiser.token, SHOWCASE_ID, APPLICANT_PAGE);
      console.log(`[lighthouse] the showcase's registration list holds ${held}`);
    }
    const bases: Record<Mode, string> = { on: base, off: options.modes.includes("off") ? await startNoScriptProxy(base) : base };
    await warmUp(base, options.pages, cookie);
    console.log(`[lighthouse] server on ${base}; ${options.runs} run(s) × ${options.pages.length} page(s) × JS ${options.modes.join("/")}`);

    // Round by round over every page and mode, so that a busy spell of the machine spreads over all of them.
    const reports = new Map<string, Result[]>();
    for (let run = 0; run < options.runs; run++) {
      for (const mode of options.modes) {
        for (const page of options.pages) {
          if (Date.now() > deadline) throw new Error(`--max-minutes ${options.maxMinutes} reached`);
          const t = performance.now();
          const lhr = await lighthouseRun(bases[mode] + page.path, page.signedIn ? cookie : undefined);
          const f = figures(lhr);
          if (mode === "off" && f.scriptsFetched > 0) throw new Error(`${page.path} with JS off still fetched ${f.scriptsFetched} script(s)`);
          const key = `${page.path}\n${mode}`;
          reports.set(key, [...(reports.get(key) ?? []), lhr]);
          console.log(
            `[lighthouse] run ${run + 1}/${options.runs} JS ${mode} ${page.path}: performance ${f.performance}, accessibility ${f.accessibility}, ` +
              `FCP ${sText(f.fcp)}, LCP ${sText(f.lcp)}, ${f.scriptsFetched} scripts, ${Math.round(f.scriptMs)} ms script (${((performance.now() - t) / 1000).toFixed(1)} s)`,
          );
        }
      }
    }

    const rows: Row[] = [];
    for (const mode of options.modes) {
      for (const page of options.pages) {
        const runs = reports.get(`${page.path}\n${mode}`) ?? [];
        const picked = computeMedianRun(runs);
        const name = `${page.path === "/" ? "home" : page.path.slice(1).replace(/\//g, "_")}-js-${mode}`;
        fs.writeFileSync(path.join(outDir, `${name}.report.json`), JSON.stringify(picked));
        fs.writeFileSync(path.join(outDir, `${name}.report.html`), ReportGenerator.generateReportHtml(picked));
        const figuresOfRuns = runs.map(figures);
        rows.push({
          page: page.path,
          mode,
          runs: figuresOfRuns,
          median: medians(figuresOfRuns),
          medianRun: runs.indexOf(picked),
          audits: failingAudits(picked),
        });
      }
    }

    const first = reports.values().next().value?.[0];
    const throttling = first?.configSettings.throttling;
    if (throttling && (throttling.rttMs !== SLOW_4G.rttMs || throttling.cpuSlowdownMultiplier !== SLOW_4G.cpuSlowdownMultiplier)) {
      console.warn(`[lighthouse] warning: throttling is ${JSON.stringify(throttling)}, not Slow 4G`);
    }
    const took = (performance.now() - began) / 1000;
    const header =
      `Lighthouse ${first?.lighthouseVersion ?? "?"} on ${first?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "chromium"}, ` +
      `${first?.configSettings.formFactor} ${first?.configSettings.throttlingMethod} ${JSON.stringify(throttling)}; median of ${options.runs} run(s); ` +
      `${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(2)} at the end; took ${took.toFixed(0)} s.`;
    const summaryFile = path.join(outDir, "summary.json");
    fs.writeFileSync(summaryFile, JSON.stringify({ date: new Date().toISOString(), header, targets: TARGET, options, rows }, null, 2));
    console.log(`\n${header}\n\n${table(rows)}\n\n## Audits that cost points (median run)\n${findingsText(rows)}\n`);
    console.log(`[lighthouse] summary: ${summaryFile}; median reports (.json, .html) and server.log in ${outDir}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`[lighthouse] ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  console.error("[lighthouse] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
