import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { conferences, coupons, fees, identities, strategies } from "../db/schema";
import { fail } from "../http";

/**
 * The fee of a registration (ARCHITECTURE.md "Fees"): the fee table's price for the identity
 * under the strategy in force, less a coupon. All money is integer fen.
 *
 * Rules, chosen here and tested in fees.test.ts:
 * - a strategy is in force from `startsAt` to `endsAt`, both inclusive (organisers write
 *   "early bird until 23:59"); where two are in force at once (a shared boundary instant),
 *   the first by `sort`, then by start, wins;
 * - a coupon is valid inside its window (open ends when null, both ends inclusive) and while
 *   `used < useLimit`; codes match without regard to case;
 * - an amount coupon takes its value off, never below 0; a percent coupon takes
 *   `round(fee × percent / 100)` off, rounded half up to a whole fen.
 */

type Strategy = typeof strategies.$inferSelect;
type Coupon = typeof coupons.$inferSelect;
export type PriceUnit = "0" | "1" | "2";

/** The strategy in force at `now`, or null. */
export function strategyInForce<T extends Pick<Strategy, "startsAt" | "endsAt" | "sort" | "id">>(list: T[], now: Date): T | null {
  const t = now.getTime();
  const live = list.filter((s) => s.startsAt.getTime() <= t && t <= s.endsAt.getTime());
  live.sort((a, b) => a.sort - b.sort || a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  return live[0] ?? null;
}

/** Why a coupon can't be used now (a translation key), or null when it can. */
export function couponProblem(coupon: Pick<Coupon, "startsAt" | "endsAt" | "useLimit" | "used">, now: Date): string | null {
  const t = now.getTime();
  if (coupon.startsAt && t < coupon.startsAt.getTime()) return "registration.errors.couponNotStarted";
  if (coupon.endsAt && t > coupon.endsAt.getTime()) return "registration.errors.couponExpired";
  if (coupon.useLimit !== null && coupon.used >= coupon.useLimit) return "registration.errors.couponUsedUp";
  return null;
}

/** The discount and the amount to pay; never negative. */
export function applyCoupon(feeFen: number, coupon: Pick<Coupon, "kind" | "value"> | null): { discountFen: number; amountFen: number } {
  if (!coupon || feeFen <= 0) return { discountFen: 0, amountFen: Math.max(0, feeFen) };
  const raw = coupon.kind === "percent" ? Math.floor((feeFen * Math.min(100, Math.max(0, coupon.value)) + 50) / 100) : Math.max(0, coupon.value);
  const discountFen = Math.min(feeFen, raw);
  return { discountFen, amountFen: feeFen - discountFen };
}

/**
 * Fen shown in a price unit (spec §9: '0' yuan, '1' jiao, '2' fen), the inverse of the
 * form's `toFen`.
 * @example fenToUnit(123456, "0") // "1234.56"
 */
export function fenToUnit(fen: number, unit: PriceUnit): string {
  const decimals = unit === "0" ? 2 : unit === "1" ? 1 : 0;
  const sign = fen < 0 ? "-" : "";
  const digits = String(Math.abs(fen)).padStart(decimals + 1, "0");
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export type FeeQuote = {
  conferenceId: number;
  identityId: number | null;
  strategyId: number | null;
  strategy: { id: number; nameZh: string; nameEn: string; startsAt: Date; endsAt: Date } | null;
  unit: PriceUnit;
  currency: string;
  feeFen: number;
  discountFen: number;
  amountFen: number;
  coupon: { id: number; code: string; kind: "amount" | "percent"; value: number } | null;
  /** The same amounts in the fee's price unit, as the organiser typed them. */
  display: { fee: string; discount: string; amount: string };
};

/**
 * Computes the fee at `now`. A conference without identities is free. Refuses (400) an
 * identity of another conference, no strategy in force, a missing fee and an unusable coupon.
 */
export async function quoteFee(db: Db, input: { conferenceId: number; identityId?: number | null; couponCode?: string | null; now: Date }): Promise<FeeQuote> {
  const [conference] = await db
    .select({ id: conferences.id, currency: conferences.currency })
    .from(conferences)
    .where(eq(conferences.id, input.conferenceId))
    .limit(1);
  if (!conference) fail(404, "errors.notFound");
  const identityRows = await db.select({ id: identities.id }).from(identities).where(eq(identities.conferenceId, conference.id));

  let feeFen = 0;
  let unit: PriceUnit = "0";
  let strategy: FeeQuote["strategy"] = null;
  let identityId: number | null = null;
  if (identityRows.length > 0) {
    if (!input.identityId) fail(400, "registration.validation.identityRequired");
    if (!identityRows.some((row) => row.id === input.identityId)) fail(400, "registration.errors.identityUnknown");
    identityId = input.identityId;
    const list = await db.select().from(strategies).where(eq(strategies.conferenceId, conference.id)).orderBy(asc(strategies.sort), asc(strategies.startsAt));
    const current = strategyInForce(list, input.now);
    if (!current) fail(400, "registration.errors.noStrategy");
    const [fee] = await db
      .select()
      .from(fees)
      .where(and(eq(fees.identityId, identityId), eq(fees.strategyId, current.id)))
      .limit(1);
    if (!fee) fail(400, "registration.errors.noFee");
    feeFen = fee.priceFen;
    unit = fee.unit;
    strategy = { id: current.id, nameZh: current.nameZh, nameEn: current.nameEn, startsAt: current.startsAt, endsAt: current.endsAt };
  }

  let coupon: Coupon | null = null;
  if (input.couponCode) {
    [coupon] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.conferenceId, conference.id), sql`lower(${coupons.code}) = lower(${input.couponCode})`))
      .limit(1);
    if (!coupon) fail(400, "registration.errors.couponUnknown");
    const problem = couponProblem(coupon, input.now);
    if (problem) fail(400, problem);
  }
  const { discountFen, amountFen } = applyCoupon(feeFen, coupon);
  return {
    conferenceId: conference.id,
    identityId,
    strategyId: strategy?.id ?? null,
    strategy,
    unit,
    currency: conference.currency,
    feeFen,
    discountFen,
    amountFen,
    coupon: coupon ? { id: coupon.id, code: coupon.code, kind: coupon.kind, value: coupon.value } : null,
    display: { fee: fenToUnit(feeFen, unit), discount: fenToUnit(discountFen, unit), amount: fenToUnit(amountFen, unit) },
  };
}

/**
 * Counts one use of a coupon, atomically: refused when the limit was reached meanwhile.
 * Call inside the registration's transaction so a refused registration uses nothing.
 */
export async function useCoupon(db: Db, couponId: number) {
  const rows = await db
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(and(eq(coupons.id, couponId), sql`(${coupons.useLimit} is null or ${coupons.used} < ${coupons.useLimit})`))
    .returning({ id: coupons.id });
  if (rows.length === 0) fail(400, "registration.errors.couponUsedUp");
}

/** Gives a use back (a cancelled registration). */
export async function releaseCoupon(db: Db, couponId: number) {
  await db
    .update(coupons)
    .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}
