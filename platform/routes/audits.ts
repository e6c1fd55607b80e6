import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";
import { auditHotelRoutes } from "./audits-hotels";
import { auditPaperRoutes } from "./audits-papers";
import { auditPaymentRoutes } from "./audits-payments";
import { auditReportRoutes } from "./audits-report";
import { auditSponsorRoutes } from "./audits-sponsors";

/**
 * The organiser's audits and report (issue 7): payment and invoice lists, hotel bookings and
 * sponsors' hotel requests, papers and files, sponsor and exhibitor applications, schedule
 * subscriptions, the summary report. Every call is for the conference's managers only (404
 * for anyone else) and every change leaves an audit row in its own transaction.
 */
export function auditRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  app.route("/", auditPaymentRoutes(deps));
  app.route("/", auditHotelRoutes(deps));
  app.route("/", auditPaperRoutes(deps));
  app.route("/", auditSponsorRoutes(deps));
  app.route("/", auditReportRoutes(deps));
  return app;
}
