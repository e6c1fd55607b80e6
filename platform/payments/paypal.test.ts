import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../db/schema";
import { type ConferenceSetup, person, registrationBody, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";
import { type FakePayPal, startFakePayPal } from "./fake-paypal";
import { paypalGateway } from "./paypal";
import { GatewayError } from "./types";

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake.close());

const gateway = (secret?: string) => paypalGateway({ clientId: fake.clientId, clientSecret: secret ?? fake.clientSecret, apiUrl: fake.url });

const orderInput = (tradeNo = `T${Date.now()}${crypto.randomInt(1e6)}`) => ({
  tradeNo,
  amountFen: 80_000,
  currency: "USD",
  description: "Test Conference",
  returnUrl: "https://meeting.example/attend/paypal/success?tradeNo=" + tradeNo,
  cancelUrl: "https://meeting.example/attend/paypal/cancel?tradeNo=" + tradeNo,
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
};

describe("the PayPal adapter against the fake", () => {
  it("gets a token with basic auth, then creates an order with a bearer token and the order's fields", async () => {
    const before = fake.requests.length;
    const input = orderInput();
    const order = await gateway().createOrder(input);
    const [tokenCall, orderCall] = fake.requests.slice(before);
    expect(tokenCall).toMatchObject({
      method: "POST",
      path: "/v1/oauth2/token",
      authorization: `Basic ${Buffer.from("fake-client-id:fake-client-secret").toString("base64")}`,
      body: "grant_type=client_credentials",
    });
    expect(tokenCall.contentType).toContain("application/x-www-form-urlencoded");
    expect(orderCall.path).toBe("/v2/checkout/orders");
    expect(orderCall.authorization).toMatch(/^Bearer A21AA/);
    expect(orderCall.requestId).toBe(input.tradeNo);
    expect(orderCall.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: input.tradeNo, amount: { currency_code: "USD", value: "800.00" } }],
      application_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl },
    });
    expect(order.status).toBe("CREATED");
    expect(order.approveUrl).toBe(`${fake.url}/checkoutnow?token=${order.orderId}`);
  });

  it("reuses its token, and the same trade number makes no second order", async () => {
    const paypal = gateway();
    const input = orderInput();
    const first = await paypal.createOrder(input);
    const before = fake.requests.length;
    const second = await paypal.createOrder(input);
    expect(second.orderId).toBe(first.orderId);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(["/v2/checkout/orders"]);
  });

  it("captures an approved order once; a second capture reads the order back", async () => {
    const paypal = gateway();
    const order = await paypal.createOrder(orderInput());
    expect((await refusal(paypal.capture(order.orderId))).code).toBe("ORDER_NOT_APPROVED");
    fake.approve(order.orderId);
    const captured = await paypal.capture(order.orderId);
    expect(captured.status).toBe("COMPLETED");
    expect(captured.capture).toMatchObject({ status: "COMPLETED", amountValue: "800.00", currency: "USD" });
    const again = await paypal.capture(order.orderId);
    expect(again.capture?.id).toBe(captured.capture?.id);
  });

  it("reports a wrong secret as PayPal's refusal", async () => {
    expect((await refusal(gateway("wrong").createOrder(orderInput()))).code).toBe("invalid_client");
  });
});

