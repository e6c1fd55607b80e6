import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredHostNames } from "#contract/schemas/host";
import { auditLog, conferences } from "../db/schema";
import { person, setupConference, type ConferenceSetup } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13 item 7 (decision 029), as a stranger tries it: a conference's own host name can never
 * be the platform's (configured or loopback, however spelled), and serves the conference only
 * once a platform administrator approved it.
 */

const ADMIN = "13900000098";
let p: TestPlatform;
let setup: ConferenceSetup;
let other: ConferenceSetup;
let admin: string;

beforeAll(async () => {
  p = await testPlatform({
    platformAdmins: [ADMIN],
    platformHosts: configuredHostNames("conf.example.cn, www.conf.example.cn", "https://pay.example.cn:8443/api"),
  });
  admin = await p.signIn(ADMIN, "平台管理员");
  setup = await setupConference(p);
  other = await setupConference(p);
});
afterAll(() => p.close());

type Fields = { fields: Record<string, string> };
const setDomain = (domain: string, who: ConferenceSetup = setup, lang: "zh" | "en" = "zh") =>
  p.call<Fields & { domain: string; domainState: string }>("PUT", `/conference/domain/${who.conference.id}`, {
    token: who.organiser.token,
    body: { domain },
    lang,
  });
const decide = (who: ConferenceSetup, subject: string, state: "approved" | "rejected", reason = "") =>
  p.call("PATCH", `/review/domain/${who.conference.id}`, { token: admin, body: { subject, state, reason } });
const served = async (host: string) => {
  const res = await p.call<{ id: number }>("GET", `/domain/${encodeURIComponent(host)}`);
  return res.status === 200 ? res.data.id : null;
};

describe("the platform's own host names", () => {
  const variants = [
    "conf.example.cn",
    "CONF.Example.CN",
    "conf.example.cn.",
    "conf.example.cn:443",
    " Conf.Example.cn.:8080 ",
    "www.conf.example.cn",
    "pay.example.cn",
    "PAY.example.cn:8443",
    "localhost",
    "LOCALHOST.",
    "localhost:3000",
    "localhost.localdomain",
    "127.0.0.1",
    "127.0.0.1:3000",
    "[::1]:3000",
  ];
  it.each(variants)("refuses %j with a clear message", async (domain) => {
    const res = await setDomain(domain);
    expect(res.status).toBe(400);
    expect(res.data.fields.domain).toEqual({ key: "authoring.v.domainPlatform" });
  });

  it("says so in English too, and stores nothing", async () => {
    const res = await setDomain("Conf.Example.CN.", setup, "en");
    expect(res.message).toBe("This is the platform's own address; it can't be a conference's domain");
    expect(res.data.fields.domain).toEqual({ key: "authoring.v.domainPlatform" });
    const [row] = await p.db.select({ domain: conferences.domain }).from(conferences).where(eq(conferences.id, setup.conference.id));
    expect(row.domain).toBeNull();
  });

  it("never serves a conference on one of them, even one stored before the rule", async () => {
    await p.db.update(conferences).set({ domain: "conf.example.cn", domainState: "approved" }).where(eq(conferences.id, other.conference.id));
    expect(await served("conf.example.cn")).toBeNull();
    expect(await served("CONF.example.cn.:443")).toBeNull();
    await p.db.update(conferences).set({ domain: null, domainState: null }).where(eq(conferences.id, other.conference.id));
  });
});

describe("review", () => {
  it("serves a conference on its domain only after a platform administrator approved it", async () => {
    const set = await setDomain("Meeting.Example.org.");
    expect(set.status, set.message).toBe(200);
    expect(set.data).toMatchObject({ domain: "meeting.example.org", domainState: "pending" });
    expect(await served("meeting.example.org")).toBeNull();

    expect(
      (
        await p.call("PATCH", `/review/domain/${setup.conference.id}`, {
          token: setup.organiser.token,
          body: { subject: "meeting.example.org", state: "approved" },
        })
      ).status,
    ).toBe(403);
    const queue = await p.call<{ list: Array<{ conferenceId: number; subject: string; state: string }> }>("GET", "/review/domains?state=pending", {
      token: admin,
    });
    expect(queue.data.list).toContainEqual(expect.objectContaining({ conferenceId: setup.conference.id, subject: "meeting.example.org", state: "pending" }));
    expect((await decide(setup, "meeting.example.org", "approved")).status).toBe(200);
    expect(await served("MEETING.example.org:3000")).toBe(setup.conference.id);
    const [audit] = await p.db.select().from(auditLog).where(eq(auditLog.action, "domain.approved"));
    expect(audit.detail).toMatchObject({ subject: "meeting.example.org" });

    // Saving the same name keeps it approved; a new name waits again and the old one stops.
    expect((await setDomain("meeting.example.org")).data.domainState).toBe("approved");
    expect((await setDomain("other.example.org")).data.domainState).toBe("pending");
    expect(await served("other.example.org")).toBeNull();
    expect(await served("meeting.example.org")).toBeNull();
  });

  it("a request can't hold a name from its owner; the second approval of one name is refused", async () => {
    expect((await setDomain("shared.example.org", other)).status).toBe(200);
    expect((await setDomain("shared.example.org", setup)).status).toBe(200);
    expect((await decide(setup, "shared.example.org", "approved")).status).toBe(200);
    const second = await decide(other, "shared.example.org", "approved");
    expect(second.status).toBe(400);
    expect(second.message).toBe("该域名已被其他会议使用");
    expect((await setDomain("shared.example.org", other)).data.fields.domain).toEqual({ key: "authoring.v.domainTaken" });
    expect(await served("shared.example.org")).toBe(setup.conference.id);
  });

  it("a rejected name serves nothing and says why to its organiser", async () => {
    const stranger = await person(p, "旁人");
    expect((await setDomain("fake.example.org", other)).status).toBe(200);
    expect(
      (await p.call("PATCH", `/review/domain/${other.conference.id}`, { token: stranger.token, body: { subject: "fake.example.org", state: "approved" } }))
        .status,
    ).toBe(403);
    expect((await decide(other, "fake.example.org", "rejected", "不是主办方的域名")).status).toBe(200);
    expect(await served("fake.example.org")).toBeNull();
    const info = await p.call<{ conference: { domainState: string; domainReason: string } }>("GET", `/manage/conference/${other.conference.id}`, {
      token: other.organiser.token,
    });
    expect(info.data.conference).toMatchObject({ domainState: "rejected", domainReason: "不是主办方的域名" });
  });
});
