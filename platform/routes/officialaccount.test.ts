import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, conferences } from "../db/schema";
import { type FakeWeChat, startFakeWeChat } from "../providers/fake-wechat";
import { officialAccount, officialSignature, parseOfficialXml, sceneOf } from "../providers/wechat-official";
import { type ConferenceSetup, person, registrationBody, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * The official-account subscription check end to end in process: the real adapter asks the
 * fake WeChat for a parametric QR code, WeChat's signed pushes reach the webhook, and
 * `isSubscribe` answers from what they said.
 */
let fake: FakeWeChat;
let p: TestPlatform;
let gated: ConferenceSetup;

beforeAll(async () => {
  fake = await startFakeWeChat();
  p = await testPlatform({
    officialAccount: officialAccount({ appId: fake.official.appId, appSecret: fake.official.appSecret, token: fake.official.token, apiBase: fake.url }),
  });
  gated = await setupConference(p, { fields: [] });
  await p.db.update(conferences).set({ requireSubscribe: true }).where(eq(conferences.id, gated.conference.id));
});
afterAll(async () => {
  await p.close();
  await fake.close();
});

const TOKEN = () => fake.official.token;

/** A push as WeChat sends it: signature, timestamp and nonce in the query, the XML as the body. */
async function push(xml: string, options: { signature?: string; at?: Date; method?: "GET" | "POST"; echostr?: string } = {}) {
  const timestamp = String(Math.floor((options.at ?? p.deps.now()).getTime() / 1000));
  const nonce = "1234567";
  const query = new URLSearchParams({ signature: options.signature ?? officialSignature(TOKEN(), timestamp, nonce), timestamp, nonce });
  if (options.echostr) query.set("echostr", options.echostr);
  const method = options.method ?? "POST";
  const response = await p.app.fetch(
    new Request(`http://platform.test/api/officialaccount/webhook?${query}`, {
      method,
      body: method === "POST" ? xml : undefined,
      headers: { "Content-Type": "text/xml" },
    }),
  );
  return { status: response.status, body: await response.text() };
}

const event = (openId: string, name: string, key?: string) =>
  `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>1763712000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${name}]]></Event>${key === undefined ? "" : `<EventKey><![CDATA[${key}]]></EventKey>`}</xml>`;

async function qrFor(token: string, myId?: string) {
  return p.call<{ myId: string; url: string }>("POST", "/officialaccount/qrcode", { token, body: myId ? { myId } : {} });
}

const isSubscribe = (myId: string, token?: string) =>
  p.call<{ subscribed: boolean; token?: string | null; data?: { id: number } }>("POST", "/officialaccount/isSubscribe", { token, body: { myId } });

const follows = async (id: number) => (await p.db.select({ at: accounts.officialSubscribedAt }).from(accounts).where(eq(accounts.id, id)))[0].at !== null;

describe("the webhook address check", () => {
  it("echoes echostr to a good signature and refuses a bad or stale one", async () => {
    expect(await push("", { method: "GET", echostr: "hello-wechat" })).toEqual({ status: 200, body: "hello-wechat" });
    expect((await push("", { method: "GET", echostr: "x", signature: "0".repeat(40) })).status).toBe(403);
    expect((await push("", { method: "GET", echostr: "x", at: new Date(p.deps.now().getTime() - 10 * 60_000) })).status).toBe(403);
  });
});

describe("the QR code to follow", () => {
  it("asks WeChat for a temporary QR code whose scene is myId, with the account's credentials, and gives the same one back for a live myId", async () => {
    const me = await person(p);
    expect((await p.call("POST", "/officialaccount/qrcode", { body: {} })).status).toBe(401);
    const before = fake.requests.length;
    const first = await qrFor(me.token);
    expect(first.status).toBe(200);
    const sent = fake.requests.slice(before);
    expect(sent.find((r) => r.path === "/cgi-bin/stable_token")?.body).toMatchObject({
      grant_type: "client_credential",
      appid: fake.official.appId,
      secret: fake.official.appSecret,
    });
    const create = sent.find((r) => r.path === "/cgi-bin/qrcode/create")!;
    expect(create.body).toEqual({ expire_seconds: 1800, action_name: "QR_STR_SCENE", action_info: { scene: { scene_str: first.data.myId } } });
    expect(first.data.url).toMatch(/\/q\/[0-9a-f]+$/);

    const again = await qrFor(me.token, first.data.myId);
    expect(again.data).toMatchObject({ myId: first.data.myId, url: first.data.url });
    // Someone else's myId is not theirs to reuse: they get a code of their own.
    const other = await person(p);
    expect((await qrFor(other.token, first.data.myId)).data.myId).not.toBe(first.data.myId);
  });

  it("gets a fresh access token when WeChat has revoked the cached one", async () => {
    const me = await person(p);
    await qrFor(me.token);
    await fetch(`${fake.url}/cgi-bin/stable_token`, {
      method: "POST",
      body: JSON.stringify({ grant_type: "client_credential", appid: fake.official.appId, secret: fake.official.appSecret, force_refresh: true }),
    });
    const res = await qrFor((await person(p)).token);
    expect(res.status).toBe(200);
  });
});

describe("follow and scan events", () => {
  it("a follow through the QR code (subscribe, qrscene_) makes isSubscribe answer subscribed once, and the account may register", async () => {
    const me = await person(p);
    expect((await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(gated, { identityId: gated.student.id }) })).message).toContain(
      "关注",
    );
    const { myId } = (await qrFor(me.token)).data;
    expect((await isSubscribe(myId, me.token)).data).toEqual({ subscribed: false });

    expect(await push(event("openid-follow-1", "subscribe", `qrscene_${myId}`))).toEqual({ status: 200, body: "success" });
    const form = await p.call<{ subscribed: boolean }>("GET", `/registration/form/${gated.conference.id}`, { token: me.token });
    expect(form.data.subscribed).toBe(true);
    const answer = await isSubscribe(myId, me.token);
    expect(answer.data).toMatchObject({ subscribed: true, token: null, data: { id: me.id } });
    expect((await isSubscribe(myId, me.token)).data).toEqual({ subscribed: false });
    const registered = await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(gated, { identityId: gated.student.id }) });
    expect(registered.status).toBe(200);
  });

  it("a scan by an existing follower (SCAN, bare scene) counts too, and signs in a caller who is not signed in", async () => {
    const me = await person(p);
    const { myId } = (await qrFor(me.token)).data;
    expect(await push(event("openid-scan-1", "SCAN", myId))).toEqual({ status: 200, body: "success" });
    const answer = await isSubscribe(myId);
    expect(answer.data.subscribed).toBe(true);
    expect((await p.call<{ id: number }>("GET", "/account", { token: answer.data.token! })).data.id).toBe(me.id);
  });

  it("refuses a push with a bad signature and changes nothing", async () => {
    const me = await person(p);
    const { myId } = (await qrFor(me.token)).data;
    expect((await push(event("openid-bad", "subscribe", `qrscene_${myId}`), { signature: "f".repeat(40) })).status).toBe(403);
    expect((await push(event("openid-bad", "subscribe", `qrscene_${myId}`), { at: new Date(p.deps.now().getTime() + 6 * 60_000) })).status).toBe(403);
    expect(await follows(me.id)).toBe(false);
    expect((await isSubscribe(myId, me.token)).data.subscribed).toBe(false);
  });

  it("answers success to other messages and events without effect", async () => {
    const me = await person(p);
    const { myId } = (await qrFor(me.token)).data;
    const text = `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[openid-x]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${myId}]]></Content><MsgId>1</MsgId></xml>`;
    for (const xml of [
      text,
      event("openid-x", "CLICK", myId),
      event("openid-x", "VIEW", `qrscene_${myId}`),
      event("openid-x", "subscribe"),
      event("openid-x", "subscribe", "qrscene_unknown-scene"),
      event("openid-x", "SCAN", "unknown-scene"),
    ]) {
      expect(await push(xml)).toEqual({ status: 200, body: "success" });
    }
    expect(await follows(me.id)).toBe(false);
    expect((await isSubscribe(myId, me.token)).data.subscribed).toBe(false);
    expect((await push("not xml at all")).status).toBe(400);
  });

  it("an unfollow is recorded: the account must follow again to register", async () => {
    const me = await person(p);
    const { myId } = (await qrFor(me.token)).data;
    await push(event("openid-leaver", "subscribe", `qrscene_${myId}`));
    expect(await follows(me.id)).toBe(true);
    expect(await push(event("openid-leaver", "unsubscribe"))).toEqual({ status: 200, body: "success" });
    expect(await follows(me.id)).toBe(false);
    const refused = await p.call("POST", "/conference/user", { token: me.token, lang: "en", body: registrationBody(gated) });
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/official account/i);
    // Following again from search (no QR code) counts for the account WeChat already named.
    await push(event("openid-leaver", "subscribe"));
    expect(await follows(me.id)).toBe(true);
  });

  it("a myId expires with its QR code", async () => {
    const me = await person(p);
    const { myId } = (await qrFor(me.token)).data;
    p.advance(31 * 60_000);
    expect(await push(event("openid-late", "subscribe", `qrscene_${myId}`))).toEqual({ status: 200, body: "success" });
    expect(await follows(me.id)).toBe(false);
    expect((await isSubscribe(myId, me.token)).data.subscribed).toBe(false);
  });
});

describe("the push format", () => {
  it("reads CDATA (markup kept as text) and plain text with entities", () => {
    const message = parseOfficialXml(
      `<?xml version="1.0"?>\n<xml>\n  <FromUserName><![CDATA[o<&>x]]></FromUserName>\n  <CreateTime>1763712000</CreateTime>\n  <MsgType>event</MsgType>\n  <Event><![CDATA[subscribe]]></Event>\n  <EventKey>qrscene_a&amp;b</EventKey>\n</xml>`,
    );
    expect(message).toEqual({ FromUserName: "o<&>x", CreateTime: "1763712000", MsgType: "event", Event: "subscribe", EventKey: "qrscene_a&b" });
    expect(sceneOf(message!)).toBe("a&b");
    expect(sceneOf({ MsgType: "event", Event: "subscribe", EventKey: "qrscene_" })).toBeNull();
    expect(parseOfficialXml("<html></html>")).toBeNull();
  });
});
