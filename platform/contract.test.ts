import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpoints } from "#contract/endpoints";
import { queryRows } from "./db";
import {
  accounts,
  conferenceAdmins,
  conferenceFiles,
  invoices,
  formAnswers,
  forms,
  hotelBookings,
  hotelRooms,
  hotels,
  papers,
  payments,
  registrations,
  replays,
  sponsorHotelRequests,
  sponsors,
  teams,
  travels,
} from "./db/schema";
import { demoAccounts, seedDemo } from "./db/seed";
import { type TestPlatform, testPlatform } from "./testing";

/**
 * The contract (issue 15, decision 038) against the running platform: every row of
 * `contract/endpoints.ts` is a route of the platform, guards as the row says, and answers in
 * the envelope of spec §7/§8 (`code`, `message`, and `data` on success). The spec's own list
 * below must stay in the table: a call that disappears from either fails here.
 */

/** Spec §7, call by call (CRUD read as list, create, change, delete; bare names as their reads and writes). */
const SPEC_CALLS = `
GET /login|PUT /login|POST /login|GET /user/login|PUT /user/login|POST /user/login|PUT /login/wechat|POST /login/quick
POST /officialaccount/isSubscribe|POST /conference/user/claim/{id}|GET /account|GET /account/certification|GET /users
GET /group/by-account/{id}|GET /cms/notices/unread|GET /cms/messages/unread|POST /cms/files/upload|POST /cms/files/formUpload
GET /conference|POST /conference|GET /conference/{id}|PUT /conference/{id}|PATCH /conference/{id}|PUT /conference/company/{id}
GET /conference/importantConference|GET /conference/conferenceExCssJs/{id}|POST /conference/lightQrcode
GET /conference/user|POST /conference/user|GET /conference/user/{id}|PUT /conference/user/{id}|POST /conference/user/{id}
GET /user/check|GET /user/check-email|GET /user/sms|GET /user/export|GET /user/checkin|PUT /user/remark/{id}|PUT /user/confirm/{id}
PUT /user/level/{id}|PUT /user/checkState/{id}|PUT /user/pay/{id}|POST /user/admin|DELETE /user/{id}|GET /user/claim/{id}|GET /my-user
POST /user/schedule|PUT /user/schedule
GET /payment|POST /payment|PUT /payment|PUT /payment/{id}|PATCH /payment/{id}|PATCH /payment/status/{id}|PATCH /payment/invoice/{id}
POST /union/{conferenceId}|POST /paypal|PUT /paypal/{tradeId}|POST /coupon/amount|GET /invoice|GET /payee/{conferenceId}|POST /payee/{conferenceId}
GET /user-hotel|POST /user-hotel|PUT /user-hotel/{id}|DELETE /user-hotel/{id}|PATCH /user-hotel/{id}
GET /sponsor-hotel|POST /sponsor-hotel|PUT /sponsor-hotel/{id}|PATCH /sponsor-hotel/{id}|DELETE /sponsor-hotel/{id}
GET /hotel|POST /hotel|PUT /hotel/{id}|DELETE /hotel/{id}|GET /hotel-room|POST /hotel-room|PUT /hotel-room/{id}|DELETE /hotel-room/{id}
PATCH /hotel-room/{id}|PATCH /hotel-room/switch-show-state/{id}|GET /hotels/{conferenceId}|POST /travel|PUT /travel/{id}
GET /file|POST /file|GET /file/{id}|PUT /file/{id}|DELETE /file/{id}|PATCH /file/{id}|GET /file/export|GET /download
GET /issue|POST /issue|GET /issue/{id}|PUT /issue/{id}|DELETE /issue/{id}
GET /special|POST /special|PUT /special/{id}|DELETE /special/{id}|GET /organizer|POST /organizer|PUT /organizer/{id}|DELETE /organizer/{id}
GET /institution|GET /category|GET /categories|GET /reference|GET /link|POST /link|PUT /link/{id}|DELETE /link/{id}
GET /banner|POST /banner|PUT /banner/{id}|DELETE /banner/{id}|GET /tags/{conferenceId}|GET /tag|PUT /tag|GET /characteristic|PUT /characteristic
GET /identity|POST /identity|PUT /identity/{id}|DELETE /identity/{id}|GET /strategy|POST /strategy|PUT /strategy/{id}|DELETE /strategy/{id}
GET /fee|POST /fee|PUT /fee|GET /fee/table|GET /level|GET /level/{id}|POST /level|PUT /level/{id}|DELETE /level/{id}
GET /schedule|POST /schedule|PUT /schedule/{id}|DELETE /schedule/{id}|PATCH /schedule/{moduleId}|DELETE /scheduleBranch/{conferenceId}
GET /branch|POST /branch|PUT /branch/{id}|DELETE /branch/{id}|GET /branches/{conferenceId}|GET /forum|POST /forum|PUT /forum/{id}|DELETE /forum/{id}
GET /home-forum/{conferenceId}|GET /text|PUT /text|GET /module/{conferenceId}|PUT /module/{id}|DELETE /module/{id}|GET /intro/{conferenceId}|GET /domain/{id}
GET /sponsor|POST /sponsor|PUT /sponsor|GET /sponsor/{id}|PUT /sponsor/{id}|PATCH /sponsor/{id}|DELETE /sponsor/{id}|GET /sponsor/conference
GET /sponsor/export|GET /sponsor/exportRoom|GET /sponsor/getSponsorById/{id}|PUT /sponsor/addRemark/{id}|POST /exhibition
GET /admin-user|POST /admin-user|PUT /admin-user/{conferenceId}/{accountId}|DELETE /admin-user/{conferenceId}/{accountId}
GET /form|POST /form|GET /form/{id}|PATCH /form/{id}|POST /form/{id}|GET /form/user|POST /form/user|GET /form/user/{id}|DELETE /form/user/{id}
GET /form/admin/{id}|POST /form/admin/{id}|DELETE /form/admin/{id}
POST /team|GET /team/conf/{id}|GET /team/account/{id}|POST /team/user|GET /team/user/{teamId}|POST /team/payment/count|POST /team/payment
GET /team/payment|PUT /team/payment/{id}|PATCH /team/payment|PATCH /team/payment/{id}|POST /send/{conferenceId}`
  .split(/[|\n]/)
  .map((call) => call.trim())
  .filter(Boolean);