describe("PayPal through the platform", () => {
  let p: TestPlatform;
  let s: ConferenceSetup;
  type Started = { payment: { id: number; tradeNo: string; state: string; amountFen: number }; orderId: string; approveUrl: string };
  type Paid = { id: number; state: string; gatewayTradeNo: string | null; gatewayStatus?: string };

  beforeAll(async () => {
    p = await testPlatform({ payments: { paypal: gateway(), alipay: null, union: null, publicUrl: "https://meeting.example" } });
    s = await setupConference(p, { paymentMethods: ["transfer", "paypal"], currency: "USD" });
  });
  afterAll(() => p.close());

  async function start() {
    const who = await person(p);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s) });
    const key = crypto.randomUUID();
    const started = await p.call<Started>("POST", "/paypal", { token: who.token, body: { registrationId: reg.data.id, idempotencyKey: key } });
    return { ...who, registrationId: reg.data.id, key, started };
  }

  const paidRows = (paymentId: number) =>
    p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `payment:${paymentId}`), eq(auditLog.action, "payment.paid")));

  it("offers the method", async () => {
    expect((await p.call<string[]>("GET", `/payment/methods/${s.conference.id}`)).data).toEqual(["transfer", "paypal"]);
  });

  it("creates one order per intent, returns the approve link, and captures on return once", async () => {
    const { token, registrationId, key, started } = await start();
    expect(started.status).toBe(200);
    expect(started.data.approveUrl).toContain("/checkoutnow?token=");
    const order = fake.orders.get(started.data.orderId)!;
    expect(order).toMatchObject({ value: "800.00", currency: "USD", customId: started.data.payment.tradeNo });
    expect(order.returnUrl).toBe(`https://meeting.example/attend/paypal/success?tradeNo=${started.data.payment.tradeNo}`);

    const replay = await p.call<Started>("POST", "/paypal", { token, body: { registrationId, idempotencyKey: key } });
    expect(replay.data.payment.id).toBe(started.data.payment.id);
    expect(replay.data.orderId).toBe(started.data.orderId);
    expect(await p.db.select().from(payments).where(eq(payments.registrationId, registrationId))).toHaveLength(1);

    const early = await p.call("PUT", `/paypal/${started.data.payment.tradeNo}`);
    expect(early.status).toBe(400);
    expect(early.message).toBe("支付尚未完成，请在支付页面完成付款");

    fake.approve(started.data.orderId);
    const paid = await p.call<Paid>("PUT", `/paypal/${started.data.payment.tradeNo}`);
    expect(paid.status).toBe(200);
    expect(paid.data.state).toBe("paid");
    expect(paid.data.gatewayTradeNo).toBe(fake.orders.get(started.data.orderId)!.captureId);
    const again = await p.call<Paid>("PUT", `/paypal/${started.data.payment.tradeNo}`);
    expect(again.data.state).toBe("paid");
    expect(await paidRows(started.data.payment.id)).toHaveLength(1);
    const mine = await p.call<{ list: Array<{ paymentState: string }> }>("GET", "/my-user", { token });
    expect(mine.data.list[0].paymentState).toBe("paid");
  });

  it("confirms once when returns race each other", async () => {
    const { started } = await start();
    fake.approve(started.data.orderId);
    const results = await Promise.all(Array.from({ length: 5 }, () => p.call<Paid>("PUT", `/paypal/${started.data.payment.tradeNo}`)));
    expect(results.map((r) => r.data.state)).toEqual(["paid", "paid", "paid", "paid", "paid"]);
    expect(await paidRows(started.data.payment.id)).toHaveLength(1);
  });

  it("never marks paid when PayPal reports another amount, currency or trade", async () => {
    for (const override of [{ value: "8.00" }, { currency: "EUR" }, { customId: "SOMEONE-ELSE" }]) {
      const { started } = await start();
      fake.approve(started.data.orderId);
      fake.tamper(started.data.orderId, override);
      const res = await p.call("PUT", `/paypal/${started.data.payment.tradeNo}`);
      expect(res.status).toBe(400);
      expect(res.message).toBe("支付结果与订单不符，请联系会务组");
      const [row] = await p.db.select().from(payments).where(eq(payments.id, started.data.payment.id));
      expect(row.state).toBe("unpaid");
      const trail = await p.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `payment:${row.id}`));
      expect(trail.map((t) => t.action)).toEqual(["payment.mismatch"]);
    }
  });

  it("leaves a capture PayPal holds as pending unpaid", async () => {
    const { started } = await start();
    fake.approve(started.data.orderId);
    fake.tamper(started.data.orderId, { status: "PENDING" });
    const res = await p.call<Paid>("PUT", `/paypal/${started.data.payment.tradeNo}`);
    expect(res.data).toMatchObject({ state: "unpaid", gatewayStatus: "PENDING" });
  });

  it("answers 404 for a trade number it doesn't know, and refuses a registration that isn't mine", async () => {
    expect((await p.call("PUT", "/paypal/NOPE")).status).toBe(404);
    const { registrationId } = await start();
    const stranger = await person(p);
    expect((await p.call("POST", "/paypal", { token: stranger.token, body: { registrationId } })).status).toBe(404);
  });
});
