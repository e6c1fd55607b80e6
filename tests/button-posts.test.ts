/**
 * The three button posts on the one form protocol (docs/decisions/039-one-form-protocol.md,
 * addendum): marking the inbox read (/account/messages), cancelling one's registration (/attend)
 * and deleting a form's answer (/form/answers), posted as a browser without JavaScript posts them
 * to the production build. A valid post does what it did (same platform call, same redirect and
 * notice); without `confirmed=1` the page asks; a bad or missing id is a 400 page that says what
 * to do in the visitor's language; a platform miss is the not-found page.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTokenCookie } from "../app/services/session.server";
import { openProductionApp, type ProductionApp } from "./production-app";
import { requestCode } from "./sign-in-code";
import { langCookie } from "./signed-cookies";

/** The demo attendee: unread notices and one unread private message in the seed. */
const ATTENDEE = "13800000002";
/** A fresh account: registers for the showcase conference, owns a form with answers. */
const FRESH = "13912340201";

let app: ProductionApp;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

const fetcher = (url: string, init: RequestInit = {}) => app.fetch(url, init);

/** Signs `mobile` in (registering it when `name` is given) with the code the SMS outbox got; the session cookie as the app writes it. */
async function signIn(mobile: string, name?: string) {
  await requestCode(fetcher, mobile);
  const code = fs
    .readFileSync(path.join(app.dataDir, "sms-outbox.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { mobile: string; code: string })
    .filter((line) => line.mobile === mobile)
    .at(-1)!.code;
  const response = await fetcher("/api/login", {
    method: name ? "PUT" : "POST",
    headers: { "Content-Type": "application/json", "Client-Type": "web" },
    body: JSON.stringify(name ? { mobile, code, name, agree: true } : { mobile, code }),
  });
  expect(response.status, `sign-in of ${mobile}`).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  tokens[mobile] = data.token;
  cookies[mobile] = (await setTokenCookie(new Request("http://localhost/"), data.token, false)).split(";")[0];
}

/** A platform call of `who`, which must succeed: its data. */
async function api<T>(who: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetcher(`/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${tokens[who]}`, "Client-Type": "web", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A plain HTML form post of `who` (no JavaScript), in `lang`. */
function post(url: string, who: string, fields: Record<string, string>, lang: "zh" | "en" = "zh") {
  return fetcher(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "text/html", Cookie: `${cookies[who]}; ${langCookie(lang)}`, Origin: "http://localhost" },
  });
}

/** Posted fields, each set with only the names it posts. */
const posts = (...sets: Array<Record<string, string>>) => sets;

/** What the page shows (its scripts carry loader data, not words to read). */
const shown = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

/** Where a redirect goes, and the page there as the browser then shows it (with the notice cookie it was given). */
async function followed(response: Response, who: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  const notice = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const page = await fetcher(location, { headers: { Accept: "text/html", Cookie: [cookies[who], langCookie("zh"), ...notice].join("; ") } });
  return { location, text: await shown(page) };
}

beforeAll(async () => {
  app = await openProductionApp({ seed: true, prefix: "button-posts-test-" });
  await signIn(ATTENDEE);
  await signIn(FRESH, "按钮测试");
}, 180_000);

afterAll(async () => {
  await app?.close();
});

type InboxItem = { id: number; readAt: string | null };

describe("/account/messages: mark read", () => {
  const unread = (kind: string) => api<number>(ATTENDEE, "GET", `/cms/${kind}/unread`);

  it("marks one item read and goes back to its list with the notice", async () => {
    const list = await api<{ list: InboxItem[] }>(ATTENDEE, "GET", "/cms/messages?pageSize=100");
    const item = list.list.find((one) => !one.readAt)!;
    const before = await unread("messages");
    const { location, text } = await followed(await post("/account/messages", ATTENDEE, { kind: "messages", id: String(item.id) }), ATTENDEE);
    expect(location).toBe("/account/messages?kind=messages");
    expect(text).toContain("已保存");
    expect(await unread("messages")).toBe(before - 1);
  });

  it("asks before marking all read; confirmed, marks them all", async () => {
    const before = await unread("notices");
    expect(before).toBeGreaterThan(0);
    const asked = await post("/account/messages", ATTENDEE, { kind: "notices", id: "all" });
    expect(asked.status).toBe(200);
    expect(await shown(asked)).toMatch(/role="alertdialog" aria-label="全部标为已读"[\s\S]*name="confirmed" value="1"/);
    expect(await unread("notices")).toBe(before);

    const { location, text } = await followed(await post("/account/messages", ATTENDEE, { kind: "notices", id: "all", confirmed: "1" }), ATTENDEE);
    expect(location).toBe("/account/messages?kind=notices");
    expect(text).toContain("已保存");
    expect(await unread("notices")).toBe(0);
  });

  it("a bad or missing id, or a forged kind, is a 400 page that says what to do, in the visitor's language", async () => {
    for (const fields of posts(
      { kind: "notices", id: "1e3" },
      { kind: "notices", id: "-1" },
      { kind: "messages" },
      { kind: "messages", id: "2147483648", confirmed: "1" },
    )) {
      const zh = await post("/account/messages", ATTENDEE, fields);
      expect(zh.status, JSON.stringify(fields)).toBe(400);
      expect(await shown(zh), JSON.stringify(fields)).toContain("找不到这条消息，请刷新页面后重试");
      const en = await post("/account/messages", ATTENDEE, fields, "en");
      expect(en.status).toBe(400);
      expect(await shown(en)).toContain("This item could not be found: reload the page and try again");
    }
    const forged = await post("/account/messages", ATTENDEE, { kind: "everything", id: "1" });
    expect(forged.status).toBe(400);
    expect(await shown(forged)).toContain("请在“通知”和“私信”中选择");
  });
});

describe("/attend: cancel a registration", () => {
  let registrationId = 0;
  const state = async () =>
    (await api<{ list: Array<{ id: number; state: string }> }>(FRESH, "GET", "/my-user")).list.find((r) => r.id === registrationId)?.state;

  beforeAll(async () => {
    const form = await api<{ conference: { id: number }; identities: Array<{ id: number }> }>(FRESH, "GET", "/registration/form/1");
    const registered = await api<{ id: number }>(FRESH, "POST", "/conference/user", {
      conferenceId: form.conference.id,
      identityId: form.identities[0].id,
      name: "按钮测试",
      answers: { department: "物理系", position: "professor", presenting: "no" },
    });
    registrationId = registered.id;
  });

  it("asks first; confirmed, cancels and goes back to /attend with the notice", async () => {
    const asked = await post("/attend", FRESH, { intent: "cancel", id: String(registrationId) });
    expect(asked.status).toBe(200);
    expect(await shown(asked)).toMatch(/role="alertdialog" aria-label="确定取消“[^”]+”的报名"[\s\S]*name="confirmed" value="1"/);
    expect(await state()).not.toBe("cancelled");

    const { location, text } = await followed(await post("/attend", FRESH, { intent: "cancel", id: String(registrationId), confirmed: "1" }), FRESH);
    expect(location).toBe("/attend");
    expect(text).toContain("报名已取消");
    expect(await state()).toBe("cancelled");
  });

  it("a bad or missing id, or a forged intent, is a 400 page that says what to do, in the visitor's language", async () => {
    for (const fields of posts({ intent: "cancel", id: "abc", confirmed: "1" }, { intent: "cancel", id: "2147483648" }, { intent: "cancel", confirmed: "1" })) {
      const zh = await post("/attend", FRESH, fields);
      expect(zh.status, JSON.stringify(fields)).toBe(400);
      expect(await shown(zh), JSON.stringify(fields)).toContain("找不到这条报名，请刷新页面后重试");
      const en = await post("/attend", FRESH, fields, "en");
      expect(en.status).toBe(400);
      expect(await shown(en)).toContain("This registration could not be found: reload the page and try again");
    }
    const forged = await post("/attend", FRESH, { intent: "delete", id: String(registrationId), confirmed: "1" });
    expect(forged.status).toBe(400);
    expect(await shown(forged)).toContain("无法识别这个操作，请刷新页面后重试");
  });

  it("someone else's registration is the not-found page", async () => {
    const theirs = await post("/attend", ATTENDEE, { intent: "cancel", id: String(registrationId), confirmed: "1" });
    expect(theirs.status).toBe(404);
    expect(await shown(theirs)).toContain("找不到该页面");
  });
});

describe("/form/answers: delete an answer", () => {
  let formId = 0;
  let answerId = 0;
  const count = async () => (await api<{ count: number }>(FRESH, "GET", `/form/user?formId=${formId}`)).count;

  beforeAll(async () => {
    formId = (await api<{ id: number }>(FRESH, "POST", "/form", { titleZh: "按钮表单", isPublic: true })).id;
    const field = await api<{ key: string }>(FRESH, "POST", `/form/${formId}`, { type: "text", labelZh: "姓名" });
    answerId = (await api<{ id: number }>(FRESH, "POST", "/form/user", { formId, answers: { [field.key]: "一份" } })).id;
  });

  it("asks first; confirmed, deletes and goes back to the list with the notice", async () => {
    const url = `/form/answers?id=${formId}&answer=${answerId}`;
    const asked = await post(url, FRESH, { intent: "delete", answerId: String(answerId) });
    expect(asked.status).toBe(200);
    expect(await shown(asked)).toMatch(/role="alertdialog"[\s\S]*name="confirmed" value="1"/);
    expect(await count()).toBe(1);

    const { location, text } = await followed(await post(url, FRESH, { intent: "delete", answerId: String(answerId), confirmed: "1" }), FRESH);
    expect(location).toBe(`/form/answers?id=${formId}`);
    expect(text).toContain("答卷已删除");
    expect(await count()).toBe(0);
  });

  it("a bad or missing id, or a forged intent, is a 400 page that says what to do, in the visitor's language", async () => {
    for (const fields of posts(
      { intent: "delete", answerId: "1.5", confirmed: "1" },
      { intent: "delete", answerId: "0" },
      { intent: "delete", confirmed: "1" },
    )) {
      const zh = await post(`/form/answers?id=${formId}`, FRESH, fields);
      expect(zh.status, JSON.stringify(fields)).toBe(400);
      expect(await shown(zh), JSON.stringify(fields)).toContain("找不到这份答卷，请刷新页面后重试");
      const en = await post(`/form/answers?id=${formId}`, FRESH, fields, "en");
      expect(en.status).toBe(400);
      expect(await shown(en)).toContain("This answer could not be found: reload the page and try again");
    }
    const forged = await post(`/form/answers?id=${formId}`, FRESH, { intent: "cancel", answerId: "1", confirmed: "1" });
    expect(forged.status).toBe(400);
    expect(await shown(forged)).toContain("无法识别这个操作，请刷新页面后重试");
  });

  it("an answer that is gone is the not-found page", async () => {
    const gone = await post(`/form/answers?id=${formId}`, FRESH, { intent: "delete", answerId: String(answerId), confirmed: "1" });
    expect(gone.status).toBe(404);
    expect(await shown(gone)).toContain("找不到该页面");
  });
});
