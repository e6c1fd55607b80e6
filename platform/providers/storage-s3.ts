import { createHash, createHmac } from "node:crypto";
import type { Storage } from "./types";

export interface S3Config {
  /** e.g. http://127.0.0.1:9000 (MinIO) or https://cos.ap-shanghai.myqcloud.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name; MinIO and most self-hosted stores need it. Default true. */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
}

// Longer than the API timeouts elsewhere: uploads of slides and photos can be tens of megabytes.
const TIMEOUT_MS = 30_000;

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent also leaves !'()* alone, SigV4 does not. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** `20130524T000000Z`, the timestamp format of x-amz-date. */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/**
 * The Authorization header of AWS Signature Version 4 for a request without a query string.
 * `headers` are the headers to sign (host included); `canonicalUri` is the path exactly as sent, already encoded.
 */
export function signV4(input: {
  method: string;
  canonicalUri: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const service = input.service ?? "s3";
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;

  const entries = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = entries.map(([name]) => name).join(";");
  const canonicalRequest = [
    input.method,
    input.canonicalUri,
    "", // no query string
    ...entries.map(([name, value]) => `${name}:${value}`),
    "",
    signedHeaders,
    input.payloadHash,
  ].join("\n");

  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac("AWS4" + input.secretAccessKey, day), input.region), service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Objects in any S3-compatible store (MinIO, Tencent COS, Aliyun OSS in S3 mode), signed with SigV4. */
export function s3Storage(config: S3Config): Storage {
  const doFetch = config.fetch ?? fetch;
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const pathStyle = config.forcePathStyle ?? true;
  const host = pathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;

  const pathOf = (key: string) => {
    const segments = key.split("/");
    // fetch would resolve . and .. segments, so the signed path and the sent path would differ.
    if (key === "" || segments.some((s) => s === "." || s === "..")) throw new Error(`unsafe storage key: ${key}`);
    const objectPath = segments.map(encodeSegment).join("/");
    return pathStyle ? `${basePath}/${encodeSegment(config.bucket)}/${objectPath}` : `${basePath}/${objectPath}`;
  };

  const request = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string) => {
    const canonicalUri = pathOf(key);
    const payloadHash = sha256Hex(body ?? "");
    const date = amzDate(new Date());
    const sent: Record<string, string> = { "x-amz-content-sha256": payloadHash, "x-amz-date": date };
    if (contentType !== undefined) sent["content-type"] = contentType;
    const authorization = signV4({
      method,
      canonicalUri,
      // fetch derives Host from the URL (and refuses to have it set), but it must be signed.
      headers: { ...sent, host },
      payloadHash,
      amzDate: date,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    });
    const url = `${endpoint.protocol}//${host}${canonicalUri}`;
    try {
      return await doFetch(url, {
        method,
        headers: { ...sent, authorization },
        // A copy, because the DOM typing of fetch bodies only admits views on a plain ArrayBuffer.
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`S3 ${method} ${key} failed: ${(error as Error).message}`);
    }
  };

  const failure = async (method: string, key: string, response: Response) => {
    const text = await response.text().catch(() => "");
    // S3 errors are XML like <Error><Code>SignatureDoesNotMatch</Code><Message>…</Message></Error>.
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    const detail = [code, message].filter(Boolean).join(": ");
    return new Error(`S3 ${method} ${key} answered HTTP ${response.status}${detail ? ` (${detail})` : ""}`);
  };

  return {
    name: "s3",
    async put(key, body, contentType) {
      const response = await request("PUT", key, body, contentType);
      if (!response.ok) throw await failure("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await request("GET", key);
      if (response.status === 404) {
        const text = await response.text().catch(() => "");
        // A missing bucket is a configuration error, not a missing object.
        if (!text.includes("<Code>NoSuchBucket</Code>")) return null;
        throw new Error(`S3 GET ${key} answered HTTP 404 (NoSuchBucket: ${config.bucket})`);
      }
      if (!response.ok) throw await failure("GET", key, response);
      const body = new Uint8Array(await response.arrayBuffer());
      return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await request("DELETE", key);
      // Deleting what is already gone is success, as on the disk storage.
      if (!response.ok && response.status !== 404) throw await failure("DELETE", key, response);
      await response.body?.cancel();
    },
  };
}
