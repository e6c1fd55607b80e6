import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type FakeOrder = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  currency: string;
  value: string;
  customId: string;
  referenceId: string;
  returnUrl: string;
  cancelUrl: string;
  captureId: string | null;
  /** What the capture reports, when a test wants PayPal to disagree with the order. */
  captureOverride?: { currency?: string; value?: string; customId?: string; status?: string };
};

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  /** Every call as received: method, path, headers that matter, parsed body. */
  requests: Array<{ method: string; path: string; authorization: string; requestId: string; contentType: string; body: unknown }>;
  /** The payer approves the order on PayPal's page. */
  approve(orderId: string): void;
  /** Makes the capture report other values (a gateway that disagrees with the order). */
  tamper(orderId: string, override: FakeOrder["captureOverride"]): void;
  close(): Promise<void>;
}

const id = (n: number) => randomBytes(n).toString("hex").toUpperCase();

/**
 * PayPal's REST API on loopback: the OAuth2 token call and Orders v2 (create, get, capture).
 * It checks what the adapter sends: basic auth on the token call, a live bearer token on
 * orders, JSON bodies with intent CAPTURE, one purchase unit with a two-decimal amount,
 * custom_id and return/cancel addresses. Refusals mimic PayPal's error bodies.
 */
export async function startFakePayPal(options: { clientId?: string; clientSecret?: string; port?: number } = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? "fake-client-id";
  const clientSecret = options.clientSecret ?? "fake-client-secret";
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  /** PayPal-Request-Id → order id: a repeated create answers the first order. */
  const byRequestId = new Map<string, string>();
  const requests: FakePayPal["requests"] = [];
  let base = "";

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, name: string, issue?: string, message = name) =>
    send(res, status, { name, message, debug_id: id(6), ...(issue ? { details: [{ issue, description: issue }] } : {}) });

  const view = (order: FakeOrder) => {
    const o = order.captureOverride ?? {};
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          custom_id: order.customId,
          amount: { currency_code: order.currency, value: order.value },
          ...(order.captureId
            ? {
                payments: {
                  captures: [
                    {
                      id: order.captureId,
                      status: o.status ?? "COMPLETED",
                      amount: { currency_code: o.currency ?? order.currency, value: o.value ?? order.value },
                      custom_id: o.customId ?? order.customId,
                      final_capture: true,
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      links: [
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
        ...(order.status === "CREATED" ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }] : []),
        ...(order.status === "APPROVED" ? [{ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" }] : []),
      ],
    };
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-paypal");
    const raw = await readBody(req);
    const contentType = req.headers["content-type"] ?? "";
    const authorization = req.headers.authorization ?? "";
    const requestId = String(req.headers["paypal-request-id"] ?? "");
    let body: unknown = raw;
    if (contentType.includes("application/json") && raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(res, 400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
      }
    }
    // The payer's side (the approve link): a page with "pay" and "cancel" that sends the browser
    // back to the order's return or cancel address with `token`, as PayPal's checkout does.
    if (url.pathname === "/checkoutnow") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      const html = (status: number, text: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", ...headers });
        res.end(text);
      };
      if (!order) return html(404, "<h1>PayPal</h1><p>Unknown order</p>");
      if (req.method === "POST") {
        const choice = new URLSearchParams(raw).get("choice");
        if (choice === "approve" && order.status === "CREATED") order.status = "APPROVED";
        const back = new URL(choice === "approve" ? order.returnUrl : order.cancelUrl);
        back.searchParams.set("token", order.id);
        if (choice === "approve") back.searchParams.set("PayerID", "FAKEPAYER01");
        return html(302, "", { Location: back.toString() });
      }
      return html(
        200,
        `<!doctype html><html lang="en"><title>PayPal Checkout</title><h1>PayPal Checkout</h1><p>${order.currency} ${order.value}</p>` +
          `<form method="post"><button name="choice" value="approve">Pay Now</button> <button name="choice" value="cancel">Cancel</button></form></html>`,
      );
    }
    requests.push({ method: req.method ?? "", path: url.pathname, authorization, requestId, contentType, body });

    if (url.pathname === "/v1/oauth2/token" && req.method === "POST") {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (authorization !== expected) return send(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      if (!contentType.includes("application/x-www-form-urlencoded") || new URLSearchParams(raw).get("grant_type") !== "client_credentials") {
        return send(res, 400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
      }
      const token = `A21AA${id(24)}`;
      tokens.add(token);
      return send(res, 200, {
        scope: "https://uri.paypal.com/services/payments",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: 32400,
        nonce: id(8),
      });
    }

    if (!authorization.startsWith("Bearer ") || !tokens.has(authorization.slice(7))) {
      return send(res, 401, { error: "invalid_token", error_description: "Token signature verification failed" });
    }

    if (url.pathname === "/v2/checkout/orders" && req.method === "POST") {
      if (!contentType.includes("application/json")) return refuse(res, 415, "UNSUPPORTED_MEDIA_TYPE");
      if (requestId && byRequestId.has(requestId)) return send(res, 200, view(orders.get(byRequestId.get(requestId)!)!));
      const input = body as {
        intent?: unknown;
        purchase_units?: Array<{ custom_id?: unknown; reference_id?: unknown; amount?: { currency_code?: unknown; value?: unknown } }>;
        application_context?: { return_url?: unknown; cancel_url?: unknown };
      };
      if (input.intent !== "CAPTURE") return refuse(res, 400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "intent");
      const unit = input.purchase_units?.[0];
      if (!unit || input.purchase_units!.length !== 1) return refuse(res, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "purchase_units");
      const currency = unit.amount?.currency_code;
      const value = unit.amount?.value;
      if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return refuse(res, 400, "INVALID_REQUEST", "INVALID_CURRENCY_CODE");
      if (typeof value !== "string" || !/^\d+\.\d{2}$/.test(value) || Number(value) <= 0) return refuse(res, 422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION");
      if (typeof unit.custom_id !== "string" || !unit.custom_id) return refuse(res, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "custom_id");
      const context = input.application_context ?? {};
      for (const address of [context.return_url, context.cancel_url]) {
        if (typeof address !== "string" || !/^https?:\/\//.test(address))
          return refuse(res, 400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX", "return_url/cancel_url");
      }
      const order: FakeOrder = {
        id: id(8),
        status: "CREATED",
        currency,
        value,
        customId: unit.custom_id,
        referenceId: typeof unit.reference_id === "string" ? unit.reference_id : "default",
        returnUrl: context.return_url as string,
        cancelUrl: context.cancel_url as string,
        captureId: null,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return send(res, 201, view(order));
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    if (match) {
      const order = orders.get(match[1]);
      if (!order) return refuse(res, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (!match[2] && req.method === "GET") return send(res, 200, view(order));
      if (match[2] && req.method === "POST") {
        if (!contentType.includes("application/json")) return refuse(res, 415, "UNSUPPORTED_MEDIA_TYPE");
        if (order.status === "COMPLETED") return refuse(res, 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
        if (order.status !== "APPROVED") return refuse(res, 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
        order.status = "COMPLETED";
        order.captureId = id(9);
        return send(res, 201, view(order));
      }
    }
    return refuse(res, 404, "NOT_FOUND");
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => refuse(res, 500, "INTERNAL_SERVER_ERROR", undefined, error.message));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    orders,
    requests,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal has no order ${orderId}`);
      if (order.status === "CREATED") order.status = "APPROVED";
    },
    tamper(orderId, override) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal has no order ${orderId}`);
      order.captureOverride = override;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
