import { fenToDecimal } from "./common";
import { GatewayError, type PayPalGateway, type PayPalOrder } from "./types";

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** Default: the sandbox, https://api-m.sandbox.paypal.com (live: https://api-m.paypal.com). */
  apiUrl?: string;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Reads the parts of an Orders v2 answer the platform relies on. */
export function readOrder(body: unknown): PayPalOrder {
  const order = obj(body);
  const orderId = str(order.id);
  if (!orderId) throw new GatewayError("paypal", "bad-answer", "order answer has no id");
  const links = arr(order.links).map(obj);
  const approve = links.find((link) => link.rel === "approve" || link.rel === "payer-action");
  const unit = obj(arr(order.purchase_units)[0]);
  const capture = obj(arr(obj(unit.payments).captures)[0]);
  const amount = obj(capture.amount);
  return {
    orderId,
    status: str(order.status) ?? "",
    approveUrl: approve ? str(approve.href) : null,
    capture: str(capture.id)
      ? {
          id: str(capture.id)!,
          status: str(capture.status) ?? "",
          amountValue: str(amount.value) ?? "",
          currency: str(amount.currency_code) ?? "",
          customId: str(capture.custom_id) ?? str(unit.custom_id),
        }
      : null,
  };
}

/** PayPal Checkout through the Orders v2 REST API, with an OAuth2 client-credentials token. */
export function paypalGateway(config: PayPalConfig): PayPalGateway {
  const base = (config.apiUrl ?? "https://api-m.sandbox.paypal.com").replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  let cached: { token: string; expiresAt: number } | null = null;

  const send = async (path: string, init: RequestInit) => {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      text = await response.text();
    } catch (error) {
      throw new GatewayError("paypal", "unreachable", `${path}: ${(error as Error).message}`);
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new GatewayError("paypal", "bad-answer", `${path} answered HTTP ${response.status} with a body that is not JSON`);
      }
    }
    return { status: response.status, body };
  };

  const token = async (): Promise<string> => {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const { status, body } = await send("/v1/oauth2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    const answer = obj(body);
    const accessToken = str(answer.access_token);
    if (status !== 200 || !accessToken) {
      throw new GatewayError("paypal", str(answer.error) ?? `http-${status}`, str(answer.error_description) ?? "no access token");
    }
    const ttl = typeof answer.expires_in === "number" ? answer.expires_in : 300;
    // Renew a minute early so a token never expires between our check and PayPal's.
    cached = { token: accessToken, expiresAt: Date.now() + Math.max(0, ttl - 60) * 1000 };
    return accessToken;
  };

  /** An authorised call; a 401 (token revoked or expired early) gets one retry with a new token. */
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await send(path, {
        method,
        headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json", Accept: "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      return answer;
    }
  };

  const refusal = (status: number, body: unknown) => {
    const answer = obj(body);
    const issue = str(obj(arr(answer.details)[0]).issue);
    return new GatewayError("paypal", issue ?? str(answer.name) ?? `http-${status}`, str(answer.message) ?? `HTTP ${status}`);
  };

  const getOrder = async (orderId: string) => {
    const { status, body } = await api("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status !== 200) throw refusal(status, body);
    return readOrder(body);
  };

  return {
    async createOrder(input) {
      const { status, body } = await api(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: input.tradeNo,
              custom_id: input.tradeNo,
              invoice_id: input.tradeNo,
              description: input.description.slice(0, 127),
              amount: { currency_code: input.currency, value: fenToDecimal(input.amountFen) },
            },
          ],
          application_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
        { "PayPal-Request-Id": input.tradeNo, Prefer: "return=representation" },
      );
      if (status !== 200 && status !== 201) throw refusal(status, body);
      const order = readOrder(body);
      if (!order.approveUrl) throw new GatewayError("paypal", "bad-answer", "order answer has no approve link");
      return order;
    },

    getOrder,

    async capture(orderId) {
      const { status, body } = await api("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, { Prefer: "return=representation" });
      if (status === 200 || status === 201) return readOrder(body);
      const error = refusal(status, body);
      // The return page and a second tab may both capture: the later one reads the order back.
      if (error.code === "ORDER_ALREADY_CAPTURED") return getOrder(orderId);
      throw error;
    },
  };
}
