import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { CheckinCounts, CheckinOutcome } from "#contract/checkin";
import { checkinSchema, checkinSearchSchema, ticketCode } from "#contract/schemas/checkin";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { conferences, registrations } from "../db/schema";
import { fail, idParam, ok, paging } from "../http";
import { checkIn, checkinCounts, lookUpTicket, searchTickets, undoCheckIn } from "../services/checkin";
import { conferenceStatistics } from "../services/statistics";
import { requireManager } from "./guards";

/**
 * Check-in at the desk and by scanner, and the statistics screen (issue 7). Organisers only
 * (owner or the conference's admin users); anyone else gets a 404, so ticket codes and ids of
 * other conferences reveal nothing.
 */
export function checkinRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const guard = (c: Ctx, conferenceId: number) => requireManager(db, c, conferenceId);

  /**
   * The look-up: `code` answers what a check-in would say now (`ready`, `already`, …) without
   * changing anything; `keyword` lists matching registrations (name, mobile, institution).
   */
  app.get("/user/checkin", async (c) => {
    const conferenceId = idParam(c.req.query("conferenceId"));
    await guard(c, conferenceId);
    if (c.req.query("code") !== undefined) {
      const code = parse(c, ticketCode, c.req.query("code"));
      return ok(c, await lookUpTicket(db, { conferenceId, code }));
    }
    const { keyword } = parse(c, checkinSearchSchema, { keyword: c.req.query("keyword") });
    const { list, total } = await searchTickets(db, conferenceId, keyword, paging(c));
    return ok(c, { list, total });
  });

  /** Checks a ticket in by code or registration id: `{result, registration}`, where only one caller ever gets `checked_in`. */
  app.post("/user/checkin", async (c) => {
    requireAccount(c); // signed out: 401 before the body is judged
    const input = parse(c, checkinSchema, await readBody(c));
    const account = await guard(c, input.conferenceId);
    const via = c.req.query("via") === "scan" ? "scan" : input.code !== undefined ? "code" : "search";
    return ok(c, (await checkIn(db, { ...input, accountId: account.id, now: deps.now(), via })) satisfies Sent<CheckinOutcome>);
  });

  /** Undoes a check-in: `{result: "undone" | "not_checked_in", registration}`. */
  app.delete("/user/checkin/:registrationId{[0-9]+}", async (c) => {
    requireAccount(c);
    const registrationId = idParam(c.req.param("registrationId"));
    const [row] = await db.select({ conferenceId: registrations.conferenceId }).from(registrations).where(eq(registrations.id, registrationId)).limit(1);
    if (!row) fail(404, "errors.notFound");
    const account = await guard(c, row.conferenceId);
    return ok(
      c,
      (await undoCheckIn(db, {
        conferenceId: row.conferenceId,
        registrationId,
        accountId: account.id,
        now: deps.now(),
        via: "desk",
      })) satisfies Sent<CheckinOutcome>,
    );
  });

  /** The desk's live counts: confirmed registrations checked in, overall and per identity, and the latest check-ins. */
  app.get("/user/checkin/counts/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const [[conference], counts] = await Promise.all([
      db.select({ id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn }).from(conferences).where(eq(conferences.id, conferenceId)),
      checkinCounts(db, conferenceId),
    ]);
    return ok(c, { conference, ...counts } satisfies Sent<CheckinCounts>);
  });

  /** Every figure of the statistics screen. */
  app.get("/statistics/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    return ok(c, await conferenceStatistics(db, conferenceId, deps.now()));
  });

  return app;
}