const keyOf = (row: { method: string; path: string }) => `${row.method} ${row.path}`;
/** Hono's `:id{[0-9]+}` and the table's `{id}` as one shape: `/conference/{}`. */
const shapeOf = (path: string) => path.replace(/:\w+(\{[^}]*\})?/g, "{}").replace(/\{\w+\}/g, "{}");

let p: TestPlatform;
let conferenceId: number;
let organiser: string;
let attendee: string;
let admin: string;
const ids = new Map<string, number | undefined>();

/** The first row of `query` (an id), or undefined when the demo data has none. */
async function first(query: ReturnType<typeof sql>) {
  const rows = await queryRows<{ id: number }>(p.db, query);
  return rows[0]?.id;
}

beforeAll(async () => {
  p = await testPlatform({ platformAdmins: [demoAccounts.admin.mobile] });
  await seedDemo(p.db, { now: new Date("2026-11-21T08:00:00Z"), conferences: 2 });
  organiser = await p.signIn(demoAccounts.organiser.mobile);
  attendee = await p.signIn(demoAccounts.attendee.mobile);
  admin = await p.signIn(demoAccounts.admin.mobile);
  const c = await first(
    sql`select c.id from conferences c join accounts a on a.id = c.owner_account_id where a.mobile = ${demoAccounts.organiser.mobile} and c.is_publish order by c.id limit 1`,
  );
  conferenceId = c;
  await fixtures(c);
  const of = (table: string) => sql`select id from ${sql.identifier(table)} where conference_id = ${c} order by id limit 1`;
  const rows: Record<string, ReturnType<typeof sql>> = {
    registration: of("registrations"),
    payment: of("payments"),
    hotel: of("hotels"),
    room: sql`select r.id from hotel_rooms r join hotels h on h.id = r.hotel_id where h.conference_id = ${c} order by r.id limit 1`,
    userHotel: of("hotel_bookings"),
    sponsorHotel: of("sponsor_hotel_requests"),
    travel: of("travels"),
    file: of("conference_files"),
    issue: of("papers"),
    sponsor: of("sponsors"),
    special: of("specials"),
    specialItem: sql`select i.id from special_items i join specials s on s.id = i.special_id where s.conference_id = ${c} order by i.id limit 1`,
    module: of("modules"),
    branch: of("branches"),
    forum: of("forums"),
    schedule: of("schedules"),
    identity: of("identities"),
    strategy: of("strategies"),
    level: of("vip_levels"),
    coupon: of("coupons"),
    organizer: of("organizers"),
    link: of("links"),
    media: of("media"),
    banner: of("banners"),
    replay: of("replays"),
    field: of("registration_fields"),
    team: of("teams"),
    form: sql`select id from forms where conference_id = ${c} order by id limit 1`,
    answer: sql`select a.id from form_answers a join forms f on f.id = a.form_id where f.conference_id = ${c} order by a.id limit 1`,
    invoice: of("invoices"),
    teamPayment: sql`select id from payments where conference_id = ${c} and team_id is not null order by id limit 1`,
    colleague: sql`select account_id as id from conference_admins where conference_id = ${c} limit 1`,
    organization: sql`select id from organizations order by id limit 1`,
    institution: sql`select id from institutions order by id limit 1`,
    account: sql`select id from accounts where mobile = ${demoAccounts.organiser.mobile}`,
  };
  for (const [name, query] of Object.entries(rows)) ids.set(name, await first(query));
});
afterAll(() => p.close());

