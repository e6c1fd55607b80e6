import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { chinaDay, chinaDayStart } from "#contract/clock";
import { reportRangeSchema } from "#contract/schemas/audits";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse } from "../context";
import type { Db } from "../db";
import {
  type PaymentMethod,
  accounts,
  branches,
  type conferences,
  identities,
  invoices,
  payments,
  registrations,
  scheduleSubscriptions,
  schedules,
} from "../db/schema";
import { ok, paging } from "../http";
import { type XlsxCell, xlsxResponse, xlsxStream } from "../services/xlsx";
import { conferenceName, headers, managedConference, named, word } from "./audits-common";
import { approvedNightsByHotel } from "./audits-hotels";

const METHODS: PaymentMethod[] = ["transfer", "paypal", "alipay", "union"];
const REGISTRATION_STATES = ["pending", "confirmed", "rejected", "cancelled"] as const;
/** Subscribers listed under each session; the count says how many there are in all. */
const SUBSCRIBERS_SHOWN = 100;

/** The figures of one conference between two China days (both included), by when each thing happened. */
async function reportFigures(db: Db, conference: typeof conferences.$inferSelect, range: { from: string; to: string }) {
  const from = chinaDayStart(range.from);
  const to = chinaDayStart(range.to, 1);
  const id = conference.id;
  const [byState, byIdentity, revenue, invoiceRows, [checkins], hotelNights] = await Promise.all([
    db
      .select({ state: registrations.state, count: count() })
      .from(registrations)
      .where(and(eq(registrations.conferenceId, id), gte(registrations.createdAt, from), lt(registrations.createdAt, to)))
      .groupBy(registrations.state),
    db
      .select({ identityId: registrations.identityId, nameZh: identities.nameZh, nameEn: identities.nameEn, count: count() })
      .from(registrations)
      .leftJoin(identities, eq(identities.id, registrations.identityId))
      .where(and(eq(registrations.conferenceId, id), gte(registrations.createdAt, from), lt(registrations.createdAt, to)))
      .groupBy(registrations.identityId, identities.nameZh, identities.nameEn)
      .orderBy(desc(count())),
    db
      .select({ method: payments.method, count: count(), amountFen: sql<number>`coalesce(sum(${payments.amountFen}), 0)::bigint` })
      .from(payments)
      .where(and(eq(payments.conferenceId, id), eq(payments.state, "paid"), gte(payments.paidAt, from), lt(payments.paidAt, to)))
      .groupBy(payments.method),
    db
      .select({ state: invoices.state, count: count(), amountFen: sql<number>`coalesce(sum(${invoices.amountFen}), 0)::bigint` })
      .from(invoices)
      .where(and(eq(invoices.conferenceId, id), gte(invoices.createdAt, from), lt(invoices.createdAt, to)))
      .groupBy(invoices.state),
    db
      .select({ count: count() })
      .from(registrations)
      .where(
        and(eq(registrations.conferenceId, id), eq(registrations.checkinState, true), gte(registrations.checkedInAt, from), lt(registrations.checkedInAt, to)),
      ),
    approvedNightsByHotel(db, id, from, to),
  ]);
  const states = Object.fromEntries(REGISTRATION_STATES.map((state) => [state, byState.find((row) => row.state === state)?.count ?? 0])) as Record<
    (typeof REGISTRATION_STATES)[number],
    number
  >;
  const invoice = (state: string) => invoiceRows.find((row) => row.state === state);
  const methods = METHODS.map((method) => {
    const row = revenue.find((r) => r.method === method);
    return { method, count: row?.count ?? 0, amountFen: Number(row?.amountFen ?? 0) };
  });
  return {
    conference: conferenceName(conference),
    from: range.from,
    to: range.to,
    registrations: { total: byState.reduce((sum, row) => sum + row.count, 0), byState: states, byIdentity },
    revenue: { methods, totalFen: methods.reduce((sum, m) => sum + m.amountFen, 0), count: methods.reduce((sum, m) => sum + m.count, 0) },
    invoices: {
      requested: invoiceRows.reduce((sum, row) => sum + row.count, 0),
      issued: invoice("issued")?.count ?? 0,
      issuedFen: Number(invoice("issued")?.amountFen ?? 0),
      waiting: invoice("requested")?.count ?? 0,
      rejected: invoice("rejected")?.count ?? 0,
    },
    checkins: checkins.count,
    hotelNights: { hotels: hotelNights, total: hotelNights.reduce((sum, h) => sum + h.nights, 0) },
  };
}

type Report = Awaited<ReturnType<typeof reportFigures>>;

