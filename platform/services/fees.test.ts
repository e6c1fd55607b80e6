import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFen } from "../../app/utils/format";
import { coupons, fees, identities, strategies } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";
import { applyCoupon, couponProblem, fenToUnit, strategyInForce } from "./fees";
import { type ConferenceSetup, person, registrationBody, setupConference } from "./registration-fixtures";

const at = (iso: string) => new Date(iso);

describe("the strategy in force", () => {
  const early = { id: 1, sort: 1, startsAt: at("2026-06-01T00:00:00Z"), endsAt: at("2026-06-30T15:59:00Z") };
  const regular = { id: 2, sort: 2, startsAt: at("2026-06-30T15:59:00Z"), endsAt: at("2026-07-31T00:00:00Z") };

  it("holds from its start to its end, both inclusive", () => {
    expect(strategyInForce([early], early.startsAt)?.id).toBe(1);
    expect(strategyInForce([early], new Date(early.startsAt.getTime() - 1))).toBeNull();
    expect(strategyInForce([early], early.endsAt)?.id).toBe(1);
    expect(strategyInForce([early], new Date(early.endsAt.getTime() + 1))).toBeNull();
  });

  it("gives a shared boundary instant to the first by sort, the next millisecond to the next", () => {
    expect(strategyInForce([regular, early], early.endsAt)?.id).toBe(1);
    expect(strategyInForce([regular, early], new Date(early.endsAt.getTime() + 1))?.id).toBe(2);
    expect(strategyInForce([regular, early], regular.endsAt)?.id).toBe(2);
    expect(strategyInForce([regular, early], new Date(regular.endsAt.getTime() + 1))).toBeNull();
  });
});

describe("coupons", () => {
  it("never take an amount below zero", () => {
    expect(applyCoupon(80_000, { kind: "amount", value: 20_000 })).toEqual({ discountFen: 20_000, amountFen: 60_000 });
    expect(applyCoupon(10_000, { kind: "amount", value: 20_000 })).toEqual({ discountFen: 10_000, amountFen: 0 });
    expect(applyCoupon(0, { kind: "amount", value: 20_000 })).toEqual({ discountFen: 0, amountFen: 0 });
  });

  it("round a percentage to a whole fen, half up", () => {
    expect(applyCoupon(1999, { kind: "percent", value: 10 })).toEqual({ discountFen: 200, amountFen: 1799 }); // 199.9
    expect(applyCoupon(1005, { kind: "percent", value: 10 })).toEqual({ discountFen: 101, amountFen: 904 }); // 100.5
    expect(applyCoupon(1004, { kind: "percent", value: 10 })).toEqual({ discountFen: 100, amountFen: 904 }); // 100.4
    expect(applyCoupon(333, { kind: "percent", value: 33 })).toEqual({ discountFen: 110, amountFen: 223 }); // 109.89
    expect(applyCoupon(80_000, { kind: "percent", value: 100 })).toEqual({ discountFen: 80_000, amountFen: 0 });
    expect(applyCoupon(80_000, null)).toEqual({ discountFen: 0, amountFen: 80_000 });
  });

  it("hold inside their window, both ends inclusive, and below their use limit", () => {
    const coupon = { startsAt: at("2026-06-01T00:00:00Z"), endsAt: at("2026-06-30T00:00:00Z"), useLimit: 2, used: 1 };
    expect(couponProblem(coupon, coupon.startsAt)).toBeNull();
    expect(couponProblem(coupon, coupon.endsAt)).toBeNull();
    expect(couponProblem(coupon, new Date(coupon.startsAt.getTime() - 1))).toBe("registration.errors.couponNotStarted");
    expect(couponProblem(coupon, new Date(coupon.endsAt.getTime() + 1))).toBe("registration.errors.couponExpired");
    expect(couponProblem({ ...coupon, used: 2 }, coupon.startsAt)).toBe("registration.errors.couponUsedUp");
    expect(couponProblem({ startsAt: null, endsAt: null, useLimit: null, used: 10_000 }, new Date())).toBeNull();
  });
});

describe("price unit codes", () => {
  it("show fen in yuan ('0'), jiao ('1') or fen ('2'), the inverse of the form's toFen", () => {
    expect(fenToUnit(123_456, "0")).toBe("1234.56");
    expect(fenToUnit(123_456, "1")).toBe("12345.6");
    expect(fenToUnit(123_456, "2")).toBe("123456");
    expect(fenToUnit(5, "0")).toBe("0.05");
    expect(fenToUnit(0, "1")).toBe("0.0");
    for (const unit of ["0", "1", "2"] as const) {
      for (const fen of [0, 1, 99, 100, 123_456, 80_000]) expect(toFen(fenToUnit(fen, unit), unit)).toBe(fen);
    }
  });
});

