import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  conferences,
  coupons,
  fees,
  identities,
  modules,
  registrationFields,
  replays,
  schedules,
  specialItems,
  strategies,
  texts,
} from "../db/schema";
import { demoAccounts, seedDemo } from "../db/seed";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let organiser: string;
let stranger: string;
let uncertified: string;

const basics = {
  nameZh: "测试学术会议",
  nameEn: "Test Academic Conference",
  startDate: "2027-05-10",
  endDate: "2027-05-12",
  cityZh: "杭州",
  cityEn: "Hangzhou",
  addressZh: "西湖区",
  hostZh: "测试大学",
};

type Editor = {
  conference: { id: number; isPublish: boolean; capacity: number | null; moderation: boolean; searchText?: string };
  modules: Array<{ id: number; type: string; schedulePublished: boolean }>;
  texts: Array<{ moduleId: number; contentZh: unknown[] }>;
  branches: Array<{ id: number }>;
  schedules: Array<{ id: number; branchId: number | null }>;
  identities: Array<{ id: number }>;
  strategies: Array<{ id: number }>;
  fees: Array<{ priceFen: number }>;
  coupons: Array<{ code: string; value: number }>;
  fields: Array<{ id: number; field: { key: string; showWhen: unknown } }>;
  admins: Array<{ mobile: string }>;
};

async function create(token = organiser) {
  const created = await p.call<{ id: number }>("POST", "/conference", { token, body: basics });
  expect(created.status).toBe(201);
  return created.data.id;
}

beforeAll(async () => {
  p = await testPlatform();
  await seedDemo(p.db, { now: new Date("2026-11-21T08:00:00Z"), conferences: 2 });
  organiser = await p.signIn(demoAccounts.organiser.mobile);
  stranger = await p.signIn(demoAccounts.attendee.mobile);
  uncertified = await p.signIn("13900000077", "未认证");
});
afterAll(() => p.close());

describe("conference basics and publishing", () => {
  it("creates a draft with default modules and its search text", async () => {
    const id = await create();
    const [row] = await p.db.select().from(conferences).where(eq(conferences.id, id));
    expect(row.isPublish).toBe(false);
    expect(row.searchText).toContain("杭州");
    expect(row.searchText).toContain("hangzhou");
    const mods = await p.db.select().from(modules).where(eq(modules.conferenceId, id));
    expect(mods.map((m) => m.type).sort()).toEqual(["intro", "schedule"]);
  });

  it("rejects bad input per field in the caller's language", async () => {
    const bad = await p.call<{ fields: Record<string, string> }>("POST", "/conference", {
      token: organiser,
      lang: "en",
      body: { ...basics, nameZh: "", endDate: "2027-05-01", cover: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fields).sort()).toEqual(["cover", "endDate", "nameZh"]);
    expect(bad.data.fields.nameZh).toEqual({ key: "authoring.v.required" });
    expect(bad.messages).toContain("Fill in this field");
    const anonymous = await p.call("POST", "/conference", { body: basics });
    expect(anonymous.status).toBe(401);
  });

  it("updates the basics and keeps the search text current", async () => {
    const id = await create();
    const saved = await p.call("PUT", `/conference/${id}`, { token: organiser, body: { ...basics, cityZh: "成都", cityEn: "Chengdu" } });
    expect(saved.status).toBe(200);
    const [row] = await p.db.select().from(conferences).where(eq(conferences.id, id));
    expect(row.cityZh).toBe("成都");
    expect(row.searchText).toContain("chengdu");
    expect(row.searchText).not.toContain("hangzhou");
  });

  it("publishes only for a certified organiser", async () => {
    const id = await create();
    const published = await p.call("PATCH", `/conference/${id}`, { token: organiser, body: { isPublish: true } });
    expect(published.status).toBe(200);
    const visible = await p.call("GET", `/conference/${id}`);
    expect(visible.status).toBe(200);
    const own = await create(uncertified);
    const refused = await p.call("PATCH", `/conference/${own}`, { token: uncertified, lang: "en", body: { isPublish: true } });
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/certif/i);
    const [row] = await p.db.select().from(conferences).where(eq(conferences.id, own));
    expect(row.isPublish).toBe(false);
  });

  it("lists the organiser's conferences with registration counts", async () => {
    const list = await p.call<{ list: Array<{ id: number; registrations: number }>; total: number; certified: boolean }>(
      "GET",
      "/manage/conference?pageSize=100",
      { token: organiser },
    );
    expect(list.status).toBe(200);
    expect(list.data.certified).toBe(true);
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((row) => typeof row.registrations === "number")).toBe(true);
    const theirs = await p.call<{ list: unknown[]; certified: boolean }>("GET", "/manage/conference", { token: uncertified });
    expect(theirs.data.certified).toBe(false);
    expect(theirs.data.list.length).toBe(1);
  });
});

