import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { bodyLimitFor, megabytes } from "../server/body-limits.js";
import type { PlatformDeps, PlatformEnv } from "./context";
import { ApiError, errorBody, fail } from "./http";
import { accountRoutes } from "./routes/account";
import { accountsAdminRoutes } from "./routes/accounts-admin";
import { applicantRoutes } from "./routes/applicants";
import { auditAdminRoutes } from "./routes/audit-admin";
import { auditRoutes } from "./routes/audits";
import { authoringRoutes } from "./routes/authoring";
import { checkinRoutes } from "./routes/checkin";
import { cmsRoutes } from "./routes/cms";
import { conferenceRoutes } from "./routes/conference";
import { conferenceContentRoutes } from "./routes/conference-content";
import { conferencesAdminRoutes } from "./routes/conferences-admin";
import { directoryRoutes } from "./routes/directory";
import { disciplineRoutes } from "./routes/disciplines";
import { formRoutes } from "./routes/forms";
import { homeAdminRoutes } from "./routes/home-admin";
import { institutionAdminRoutes } from "./routes/institutions-admin";
import { loginRoutes } from "./routes/login";
import { officialAccountRoutes } from "./routes/officialaccount";
import { organizationRoutes } from "./routes/organization";
import { paymentRoutes } from "./routes/payments";
import { portalRoutes } from "./routes/portal";
import { referenceAdminRoutes } from "./routes/references-admin";
import { registrationRoutes } from "./routes/registration";
import { replayRoutes } from "./routes/replays";
import { reviewRoutes } from "./routes/review";
import { servicesRoutes } from "./routes/services";
import { specReadRoutes } from "./routes/spec-reads";
import { sharedByPageRequest } from "./services/access";
import { type Account, accountByToken } from "./services/identity";
import { writeMemo } from "./services/memo";

export type { PlatformDeps } from "./context";

/** PostgreSQL's refusals of malformed input (by SQLSTATE), through drizzle's wrapping. */
function databaseRefusal(error: unknown): ApiError | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // 22021: a NUL in text; 22P05: a \u0000 in JSON.
    if (code === "22021" || code === "22P05") return new ApiError(400, "errors.nulByte");
    // 22003: a number out of range; 22P02: not a number; 22007/22008: not a date.
    if (code === "22003" || code === "22P02" || code === "22007" || code === "22008") return new ApiError(400, "errors.invalid");
  }
  return null;
}

/** How long a memo of the portal's directory data and counts holds at most (platform/services/memo.ts). */
const MEMO_SECONDS = 60;

/**
 * The bundled platform API (spec §7): base `/api`, envelope `{code, message, data}`, bearer
 * tokens, `Client-Type` read. Mounted in process by the Remix app; can also run on its own.
 */