/** The report as rows of (section, item, value): what the page shows, in the caller's language. */
function reportRows(c: Ctx, report: Report): XlsxCell[][] {
  const t = (key: string) => word(c, `audits.report.${key}`);
  const yuan = (fen: number) => fen / 100;
  return [
    [t("range"), `${report.from} – ${report.to}`, ""],
    [t("registrations"), t("total"), report.registrations.total],
    ...REGISTRATION_STATES.map((state) => [t("registrations"), word(c, `audits.registrationStates.${state}`), report.registrations.byState[state]]),
    ...report.registrations.byIdentity.map((row) => [t("byIdentity"), row.identityId === null ? t("noIdentity") : named(c, row.nameZh, row.nameEn), row.count]),
    ...report.revenue.methods.map((m) => [t("revenue"), `${word(c, `payment.methods.${m.method}`)} (${m.count})`, yuan(m.amountFen)]),
    [t("revenue"), t("totalYuan"), yuan(report.revenue.totalFen)],
    [t("invoices"), t("invoicesRequested"), report.invoices.requested],
    [t("invoices"), t("invoicesIssued"), report.invoices.issued],
    [t("invoices"), t("invoicesIssuedYuan"), yuan(report.invoices.issuedFen)],
    [t("invoices"), t("invoicesWaiting"), report.invoices.waiting],
    [t("invoices"), t("invoicesRejected"), report.invoices.rejected],
    [t("checkins"), t("checkedIn"), report.checkins],
    ...report.hotelNights.hotels.map((h) => [t("hotelNights"), named(c, h.nameZh, h.nameEn), h.nights]),
    [t("hotelNights"), t("total"), report.hotelNights.total],
  ];
}

/** Subscriptions per session, and the summary report with its export. */
export function auditReportRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const db = deps.db;

  /** Sessions by subscriber count (most first), each with its first subscribers. */
  app.get("/user/schedule/conference/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const counts = db
      .select({ scheduleId: scheduleSubscriptions.scheduleId, n: count().as("n") })
      .from(scheduleSubscriptions)
      .innerJoin(schedules, eq(schedules.id, scheduleSubscriptions.scheduleId))
      .where(eq(schedules.conferenceId, conference.id))
      .groupBy(scheduleSubscriptions.scheduleId)
      .as("counts");
    const subscribers = sql<number>`coalesce(${counts.n}, 0)::int`;
    const [rows, [{ total }], [{ subscriptions }]] = await Promise.all([
      db
        .select({
          id: schedules.id,
          titleZh: schedules.titleZh,
          titleEn: schedules.titleEn,
          startsAt: schedules.startsAt,
          endsAt: schedules.endsAt,
          room: schedules.room,
          branchZh: branches.nameZh,
          branchEn: branches.nameEn,
          count: subscribers,
        })
        .from(schedules)
        .leftJoin(counts, eq(counts.scheduleId, schedules.id))
        .leftJoin(branches, eq(branches.id, schedules.branchId))
        .where(eq(schedules.conferenceId, conference.id))
        .orderBy(desc(subscribers), asc(schedules.startsAt), asc(schedules.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(schedules).where(eq(schedules.conferenceId, conference.id)),
      db
        .select({ subscriptions: count() })
        .from(scheduleSubscriptions)
        .innerJoin(schedules, eq(schedules.id, scheduleSubscriptions.scheduleId))
        .where(eq(schedules.conferenceId, conference.id)),
    ]);
    const people = await Promise.all(
      rows.map((row) =>
        row.count === 0
          ? []
          : db
              .select({
                accountId: accounts.id,
                name: accounts.name,
                mobile: accounts.mobile,
                registrationName: registrations.name,
                institution: registrations.institution,
                at: scheduleSubscriptions.createdAt,
              })
              .from(scheduleSubscriptions)
              .innerJoin(accounts, eq(accounts.id, scheduleSubscriptions.accountId))
              .leftJoin(registrations, and(eq(registrations.conferenceId, conference.id), eq(registrations.accountId, scheduleSubscriptions.accountId)))
              .where(eq(scheduleSubscriptions.scheduleId, row.id))
              .orderBy(asc(scheduleSubscriptions.createdAt))
              .limit(SUBSCRIBERS_SHOWN),
      ),
    );
    return ok(c, {
      list: rows.map((row, i) => ({ ...row, subscribers: people[i] })),
      total,
      subscriptions,
      conference: conferenceName(conference),
    });
  });

  /** The range asked for, or the conference's whole span so far: from the day it was created to today. */
  const rangeOf = (c: Ctx, conference: typeof conferences.$inferSelect) => {
    const input = parse(c, reportRangeSchema, c.req.query());
    const from = input.from ?? chinaDay(conference.createdAt);
    const to = input.to ?? chinaDay(deps.now());
    return { from, to: to < from ? from : to };
  };

  app.get("/report/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    return ok(c, await reportFigures(db, conference, rangeOf(c, conference)));
  });

  app.get("/report/:conferenceId{[0-9]+}/export", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const range = rangeOf(c, conference);
    const report = await reportFigures(db, conference, range);
    const sheetName = word(c, "audits.report.title");
    const columns = headers(c, ["section", "item", "value"]);
    return xlsxResponse(`${sheetName}-${conference.id}-${range.from}-${range.to}.xlsx`, xlsxStream({ sheetName, columns, rows: reportRows(c, report) }));
  });

  return app;
}
