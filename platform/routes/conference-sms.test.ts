import fs from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, conferences, organizations, registrations } from "../db/schema";
import { SMS_DAILY_QUOTA } from "../services/conference-sms";
import { nextMobile, person, registrationBody, setupConference, type ConferenceSetup } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13 item 1 (decision 028), as a stranger tries it: a conference texts its attendees only
 * from a certified organization's published conference, under a sender name a platform
 * administrator approved, to people who proved their mobile, within a daily quota, every send
 * in the audit log.
 */

const ADMIN = "13900000099";
let p: TestPlatform;
let setup: ConferenceSetup;
let admin: string;
type Preview = { text: string | null; recipients: number; unclaimed: number; sent: number; blocks: string[]; quota: { remaining: number; resetsAt: string } };

beforeAll(async () => {
  p = await testPlatform({ platformAdmins: [ADMIN] });
  admin = await p.signIn(ADMIN, "平台管理员");
  setup = await setupConference(p);
});
afterAll(() => p.close());

const organiser = () => setup.organiser.token;
const send = (body: Record<string, unknown>, token = organiser(), conferenceId = setup.conference.id, lang: "zh" | "en" = "zh") =>
  p.call<Preview>("POST", `/send/${conferenceId}`, { token, body, lang });
const outbox = async () =>
  (await fs.readFile(p.outbox, "utf8").catch(() => ""))
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { mobile: string; text?: string })
    .filter((m) => m.text !== undefined);

/** An organiser's hand entry (no account until claimed). */
async function handEntry(conferenceId = setup.conference.id, token = organiser(), identityId = setup.student.id) {
  const res = await p.call<{ id: number; mobile: string }>("POST", "/user/admin", {
    token,
    body: { conferenceId, identityId, name: "手动录入", mobile: nextMobile(), answers: {} },
  });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** Someone who registered themselves: the registration and their account's mobile. */
async function selfRegistered() {
  const who = await person(p, "自己报名");
  const res = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(setup) });
  expect(res.status, res.message).toBe(200);
  return { id: res.data.id, mobile: who.mobile };
}

const certify = (accountId: number) => p.db.insert(organizations).values({ accountId, name: "测试大学", type: "university", state: "approved", ...p.stamp() });
const askSignName = (signName: string) => p.call("PUT", `/send/${setup.conference.id}/sign-name`, { token: organiser(), body: { signName } });
const decideSignName = (subject: string, state: "approved" | "rejected", reason = "", token = admin) =>
  p.call("PATCH", `/review/sign-name/${setup.conference.id}`, { token, body: { subject, state, reason } });

describe("who may text", () => {
  it("a new account's draft conference named after a bank texts nobody, and says why", async () => {
    const stranger = await person(p, "冒名者");
    const [bank] = await p.db
      .insert(conferences)
      .values({ ownerAccountId: stranger.id, nameZh: "中国银行客户通知", shortName: "中国银行", startDate: "2027-01-10", endDate: "2027-01-11", ...p.stamp() })
      .returning();
    const victim = await p.call<{ id: number; mobile: string }>("POST", "/user/admin", {
      token: stranger.token,
      body: { conferenceId: bank.id, name: "受害人", mobile: "13812345678", answers: {} },
    });
    expect(victim.status, victim.message).toBe(200);
    // Even a sender name asked for stays unused until approved.
    expect((await p.call("PUT", `/send/${bank.id}/sign-name`, { token: stranger.token, body: { signName: "中国银行" } })).status).toBe(200);

    const preview = await send({ ids: [victim.data.id], message: "您的账户异常，请点击链接", dryRun: true }, stranger.token, bank.id);
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ text: null, recipients: 0, unclaimed: 1, blocks: ["notCertified", "notPublished", "noSignName"] });
    const sent = await send({ ids: [victim.data.id], message: "您的账户异常，请点击链接" }, stranger.token, bank.id);
    expect(sent.status).toBe(400);
    expect(sent.message).toBe("所选报名中没有能接收短信的参会人：手动添加的报名须由本人认领后才能接收短信。");
    expect((await outbox()).filter((m) => m.mobile === "13812345678" || m.text?.includes("中国银行"))).toEqual([]);
  });

  it("refuses a published conference whose organization is not certified", async () => {
    await p.db.update(conferences).set({ smsSignName: "测试会议", smsSignState: "approved" }).where(eq(conferences.id, setup.conference.id));
    const attendee = await selfRegistered();
    const res = await send({ ids: [attendee.id], message: "明早签到" });
    expect(res.status).toBe(403);
    expect(res.message).toBe("会议所属机构尚未通过认证：请先在“机构认证”页申请认证。");
    const en = await send({ ids: [attendee.id], message: "明早签到" }, organiser(), setup.conference.id, "en");
    expect(en.message).toBe("The conference's organization is not certified: apply for certification on the Organization certification page first.");
    expect((await outbox()).filter((m) => m.mobile === attendee.mobile)).toEqual([]);
  });

  it("refuses a certified organization's draft conference", async () => {
    await certify(setup.organiser.id);
    const attendee = await selfRegistered();
    await p.db.update(conferences).set({ isPublish: false }).where(eq(conferences.id, setup.conference.id));
    const res = await send({ ids: [attendee.id], message: "草稿会议" });
    expect(res.status).toBe(403);
    expect(res.message).toBe("会议尚未发布：发布后才能给参会人发短信。");
    expect((await send({ ids: [attendee.id], message: "草稿会议", dryRun: true })).data.blocks).toEqual(["notPublished"]);
    await p.db.update(conferences).set({ isPublish: true }).where(eq(conferences.id, setup.conference.id));
    expect((await outbox()).filter((m) => m.mobile === attendee.mobile)).toEqual([]);
  });
});

