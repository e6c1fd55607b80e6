import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, conferences, hotelRooms, hotels, sponsors } from "../db/schema";
import { demoAccounts, seedDemo } from "../db/seed";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let organiser: string;
let attendee: string;
let conferenceId: number;

beforeAll(async () => {
  p = await testPlatform();
  await seedDemo(p.db, { now: new Date("2026-11-21T08:00:00Z"), conferences: 2 });
  organiser = await p.signIn(demoAccounts.organiser.mobile);
  attendee = await p.signIn(demoAccounts.attendee.mobile);
  const [owner] = await p.db.select().from(accounts).where(eq(accounts.mobile, demoAccounts.organiser.mobile));
  const [row] = await p.db
    .select({ id: conferences.id })
    .from(conferences)
    .where(and(eq(conferences.ownerAccountId, owner.id), eq(conferences.isPublish, true)))
    .limit(1);
  conferenceId = row.id;
});
afterAll(() => p.close());

describe("calls spec §7 names (decision 037)", () => {
  it("replaces the tags and the characteristics; visitors read them, strangers can't write them", async () => {
    const tags = [{ name: "EI", value: "检索" }, { name: "CPCI" }];
    expect((await p.call("PUT", "/tag", { token: attendee, body: { conferenceId, tags } })).status).toBe(404);
    const saved = await p.call<{ list: Array<{ name: string; value: string }> }>("PUT", "/tag", { token: organiser, body: { conferenceId, tags } });
    expect(saved.status).toBe(200);
    const read = await p.call<{ list: Array<{ name: string; value: string }>; total: number }>("GET", `/tag?conferenceId=${conferenceId}`);
    expect(read.data.list.map((tag) => [tag.name, tag.value])).toEqual([
      ["EI", "检索"],
      ["CPCI", ""],
    ]);
    await p.call("PUT", "/characteristic", { token: organiser, body: { conferenceId, characteristic: ["SCI", "Scopus"] } });
    const characteristic = await p.call<{ characteristic: string[] }>("GET", `/characteristic?conferenceId=${conferenceId}`);
    expect(characteristic.data.characteristic).toEqual(["SCI", "Scopus"]);
    const audits = await p.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.conferenceId, conferenceId));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(["tag.set", "characteristic.set"]));
    const bad = await p.call<{ fields: Record<string, string> }>("PUT", "/characteristic", {
      token: organiser,
      lang: "en",
      body: { conferenceId, characteristic: [""] },
    });
    expect(bad.status).toBe(400);
  });

  it("changes a room's stock for its organiser only", async () => {
    const [room] = await p.db
      .select({ id: hotelRooms.id })
      .from(hotelRooms)
      .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
      .where(eq(hotels.conferenceId, conferenceId))
      .limit(1);
    expect((await p.call("PATCH", `/hotel-room/${room.id}`, { token: attendee, body: { inventory: 0 } })).status).toBe(404);
    expect((await p.call("PATCH", `/hotel-room/${room.id}`, { token: organiser, body: { inventory: 7 } })).status).toBe(200);
    const [after] = await p.db.select({ inventory: hotelRooms.inventory }).from(hotelRooms).where(eq(hotelRooms.id, room.id));
    expect(after.inventory).toBe(7);
    const rooms = await p.call<{ list: Array<{ id: number; inventory: number }> }>("GET", `/hotel-room?conferenceId=${conferenceId}`, { token: organiser });
    expect(rooms.data.list.find((row) => row.id === room.id)?.inventory).toBe(7);
  });

  it("shows a sponsor to the conference's organisers and its applicant, and to no one else", async () => {
    const [sponsor] = await p.db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.conferenceId, conferenceId)).limit(1);
    expect((await p.call("GET", `/sponsor/${sponsor.id}`, { token: organiser })).status).toBe(200);
    expect((await p.call("GET", `/sponsor/getSponsorById/${sponsor.id}`, { token: organiser })).status).toBe(200);
    expect((await p.call("GET", `/sponsor/${sponsor.id}`, { token: attendee })).status).toBe(404);
    expect((await p.call("GET", `/sponsor/${sponsor.id}`)).status).toBe(401);
  });

  it("draws the conference's QR code for its organisers", async () => {
    const qr = await p.call<{ url: string; svg: string }>("POST", "/conference/lightQrcode", { token: organiser, body: { conferenceId } });
    expect(qr.status).toBe(200);
    // The showcase conference has an approved host name of its own: the code leads there.
    const [row] = await p.db.select({ domain: conferences.domain, state: conferences.domainState }).from(conferences).where(eq(conferences.id, conferenceId));
    expect(qr.data.url).toBe(row.domain && row.state === "approved" ? `https://${row.domain}/` : `/${conferenceId}`);
    expect(qr.data.svg).toMatch(/^<svg/);
    expect((await p.call("POST", "/conference/lightQrcode", { token: attendee, body: { conferenceId } })).status).toBe(404);
  });
});
