import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";

/** Registration and payment calls (issue 5); filled in by its own work. */
export function paymentRoutes(_deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  return app;
}
