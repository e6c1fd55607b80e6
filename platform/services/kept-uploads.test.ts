import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploads } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";
import { cleanupKeptUploads, KEPT_TTL_MS } from "./kept-uploads";

let p: TestPlatform;
let alice: string;
let bob: string;
beforeAll(async () => {
  p = await testPlatform();
});
// The tests move the clock by days: sign in again each time (a new code is sent a minute after the last).
beforeEach(async () => {
  p.advance(2 * 60_000);
  alice = await p.signIn("13944440001", "甲");
  bob = await p.signIn("13944440002", "乙");
});
afterAll(() => p.close());

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const session = () => crypto.randomBytes(24).toString("base64url");

/** Calls the platform with a bearer token or a signed-out browser's kept-upload session. */
async function call(method: string, path: string, who: { token?: string; session?: string }, body?: FormData | object) {
  const headers = new Headers({ "Client-Type": "web", "Accept-Language": "en" });
  if (who.token) headers.set("Authorization", `Bearer ${who.token}`);
  if (who.session) headers.set("X-Kept-Session", who.session);
  if (body && !(body instanceof FormData)) headers.set("Content-Type", "application/json");
  const response = await p.app.fetch(
    new Request(`http://platform.test/api${path}`, { method, headers, body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined }),
  );
  return response;
}

async function keep(path: string, scope: string, who: { token?: string; session?: string }, name = "licence.pdf", submission?: string) {
  const form = new FormData();
  form.set("file", new File([pdf], name, { type: "application/pdf" }));
  const response = await call(`POST`, `${path}?keep=${encodeURIComponent(scope)}${submission ? `&submission=${submission}` : ""}`, who, form);
  const json = (await response.json()) as { data: { key: string; ref: string; name: string } };
  expect(response.status).toBe(200);
  return json.data;
}

async function resolve(ref: string, scope: string, who: { token?: string; session?: string }) {
  const response = await call("POST", "/cms/files/kept", who, { ref, scope });
  return { status: response.status, ...((await response.json()) as { message: string; data: { key: string; name: string } }) };
}

