import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conferences, rateEvents } from "../db/schema";
import { registrationBody, person, setupConference } from "../services/registration-fixtures";
import { SENDS_GLOBAL, SENDS_PER_CLIENT, mintTicket, pruneRateEvents, recordEvent } from "../services/sign-in-guard";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13, items 2, 3 and 14, as a stranger does them: HTTP against the platform, the SMS
 * outbox as the proof of what was (not) sent. Decisions 024 and 025.
 */
let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

const minute = 60_000;
const hour = 60 * minute;
const STRANGER = "203.0.113.66";
const outboxLines = () => (fs.existsSync(p.outbox) ? fs.readFileSync(p.outbox, "utf8").trim().split("\n").filter(Boolean).length : 0);
const body = async (response: Response) => ({ status: response.status, text: await response.text() });

describe("pumping SMS codes (item 2)", () => {
  it("an <img src=/api/login?mobile=…> on another site, or a script without the page's ticket, sends nothing", async () => {
    const before = outboxLines();
    // What a browser sends for another site's image: no ticket, the victim's own address.
    const img = await p.app.fetch(
      new Request("http://platform.test/api/login?mobile=13922220001", {
        headers: { "Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site", "X-Forwarded-For": "198.51.100.20" },
      }),
    );
    expect(img.status).toBe(400);
    expect((await img.json()).message).toBe("页面已过期，请再次点击“获取验证码”");
    // A forged ticket, a ticket the page rendered for someone else's address, one for another purpose.
    const forged = await p.call("GET", "/login?mobile=13922220001&ticket=zzz.yyy.xxx", { client: STRANGER, lang: "en" });
    expect(forged).toMatchObject({ status: 400, message: "This page has expired. Press “Send code” again." });
    const elsewhere = mintTicket(p.deps, { address: "198.51.100.20", scope: "send" });
    expect((await p.call("GET", `/login?mobile=13922220001&ticket=${elsewhere}`, { client: STRANGER })).status).toBe(400);
    const checkTicket = mintTicket(p.deps, { address: STRANGER, scope: "check:1:1" });
    expect((await p.call("GET", `/login?mobile=13922220001&ticket=${checkTicket}`, { client: STRANGER })).status).toBe(400);
    expect((await p.call("GET", `/user/login?mobile=13922220001`, { client: STRANGER })).status).toBe(400);
    expect(outboxLines()).toBe(before);
  });

  it("GET /login/ticket mints the page's ticket for the asking client only (decision 041)", async () => {
    const before = outboxLines();
    const minted = await p.call<{ ticket: string }>("GET", "/login/ticket?scope=send", { client: STRANGER });
    expect(minted.status).toBe(200);
    // Good for this client's code, for nobody else's, once.
    expect((await p.call("GET", `/login?mobile=13922220010&ticket=${minted.data.ticket}`, { client: "198.51.100.21" })).status).toBe(400);
    expect((await p.call("GET", `/login?mobile=13922220010&ticket=${minted.data.ticket}`, { client: STRANGER })).status).toBe(200);
    expect((await p.call("GET", `/login?mobile=13922220011&ticket=${minted.data.ticket}`, { client: STRANGER })).status).toBe(400);
    expect(outboxLines()).toBe(before + 1);
    // A check ticket is the signed-in account's own, for one conference: never without a session, never a send ticket.
    expect((await p.call("GET", "/login/ticket?scope=check&conferenceId=1", { client: STRANGER })).status).toBe(401);
    const asker = await person(p);
    const check = await p.call<{ ticket: string }>("GET", "/login/ticket?scope=check&conferenceId=7", { client: STRANGER, token: asker.token });
    expect(check.status).toBe(200);
    expect((await p.call("GET", `/login?mobile=13922220012&ticket=${check.data.ticket}`, { client: STRANGER })).status).toBe(400);
    for (const query of ["scope=check", "scope=admin", "", "scope=check&conferenceId=x"]) {
      expect((await p.call("GET", `/login/ticket?${query}`, { client: STRANGER, token: asker.token })).status, query).toBe(400);
    }
    p.advance(hour);
  });

  it("a ticket sends one code, and not after half an hour", async () => {
    const before = outboxLines();
    const ticket = mintTicket(p.deps, { address: STRANGER, scope: "send" });
    expect((await p.call("GET", `/login?mobile=13922220002&ticket=${ticket}`, { client: STRANGER })).status).toBe(200);
    const replay = await p.call("GET", `/login?mobile=13922220003&ticket=${ticket}`, { client: STRANGER });
    expect(replay).toMatchObject({ status: 400, message: "页面已过期，请再次点击“获取验证码”" });
    const old = mintTicket(p.deps, { address: STRANGER, scope: "send" });
    p.advance(30 * minute);
    expect((await p.call("GET", `/login?mobile=13922220004&ticket=${old}`, { client: STRANGER })).status).toBe(400);
    expect(outboxLines()).toBe(before + 1);
    p.advance(hour);
  });

  it("30 numbers from one client: the first 10 get a code, the rest are told when to try again", async () => {
    const client = "203.0.113.30";
    const before = outboxLines();
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await p.sendCode(`1392223${String(i).padStart(4, "0")}`, { client }));
    const limit = SENDS_PER_CLIENT[0].max;
    expect(answers.slice(0, limit).every((a) => a.status === 200)).toBe(true);
    for (const refused of answers.slice(limit)) {
      expect(refused.status).toBe(429);
      expect(refused.code).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(refused).toMatchObject({ retryAfter: 600, message: "您获取验证码过于频繁，请在 10 分钟后重试" });
    }
    expect(outboxLines()).toBe(before + limit);
    p.advance(4 * minute);
    const en = await p.sendCode("13922239999", { client, lang: "en" });
    expect(en).toMatchObject({ status: 429, retryAfter: 360, message: "You have asked for too many codes. Try again in 6 minutes." });
    p.advance(6 * minute);
    expect((await p.sendCode("13922239999", { client })).status).toBe(200);
    p.advance(hour);
  });

  it("the whole platform sends at most its ceiling a minute, whatever the number of addresses", async () => {
    const ceiling = SENDS_GLOBAL[0].max;
    let sent = 0;
    let refused: Awaited<ReturnType<typeof p.sendCode>> | null = null;
    for (let i = 0; i <= ceiling && !refused; i++) {
      const answer = await p.sendCode(`1392224${String(i).padStart(4, "0")}`, { client: `10.9.${Math.floor(i / 200)}.${i % 200}` });
      if (answer.status === 200) sent++;
      else refused = answer;
    }
    expect(sent).toBe(ceiling);
    expect(refused).toMatchObject({ status: 429, retryAfter: 60, message: "验证码发送繁忙，请在 1 分钟后重试" });
    p.advance(hour);
  });
});