export function createPlatformApp(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>().basePath("/api");
  // First of all, so that every answer (a refusal in any middleware too) has the words it was plugged in with.
  app.use(async (c, next) => {
    c.set("words", deps.words);
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const { retryAfter } = error.options;
      return c.json(errorBody(c, error), error.status as 400, retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) });
    }
    // A last net under the input checks: what the database refuses as malformed is the caller's error.
    const refused = databaseRefusal(error);
    if (refused) {
      console.warn("[platform] refused by the database:", c.req.method, c.req.path, refused);
      return c.json(errorBody(c, refused), 400);
    }
    console.error("[platform]", c.req.method, c.req.path, error);
    return c.json(errorBody(c, new ApiError(500, "errors.internal")), 500);
  });
  app.notFound((c) => c.json(errorBody(c, new ApiError(404, "errors.notFound")), 404));

  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    // No resource is named with a NUL; in a query it is dropped (PostgreSQL can neither store nor search it).
    if (url.pathname.includes("%00")) fail(404, "errors.notFound");
    if (url.search.includes("%00")) {
      url.search = url.search.replaceAll("%00", "");
      c.req.raw = new Request(url, { method: c.req.raw.method, headers: c.req.raw.headers, body: c.req.raw.body, duplex: "half" });
    }
    await next();
  });

  // Bodies are bounded before anything reads them (the HTTP server checks the same limits first).
  app.use(async (c, next) => {
    const multipart = /^\s*multipart\//i.test(c.req.header("content-type") ?? "");
    const maxSize = bodyLimitFor(c.req.header("content-type"), deps.uploadMaxBytes);
    return bodyLimit({
      maxSize,
      onError: (c) => {
        const error = multipart
          ? new ApiError(413, "errors.fileTooLarge", { params: { mb: megabytes(deps.uploadMaxBytes) } })
          : new ApiError(413, "errors.bodyTooLarge", { params: { mb: megabytes(maxSize) } });
        return c.json(errorBody(c, error), 413, { Connection: "close" });
      },
    })(c, next);
  });

  // Every write this instance answered without an error moves `changes` on: memos of what every
  // visitor reads (the portal's directory data, counts) hold only until the next one, and at most
  // MEMO_SECONDS, so no count disagrees with the list and an administrator's change shows at once.
  const changes = { count: 0 };
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) changes.count++;
  });
  const memo = writeMemo(deps.now, changes, MEMO_SECONDS);
  // What each signed-in page's header shows of its account (certification, group, unread counts),
  // kept the same way, per account, apart from the directory data so many accounts do not push it out.
  const accountMemo = writeMemo(deps.now, changes, MEMO_SECONDS, 2_000);
  // A conference's whole page (its programme, texts, hotels…) is larger: fewer of them are kept.
  const pageMemo = writeMemo(deps.now, changes, MEMO_SECONDS, 100);
  // What an organiser's registration list reads of its conference besides the rows, per conference.
  const manageMemo = writeMemo(deps.now, changes, MEMO_SECONDS, 200);

  /**
   * The token's account. The web app's in-process GET calls of one page request hand over a map
   * (a binding of the call: no HTTP caller can set one) so that they look the token up once.
   */
  const accountOf = (env: unknown, token: string) => {
    const shared = (env as { accounts?: Map<string, Promise<Account | null>> } | undefined)?.accounts;
    if (!(shared instanceof Map)) return accountByToken(deps, token);
    let account = shared.get(token);
    if (!account) {
      account = accountByToken(deps, token).then((found) => {
        if (found) sharedByPageRequest(found);
        return found;
      });
      shared.set(token, account);
    }
    return account;
  };

  app.use(async (c, next) => {
    c.set("clientType", c.req.header("client-type") ?? "unknown");
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    c.set("token", token || null);
    c.set("account", token ? await accountOf(c.env, token) : null);
    await next();
  });

  app.route("/", loginRoutes(deps));
  app.route("/", accountRoutes(deps, accountMemo));
  app.route("/", cmsRoutes(deps));
  app.route("/", conferenceRoutes(deps, memo));
  app.route("/", conferenceContentRoutes(deps, pageMemo));
  // Before the portal: `/domain/{id}` (a number) is a conference's domain request, `/domain/{host}` the portal's look-up.
  app.route("/", specReadRoutes(deps));
  app.route("/", portalRoutes(deps, memo));
  app.route("/", directoryRoutes(deps));
  app.route("/", referenceAdminRoutes(deps));
  app.route("/", institutionAdminRoutes(deps));
  app.route("/", replayRoutes(deps));
  app.route("/", registrationRoutes(deps));
  app.route("/", applicantRoutes(deps, manageMemo));
  app.route("/", officialAccountRoutes(deps));
  app.route("/", auditRoutes(deps));
  app.route("/", paymentRoutes(deps));
  app.route("/", organizationRoutes(deps));
  app.route("/", disciplineRoutes(deps));
  app.route("/", homeAdminRoutes(deps));
  app.route("/", reviewRoutes(deps));
  app.route("/", accountsAdminRoutes(deps));
  app.route("/", conferencesAdminRoutes(deps));
  app.route("/", auditAdminRoutes(deps));
  app.route("/", authoringRoutes(deps));
  app.route("/", formRoutes(deps));
  app.route("/", checkinRoutes(deps));
  app.route("/", servicesRoutes(deps));
  return app;
}
