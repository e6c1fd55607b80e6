import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";

/** Visitor-portal calls (issue 3); filled in by its own work. */
export function directoryRoutes(_deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  return app;
}