/** Rows the demo data lacks on the conference: the attendee's registration, payment, bookings, travel, submissions, team, a form answer, a replay. */
async function fixtures(c: number) {
  const stamp = p.stamp();
  const [person] = await p.db.select().from(accounts).where(eq(accounts.mobile, demoAccounts.attendee.mobile));
  const [room] = await p.db
    .select({ id: hotelRooms.id })
    .from(hotelRooms)
    .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
    .where(eq(hotels.conferenceId, c))
    .limit(1);
  const [sponsor] = await p.db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.conferenceId, c)).limit(1);
  const [owner] = await p.db.select().from(accounts).where(eq(accounts.mobile, demoAccounts.organiser.mobile));
  const [form] = await p.db
    .insert(forms)
    .values({ ownerAccountId: owner.id, conferenceId: c, titleZh: "表单", ...stamp })
    .returning();
  // A second organiser of the conference, for the admin-user calls.
  const colleague = await p.signIn("13900000088", "同事");
  const [helper] = await p.db.select().from(accounts).where(eq(accounts.mobile, "13900000088"));
  if (!colleague) throw new Error("no colleague");
  await p.db.insert(conferenceAdmins).values({ conferenceId: c, accountId: helper.id, createdAt: stamp.createdAt });
  const [registration] = await p.db
    .insert(registrations)
    .values({ conferenceId: c, accountId: person.id, mobile: person.mobile, name: person.name, ticketCode: "CONTRACT1", createdBy: person.id, ...stamp })
    .returning();
  const [payment] = await p.db
    .insert(payments)
    .values({ conferenceId: c, registrationId: registration.id, accountId: person.id, method: "transfer", amountFen: 100, tradeNo: "CONTRACT-T1", ...stamp })
    .returning();
  await p.db
    .insert(invoices)
    .values({ conferenceId: c, paymentId: payment.id, accountId: person.id, title: "单位", amountFen: 100, email: "a@example.org", ...stamp });
  await p.db.insert(hotelBookings).values({
    conferenceId: c,
    accountId: person.id,
    registrationId: registration.id,
    roomId: room.id,
    checkIn: "2027-05-10",
    checkOut: "2027-05-11",
    priceFen: 100,
    createdAt: stamp.createdAt,
  });
  await p.db.insert(sponsorHotelRequests).values({
    conferenceId: c,
    sponsorId: sponsor.id,
    accountId: person.id,
    roomId: room.id,
    checkIn: "2027-05-10",
    checkOut: "2027-05-11",
    createdAt: stamp.createdAt,
  });
  await p.db.insert(travels).values({ conferenceId: c, accountId: person.id, registrationId: registration.id, createdAt: stamp.createdAt });
  await p.db
    .insert(papers)
    .values({ conferenceId: c, accountId: person.id, title: "论文", uploadKey: "u/2026/11/0123456789abcdef0123456789abcdef.pdf", ...stamp });
  await p.db
    .insert(conferenceFiles)
    .values({ conferenceId: c, accountId: person.id, name: "文件", uploadKey: "u/2026/11/0123456789abcdef0123456789abcdee.pdf", ...stamp });
  await p.db.insert(teams).values({ conferenceId: c, leaderAccountId: person.id, name: "课题组", createdAt: stamp.createdAt });
  await p.db.insert(replays).values({ conferenceId: c, titleZh: "回放", recordedAt: stamp.createdAt });
  await p.db.insert(formAnswers).values({ formId: form.id, accountId: person.id, answers: {}, createdAt: stamp.createdAt });
}

