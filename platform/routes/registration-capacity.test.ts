import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrations } from "../db/schema";
import { person, registrationBody, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Capacity under concurrent registrations. On PGlite the transactions run one at a time;
 * with TEST_DATABASE_URL they run truly at once on PostgreSQL, where the conference row lock
 * is what keeps the count right.
 */
let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

const live = (conferenceId: number) =>
  p.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.conferenceId, conferenceId), inArray(registrations.state, ["pending", "confirmed"])));

describe("capacity", () => {
  it("lets exactly 3 of 10 concurrent registrations in when 3 places are left", async () => {
    const s = await setupConference(p, { capacity: 3 });
    const people = [];
    for (let i = 0; i < 10; i++) people.push(await person(p));
    const results = await Promise.all(people.map((who) => p.call("POST", "/conference/user", { token: who.token, body: registrationBody(s), lang: "en" })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) expect(refused.message).toBe("The conference is full (3 places)");
    expect(await live(s.conference.id)).toHaveLength(3);
  });

  it("counts organiser entries and team members, not cancelled or rejected registrations", async () => {
    const s = await setupConference(p, { capacity: 2 });
    const a = await person(p);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: a.token, body: registrationBody(s) });
    const entered = await p.call<{ id: number }>("POST", "/user/admin", {
      token: s.organiser.token,
      body: { conferenceId: s.conference.id, identityId: s.student.id, name: "手工录入", mobile: "13966660001" },
    });
    expect(entered.status).toBe(200);
    const b = await person(p);
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s) })).status).toBe(400);
    await p.call("POST", `/conference/user/${reg.data.id}`, { token: a.token });
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s) })).status).toBe(200);
    await p.db.update(registrations).set({ state: "rejected" }).where(eq(registrations.id, entered.data.id));
    const team = await p.call<{ id: number }>("POST", "/team", { token: a.token, body: { conferenceId: s.conference.id, name: "课题组" } });
    // Team members whose mobile is real (an account signed in with it) take places (decision 030).
    const [jia, yi] = [await person(p), await person(p)];
    const two = await p.call("POST", "/team/user", {
      token: a.token,
      body: {
        teamId: team.data.id,
        members: [
          { name: "甲", mobile: jia.mobile, identityId: s.student.id },
          { name: "乙", mobile: yi.mobile, identityId: s.student.id },
        ],
      },
    });
    expect(two.status).toBe(400);
    const one = await p.call("POST", "/team/user", {
      token: a.token,
      body: { teamId: team.data.id, name: "甲", mobile: jia.mobile, identityId: s.student.id },
    });
    expect(one.status).toBe(200);
    expect(await live(s.conference.id)).toHaveLength(2);
  });

  it("holds across conferences independently, and without a capacity there is no limit", async () => {
    const small = await setupConference(p, { capacity: 1 });
    const open = await setupConference(p, { capacity: null });
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await person(p));
    const results = await Promise.all(
      people.flatMap((who) => [
        p.call("POST", "/conference/user", { token: who.token, body: registrationBody(small) }),
        p.call("POST", "/conference/user", { token: who.token, body: registrationBody(open) }),
      ]),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(await live(small.conference.id)).toHaveLength(1);
    expect(await live(open.conference.id)).toHaveLength(4);
  });
});
