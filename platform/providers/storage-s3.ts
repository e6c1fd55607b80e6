import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
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

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent also leaves !'()* alone, SigV4 does not. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * The headers of a request signed with AWS Signature Version 4 (aws4fetch), every header given
 * signed: content-type too, which aws4fetch would otherwise leave out. `x-amz-content-sha256`
 * must be among them (without it aws4fetch signs UNSIGNED-PAYLOAD).
 */
export async function signS3Request(input: {
  method: string;
  url: string;
  headers: Record<string, string>;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `20130524T000000Z`; the current time by default. */
  datetime?: string;
  cache?: Map<string, ArrayBuffer>;
}): Promise<Headers> {
  const { url, ...rest } = input;
  const signer = new AwsV4Signer({ ...rest, url, service: "s3", allHeaders: true });
  return (await signer.sign()).headers;
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

  // The signing key of a day, kept between requests.
  const cache = new Map<string, ArrayBuffer>();

  const request = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string) => {
    const url = `${endpoint.protocol}//${host}${pathOf(key)}`;
    const sent: Record<string, string> = { "x-amz-content-sha256": sha256Hex(body ?? "") };
    if (contentType !== undefined) sent["content-type"] = contentType;
    const headers = await signS3Request({
      method,
      url,
      headers: sent,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      cache,
    });
    try {
      return await doFetch(url, {
        method,
        headers,
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