describe("modules, texts, branches and schedules", () => {
  it("builds a programme and publishes the schedule module", async () => {
    const id = await create();
    const editor = (await p.call<Editor>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    const intro = editor.modules.find((m) => m.type === "intro")!;
    const schedule = editor.modules.find((m) => m.type === "schedule")!;
    const ops = [{ insert: "议题\n", attributes: { header: 2 } }, { insert: "人工智能\n" }];
    expect((await p.call("PUT", "/text", { token: organiser, body: { conferenceId: id, moduleId: intro.id, contentZh: ops } })).status).toBe(200);
    expect((await p.call("PUT", "/text", { token: organiser, body: { conferenceId: id, moduleId: intro.id, contentZh: ops.slice(1) } })).status).toBe(200);
    const stored = await p.db.select().from(texts).where(eq(texts.conferenceId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0].contentZh).toEqual([{ insert: "人工智能\n" }]);
    const evil = await p.call("PUT", "/text", {
      token: organiser,
      body: { conferenceId: id, moduleId: intro.id, contentZh: [{ insert: "x", attributes: { link: "javascript:alert(1)" } }] },
    });
    expect(evil.status).toBe(400);

    const branch = await p.call<{ id: number }>("POST", "/branch", { token: organiser, body: { conferenceId: id, nameZh: "分会场 A" } });
    expect(branch.status).toBe(201);
    const forum = await p.call<{ id: number; branchId: number }>("POST", "/forum", {
      token: organiser,
      body: { conferenceId: id, nameZh: "青年论坛", branchId: String(branch.data.id) },
    });
    expect(forum.status).toBe(201);
    expect(forum.data.branchId).toBe(branch.data.id);
    const item = {
      conferenceId: id,
      moduleId: schedule.id,
      startsAt: "2027-05-10T09:00",
      endsAt: "2027-05-10T10:00",
      titleZh: "开幕式",
      speakers: "张三 / 测试大学\n李四",
      room: "101",
    };
    const main = await p.call<{ id: number; speakers: unknown[] }>("POST", "/schedule", { token: organiser, body: item });
    expect(main.status).toBe(201);
    expect(main.data.speakers).toEqual([{ name: "张三", affiliation: "测试大学" }, { name: "李四" }]);
    const inBranch = await p.call("POST", "/schedule", { token: organiser, body: { ...item, branchId: branch.data.id } });
    expect(inBranch.status).toBe(201);
    const backwards = await p.call<{ fields: Record<string, string> }>("POST", "/schedule", {
      token: organiser,
      body: { ...item, endsAt: "2027-05-10T08:00" },
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.data.fields)).toEqual(["endsAt"]);

    const publish = await p.call("PATCH", `/schedule/${schedule.id}`, { token: organiser, body: { published: true } });
    expect(publish.status).toBe(200);
    const [mod] = await p.db.select().from(modules).where(eq(modules.id, schedule.id));
    expect(mod.schedulePublished).toBe(true);

    const removed = await p.call<{ removed: number }>("DELETE", `/scheduleBranch/${id}?branchId=${branch.data.id}`, { token: organiser });
    expect(removed.data.removed).toBe(1);
    const left = await p.db.select().from(schedules).where(eq(schedules.conferenceId, id));
    expect(left.map((row) => row.branchId)).toEqual([null]);
    expect((await p.call("DELETE", `/schedule/${main.data.id}`, { token: organiser })).status).toBe(200);
    expect((await p.call("DELETE", `/branch/${branch.data.id}`, { token: organiser })).status).toBe(200);
  });

  it("reads only the row lists a page asks for, and refuses a list it doesn't know", async () => {
    const id = await create();
    const branch = await p.call<{ id: number }>("POST", "/branch", { token: organiser, body: { conferenceId: id, nameZh: "分会场 B" } });
    await p.call("POST", "/forum", { token: organiser, body: { conferenceId: id, nameZh: "论坛", branchId: String(branch.data.id) } });
    const asked = await p.call<Record<string, unknown> & Editor>("GET", `/manage/conference/${id}?parts=branches,forums`, { token: organiser });
    expect(asked.status).toBe(200);
    expect(Object.keys(asked.data).sort()).toEqual(["branches", "certified", "conference", "forums", "isOwner"]);
    expect(asked.data.branches.map((row) => row.id)).toEqual([branch.data.id]);
    expect(asked.data.conference.id).toBe(id);
    const none = await p.call<Record<string, unknown>>("GET", `/manage/conference/${id}?parts=none`, { token: organiser });
    expect(Object.keys(none.data).sort()).toEqual(["certified", "conference", "isOwner"]);
    const all = await p.call<Record<string, unknown>>("GET", `/manage/conference/${id}`, { token: organiser });
    expect(Object.keys(all.data)).toEqual(expect.arrayContaining(["modules", "schedules", "hotels", "specials", "payee", "replays", "admins", "fields"]));
    const unknown = await p.call("GET", `/manage/conference/${id}?parts=branches,accounts`, { token: organiser, lang: "en" });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toMatch(/check what you entered/i);
    const other = await p.call("GET", `/manage/conference/${id}?parts=branches`, { token: stranger });
    expect(other.status).toBe(404);
  });

  it("refuses a schedule pointing at another conference's branch", async () => {
    const id = await create();
    const other = await create();
    const branch = await p.call<{ id: number }>("POST", "/branch", { token: organiser, body: { conferenceId: other, nameZh: "别处" } });
    const wrong = await p.call("POST", "/schedule", {
      token: organiser,
      body: { conferenceId: id, branchId: branch.data.id, startsAt: "2027-05-10T09:00", endsAt: "2027-05-10T10:00", titleZh: "x" },
    });
    expect(wrong.status).toBe(400);
  });
});

describe("registration settings", () => {
  it("sets identities, an early bird, fees, a coupon, settings and conditional fields", async () => {
    const id = await create();
    const identity = await p.call<{ id: number }>("POST", "/identity", { token: organiser, body: { conferenceId: id, nameZh: "学生", nameEn: "Student" } });
    expect(identity.status).toBe(201);
    const early = await p.call<{ id: number }>("POST", "/strategy", {
      token: organiser,
      body: { conferenceId: id, nameZh: "早鸟", startsAt: "2027-01-01T00:00", endsAt: "2027-03-01T00:00" },
    });
    expect(early.status).toBe(201);
    const fee = await p.call("PUT", "/fee", {
      token: organiser,
      body: { conferenceId: id, identityId: identity.data.id, strategyId: early.data.id, amount: "800.50", unit: "0" },
    });
    expect(fee.status).toBe(200);
    await p.call("PUT", "/fee", {
      token: organiser,
      body: { conferenceId: id, identityId: identity.data.id, strategyId: early.data.id, amount: "900", unit: "0" },
    });
    const feeRows = await p.db.select().from(fees).where(eq(fees.conferenceId, id));
    expect(feeRows.map((row) => row.priceFen)).toEqual([90000]);
    const badFee = await p.call("PUT", "/fee", {
      token: organiser,
      body: { conferenceId: id, identityId: identity.data.id, strategyId: early.data.id, amount: "9.999", unit: "0" },
    });
    expect(badFee.status).toBe(400);

    const coupon = await p.call("POST", "/coupon", {
      token: organiser,
      body: { conferenceId: id, code: "EARLY10", kind: "percent", value: "10", useLimit: "5" },
    });
    expect(coupon.status).toBe(201);
    const twice = await p.call("POST", "/coupon", { token: organiser, body: { conferenceId: id, code: "EARLY10", kind: "amount", value: "10" } });
    expect(twice.status).toBe(400);
    const tooMuch = await p.call("POST", "/coupon", { token: organiser, body: { conferenceId: id, code: "X", kind: "percent", value: "150" } });
    expect(tooMuch.status).toBe(400);
    expect((await p.call("POST", "/level", { token: organiser, body: { conferenceId: id, nameZh: "理事" } })).status).toBe(201);

    const settings = await p.call("PUT", `/registration/settings/${id}`, { token: organiser, body: { capacity: "200", moderation: "on" } });
    expect(settings.status).toBe(200);

    const diet = await p.call("POST", "/registration/field", {
      token: organiser,
      body: { conferenceId: id, key: "diet", type: "radio", labelZh: "饮食", labelEn: "Diet", required: "on", options: "normal|普通|Normal\nvegan|素食|Vegan" },
    });
    expect(diet.status).toBe(201);
    const noCondition = await p.call("POST", "/registration/field", {
      token: organiser,
      body: { conferenceId: id, key: "allergy", type: "text", labelZh: "过敏", labelEn: "Allergy", showWhenField: "nope", showWhenValue: "x" },
    });
    expect(noCondition.status).toBe(400);
    const allergy = await p.call("POST", "/registration/field", {
      token: organiser,
      body: { conferenceId: id, key: "allergy", type: "text", labelZh: "过敏", labelEn: "Allergy", showWhenField: "diet", showWhenValue: "vegan" },
    });
    expect(allergy.status).toBe(201);
    const noOptions = await p.call("POST", "/registration/field", {
      token: organiser,
      body: { conferenceId: id, key: "size", type: "checkbox", labelZh: "尺码", labelEn: "Size" },
    });
    expect(noOptions.status).toBe(400);

    const editor = (await p.call<Editor>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    expect(editor.conference.capacity).toBe(200);
    expect(editor.conference.moderation).toBe(true);
    expect(editor.conference.searchText).toBeUndefined();
    expect(editor.coupons).toEqual([expect.objectContaining({ code: "EARLY10", value: 10 })]);
    expect(editor.fields.map((f) => f.field.key)).toEqual(["diet", "allergy"]);
    expect(editor.fields[1].field.showWhen).toEqual({ field: "diet", value: "vegan" });

    // The registration code reads the same shapes.
    const form = await p.call<{ fields: Array<{ key: string }> }>("GET", `/registration/form/${id}`, { token: organiser });
    expect(JSON.stringify(form.data)).toContain("allergy");
  });
});

describe("other modules", () => {
  it("adds organizers, sponsors with remarks, links, media, banners, hotels and rooms, specials and a domain", async () => {
    const id = await create();
    const post = (url: string, body: object) =>
      p.call<{ id: number; remarks?: unknown[]; state?: string }>("POST", url, { token: organiser, body: { conferenceId: id, ...body } });
    expect((await post("/organizer", { role: "host", nameZh: "测试大学" })).status).toBe(201);
    const sponsor = await post("/sponsor", { kind: "exhibitor", company: "展商公司", booth: "A1", remark: "已联系" });
    expect(sponsor.status).toBe(201);
    expect(sponsor.data.state).toBe("approved");
    expect(sponsor.data.remarks).toEqual([expect.objectContaining({ text: "已联系" })]);
    expect(
      (await p.call("PUT", `/sponsor/${sponsor.data.id}`, { token: organiser, body: { kind: "exhibitor", company: "展商公司", remark: "已签约" } })).status,
    ).toBe(200);
    expect((await post("/link", { titleZh: "官网", url: "https://example.org" })).status).toBe(201);
    expect((await post("/link", { titleZh: "坏链接", url: "javascript:alert(1)" })).status).toBe(400);
    expect((await post("/link", { titleZh: "坏链接", url: "data:text/html,x" })).status).toBe(400);
    expect((await post("/media", { kind: "video", url: "https://example.org/v.mp4" })).status).toBe(201);
    expect((await post("/banner", { image: "/media/b.jpg", url: "/about" })).status).toBe(201);
    const hotel = await post("/hotel", { nameZh: "会议酒店", qrCode: "weixin://contact", stars: "4" });
    expect(hotel.status).toBe(201);
    const room = await p.call<{ id: number; priceFen: number; showState: boolean }>("POST", "/hotel-room", {
      token: organiser,
      body: { hotelId: hotel.data.id, typeZh: "大床房", price: "450", inventory: "20", startDate: "2027-05-09", endDate: "2027-05-12", showState: "on" },
    });
    expect(room.status).toBe(201);
    expect(room.data.priceFen).toBe(45000);
    const hidden = await p.call("PATCH", `/hotel-room/switch-show-state/${room.data.id}`, { token: organiser, body: { showState: false } });
    expect(hidden.status).toBe(200);
    const special = await post("/special", { type: 0, titleZh: "特邀嘉宾" });
    const item = await p.call<{ id: number }>("POST", "/special-item", {
      token: organiser,
      body: { specialId: special.data.id, role: "guest", nameZh: "王五", titleZh: "教授", photo: "/media/p.jpg" },
    });
    expect(item.status).toBe(201);
    expect((await p.call("PUT", `/conference/domain/${id}`, { token: organiser, body: { domain: "Meeting-Test.example.org" } })).status).toBe(200);
    // Once approved (decision 029) the name is this conference's alone.
    await p.db.update(conferences).set({ domainState: "approved" }).where(eq(conferences.id, id));
    const other = await create();
    const clash = await p.call<{ fields: Record<string, string> }>("PUT", `/conference/domain/${other}`, {
      token: organiser,
      body: { domain: "meeting-test.example.org" },
    });
    expect(clash.status).toBe(400);
    expect(Object.keys(clash.data.fields)).toEqual(["domain"]);

    const editor = (await p.call<Editor & Record<string, unknown>>("GET", `/manage/conference/${id}`, { token: organiser })).data as unknown as {
      conference: { domain: string };
      organizers: unknown[];
      sponsors: Array<{ remarks: unknown[] }>;
      links: unknown[];
      media: unknown[];
      banners: unknown[];
      hotels: Array<{ qrCode: string; rooms: Array<{ showState: boolean }> }>;
      specials: Array<{ items: unknown[] }>;
    };
    expect(editor.conference.domain).toBe("meeting-test.example.org");
    expect(editor.organizers).toHaveLength(1);
    expect(editor.sponsors[0].remarks).toHaveLength(2);
    expect(editor.links).toHaveLength(1);
    expect(editor.media).toHaveLength(1);
    expect(editor.banners).toHaveLength(1);
    expect(editor.hotels[0].qrCode).toBe("weixin://contact");
    expect(editor.hotels[0].rooms[0].showState).toBe(false);
    expect(editor.specials[0].items).toHaveLength(1);

    // Strangers: refused on the child calls too.
    for (const [method, url, body] of [
      ["PATCH", `/hotel-room/switch-show-state/${room.data.id}`, { showState: true }],
      ["DELETE", `/hotel-room/${room.data.id}`, undefined],
      ["POST", "/hotel-room", { hotelId: hotel.data.id, typeZh: "x", price: "1", inventory: "1", startDate: "2027-05-09", endDate: "2027-05-10" }],
      ["POST", "/special-item", { specialId: special.data.id, nameZh: "x" }],
      ["DELETE", `/special-item/${item.data.id}`, undefined],
      ["PUT", `/sponsor/${sponsor.data.id}`, { kind: "sponsor", company: "x" }],
      ["DELETE", `/sponsor/${sponsor.data.id}`, undefined],
      ["POST", "/link", { conferenceId: id, titleZh: "x", url: "https://x.org" }],
      ["POST", "/hotel", { conferenceId: id, nameZh: "x" }],
      ["PUT", `/conference/domain/${id}`, { domain: "" }],
    ] as Array<[string, string, unknown]>) {
      const refused = await p.call(method, url, { token: stranger, body });
      expect([403, 404], `${method} ${url}`).toContain(refused.status);
    }
    const after = (
      await p.call<{ hotels: Array<{ rooms: Array<{ showState: boolean }> }>; conference: { domain: string } }>("GET", `/manage/conference/${id}`, {
        token: organiser,
      })
    ).data;
    expect(after.hotels[0].rooms).toHaveLength(1);
    expect(after.hotels[0].rooms[0].showState).toBe(false);
    expect(after.conference.domain).toBe("meeting-test.example.org");
  });
});

describe("access: only the owner and the conference's admin users", () => {
  it("refuses every call from another account and changes nothing", async () => {
    const id = await create();
    const editor = (await p.call<Editor>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    const moduleId = editor.modules[0].id;
    const branch = await p.call<{ id: number }>("POST", "/branch", { token: organiser, body: { conferenceId: id, nameZh: "A" } });
    const identity = await p.call<{ id: number }>("POST", "/identity", { token: organiser, body: { conferenceId: id, nameZh: "学生" } });
    const strategy = await p.call<{ id: number }>("POST", "/strategy", {
      token: organiser,
      body: { conferenceId: id, nameZh: "早鸟", startsAt: "2027-01-01T00:00", endsAt: "2027-02-01T00:00" },
    });
    const coupon = await p.call<{ id: number }>("POST", "/coupon", { token: organiser, body: { conferenceId: id, code: "A1", kind: "amount", value: "10" } });
    const field = await p.call<{ id: number }>("POST", "/registration/field", {
      token: organiser,
      body: { conferenceId: id, key: "a", type: "text", labelZh: "甲", labelEn: "A" },
    });
    const schedule = await p.call<{ id: number }>("POST", "/schedule", {
      token: organiser,
      body: { conferenceId: id, startsAt: "2027-05-10T09:00", endsAt: "2027-05-10T10:00", titleZh: "x" },
    });
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/manage/conference/${id}`],
      ["PUT", `/conference/${id}`, basics],
      ["PATCH", `/conference/${id}`, { isPublish: true }],
      ["PUT", `/conference/company/${id}`, { name: "x", taxId: "1" }],
      ["POST", "/module", { conferenceId: id, type: "custom", titleZh: "x" }],
      ["PUT", `/module/${moduleId}`, { type: "custom", titleZh: "x" }],
      ["DELETE", `/module/${moduleId}`],
      ["PATCH", `/schedule/${moduleId}`, { published: true }],
      ["PUT", "/text", { conferenceId: id, moduleId, contentZh: [{ insert: "hacked\n" }] }],
      ["POST", "/branch", { conferenceId: id, nameZh: "x" }],
      ["POST", "/forum", { conferenceId: id, nameZh: "x", branchId: branch.data.id }],
      ["PUT", `/branch/${branch.data.id}`, { nameZh: "x" }],
      ["DELETE", `/branch/${branch.data.id}`],
      ["POST", "/schedule", { conferenceId: id, startsAt: "2027-05-10T09:00", endsAt: "2027-05-10T10:00", titleZh: "x" }],
      ["DELETE", `/schedule/${schedule.data.id}`],
      ["DELETE", `/scheduleBranch/${id}`],
      ["POST", "/identity", { conferenceId: id, nameZh: "x" }],
      ["DELETE", `/identity/${identity.data.id}`],
      ["POST", "/strategy", { conferenceId: id, nameZh: "x", startsAt: "2027-01-01T00:00", endsAt: "2027-02-01T00:00" }],
      ["DELETE", `/strategy/${strategy.data.id}`],
      ["PUT", "/fee", { conferenceId: id, identityId: identity.data.id, strategyId: strategy.data.id, amount: "1" }],
      ["POST", "/coupon", { conferenceId: id, code: "B", kind: "amount", value: "1" }],
      ["DELETE", `/coupon/${coupon.data.id}`],
      ["POST", "/level", { conferenceId: id, nameZh: "x" }],
      ["PUT", `/registration/settings/${id}`, { capacity: 1 }],
      ["POST", "/registration/field", { conferenceId: id, key: "b", type: "text", labelZh: "乙", labelEn: "B" }],
      ["PUT", `/registration/field/${field.data.id}`, { key: "b", type: "text", labelZh: "乙", labelEn: "B" }],
      ["DELETE", `/registration/field/${field.data.id}`],
      ["GET", `/admin-user?conferenceId=${id}`],
      ["POST", "/admin-user", { conferenceId: id, mobile: demoAccounts.attendee.mobile }],
      ["DELETE", `/admin-user/${id}/1`],
    ];
    for (const [method, url, body] of calls) {
      const refused = await p.call(method, url, { token: stranger, body });
      expect([403, 404], `${method} ${url}`).toContain(refused.status);
      const anonymous = await p.call(method, url, { body });
      expect(anonymous.status, `${method} ${url} anonymous`).toBe(401);
    }
    const after = (await p.call<Editor>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    const strip = (e: Editor) => ({ ...e, conference: { ...e.conference, updatedAt: null } });
    const before = (await p.call<Editor>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    expect(strip(after)).toEqual(strip(before));
    expect(after.conference.isPublish).toBe(false);
    expect(after.modules).toHaveLength(2);
    expect(after.branches).toHaveLength(1);
    expect(after.schedules).toHaveLength(1);
    expect(after.identities).toHaveLength(1);
    expect(after.coupons).toHaveLength(1);
    expect(after.fields).toHaveLength(1);
    expect(after.texts).toHaveLength(0);
    expect(after.admins).toHaveLength(0);
    expect(await p.db.select().from(coupons).where(eq(coupons.conferenceId, id))).toHaveLength(1);
    expect(await p.db.select().from(identities).where(eq(identities.conferenceId, id))).toHaveLength(1);
    expect(await p.db.select().from(strategies).where(eq(strategies.conferenceId, id))).toHaveLength(1);
    expect(await p.db.select().from(registrationFields).where(eq(registrationFields.conferenceId, id))).toHaveLength(1);
  });

  it("lets an admin user manage, and removing them takes it away", async () => {
    const id = await create();
    const added = await p.call("POST", "/admin-user", { token: organiser, body: { conferenceId: id, mobile: demoAccounts.attendee.mobile } });
    expect(added.status).toBe(201);
    const unknown = await p.call("POST", "/admin-user", { token: organiser, body: { conferenceId: id, mobile: "13999999999" } });
    expect(unknown.status).toBe(400);
    const asAdmin = await p.call("POST", "/branch", { token: stranger, body: { conferenceId: id, nameZh: "由管理员添加" } });
    expect(asAdmin.status).toBe(201);
    const list = await p.call<{ list: Array<{ accountId: number }> }>("GET", `/admin-user?conferenceId=${id}`, { token: organiser });
    const adminId = list.data.list[0].accountId;
    expect((await p.call("DELETE", `/admin-user/${id}/${adminId}`, { token: organiser })).status).toBe(200);
    expect((await p.call("GET", `/manage/conference/${id}`, { token: stranger })).status).toBe(404);
  });
});

describe("editing rows in place, replays and admin users", () => {
  it("changes rows with PUT, keeps a coupon's own code, and leaves an audit row for each change", async () => {
    const id = await create();
    const item = { conferenceId: id, startsAt: "2027-05-10T09:00", endsAt: "2027-05-10T10:00", titleZh: "开幕式" };
    const schedule = await p.call<{ id: number }>("POST", "/schedule", { token: organiser, body: item });
    const changed = await p.call("PUT", `/schedule/${schedule.data.id}`, { token: organiser, body: { ...item, titleZh: "开幕典礼", room: "202" } });
    expect(changed.status).toBe(200);
    const backwards = await p.call<{ fields: Record<string, string> }>("PUT", `/schedule/${schedule.data.id}`, {
      token: organiser,
      body: { ...item, endsAt: "2027-05-10T08:00" },
    });
    expect(Object.keys(backwards.data.fields)).toEqual(["endsAt"]);
    const [row] = await p.db.select().from(schedules).where(eq(schedules.id, schedule.data.id));
    expect(row).toMatchObject({ titleZh: "开幕典礼", room: "202" });

    const identity = await p.call<{ id: number }>("POST", "/identity", { token: organiser, body: { conferenceId: id, nameZh: "学生" } });
    expect((await p.call("PUT", `/identity/${identity.data.id}`, { token: organiser, body: { nameZh: "在读学生", nameEn: "Student" } })).status).toBe(200);
    const [identityRow] = await p.db.select().from(identities).where(eq(identities.id, identity.data.id));
    expect(identityRow).toMatchObject({ nameZh: "在读学生", nameEn: "Student" });

    const first = await p.call<{ id: number }>("POST", "/coupon", { token: organiser, body: { conferenceId: id, code: "ONE", kind: "amount", value: "10" } });
    await p.call("POST", "/coupon", { token: organiser, body: { conferenceId: id, code: "TWO", kind: "amount", value: "10" } });
    expect((await p.call("PUT", `/coupon/${first.data.id}`, { token: organiser, body: { code: "ONE", kind: "percent", value: "20" } })).status).toBe(200);
    const taken = await p.call<{ fields: Record<string, string> }>("PUT", `/coupon/${first.data.id}`, {
      token: organiser,
      body: { code: "TWO", kind: "amount", value: "10" },
    });
    expect(Object.keys(taken.data.fields)).toEqual(["code"]);

    const special = await p.call<{ id: number }>("POST", "/special", { token: organiser, body: { conferenceId: id, type: 0, titleZh: "嘉宾" } });
    const member = await p.call<{ id: number }>("POST", "/special-item", {
      token: organiser,
      body: { specialId: special.data.id, role: "guest", nameZh: "王五" },
    });
    const other = await p.call<{ id: number }>("POST", "/special", { token: organiser, body: { conferenceId: await create(), type: 1, titleZh: "别处" } });
    // The list it belongs to is not changed by the body.
    expect(
      (
        await p.call("PUT", `/special-item/${member.data.id}`, {
          token: organiser,
          body: { specialId: other.data.id, role: "chairman", nameZh: "王五", titleZh: "教授" },
        })
      ).status,
    ).toBe(200);
    const [memberRow] = await p.db.select().from(specialItems).where(eq(specialItems.id, member.data.id));
    expect(memberRow).toMatchObject({ specialId: special.data.id, role: "chairman", titleZh: "教授" });

    for (const [method, url, body] of [
      ["PUT", `/schedule/${schedule.data.id}`, { ...item, titleZh: "入侵" }],
      ["PUT", `/identity/${identity.data.id}`, { nameZh: "入侵" }],
      ["PUT", `/coupon/${first.data.id}`, { code: "HACK", kind: "amount", value: "1" }],
      ["PUT", `/special-item/${member.data.id}`, { specialId: special.data.id, nameZh: "入侵" }],
    ] as Array<[string, string, unknown]>) {
      expect([403, 404], url).toContain((await p.call(method, url, { token: stranger, body })).status);
    }
    expect((await p.db.select().from(schedules).where(eq(schedules.id, schedule.data.id)))[0].titleZh).toBe("开幕典礼");
    expect((await p.db.select().from(identities).where(eq(identities.id, identity.data.id)))[0].nameZh).toBe("在读学生");
    expect((await p.db.select().from(coupons).where(eq(coupons.id, first.data.id)))[0].code).toBe("ONE");
    expect((await p.db.select().from(specialItems).where(eq(specialItems.id, member.data.id)))[0].nameZh).toBe("王五");

    const trail = await p.db.select().from(auditLog).where(eq(auditLog.conferenceId, id));
    const actions = trail.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["conference.create", "schedule.create", "schedule.update", "identity.update", "coupon.update", "special-item.update"]),
    );
    // The refused edit left no trail.
    expect(actions.filter((action) => action === "schedule.update")).toHaveLength(1);
    expect(trail.every((entry) => entry.accountId !== null)).toBe(true);
  });

  it("adds, edits and deletes replays; published ones reach the public list; bad video addresses are refused", async () => {
    const id = await create();
    const replay = {
      conferenceId: id,
      titleZh: "开幕报告回放",
      titleEn: "Opening keynote",
      mp4Url: "https://video.example.org/open.mp4",
      recordedOn: "2027-05-10",
      duration: "1:02:05",
      isPublish: "on",
    };
    const created = await p.call<{ id: number; durationSeconds: number; recordedAt: string }>("POST", "/replay", { token: organiser, body: replay });
    expect(created.status).toBe(201);
    expect(created.data.durationSeconds).toBe(3725);
    expect(created.data.recordedAt).toBe("2027-05-09T16:00:00.000Z");
    const listed = async () => (await p.call<{ list: Array<{ id: number; titleZh: string }> }>("GET", `/live-streaming?conferenceId=${id}`)).data.list;
    expect((await listed()).map((row) => row.titleZh)).toEqual(["开幕报告回放"]);

    for (const [field, body] of [
      ["mp4Url", { mp4Url: "javascript:alert(1)" }],
      ["mp4Url", { mp4Url: "data:video/mp4;base64,AAAA" }],
      ["hlsUrl", { hlsUrl: "https://video.example.org/open.mp4" }],
      ["hlsUrl", { hlsUrl: "javascript:x.m3u8" }],
      ["mp4Url", { mp4Url: "" }],
      ["duration", { duration: "1:99:00" }],
      ["recordedOn", { recordedOn: "10/05/2027" }],
    ] as Array<[string, Record<string, string>]>) {
      const bad = await p.call<{ fields: Record<string, string> }>("POST", "/replay", { token: organiser, lang: "en", body: { ...replay, ...body } });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.data.fields), JSON.stringify(body)).toContain(field);
    }

    const hls = { ...replay, mp4Url: "", hlsUrl: "/media/demo-hls/index.m3u8?v=2", titleZh: "闭幕回放", isPublish: "" };
    const hidden = await p.call<{ id: number }>("POST", "/replay", { token: organiser, body: hls });
    expect(hidden.status).toBe(201);
    expect((await listed()).map((row) => row.id)).toEqual([created.data.id]);
    expect((await p.call("PUT", `/replay/${hidden.data.id}`, { token: organiser, body: { ...hls, isPublish: "on", titleZh: "闭幕式回放" } })).status).toBe(200);
    expect((await listed()).map((row) => row.titleZh).sort()).toEqual(["开幕报告回放", "闭幕式回放"]);
    const detail = await p.call<{ info: { hlsUrl: string; mp4Url: string | null } }>("GET", `/live-streaming/${hidden.data.id}`);
    expect(detail.data.info).toMatchObject({ hlsUrl: "/media/demo-hls/index.m3u8?v=2", mp4Url: null });

    const editor = (await p.call<{ replays: Array<{ id: number }> }>("GET", `/manage/conference/${id}`, { token: organiser })).data;
    expect(editor.replays.map((row) => row.id).sort()).toEqual([created.data.id, hidden.data.id].sort());

    for (const [method, url, body] of [
      ["POST", "/replay", replay],
      ["PUT", `/replay/${created.data.id}`, { ...replay, titleZh: "入侵" }],
      ["DELETE", `/replay/${created.data.id}`, undefined],
    ] as Array<[string, string, unknown]>) {
      expect([403, 404], `${method} ${url}`).toContain((await p.call(method, url, { token: stranger, body })).status);
      expect((await p.call(method, url, { body })).status).toBe(401);
    }
    const stored = await p.db.select().from(replays).where(eq(replays.conferenceId, id));
    expect(stored.map((row) => row.titleZh).sort()).toEqual(["开幕报告回放", "闭幕式回放"]);

    expect((await p.call("DELETE", `/replay/${created.data.id}`, { token: organiser })).status).toBe(200);
    expect((await listed()).map((row) => row.titleZh)).toEqual(["闭幕式回放"]);
  });

  it("edits an admin user's remark; others are refused and nothing changes", async () => {
    const id = await create();
    await p.call("POST", "/admin-user", { token: organiser, body: { conferenceId: id, mobile: demoAccounts.attendee.mobile, remark: "注册审核" } });
    const admins = async () =>
      (await p.call<{ list: Array<{ accountId: number; remark: string }> }>("GET", `/admin-user?conferenceId=${id}`, { token: organiser })).data.list;
    const [admin] = await admins();
    expect(admin.remark).toBe("注册审核");
    const edited = await p.call("PUT", `/admin-user/${id}/${admin.accountId}`, { token: organiser, body: { remark: "财务与发票" } });
    expect(edited.status).toBe(200);
    expect((await admins())[0].remark).toBe("财务与发票");
    const tooLong = await p.call<{ fields: Record<string, string> }>("PUT", `/admin-user/${id}/${admin.accountId}`, {
      token: organiser,
      body: { remark: "x".repeat(201) },
    });
    expect(Object.keys(tooLong.data.fields)).toEqual(["remark"]);
    expect((await p.call("PUT", `/admin-user/${id}/999999`, { token: organiser, body: { remark: "x" } })).status).toBe(404);

    // An account that is not one of its managers is refused.
    const other = await p.signIn("13900000078", "另一个账号");
    expect([403, 404]).toContain((await p.call("PUT", `/admin-user/${id}/${admin.accountId}`, { token: other, body: { remark: "入侵" } })).status);
    expect((await p.call("PUT", `/admin-user/${id}/${admin.accountId}`, { body: { remark: "入侵" } })).status).toBe(401);
    expect((await admins())[0].remark).toBe("财务与发票");
    const trail = await p.db.select().from(auditLog).where(eq(auditLog.conferenceId, id));
    expect(trail.filter((entry) => entry.action === "admin-user.update")).toHaveLength(1);
  });
});