describe("the sender name", () => {
  it("is used only once a platform administrator approved it; a refused one never reaches anyone", async () => {
    const attendee = await selfRegistered();
    expect((await askSignName("中国银行")).status).toBe(200);
    const standing = await p.call<{ signName: { name: string; state: string }; blocks: string[] }>("GET", `/send/${setup.conference.id}`, {
      token: organiser(),
    });
    expect(standing.data.signName).toMatchObject({ name: "中国银行", state: "pending" });
    expect(standing.data.blocks).toEqual(["noSignName"]);
    const refused = await send({ ids: [attendee.id], message: "冒名通知" });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("会议没有平台管理员审核通过的短信签名：请在“短信发送”中申请签名，通过后才能发送。");
    expect((await send({ ids: [attendee.id], message: "冒名通知", dryRun: true })).data.text).toBeNull();

    // Only a platform administrator decides, and only on the name still asked for.
    expect((await decideSignName("中国银行", "approved", "", organiser())).status).toBe(403);
    const stale = await decideSignName("别的名字", "approved");
    expect(stale.status).toBe(409);
    expect(stale.message).toBe("申请的名称已经改变，请刷新页面后再审核");
    const queue = await p.call<{ list: Array<{ conferenceId: number; subject: string; certified: boolean }> }>("GET", "/review/sign-names?state=pending", {
      token: admin,
    });
    expect(queue.data.list).toContainEqual(expect.objectContaining({ conferenceId: setup.conference.id, subject: "中国银行", certified: true }));
    expect((await decideSignName("中国银行", "rejected", "与主办单位不符")).status).toBe(200);
    expect((await send({ ids: [attendee.id], message: "冒名通知" })).status).toBe(403);

    expect((await askSignName("测试学术会议")).status).toBe(200);
    expect((await decideSignName("测试学术会议", "approved")).status).toBe(200);
    const sent = await send({ ids: [attendee.id], message: "会议明早 8:30 开始签到" });
    expect(sent.status, sent.message).toBe(200);
    expect(sent.data).toMatchObject({ text: "【测试学术会议】会议明早 8:30 开始签到", recipients: 1, sent: 1 });
    expect((await outbox()).filter((m) => m.mobile === attendee.mobile).map((m) => m.text)).toEqual(["【测试学术会议】会议明早 8:30 开始签到"]);
  });

  it("refuses names carriers would not take", async () => {
    const res = await p.call<{ fields: Record<string, string> }>("PUT", `/send/${setup.conference.id}/sign-name`, {
      token: organiser(),
      body: { signName: "【银行】" },
    });
    expect(res.data.fields.signName).toEqual({ key: "applicants.validation.signNameCharacters" });
    const short = await p.call<{ fields: Record<string, string> }>("PUT", `/send/${setup.conference.id}/sign-name`, {
      token: organiser(),
      body: { signName: "行" },
      lang: "en",
    });
    expect(short.data.fields.signName).toEqual({ key: "applicants.validation.signNameLength" });
  });
});

