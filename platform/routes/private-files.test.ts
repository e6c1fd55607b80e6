import fs from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sponsors, uploads } from "../db/schema";
import { FIELDS, person, registrationBody, setupConference, type ConferenceSetup } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13 item 8 as a stranger would try it (decision 032): every private kind of upload, its
 * key fetched signed out and by another account, is not found; its owner and its readers get it
 * as `private, no-store`. Only public media is `public, immutable`.
 */

let p: TestPlatform;
let s: ConferenceSetup;
let stranger: { token: string };
beforeAll(async () => {
  p = await testPlatform();
  s = await setupConference(p, { fields: [...FIELDS, { key: "cv", type: "file", labelZh: "简历", labelEn: "CV", required: false }] });
  stranger = await person(p, "路人");
});
afterAll(() => p.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function upload(endpoint: "upload" | "documentUpload", token: string, bytes: Uint8Array = PNG, name = "file.png") {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await p.call<{ key: string }>("POST", `/cms/files/${endpoint}`, { token, form });
  expect(res.status, res.message).toBe(200);
  return res.data.key;
}

const fetchFile = (key: string, token?: string) =>
  p.app.fetch(new Request(`http://platform.test/api/cms/files/${key}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));

/** Every private key the tests made, for the migration's check. */
const privateKeys: string[] = [];

/** Signed out and a stranger: 404; each reader: 200 as a private, uncached download. */
async function expectPrivate(kind: string, key: string, readers: string[]) {
  privateKeys.push(key);
  expect((await fetchFile(key)).status, `${kind} signed out`).toBe(404);
  expect((await fetchFile(key, stranger.token)).status, `${kind} as a stranger`).toBe(404);
  for (const token of readers) {
    const res = await fetchFile(key, token);
    expect(res.status, `${kind} as a reader`).toBe(200);
    expect(res.headers.get("cache-control"), kind).toBe("private, no-store");
    expect(res.headers.get("content-disposition"), kind).toMatch(/^attachment/);
  }
}

describe("private files, fetched by key", () => {
  it("a transfer proof and a registration's file answer: the attendee and the organisers only", async () => {
    const attendee = await person(p, "参会者");
    const cv = await upload("documentUpload", attendee.token, PDF, "cv.pdf");
    // Somebody else's file is no answer of mine: refused, so nobody reaches a file through a registration.
    const borrowed = await p.call("POST", "/conference/user", {
      token: stranger.token,
      body: registrationBody(s, { answers: { department: "物理系", presenting: "no", cv: `/api/cms/files/${cv}` } }),
    });
    expect(borrowed.status).toBe(400);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", {
      token: attendee.token,
      body: registrationBody(s, { answers: { department: "物理系", presenting: "no", cv: `/api/cms/files/${cv}` } }),
    });
    expect(reg.status, reg.message).toBe(200);
    await expectPrivate("registration answer", cv, [attendee.token, s.organiser.token]);

    // A public image is no proof: it would be served to anyone.
    const image = await upload("upload", attendee.token);
    expect(
      (await p.call("POST", "/payment", { token: attendee.token, body: { registrationId: reg.data.id, method: "transfer", proofKey: image } })).status,
    ).toBe(400);
    const proof = await upload("documentUpload", attendee.token, PNG, "receipt.png");
    const paid = await p.call<{ id: number }>("POST", "/payment", {
      token: attendee.token,
      body: { registrationId: reg.data.id, method: "transfer", proofKey: proof },
    });
    expect(paid.status, paid.message).toBe(200);
    await expectPrivate("transfer proof", proof, [attendee.token, s.organiser.token]);

    // The invoice file: the organiser who issued it and the attendee it was issued to.
    expect((await p.call("PATCH", `/payment/${paid.data.id}`, { token: s.organiser.token, body: { state: "paid" } })).status).toBe(200);
    const requested = await p.call<{ id: number }>("POST", "/payment", {
      token: attendee.token,
      body: { type: "invoice", paymentId: paid.data.id, title: "浙江大学", email: "fin@example.com" },
    });
    expect(requested.status, requested.message).toBe(200);
    const invoiceFile = await upload("documentUpload", s.organiser.token, PDF, "invoice.pdf");
    expect(
      (await p.call("PATCH", `/payment/invoice/${requested.data.id}`, { token: s.organiser.token, body: { state: "issued", fileKey: invoiceFile } })).status,
    ).toBe(200);
    await expectPrivate("invoice file", invoiceFile, [attendee.token, s.organiser.token]);
  });

  it("an organization's licence: the applicant only", async () => {
    const applicant = await person(p, "申请人");
    const image = await upload("upload", applicant.token);
    const application = { name: "东方大学", type: "university", address: "上海市某路 1 号", contact: "李老师 021-12345678" };
    expect((await p.call("POST", "/organization", { token: applicant.token, body: { ...application, licenceKey: image } })).status).toBe(400);
    const licence = await upload("documentUpload", applicant.token, PDF, "licence.pdf");
    expect((await p.call("POST", "/organization", { token: applicant.token, body: { ...application, licenceKey: licence } })).status).toBe(200);
    await expectPrivate("licence", licence, [applicant.token]);
  });

  it("a form answer's file: the form's readers only", async () => {
    const form = await p.call<{ id: number }>("POST", "/form", { token: s.organiser.token, body: { titleZh: "征文", titleEn: "Papers", isPublic: true } });
    const field = await p.call<{ key: string }>("POST", `/form/${form.data.id}`, {
      token: s.organiser.token,
      body: { type: "file", labelZh: "稿件", required: false },
    });
    const submissionKey = (await p.call<{ submissionKey: string }>("GET", `/form/${form.data.id}`)).data.submissionKey;
    const body = new FormData();
    body.set("file", new File([PDF], "paper.pdf"));
    const sent = await p.call<{ key: string }>("POST", `/cms/files/formDocumentUpload?keep=form:${form.data.id}&submission=${submissionKey}`, { form: body });
    expect(sent.status, sent.message).toBe(200);
    expect((await p.call("POST", "/form/user", { body: { formId: form.data.id, answers: { [field.data.key]: sent.data.key }, submissionKey } })).status).toBe(
      201,
    );
    await expectPrivate("form answer", sent.data.key, [s.organiser.token]);
  });

  it("a sponsor's logo is private until the organiser approves it, then public media; its materials stay private", async () => {
    const company = await person(p, "赞助商");
    const logo = await upload("documentUpload", company.token, PNG, "logo.png");
    const brochure = await upload("documentUpload", company.token, PDF, "brochure.pdf");
    const applied = await p.call<{ id: number }>("POST", "/exhibition", {
      token: company.token,
      body: {
        conferenceId: s.conference.id,
        kind: "exhibitor",
        company: "量子仪器",
        contact: "赵敏",
        phone: "0571-88888888",
        email: "expo@example.com",
        booth: "A12",
        logo,
        materials: [brochure],
      },
    });
    expect(applied.status, applied.message).toBe(200);
    await expectPrivate("pending sponsor logo", logo, [company.token, s.organiser.token]);
    expect((await p.call("PATCH", `/sponsor/${applied.data.id}`, { token: s.organiser.token, body: { state: "approved" } })).status).toBe(200);
    const shown = await fetchFile(logo);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const listed = await p.call<{ list: Array<{ logo: string }> }>("GET", `/sponsor/conference?conferenceId=${s.conference.id}`);
    expect(listed.data.list.map((row) => row.logo)).toContain(`/api/cms/files/${logo}`);
    await expectPrivate("sponsor materials", brochure, [company.token, s.organiser.token]);

    // An organiser's own entry naming somebody else's private image does not publish it.
    const attendee = await person(p, "另一位");
    const receipt = await upload("documentUpload", attendee.token, PNG, "receipt.png");
    await p.db.insert(sponsors).values({
      conferenceId: s.conference.id,
      accountId: s.organiser.id,
      kind: "sponsor",
      company: "冒名",
      logo: receipt,
      state: "approved",
      createdAt: p.deps.now(),
    });
    await expectPrivate("somebody else's image named as a logo", receipt, [attendee.token]);
    // …nor lets that organiser read it.
    expect((await fetchFile(receipt, s.organiser.token)).status).toBe(404);
    const organiserEntry = await p.call<{ id: number }>("POST", "/sponsor", {
      token: s.organiser.token,
      body: { conferenceId: s.conference.id, kind: "sponsor", company: "网址标志", logo: "https://cdn.example.org/logo.png", sort: "0" },
    });
    expect(organiserEntry.status, organiserEntry.message).toBe(201);
    const relisted = await p.call<{ list: Array<{ logo: string }> }>("GET", `/sponsor/conference?conferenceId=${s.conference.id}`);
    expect(relisted.data.list.map((row) => row.logo)).toContain("https://cdn.example.org/logo.png");
  });

  it("a cover or logo an organiser uploads as a page image is public media", async () => {
    const cover = await upload("upload", s.organiser.token);
    const res = await fetchFile(cover);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("were public once (the old formUpload): migration 0017 makes private every upload a private record points at", async () => {
    await p.db.update(uploads).set({ isPublic: true }).where(inArray(uploads.key, privateKeys));
    const migration = fs.readFileSync(new URL("../db/migrations/0017_upload_binding_and_quota.sql", import.meta.url), "utf8");
    const update = migration.split("--> statement-breakpoint").find((part) => part.includes("UPDATE"))!;
    await p.db.execute(sql.raw(update));
    const rows = await p.db.select({ key: uploads.key, isPublic: uploads.isPublic }).from(uploads).where(inArray(uploads.key, privateKeys));
    expect(rows).toHaveLength(new Set(privateKeys).size);
    expect(rows.filter((row) => row.isPublic)).toEqual([]);
  });
});