describe("counted events", () => {
  it("are kept a day, then swept", async () => {
    await recordEvent(p.deps, "test", "sweep");
    expect(await p.db.select().from(rateEvents)).toHaveLength(1);
    p.advance(24 * hour + 1);
    await pruneRateEvents(p.deps);
    expect(await p.db.select().from(rateEvents)).toEqual([]);
  });
});

describe("locking the owner out (item 3)", () => {
  it("a stranger who does all they can for a number keeps its owner out for two minutes at most", async () => {
    const victim = "13922250001";
    await p.signIn(victim);
    p.advance(hour);
    const before = outboxLines();
    // For five minutes, every ten seconds: ask for a code and guess it six times.
    let codesTheStrangerGot = 0;
    for (let t = 0; t < 5 * minute; t += 10_000) {
      if ((await p.sendCode(victim, { client: STRANGER })).status === 200) codesTheStrangerGot++;
      for (let guess = 0; guess < 6; guess++)
        await p.call("POST", "/login", { body: { mobile: victim, code: String(guess).padStart(6, "0") }, client: STRANGER });
      p.advance(10_000);
    }
    // The spec's 1 a minute and 5 an hour, now the stranger's own share of the number.
    expect(codesTheStrangerGot).toBe(5);
    expect(outboxLines()).toBe(before + 5);
    expect((await p.sendCode(victim, { client: STRANGER })).status).toBe(429);
    // The owner, from home: asks, waits as told, and signs in with the code the phone receives.
    const owner = "198.51.100.77";
    const atOwner = p.deps.now().getTime();
    let asked = await p.sendCode(victim, { client: owner });
    if (asked.status === 429) {
      p.advance((asked as unknown as { retryAfter: number }).retryAfter * 1000);
      asked = await p.sendCode(victim, { client: owner });
    }
    expect(asked.status).toBe(200);
    const code = (await p.code(victim))!;
    // The stranger cannot burn the owner's fresh code: their guesses for this number are locked.
    const burn = await p.call("POST", "/login", { body: { mobile: victim, code: code === "000000" ? "111111" : "000000" }, client: STRANGER });
    expect(burn.status).toBe(429);
    const signedIn = await p.call("POST", "/login", { body: { mobile: victim, code }, client: owner });
    expect(signedIn.status).toBe(200);
    expect(p.deps.now().getTime() - atOwner).toBeLessThanOrEqual(2 * minute);
    p.advance(hour);
  });

  it("wrong guesses lock only the guesser, for a quarter of an hour, and say so", async () => {
    const mobile = "13922250002";
    await p.signIn(mobile);
    p.advance(2 * minute);
    await p.sendCode(mobile);
    const code = (await p.code(mobile))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) expect((await p.call("POST", "/login", { body: { mobile, code: wrong }, client: STRANGER })).status).toBe(400);
    const fifth = await p.call("POST", "/login", { body: { mobile, code: wrong }, client: STRANGER });
    expect(fifth.status).toBe(400);
    const sixth = await p.call("POST", "/login", { body: { mobile, code }, client: STRANGER, lang: "en" });
    expect(sixth).toMatchObject({ status: 429, retryAfter: 15 * 60, message: "Too many wrong codes. Try again in 15 minutes." });
    expect(sixth.headers.get("retry-after")).toBe("900");
    // The fifth wrong guess burnt that code; the owner asks for a fresh one, which the stranger cannot touch.
    p.advance(minute);
    await p.sendCode(mobile);
    const fresh = (await p.code(mobile))!;
    expect((await p.call("POST", "/login", { body: { mobile, code: fresh === "000000" ? "111111" : "000000" }, client: STRANGER })).status).toBe(429);
    expect((await p.call("POST", "/login", { body: { mobile, code: fresh } })).status).toBe(200);
  });
});