/** Which demo row a path's parameter names. */
function rowFor(path: string, param: string): string | "conference" {
  if (param === "conferenceId") return "conference";
  if (param === "registrationId") return "registration";
  if (param === "teamId") return "team";
  if (param === "moduleId") return "module";
  if (param === "accountId") return "colleague";
  const byPrefix: Array<[RegExp, string]> = [
    [/^\/(conference|manage\/conference|domain|conference\/(company|domain|conferenceExCssJs))\/\{/, "conference"],
    [/^\/(conference\/user|conference\/user\/claim|user\/claim|user\/(remark|confirm|level|checkState|pay)|user)\/\{/, "registration"],
    [/^\/payment\/invoice\/\{/, "invoice"],
    [/^\/(payment|payment\/status|payment\/\w+)\/\{/, "payment"],
    [/^\/team\/payment\/\{/, "teamPayment"],
    [/^\/team\/(conf)\/\{/, "conference"],
    [/^\/team\/account\/\{/, "account"],
    [/^\/group\/by-account\/\{/, "account"],
    [/^\/hotel-room\//, "room"],
    [/^\/hotel\//, "hotel"],
    [/^\/user-hotel\//, "userHotel"],
    [/^\/sponsor-hotel\//, "sponsorHotel"],
    [/^\/travel\//, "travel"],
    [/^\/file\//, "file"],
    [/^\/issue\//, "issue"],
    [/^\/(sponsor|exhibition)(\/\w+)?\/\{/, "sponsor"],
    [/^\/special-item\//, "specialItem"],
    [/^\/special\//, "special"],
    [/^\/module\//, "module"],
    [/^\/branch\//, "branch"],
    [/^\/forum\//, "forum"],
    [/^\/schedule\//, "schedule"],
    [/^\/identity\//, "identity"],
    [/^\/strategy\//, "strategy"],
    [/^\/level\//, "level"],
    [/^\/coupon\//, "coupon"],
    [/^\/organizer\//, "organizer"],
    [/^\/link\//, "link"],
    [/^\/media\//, "media"],
    [/^\/banner\//, "banner"],
    [/^\/replay\//, "replay"],
    [/^\/registration\/field\//, "field"],
    [/^\/form\/user\//, "answer"],
    [/^\/form(\/admin)?\//, "form"],
    [/^\/organization\//, "organization"],
    [/^\/(institution|live-streaming)\//, "institution"],
  ];
  return byPrefix.find(([pattern]) => pattern.test(path))?.[1] ?? "conference";
}

/** The row's path with demo ids (or a made-up value for keys and tokens), and `conferenceId` in the query. */
function urlOf(row: Endpoint) {
  let missing = false;
  const path = row.path.replace(/\{(\w+)\}/g, (_all, param: string) => {
    if (param === "kind") return row.path.startsWith("/review") ? (row.method === "GET" ? "domains" : "domain") : "notices";
    if (param === "tradeId" || param === "tradeNo") return "CONTRACT-T1";
    if (["key", "ref", "token", "host"].includes(param)) return "x1";
    const name = rowFor(row.path, param);
    const id = name === "conference" ? conferenceId : ids.get(name);
    if (id === undefined) missing = true;
    return String(id ?? 2_000_000_000);
  });
  // Calls that read their conference (or form) from the query find it there.
  return { url: `${path}?conferenceId=${conferenceId}&formId=${ids.get("form")}&accountId=${ids.get("colleague")}`, missing };
}

function expectEnvelope(key: string, answer: { status: number; code: number; message: string; data?: unknown }, file: boolean) {
  if (file && answer.status === 200) return;
  expect(typeof answer.code, `${key}: code`).toBe("number");
  expect(typeof answer.message, `${key}: message`).toBe("string");
  if (answer.status === 200 || answer.status === 201) {
    expect(answer.code, `${key}: success code`).toBe(0);
    expect(answer, `${key}: data`).toHaveProperty("data");
  }
}

describe("the table", () => {
  it("holds every call of spec §7, each once, marked as the spec's", () => {
    const table = new Map(endpoints.map((row) => [keyOf(row), row]));
    expect(table.size, "a (method, path) twice").toBe(endpoints.length);
    const absent = SPEC_CALLS.filter((call) => table.get(call)?.spec !== true);
    expect(absent).toEqual([]);
    expect(
      endpoints
        .filter((row) => row.spec)
        .map(keyOf)
        .sort(),
    ).toEqual([...SPEC_CALLS].sort());
  });

  it("names only routes the platform has, and the platform has no route outside it", () => {
    const routes = new Set(
      p.app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${shapeOf(route.path.replace(/^\/api/, ""))}`),
    );
    const rows = new Set(endpoints.map((row) => `${row.method} ${shapeOf(row.path)}`));
    // The spec names two unread counts; the platform serves them (and its inbox lists) by kind.
    const served = (key: string) => routes.has(key) || (key.startsWith("GET /cms/") && routes.has("GET /cms/{}/unread"));
    expect([...rows].filter((key) => !served(key))).toEqual([]);
    expect([...routes].filter((key) => !rows.has(key) && key !== "GET /cms/{}/unread")).toEqual([]);
  });
});

/** Valid bodies for calls that judge the body before they know whose conference it is. */
const samples = (): Record<string, object> => ({
  "POST /user/admin": { name: "张三", mobile: "13900000099" },
  "POST /user/bulk": { ids: [ids.get("registration")], action: "confirm" },
  "POST /user/checkin": { registrationId: ids.get("registration") },
  "POST /team/payment/count": { teamId: ids.get("team") },
  "PUT /sponsor": { id: ids.get("sponsor") },
});

/** Deletions run last, a child's before its parent's, so every call finds its demo row. */
const PARENTS = ["/hotel/", "/special/", "/form/{id}", "/module/", "/branch/", "/identity/", "/strategy/", "/sponsor/", "/user/{id}"];
const rank = (row: Endpoint) => (row.method !== "DELETE" ? 0 : 1 + PARENTS.findIndex((prefix) => row.path.startsWith(prefix)) + 1);
const walk = [...endpoints].sort((a, b) => rank(a) - rank(b));

describe.each(walk.map((row) => [keyOf(row), row] as const))("%s", (key, row: Endpoint) => {
  const file = row.answer === "raw";

  it(`guards as ${row.guard} and answers in the envelope`, async () => {
    // Writes name their conference, or the parent row they hang under, in the body.
    const base = { conferenceId: String(conferenceId), hotelId: ids.get("hotel"), specialId: ids.get("special") };
    const body = row.method === "GET" || row.method === "DELETE" ? undefined : { ...base, ...samples()[key] };
    const { url, missing } = urlOf(row);
    const signedOut = await p.call(row.method, url, { body });
    expect(signedOut.status, `${key} signed out`).toBeLessThan(500);
    expectEnvelope(key, signedOut, file);
    if (row.guard === "public" || row.guard === "ticket") expect(signedOut.status, `${key} is open`).not.toBe(401);
    else if (missing) expect([401, 404], `${key} signed out (no demo row)`).toContain(signedOut.status);
    else expect(signedOut.status, `${key} signed out`).toBe(401);

    if (row.guard === "organiser") {
      // The attendee manages no demo conference: another organiser's conference is not theirs.
      const stranger = await p.call(row.method, url, { body, token: attendee });
      expect([403, 404], `${key} for a stranger`).toContain(stranger.status);
      expectEnvelope(key, stranger, file);
      const own = await p.call(row.method, url, { body, token: organiser });
      expect(own.status, `${key} for its organiser`).toBeLessThan(500);
      expect([401, 403], `${key} for its organiser`).not.toContain(own.status);
      if (!missing) expect(own.status, `${key} for its organiser (valid ids)`).not.toBe(404);
      expectEnvelope(key, own, file);
    }
    if (row.guard === "platformAdmin") {
      expect((await p.call(row.method, url, { body, token: organiser })).status, `${key} for an organiser`).toBe(403);
      const own = await p.call(row.method, url, { body, token: admin });
      expect([401, 403], `${key} for an admin`).not.toContain(own.status);
      expect(own.status).toBeLessThan(500);
      expectEnvelope(key, own, file);
    }
    if (row.guard === "signedIn") {
      const own = await p.call(row.method, url, { body, token: attendee });
      expect(own.status, `${key} signed in`).toBeLessThan(500);
      expect(own.status, `${key} signed in`).not.toBe(401);
      expectEnvelope(key, own, file);
    }
  });
});
