import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Storage, signS3Request } from "./storage-s3";

/*
 * A fake S3 that checks SigV4 the way a server does: from the bytes it received, with its own
 * encoding and signing code, so a mistake shared with the adapter cannot make both agree.
 */

const ACCESS_KEY = "fake-access-key";
const SECRET_KEY = "fake-secret-key/with+odd=chars";
const REGION = "cn-test-1";
const BUCKET = "media";

function hexSha256(data: Buffer | string) {
  return createHash("sha256").update(data).digest("hex");
}

/** Percent-encodes every UTF-8 byte outside A-Z a-z 0-9 - _ . ~ (RFC 3986 unreserved). */
function uriEncode(text: string) {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

function verifySignature(req: IncomingMessage, rawPath: string, body: Buffer): Verdict {
  const auth = req.headers.authorization ?? "";
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    auth,
  );
  if (!match) return { ok: false, status: 400, code: "AuthorizationHeaderMalformed", message: auth };
  const [, accessKey, day, region, service, signedHeaders, signature] = match;
  if (accessKey !== ACCESS_KEY) return { ok: false, status: 403, code: "InvalidAccessKeyId", message: accessKey };
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(day) || region !== REGION || service !== "s3") {
    return { ok: false, status: 400, code: "AuthorizationHeaderMalformed", message: "bad credential scope" };
  }
  const names = signedHeaders.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!names.includes(required)) return { ok: false, status: 403, code: "AccessDenied", message: `${required} not signed` };
  }
  if (req.headers["x-amz-content-sha256"] !== hexSha256(body)) {
    return { ok: false, status: 400, code: "XAmzContentSHA256Mismatch", message: "payload hash" };
  }

  // The server's view of the path: decode what arrived, then encode it the canonical way.
  const canonicalUri = rawPath
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  let canonicalHeaders = "";
  for (const name of names) {
    const value = String(req.headers[name] ?? "")
      .trim()
      .replace(/\s+/g, " ");
    canonicalHeaders += `${name}:${value}\n`;
  }
  const canonicalRequest = `${req.method}\n${canonicalUri}\n\n${canonicalHeaders}\n${signedHeaders}\n${req.headers["x-amz-content-sha256"]}`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/${region}/s3/aws4_request\n${hexSha256(canonicalRequest)}`;

  const kDate = createHmac("sha256", `AWS4${SECRET_KEY}`).update(day).digest();
  const kRegion = createHmac("sha256", kDate).update(region).digest();
  const kService = createHmac("sha256", kRegion).update("s3").digest();
  const kSigning = createHmac("sha256", kService).update("aws4_request").digest();
  const expected = createHmac("sha256", kSigning).update(stringToSign).digest();

  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    return { ok: false, status: 403, code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match" };
  }
  return { ok: true };
}

const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: Array<{ method: string; path: string; headers: IncomingMessage["headers"] }> = [];
let server: Server;
let endpoint: string;

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "Content-Type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawPath = (req.url ?? "/").split("?")[0];
    seen.push({ method: req.method ?? "", path: rawPath, headers: req.headers });

    const verdict = verifySignature(req, rawPath, body);
    if (!verdict.ok) return xmlError(res, verdict.status, verdict.code, verdict.message);

    const [, bucket, ...rest] = rawPath.split("/").map(decodeURIComponent);
    if (bucket !== BUCKET) return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    const key = rest.join("/");

    if (req.method === "PUT") {
      objects.set(key, { body, contentType: req.headers["content-type"] ?? "binary/octet-stream" });
      res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` });
      return res.end();
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
      res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length });
      return res.end(object.body);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    xmlError(res, 405, "MethodNotAllowed", String(req.method));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const storage = (overrides: { secretAccessKey?: string; bucket?: string } = {}) =>
  s3Storage({
    endpoint,
    bucket: overrides.bucket ?? BUCKET,
    region: REGION,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: overrides.secretAccessKey ?? SECRET_KEY,
  });