describe("enumerating accounts (item 14)", () => {
  it("a wrong code answers byte for byte the same for a registered and an unregistered number", async () => {
    const registered = "13922260001";
    await p.signIn(registered);
    const unregistered = "13922260002";
    p.advance(2 * minute);
    // Each with a live code of its own (the owner asked), and without one.
    await p.sendCode(registered);
    await p.sendCode(unregistered);
    const ask = async (method: string, path: string, mobile: string, extra: Record<string, unknown> = {}) =>
      body(
        await p.app.fetch(
          new Request(`http://platform.test/api${path}`, {
            method,
            headers: { "Content-Type": "application/json", "Client-Type": "web", "X-Forwarded-For": `203.0.113.${mobile.slice(-1)}${method.length}` },
            body: JSON.stringify({ mobile, code: "999999", ...extra }),
          }),
        ),
      );
    for (const [method, path, extra] of [
      ["POST", "/login", {}],
      ["POST", "/user/login", {}],
      ["PUT", "/login", { name: "某人", agree: true }],
    ] as const) {
      const a = await ask(method, path, registered, extra);
      const b = await ask(method, path, unregistered, extra);
      expect(a.status).toBe(400);
      expect(a).toEqual(b);
      expect(JSON.parse(a.text).message).toBe("验证码错误或已失效");
    }
    const noCode = await ask("POST", "/login", "13922260003");
    expect(noCode.text).toBe((await ask("POST", "/login", registered)).text);
  });

  it("quick sign-in on a conference page answers the same too", async () => {
    const setup = await setupConference(p);
    const registered = await person(p);
    const a = await p.call("POST", "/login/quick", {
      body: { mobile: registered.mobile, code: "999999", conferenceId: setup.conference.id },
      client: "203.0.113.81",
    });
    const b = await p.call("POST", "/login/quick", {
      body: { mobile: "13922260009", code: "999999", conferenceId: setup.conference.id },
      client: "203.0.113.82",
    });
    expect(a.status).toBe(400);
    expect({ ...a, headers: null }).toEqual({ ...b, headers: null });
  });

  it("guessing from one address is limited, across numbers", async () => {
    const client = "203.0.113.90";
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(await p.call("POST", "/login", { body: { mobile: `1392227${String(i).padStart(4, "0")}`, code: "123456" }, client }));
    expect(answers.slice(0, 20).every((a) => a.status === 400)).toBe(true);
    expect(answers.slice(20).every((a) => a.status === 429 && a.message === "验证码错误次数过多，请在 10 分钟后重试")).toBe(true);
  });

  it("/user/check answers only the conference's own form: its ticket, a published conference, a limited number of times", async () => {
    const setup = await setupConference(p);
    const member = await person(p);
    await p.call("POST", "/conference/user", { token: member.token, body: registrationBody(setup) });
    const asker = await person(p);
    const client = "203.0.113.100";
    const ticketFor = (conferenceId: number, accountId = asker.id) => mintTicket(p.deps, { address: client, scope: `check:${conferenceId}:${accountId}` });
    const check = (conferenceId: number, ticket?: string, mobile = member.mobile) =>
      p.call<{ exists: boolean }>("GET", `/user/check?${new URLSearchParams({ mobile, conferenceId: String(conferenceId), ...(ticket ? { ticket } : {}) })}`, {
        token: asker.token,
        client,
      });
    // As before the fix: a signed-in stranger asks about any number without the form.
    expect((await check(setup.conference.id)).status).toBe(400);
    expect((await check(setup.conference.id)).message).toBe("请在本会议的报名页面上填写");
    // Another conference's ticket, another account's, another address's.
    const other = await setupConference(p);
    expect((await check(setup.conference.id, ticketFor(other.conference.id))).status).toBe(400);
    expect((await check(setup.conference.id, ticketFor(setup.conference.id, member.id))).status).toBe(400);
    const away = mintTicket(p.deps, { address: "198.51.100.5", scope: `check:${setup.conference.id}:${asker.id}` });
    expect((await check(setup.conference.id, away)).status).toBe(400);
    // An unpublished conference takes no registrations: nothing to check.
    await p.db.update(conferences).set({ isPublish: false }).where(eq(conferences.id, other.conference.id));
    expect((await check(other.conference.id, ticketFor(other.conference.id))).status).toBe(404);
    // The form itself: answered, 30 times per 10 minutes.
    const ticket = ticketFor(setup.conference.id);
    expect((await check(setup.conference.id, ticket)).data.exists).toBe(true);
    for (let i = 1; i < 30; i++) expect((await check(setup.conference.id, ticket, `1392228${String(i).padStart(4, "0")}`)).status).toBe(200);
    const over = await check(setup.conference.id, ticket);
    expect(over).toMatchObject({ status: 429, retryAfter: 600, message: "查询过于频繁，请在 10 分钟后重试" });
  });
});