describe("the fee through POST /coupon/amount", () => {
  let p: TestPlatform;
  let s: ConferenceSetup;
  type Quote = { feeFen: number; discountFen: number; amountFen: number; strategyId: number | null; unit: string; display: Record<string, string> };
  const quote = (body: Record<string, unknown>, lang: "zh" | "en" = "en") =>
    p.call<Quote>("POST", "/coupon/amount", { body: { conferenceId: s.conference.id, identityId: s.student.id, ...body }, lang });

  beforeAll(async () => {
    p = await testPlatform();
    s = await setupConference(p);
  });
  afterAll(() => p.close());

  it("uses the strategy in force at the platform's clock, up to its last millisecond", async () => {
    expect((await quote({})).data).toMatchObject({ strategyId: s.earlyBird.id, feeFen: 80_000 });
    const toEnd = s.earlyBird.endsAt.getTime() - p.deps.now().getTime();
    p.advance(toEnd);
    expect((await quote({})).data.strategyId).toBe(s.earlyBird.id);
    // The fixture leaves one second between the windows.
    p.advance(1);
    const gap = await quote({});
    expect(gap.status).toBe(400);
    expect(gap.message).toBe("Registration is not open at the moment");
    p.advance(999);
    expect((await quote({})).data).toMatchObject({ strategyId: s.regularWindow.id, feeFen: 100_000 });
    p.advance(-toEnd - 1000);
  });

  it("says so clearly when no strategy is in force", async () => {
    p.advance(-365 * 86_400_000);
    const res = await quote({}, "zh");
    p.advance(365 * 86_400_000);
    expect(res.status).toBe(400);
    expect(res.message).toBe("当前不在任何报名阶段内，暂时无法报名");
  });

  it("needs an identity when the conference has identities, and a fee for it", async () => {
    expect((await quote({ identityId: undefined })).message).toBe("Please choose your participant type");
    await p.db.delete(fees).where(eq(fees.identityId, s.regular.id));
    expect((await quote({ identityId: s.regular.id })).message).toBe("No fee is set for this participant type at the moment");
  });

  it("applies coupons by code, case aside; refuses them outside their window and over their limit", async () => {
    const now = p.deps.now().getTime();
    await p.db.insert(coupons).values([
      { conferenceId: s.conference.id, code: "MINUS1000", kind: "amount", value: 100_000 },
      { conferenceId: s.conference.id, code: "PCT15", kind: "percent", value: 15 },
      { conferenceId: s.conference.id, code: "LATER", kind: "amount", value: 100, startsAt: new Date(now + 1) },
      { conferenceId: s.conference.id, code: "GONE", kind: "amount", value: 100, endsAt: new Date(now - 1) },
      { conferenceId: s.conference.id, code: "EDGE", kind: "amount", value: 100, endsAt: new Date(now) },
      { conferenceId: s.conference.id, code: "FULL", kind: "amount", value: 100, useLimit: 3, used: 3 },
    ]);
    expect((await quote({ couponCode: "minus1000" })).data).toMatchObject({ feeFen: 80_000, discountFen: 80_000, amountFen: 0 });
    expect((await quote({ couponCode: "PCT15" })).data).toMatchObject({ discountFen: 12_000, amountFen: 68_000, display: { amount: "680.00" } });
    expect((await quote({ couponCode: "EDGE" })).data.amountFen).toBe(79_900);
    expect((await quote({ couponCode: "LATER" })).message).toBe("This coupon code cannot be used yet");
    expect((await quote({ couponCode: "GONE" })).message).toBe("This coupon code has expired");
    expect((await quote({ couponCode: "FULL" })).message).toBe("This coupon code has been used up");
    expect((await quote({ couponCode: "NOPE" })).message).toBe("This coupon code does not exist");
  });

  it("shows amounts in the fee's unit", async () => {
    await p.db.update(fees).set({ unit: "1", priceFen: 12_345 }).where(eq(fees.identityId, s.student.id));
    const res = await quote({});
    expect(res.data).toMatchObject({ unit: "1", feeFen: 12_345, display: { fee: "1234.5", amount: "1234.5", discount: "0.0" } });
    await p.db.update(fees).set({ unit: "0", priceFen: 80_000 }).where(eq(fees.identityId, s.student.id));
  });

  it("counts a coupon's use once per registration, replays included, and stops at the limit", async () => {
    await p.db.insert(coupons).values({ conferenceId: s.conference.id, code: "TWICE", kind: "percent", value: 50, useLimit: 2 });
    const used = async () => (await p.db.select().from(coupons).where(eq(coupons.code, "TWICE")))[0].used;
    const a = await person(p);
    const body = registrationBody(s, { couponCode: "TWICE" });
    const first = await p.call<{ feeFen: number }>("POST", "/conference/user", { token: a.token, body });
    expect(first.data.feeFen).toBe(40_000);
    await p.call("POST", "/conference/user", { token: a.token, body });
    expect(await used()).toBe(1);
    const b = await person(p);
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s, { couponCode: "twice" }) })).status).toBe(200);
    expect(await used()).toBe(2);
    const c = await person(p);
    const refused = await p.call("POST", "/conference/user", { token: c.token, body: registrationBody(s, { couponCode: "TWICE" }), lang: "en" });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("This coupon code has been used up");
    expect(await used()).toBe(2);
  });

  it("makes a conference without identities free", async () => {
    const free = await setupConference(p);
    await p.db.delete(strategies).where(eq(strategies.conferenceId, free.conference.id));
    await p.db.delete(identities).where(eq(identities.conferenceId, free.conference.id));
    const res = await p.call<Quote>("POST", "/coupon/amount", { body: { conferenceId: free.conference.id } });
    expect(res.data).toMatchObject({ feeFen: 0, amountFen: 0, strategyId: null });
  });
});