describe("s3Storage against a verifying fake", () => {
  it("puts and gets an object with its content type", async () => {
    const body = new TextEncoder().encode("%PDF-1.7 slides");
    await storage().put("talks/2024/deck.pdf", body, "application/pdf");

    const object = await storage().get("talks/2024/deck.pdf");
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe("application/pdf");
    expect(Buffer.from(object!.body).toString()).toBe("%PDF-1.7 slides");

    const put = seen.find((r) => r.method === "PUT" && r.path === "/media/talks/2024/deck.pdf")!;
    expect(put.headers.authorization).toMatch(/SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,/);
    expect(put.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(body).digest("hex"));
  });

  it("signs keys that need percent-encoding", async () => {
    const key = "talks/幻灯片 (final)!/a+b=c*'~.png";
    const body = new Uint8Array([0, 1, 2, 255]);
    await storage().put(key, body, "image/png");
    const object = await storage().get(key);
    expect(Array.from(object!.body)).toEqual([0, 1, 2, 255]);
    expect(objects.has(key)).toBe(true);
    expect(seen.some((r) => r.path.includes("%28final%29%21") && r.path.includes("a%2Bb%3Dc%2A%27~.png"))).toBe(true);
  });

  it("signs GET and DELETE with the hash of an empty payload", async () => {
    await storage().get("nothing-here");
    const get = seen.filter((r) => r.method === "GET").at(-1)!;
    expect(get.headers["x-amz-content-sha256"]).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("answers null for a missing key", async () => {
    expect(await storage().get("missing/key.txt")).toBeNull();
  });

  it("deletes an object, and deleting again is fine", async () => {
    await storage().put("tmp/x.txt", new TextEncoder().encode("x"), "text/plain");
    await storage().delete("tmp/x.txt");
    expect(await storage().get("tmp/x.txt")).toBeNull();
    await storage().delete("tmp/x.txt");
  });

  it("throws with the status when the secret is wrong", async () => {
    const wrong = storage({ secretAccessKey: "not-the-secret" });
    await expect(wrong.put("a.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    await expect(wrong.get("a.txt")).rejects.toThrow(/403/);
    await expect(wrong.delete("a.txt")).rejects.toThrow(/403/);
  });

  it("throws rather than answering null when the bucket does not exist", async () => {
    await expect(storage({ bucket: "no-such-bucket" }).get("a.txt")).rejects.toThrow(/NoSuchBucket/);
  });

  it("refuses keys with dot segments", async () => {
    await expect(storage().get("a/../b")).rejects.toThrow(/unsafe storage key/);
  });

  it("puts the bucket in the host name when path style is off", async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(null, { status: 204 });
    };
    await s3Storage({
      endpoint: "https://cos.example.test",
      bucket: "media-123",
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      forcePathStyle: false,
      fetch: fakeFetch,
    }).delete("a b.txt");
    expect(urls).toEqual(["https://media-123.cos.example.test/a%20b.txt"]);
  });

  it("throws when the store cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
    });
    await expect(unreachable.get("a.txt")).rejects.toThrow(/S3 GET a.txt failed/);
  });
});

/*
 * The examples of "Signature Calculations for the Authorization Header: Transferring Payload in a
 * Single Chunk" (Amazon S3 API reference), signed the way the adapter signs (aws4fetch, every header).
 */
describe("signS3Request against AWS's published examples", () => {
  const credentials = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
    datetime: "20130524T000000Z",
  };

  it("GET Object", async () => {
    const payloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const headers = await signS3Request({
      ...credentials,
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { range: "bytes=0-9", "x-amz-content-sha256": payloadHash },
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers.get("x-amz-date")).toBe("20130524T000000Z");
  });

  it("PUT Object", async () => {
    const payloadHash = createHash("sha256").update("Welcome to Amazon S3.").digest("hex");
    expect(payloadHash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = await signS3Request({
      ...credentials,
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test$file.text",
      headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-content-sha256": payloadHash, "x-amz-storage-class": "REDUCED_REDUNDANCY" },
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, " +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });
});