describe("recipients", () => {
  it("texts people who registered themselves or claimed an entry, never an unclaimed hand entry", async () => {
    const self = await selfRegistered();
    const typed = await handEntry();
    const claimed = await handEntry();
    const ids = [self.id, typed.id, claimed.id];
    const before = await send({ ids, message: "认领前", dryRun: true });
    expect(before.data).toMatchObject({ recipients: 1, unclaimed: 2, blocks: [] });

    // The owner of the number claims the second entry with a code sent to it.
    await p.sendCode(claimed.mobile);
    const code = await p.code(claimed.mobile);
    const claim = await p.call("POST", `/conference/user/claim/${claimed.id}`, { body: { mobile: claimed.mobile, code } });
    expect(claim.status, claim.message).toBe(200);

    const after = await send({ ids, message: "认领之后的通知", dryRun: true });
    expect(after.data).toMatchObject({ recipients: 2, unclaimed: 1 });
    const sent = await send({ ids, message: "认领之后的通知" });
    expect(sent.data).toMatchObject({ recipients: 2, sent: 2, unclaimed: 1 });
    const got = (await outbox()).filter((m) => m.text === "【测试学术会议】认领之后的通知").map((m) => m.mobile);
    expect(got.sort()).toEqual([self.mobile, claimed.mobile].sort());
    expect((await outbox()).filter((m) => m.mobile === typed.mobile)).toEqual([]);
  });

  it("writes every send to the audit log with its text and count", async () => {
    const self = await selfRegistered();
    const res = await send({ ids: [self.id], message: "审计检查" });
    expect(res.status).toBe(200);
    const rows = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sms.send"), eq(auditLog.conferenceId, setup.conference.id)));
    const row = rows.find((r) => r.detail.text === "【测试学术会议】审计检查");
    expect(row?.accountId).toBe(setup.organiser.id);
    expect(row?.detail).toMatchObject({ text: "【测试学术会议】审计检查", recipients: 1, registrationIds: [self.id] });
  });
});

describe("the daily quota", () => {
  it("refuses a send past the quota, says when it resets, and allows again on China's next day", async () => {
    // A hundred attendees with accounts (as if each had registered), for sends of a full page each.
    const people = await p.db
      .insert(accounts)
      .values(Array.from({ length: 100 }, () => ({ mobile: nextMobile(), name: "配额", ...p.stamp() })))
      .returning({ id: accounts.id });
    const rows = await p.db
      .insert(registrations)
      .values(
        people.map((one, i) => ({
          conferenceId: setup.conference.id,
          accountId: one.id,
          mobile: "0",
          name: "配额",
          ticketCode: `Q${i}-${Date.now()}`,
          ...p.stamp(),
        })),
      )
      .returning({ id: registrations.id });
    const ids = rows.map((r) => r.id);

    // The test clock stands at 16:00 in China; what was sent today counts.
    const standing = await p.call<{ quota: { used: number; remaining: number; resetsAt: string } }>("GET", `/send/${setup.conference.id}`, {
      token: organiser(),
    });
    expect(standing.data.quota.resetsAt).toBe("2026-11-21T16:00:00.000Z");
    let remaining = standing.data.quota.remaining;
    while (remaining >= 100) {
      const res = await send({ ids, message: "配额测试" });
      expect(res.status, res.message).toBe(200);
      remaining -= 100;
    }
    const refused = await send({ ids, message: "超出配额" });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(
      `今日短信额度不足：每天最多 ${SMS_DAILY_QUOTA} 条，还剩 ${remaining} 条，本次需要 100 条；额度于 2026-11-22 00:00（北京时间）重置。`,
    );
    const preview = await send({ ids, message: "超出配额", dryRun: true });
    expect(preview.data.blocks).toEqual(["quotaUsed"]);
    expect((await outbox()).filter((m) => m.text === "【测试学术会议】超出配额")).toEqual([]);

    p.advance(8 * 3_600_000 - 1000); // 23:59:59 in China: still today
    expect((await send({ ids, message: "超出配额" })).status).toBe(429);
    p.advance(1000); // midnight in China
    const next = await send({ ids, message: "第二天" });
    expect(next.status, next.message).toBe(200);
    expect(next.data.sent).toBe(100);
  });
});

describe("the standing the registration list shows", () => {
  it("counts a send through this instance at once, one through another instance within the memo's minute, and starts again each China day", async () => {
    const used = async (token = organiser()) => (await p.call<{ quota: { used: number } }>("GET", `/send/${setup.conference.id}`, { token })).data.quota.used;
    const before = await used();
    const self = await selfRegistered();
    expect((await send({ ids: [self.id], message: "名单额度" })).status).toBe(200);
    expect(await used()).toBe(before + 1);

    // Another instance's send is its audit row, written without this instance answering a write.
    const { createdAt } = p.stamp();
    await p.db.insert(auditLog).values({
      conferenceId: setup.conference.id,
      accountId: setup.organiser.id,
      action: "sms.send",
      target: `conference:${setup.conference.id}`,
      detail: { recipients: 5 },
      createdAt,
    });
    expect(await used()).toBe(before + 1);
    p.advance(61_000);
    expect(await used()).toBe(before + 6);

    // The next China day, signed in again (a session does not last a day).
    p.advance(24 * 3_600_000);
    expect(await used(await p.signIn(setup.organiser.mobile, "组织者"))).toBe(0);
  });
});

describe("the outbox", () => {
  it("holds only texts under the approved sender name", async () => {
    const texts = (await outbox()).map((m) => m.text ?? "");
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.startsWith("【测试学术会议】"), text).toBe(true);
  });
});
