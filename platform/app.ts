import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "./context";
import { ApiError, errorBody } from "./http";
import { accountRoutes } from "./routes/account";
import { auditRoutes } from "./routes/audits";
import { applicantRoutes } from "./routes/applicants";
import { authoringRoutes } from "./routes/authoring";
import { checkinRoutes } from "./routes/checkin";
import { cmsRoutes } from "./routes/cms";
import { conferenceRoutes } from "./routes/conference";
import { conferenceContentRoutes } from "./routes/conference-content";
import { directoryRoutes } from "./routes/directory";
import { formRoutes } from "./routes/forms";
import { organizationRoutes } from "./routes/organization";
import { paymentRoutes } from "./routes/payments";
import { portalRoutes } from "./routes/portal";
import { registrationRoutes } from "./routes/registration";
import { officialAccountRoutes } from "./routes/officialaccount";
import { replayRoutes } from "./routes/replays";
import { servicesRoutes } from "./routes/services";
import { loginRoutes } from "./routes/login";
import { accountByToken } from "./services/identity";

export type { PlatformDeps } from "./context";

/**
 * The bundled platform API (spec §7): base `/api`, envelope `{code, message, data}`, bearer
 * tokens, `Client-Type` read. Mounted in process by the Remix app; can also run on its own.
 */
export function createPlatformApp(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>().basePath("/api");

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(errorBody(c, error), error.status as 400);
    }
    console.error("[platform]", c.req.method, c.req.path, error);
    return c.json(errorBody(c, new ApiError(500, "errors.internal")), 500);
  });
  app.notFound((c) => c.json(errorBody(c, new ApiError(404, "errors.notFound")), 404));

  app.use(async (c, next) => {
    c.set("clientType", c.req.header("client-type") ?? "unknown");
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    c.set("token", token || null);
    c.set("account", token ? await accountByToken(deps, token) : null);
    await next();
  });

  app.route("/", loginRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", cmsRoutes(deps));
  app.route("/", conferenceRoutes(deps));
  app.route("/", conferenceContentRoutes(deps));
  app.route("/", portalRoutes(deps));
  app.route("/", directoryRoutes(deps));
  app.route("/", replayRoutes(deps));
  app.route("/", registrationRoutes(deps));
  app.route("/", applicantRoutes(deps));
  app.route("/", officialAccountRoutes(deps));
  app.route("/", auditRoutes(deps));
  app.route("/", paymentRoutes(deps));
  app.route("/", organizationRoutes(deps));
  app.route("/", authoringRoutes(deps));
  app.route("/", formRoutes(deps));
  app.route("/", checkinRoutes(deps));
  app.route("/", servicesRoutes(deps));
  return app;
}
