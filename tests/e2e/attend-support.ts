/**
 * Steps the attendee journeys share (tests/e2e/attend.spec.ts): the platform API as the page's
 * own origin serves it, the seeded showcase conference, the organiser's token, a proof image,
 * the accessibility check with JavaScript on and off, and the fake WeChat's "scan".
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_FAKE_PORTS } from "../../playwright.config";
import { api, cookieValue, demoAccounts, expect, ready, registerNew, signedInAs, TOKEN_COOKIE } from "./support";

/** The fake WeChat of tests/e2e/serve.ts (E2E_WECHAT_PORT; importing serve.ts would start the server). */
const FAKE_WECHAT = `http://127.0.0.1:${E2E_FAKE_PORTS.wechat}`;

export const SHOWCASE = "智能计算与系统国际学术会议";
/** A 1×1 PNG: the upload sniffs the bytes, so the proof must be a real image. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
export const proof = { name: "proof.png", mimeType: "image/png", buffer: PNG };

export type FormInfo = {
  conference: { id: number };
  identities: Array<{ id: number; nameZh: string; fee: { priceFen: number } | null }>;
  strategy: { nameZh: string } | null;
};

/** Calls the platform as the web client does; a failed call fails the journey with the answer. */

/** The showcase conference's registration form as the platform describes it. */
export async function showcase(request: APIRequestContext) {
  const found = await api<{ list: Array<{ id: number }> }>(request, "GET", `/conference?keyword=${encodeURIComponent(SHOWCASE)}`);
  return api<FormInfo>(request, "GET", `/registration/form/${found.list[0].id}`);
}

/** An upload of the proof image by `token`'s account; its key. */
export async function uploadedProof(request: APIRequestContext, token: string) {
  const upload = await request.post("/api/cms/files/documentUpload", { headers: { Authorization: `Bearer ${token}` }, multipart: { file: proof } });
  return ((await upload.json()) as { data: { key: string } }).data.key;
}

/** The organiser's token (the run's kept session); the page is signed out again afterwards. */
export async function organiserToken(page: Page) {
  await signedInAs(page, demoAccounts.organiser.mobile);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  await page.context().clearCookies();
  return token;
}

/** A new published, free conference of the demo organiser that asks attendees to follow its official account. */
export async function conferenceRequiringFollow(page: Page, name: string) {
  const token = await organiserToken(page);
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: name,
    nameEn: "Follow-first Workshop",
    startDate: "2027-05-10",
    endDate: "2027-05-11",
    cityZh: "杭州",
  });
  await api(page.request, "PATCH", `/conference/${id}`, token, { isPublish: true });
  await api(page.request, "PUT", `/registration/settings/${id}`, token, { requireSubscribe: true });
  return id;
}

/** A WeChat user scans the QR code of this scene and follows: the fake WeChat pushes the signed event to our webhook. */
export async function scanAndFollow(request: APIRequestContext, myId: string, openid = `e2e-${myId.slice(0, 12)}`) {
  const answer = await request.get(`${FAKE_WECHAT}/q/scene/${encodeURIComponent(myId)}?openid=${openid}`);
  expect(await answer.text()).toBe("已关注");
}

/** A fresh attendee registered (through the API) for the showcase; ends on its payment page. */
export async function registeredAndOnPayPage(page: Page, name: string) {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, name);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const answers = { department: "数学系", position: "student", presenting: "no" };
  const mine = await api<{ id: number; feeFen: number }>(page.request, "POST", "/conference/user", token, {
    conferenceId: form.conference.id,
    identityId: identity.id,
    name,
    answers,
  });
  await page.goto(`/attend/pay/${mine.id}`);
  await ready(page);
  return { token, registration: mine };
}

export async function paymentsOf(page: Page, token: string, registrationId: number) {
  return (await api<{ list: Array<{ state: string; method: string }> }>(page.request, "GET", `/payment?registrationId=${registrationId}`, token)).list;
}
