import { defineConfig } from "@playwright/test";

/**
 * Journeys against the production build, each with JavaScript on and off.
 * Debian's chromium (never a downloaded browser); the flags keep it off the closed network.
 */
/**
 * Which of the side-by-side runs this is (E2E_SLOT, 0 when unset; decision 060): each has its
 * own server, fakes, ports, data and output, so two runs share nothing.
 */
const SLOT = Number(process.env.E2E_SLOT ?? 0);
const PART = process.env.E2E_PART as "screens" | "journeys" | undefined;
const suffix = SLOT ? `-${SLOT}` : "";
export const E2E_PORT = 3210 + 20 * SLOT;
export const E2E_DOWN_PORT = E2E_PORT + 1;
/** The fake payment and WeChat servers of tests/e2e/serve.ts. */
export const E2E_FAKE_PORTS = { unionpay: E2E_PORT + 85, paypal: E2E_PORT + 86, alipay: E2E_PORT + 87, wechat: E2E_PORT + 88 };
export const E2E_DATA_DIR = `test-results/e2e-data${suffix}`;
/** How far the journeys' server clock is ahead of the machine's (tests/e2e/serve.ts, decision 058). */
export const E2E_CLOCK_FILE = `test-results/e2e-clock${suffix}`;
/** What Playwright empties at its start and keeps a failure's traces in: the part's and slot's own. */
export const E2E_OUTPUT_DIR = `test-results/playwright${PART ? `-${PART}` : ""}${suffix}`;

/** Debian chromium's flags here (STACK-NOTES item 12), also used by scripts/lighthouse.ts. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const chromium = {
  browserName: "chromium" as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

/**
 * The suite in two parts (decision 060), each run with its own fresh server: `screens`, the
 * screens specs (00-screens-*: sweeps of every page at both widths and languages, and their
 * journeys), which hold nothing in common and run side by side on every core; and `journeys`,
 * the rest, one at a time (some move the server's clock or count what a shared conference holds).
 * Unset, everything runs one at a time.
 */
const SCREENS = /00-screens-[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: E2E_OUTPUT_DIR,
  ...(PART === "screens" ? { testMatch: SCREENS } : PART === "journeys" ? { testIgnore: SCREENS } : {}),
  // A hang guard, not a speed target: the journeys share two cores with a second project, two servers and their
  // browsers. The longest journeys take 45-59 s there on an ordinary run (publishing a conference, the references'
  // Excel import), and with one more process on the machine the import ran past 60 s twice; twice that is the guard.
  timeout: 120_000,
  expect: { timeout: 5_000 },
  fullyParallel: PART === "screens",
  workers: PART === "screens" ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A trace snapshots the page at every step: recorded for every test it made a journey a fifth slower (the accounts
  // journey, alone on the machine: 18.2 → 21.2 s with JavaScript, 21.6 → 26.7 s without). In CI (one retry) a
  // failure's retry is traced; locally `--trace on` records one when it is wanted.
  use: { baseURL: `http://localhost:${E2E_PORT}`, locale: "zh-CN", timezoneId: "Asia/Shanghai", trace: "on-first-retry" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // The app with a fresh seeded database and a fake WeChat on loopback (tests/e2e/serve.ts).
      command: `npx tsx tests/e2e/serve.ts`,
      // Fresh numbers that become platform administrators when they register (organization review).
      env: { PLATFORM_ADMIN_MOBILES: "13600000001,13600000002" },
      url: `http://localhost:${E2E_PORT}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The same app with its platform unreachable: pages must answer 500 and keep serving.
      command: `node server.mjs`,
      url: `http://localhost:${E2E_DOWN_PORT}/favicon.ico`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { PORT: String(E2E_DOWN_PORT), PLATFORM_API_URL: "http://127.0.0.1:3299", DATA_DIR: `test-results/e2e-down${suffix}`, COOKIE_SECURE: "false" },
    },
  ],
});
