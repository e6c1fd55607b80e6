import type { SmsProvider, SmsPurpose } from "./types";

export interface HttpSmsConfig {
  /** Endpoint of the SMS gateway (a relay in front of Aliyun, Tencent Cloud or similar). */
  url: string;
  token?: string;
  /** The registered signature (短信签名) the gateway prefixes to every message. */
  signName?: string;
  fetch?: typeof fetch;
}

type SmsRequest =
  | { mobile: string; template: "verification_code"; params: { code: string; purpose: SmsPurpose } }
  | { mobile: string; template: "text"; params: { text: string } };

const TIMEOUT_MS = 10_000;

/** Sends through a generic JSON gateway that answers `{ok: true, id}`. */
export function httpSms(config: HttpSmsConfig): SmsProvider {
  const doFetch = config.fetch ?? fetch;

  const send = async (message: SmsRequest) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (config.token) headers.Authorization = `Bearer ${config.token}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(config.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ ...message, signName: config.signName }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new Error(`SMS gateway unreachable: ${(error as Error).message}`);
    }
    let body: { ok?: unknown; id?: unknown; message?: unknown; error?: unknown } | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null) body = parsed;
    } catch {
      // A proxy's HTML error page is common here; the status and a snippet explain it better than a parse error.
    }
    if (response.ok && body?.ok === true) return;
    const reason = [body?.message, body?.error].find((v): v is string => typeof v === "string" && v !== "");
    const detail = reason ?? (body ? "answer without ok: true" : `answer is not JSON: ${text.slice(0, 200)}`);
    throw new Error(`SMS gateway refused (HTTP ${response.status}): ${detail}`);
  };

  return {
    name: "http",
    async sendCode({ mobile, code, purpose }) {
      await send({ mobile, template: "verification_code", params: { code, purpose } });
    },
    async sendText({ mobile, text }) {
      await send({ mobile, template: "text", params: { text } });
    },
  };
}