describe("kept upload references", () => {
  it("give the key back to the one who chose the file, on the same form, before the expiry", async () => {
    const kept = await keep("/cms/files/documentUpload", "organization", { token: alice }, "执照.pdf");
    expect(kept.ref).toMatch(/^[\w-]+\.[\w-]+$/);
    const resolved = await resolve(kept.ref, "organization", { token: alice });
    expect(resolved.status).toBe(200);
    expect(resolved.data).toMatchObject({ key: kept.key, name: "执照.pdf" });
  });

  it("refuse another account, another form, a tampered reference and an expired one", async () => {
    const kept = await keep("/cms/files/documentUpload", "pay:5", { token: alice });
    const otherUser = await resolve(kept.ref, "pay:5", { token: bob });
    expect(otherUser.status).toBe(400);
    expect(otherUser.message).toBe("The file you chose earlier cannot be used here. Please choose it again.");
    expect((await resolve(kept.ref, "pay:6", { token: alice })).status).toBe(400);
    expect((await resolve(kept.ref, "pay:5", {})).status).toBe(400);

    // Somebody else's key in a reference signed with a guessed secret, or a payload edited under the old signature.
    const [body, signature] = kept.ref.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const edited = Buffer.from(JSON.stringify({ ...payload, b: "a:999" })).toString("base64url");
    expect((await resolve(`${edited}.${signature}`, "pay:5", { token: alice })).status).toBe(400);
    const forged = crypto.createHmac("sha256", "guess").update(`kept-upload:${body}`).digest("base64url");
    expect((await resolve(`${body}.${forged}`, "pay:5", { token: alice })).status).toBe(400);
    expect((await resolve("not-a-reference", "pay:5", { token: alice })).status).toBe(400);

    p.advance(KEPT_TTL_MS + 1000);
    const expired = await resolve(kept.ref, "pay:5", { token: alice });
    expect(expired.status).toBe(400);
    expect(expired.message).toBe("The file you chose earlier is no longer kept. Please choose it again.");
  });

  it("bind a signed-out respondent's file to their browser session: only they can open it", async () => {
    const mine = session();
    const form = (await (await call("POST", "/form", { token: alice }, { titleZh: "报名表", titleEn: "Sign-up", isPublic: true })).json()) as {
      data: { id: number };
    };
    const scope = `form:${form.data.id}`;
    const page = (await (await call("GET", `/form/${form.data.id}`, {})).json()) as { data: { submissionKey: string } };
    const kept = await keep("/cms/files/formDocumentUpload", scope, { session: mine }, "answer.pdf", page.data.submissionKey);
    const opened = await call("GET", `/cms/files/kept/${kept.ref}`, { session: mine });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(pdf);
    expect((await call("GET", `/cms/files/kept/${kept.ref}`, { session: session() })).status).toBe(404);
    expect((await call("GET", `/cms/files/kept/${kept.ref}`, {})).status).toBe(404);
    expect((await call("GET", `/cms/files/kept/${kept.ref}`, { token: bob })).status).toBe(404);
    // The file is private: its plain key is no way in without an account that may read it.
    expect((await call("GET", `/cms/files/${kept.key}`, {})).status).toBe(404);
    expect((await call("GET", `/cms/files/${kept.key}`, { token: bob })).status).toBe(404);
    expect((await resolve(kept.ref, scope, { session: mine })).status).toBe(200);
    expect((await resolve(kept.ref, scope, { session: session() })).status).toBe(400);
  });

  it("can't be asked for without somebody to bind them to, nor for a malformed form scope", async () => {
    const form = new FormData();
    form.set("file", new File([pdf], "a.pdf", { type: "application/pdf" }));
    expect((await call("POST", "/cms/files/formDocumentUpload?keep=form:1", {}, form)).status).toBe(400);
    const again = new FormData();
    again.set("file", new File([pdf], "a.pdf", { type: "application/pdf" }));
    expect((await call("POST", "/cms/files/documentUpload?keep=Bad%20Scope", { token: alice }, again)).status).toBe(400);
  });
});

describe("the cleanup of kept uploads", () => {
  it("deletes, a day later, the kept files no record took, and keeps for good the ones a record took", async () => {
    const lost = await keep("/cms/files/documentUpload", "organization", { token: bob }, "lost.pdf");
    const taken = await keep("/cms/files/documentUpload", "organization", { token: bob }, "taken.pdf");
    const applied = await p.call("POST", "/organization", {
      token: bob,
      body: { name: "某某大学", type: "university", address: "北京", contact: "张三", licenceKey: taken.key },
    });
    expect(applied.status).toBe(200);

    // Within the day nothing goes, not even the file no record took.
    p.advance(KEPT_TTL_MS - 60_000);
    await cleanupKeptUploads(p.deps);
    expect(await p.deps.storage.get(lost.key)).not.toBeNull();

    p.advance(2 * 60 * 60 * 1000);
    const result = await cleanupKeptUploads(p.deps);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await p.deps.storage.get(lost.key)).toBeNull();
    expect(await p.db.select().from(uploads).where(eq(uploads.key, lost.key))).toEqual([]);
    const [kept] = await p.db.select().from(uploads).where(eq(uploads.key, taken.key));
    expect(kept.keptUntil).toBeNull();
    expect(await p.deps.storage.get(taken.key)).not.toBeNull();
  });

  it("leaves uploads that were never kept for a form alone", async () => {
    const form = new FormData();
    form.set("file", new File([pdf], "plain.pdf", { type: "application/pdf" }));
    const response = await call("POST", "/cms/files/documentUpload", { token: alice }, form);
    const { data } = (await response.json()) as { data: { key: string } };
    p.advance(7 * KEPT_TTL_MS);
    await cleanupKeptUploads(p.deps);
    expect(await p.deps.storage.get(data.key)).not.toBeNull();
  });
});
