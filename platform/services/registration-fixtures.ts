import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { accounts, conferences, fees, identities, payees, registrationFields, strategies, type FormField, type PaymentMethod } from "../db/schema";
import type { TestPlatform } from "../testing";

/**
 * Test data for registration and payment tests: a published conference with two identities,
 * an early-bird and a regular strategy around the test clock, a fee table, the organiser's
 * own fields (one shown only when another has a value) and a payee. Not used by the product.
 */

const DAY = 86_400_000;
let mobileSeq = 0;

/** A fresh mainland mobile for this test process. */
export function nextMobile() {
  mobileSeq += 1;
  return `139${String(process.pid % 10000).padStart(4, "0")}${String(mobileSeq).padStart(4, "0")}`;
}

export async function person(p: TestPlatform, name = "测试用户") {
  const mobile = nextMobile();
  const token = await p.signIn(mobile, name);
  const [row] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, mobile));
  return { mobile, token, id: row.id, name };
}

export const FIELDS: FormField[] = [
  { key: "department", type: "text", labelZh: "院系", labelEn: "Department", required: true },
  {
    key: "presenting",
    type: "radio",
    labelZh: "是否作报告",
    labelEn: "Giving a talk?",
    required: true,
    options: [
      { value: "yes", labelZh: "是", labelEn: "Yes" },
      { value: "no", labelZh: "否", labelEn: "No" },
    ],
  },
  { key: "talkTitle", type: "text", labelZh: "报告题目", labelEn: "Talk title", required: true, showWhen: { field: "presenting", value: "yes" } },
  {
    key: "dietary",
    type: "checkbox",
    labelZh: "饮食",
    labelEn: "Diet",
    required: false,
    options: [
      { value: "vegetarian", labelZh: "素食", labelEn: "Vegetarian" },
      { value: "halal", labelZh: "清真", labelEn: "Halal" },
    ],
  },
];

export const ANSWERS = { department: "计算机学院", presenting: "no" };

export type ConferenceSetup = Awaited<ReturnType<typeof setupConference>>;

export async function setupConference(
  p: TestPlatform,
  options: { capacity?: number | null; moderation?: boolean; paymentMethods?: PaymentMethod[]; currency?: string; fields?: FormField[] } = {},
) {
  const organiser = await person(p, "组织者");
  const now = p.deps.now().getTime();
  const [conference] = await p.db
    .insert(conferences)
    .values({
      ownerAccountId: organiser.id,
      nameZh: "测试学术会议",
      nameEn: "Test Conference",
      shortName: "TC",
      startDate: "2027-01-10",
      endDate: "2027-01-12",
      isPublish: true,
      capacity: options.capacity ?? null,
      moderation: options.moderation ?? false,
      paymentMethods: options.paymentMethods ?? ["transfer"],
      currency: options.currency ?? "CNY",
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  const [student, regular] = await p.db
    .insert(identities)
    .values([
      { conferenceId: conference.id, nameZh: "学生", nameEn: "Student", sort: 1 },
      { conferenceId: conference.id, nameZh: "普通参会者", nameEn: "Regular", sort: 2 },
    ])
    .returning();
  const early = { startsAt: new Date(now - 30 * DAY), endsAt: new Date(now + 10 * DAY) };
  const late = { startsAt: new Date(now + 10 * DAY + 1000), endsAt: new Date(now + 60 * DAY) };
  const [earlyBird, regularWindow] = await p.db
    .insert(strategies)
    .values([
      { conferenceId: conference.id, nameZh: "早鸟", nameEn: "Early bird", sort: 1, ...early },
      { conferenceId: conference.id, nameZh: "常规", nameEn: "Regular", sort: 2, ...late },
    ])
    .returning();
  await p.db.insert(fees).values([
    { conferenceId: conference.id, identityId: student.id, strategyId: earlyBird.id, priceFen: 80_000 },
    { conferenceId: conference.id, identityId: student.id, strategyId: regularWindow.id, priceFen: 100_000 },
    { conferenceId: conference.id, identityId: regular.id, strategyId: earlyBird.id, priceFen: 200_000 },
    { conferenceId: conference.id, identityId: regular.id, strategyId: regularWindow.id, priceFen: 250_000 },
  ]);
  const fields = options.fields ?? FIELDS;
  if (fields.length) await p.db.insert(registrationFields).values(fields.map((field, i) => ({ conferenceId: conference.id, field, sort: i + 1 })));
  await p.db
    .insert(payees)
    .values({ conferenceId: conference.id, accountName: "测试大学", bankName: "中国银行杭州分行", accountNo: "6217000000000000", noteZh: "请注明姓名" });
  return { conference, organiser, student, regular, earlyBird, regularWindow };
}

/** A registration body for the conference; spread overrides on top. */
export function registrationBody(setup: ConferenceSetup, overrides: Record<string, unknown> = {}) {
  return {
    conferenceId: setup.conference.id,
    identityId: setup.student.id,
    name: "陈思远",
    answers: ANSWERS,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

/** Uploads a proof image as the account (a private document); returns its key. */
export async function uploadProof(p: TestPlatform, token: string) {
  const form = new FormData();
  form.set("file", new File([PNG], "proof.png", { type: "image/png" }));
  const res = await p.call<{ key: string }>("POST", "/cms/files/documentUpload", { token, form });
  if (res.status !== 200) throw new Error(`upload failed: ${res.message}`);
  return res.data.key;
}

/** Posts a form-encoded body, as payment gateways do; returns status, content type and text. */
export async function postForm(p: TestPlatform, path: string, fields: Record<string, string>, method = "POST") {
  const response = await p.app.fetch(
    new Request(`http://platform.test/api${path}`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
}
