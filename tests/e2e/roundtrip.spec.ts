/**
 * Nothing garbled, nothing lost: stressing values are stored through the platform API as the
 * owner, each form is opened and saved untouched (JavaScript off, and on through the hydrated
 * form), and the stored record read back through the platform must be byte-identical. Every
 * page a save visits is checked as the browser received it: no NUL byte and no U+FFFD.
 *
 * "Identical" for textareas: browsers post a textarea's line breaks as CRLF whatever the page
 * held; the platform stores line breaks as LF (decision 021), so the record a textarea shows is
 * the record it saves.
 */
import type { Page, Response } from "@playwright/test";
import { organiserToken, proof, uploadedProof } from "./attend-support";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectNotice,
  projectName,
  ready,
  registerNew,
  seededOtherMobile,
  signedInAs,
  test,
  TOKEN_COOKIE,
  api,
} from "./support";

// ─── Stressing values ─────────────────────────────────────────────────────────────────

/** Characters that break naive handling: CJK, a ZWJ sequence, a character outside the BMP, markup. */
const TRICKY = `北京"'<>&👩‍🔬𠮷`;
const CHINESE = "人工智能与计算系统国际学术会议在北京召开来自世界各地的学者共同探讨前沿问题";

/** At most `max` UTF-16 units (zod's `.max`), cut between code points, never ending in white space. */
function fit(text: string, max: number) {
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trimEnd();
}

/** `pad` ASCII characters (so a multi-byte character lands on a different byte each time), then the tricky part. */
const stress = (pad: number, max: number, tag = "") => fit(`${"x".repeat(pad)}${TRICKY}${tag}${CHINESE}`, max);

/** Several KB of Chinese with emoji and quotes, `lines` lines joined by LF (what a textarea shows). */
function longText(max: number, lines = 1) {
  const line = `${CHINESE}${TRICKY}，`;
  const per = Math.floor(max / lines) - 1;
  return fit(Array.from({ length: lines }, (_, i) => fit(`${"y".repeat(i % 7)}${line.repeat(Math.ceil(per / line.length))}`, per)).join("\n"), max);
}

// ─── Pages as received ────────────────────────────────────────────────────────────────

/** No NUL byte and no U+FFFD in a document the browser received (the data never holds them). */
async function expectCleanBytes(response: Response | null, where: string) {
  expect(response, `${where}: a response`).toBeTruthy();
  const body = await response!.body();
  const text = body.toString("utf8");
  const nul = body.indexOf(0);
  expect(nul, `${where}: a NUL byte at ${nul} (…${text.slice(Math.max(0, nul - 40), nul + 40)}…)`).toBe(-1);
  const bad = text.indexOf("\uFFFD");
  expect(bad, `${where}: U+FFFD at ${bad} (…${text.slice(Math.max(0, bad - 40), bad + 40)}…)`).toBe(-1);
}

/** Every HTML document the page loads from now on is checked (the page after a save included). */
function watchDocuments(page: Page) {
  const checks: Array<Promise<void>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document" || response.status() >= 300) return;
    checks.push(expectCleanBytes(response, response.url()));
  });
  return () => Promise.all(checks.splice(0));
}

async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await expectCleanBytes(response, url);
  await ready(page);
}

/**
 * Opens `url`, finds the form holding `marker` (a CSS selector inside it), opens its
 * disclosure when it sits in a closed one, and presses its save button without touching a
 * field. Waits for the success notice.
 */
async function saveUntouched(page: Page, url: string, marker: string, notice: string | RegExp = "已保存") {
  await visit(page, url);
  const form = page.locator(`form:has(${marker})`);
  await expect(form, `${url}: one form with ${marker}`).toHaveCount(1);
  const details = form.locator("xpath=ancestor::details[1]");
  if ((await details.count()) > 0 && (await details.getAttribute("open")) === null) await details.locator("> summary").click();
  await form.locator('button[type="submit"]').last().click();
  await expectNotice(page, notice);
  await expect(page.locator(".ui-field-error"), `${url}: ${marker} saved without a complaint`).toHaveCount(0);
}

/** The record as stored, without the moments a save sets by itself. */
function stored<T>(value: T): T {
  // Not stored data: the time of the save, and the submission key `GET /form/{id}` issues anew to each visit (decision 032).
  return JSON.parse(JSON.stringify(value), (key, inner) => (key === "updatedAt" || key === "submissionKey" ? undefined : inner)) as T;
}

/** Where two stored records differ: each path with the stored value and the saved one around the first changed character. */
function differences(before: unknown, after: unknown, path = ""): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (before && after && typeof before === "object" && typeof after === "object") {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => differences((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], `${path}.${key}`));
  }
  const [a, b] = [JSON.stringify(before) ?? "undefined", JSON.stringify(after) ?? "undefined"];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const around = (text: string) => `${at > 20 ? "…" : ""}${text.slice(Math.max(0, at - 20), at + 40)}`;
  return [`${path}: ${around(a)} → ${around(b)}`];
}

/** The stored record is byte-identical to what it was. */
function expectUnchanged(after: unknown, before: unknown, where: string) {
  expect(differences(stored(before), stored(after)), where).toEqual([]);
  test.info().annotations.push({ type: "round trip", description: `${where}: ${leaves(stored(before))} stored values` });
}

/** How many stored values (strings, numbers, booleans, nulls) a record holds. */
function leaves(value: unknown): number {
  if (value && typeof value === "object") return Object.values(value).reduce<number>((sum, inner) => sum + leaves(inner), 0);
  return 1;
}

/** The intents of every save form on the page (row edits and the single forms). */
async function saveIntents(page: Page, keep: (intent: string) => boolean) {
  const intents: string[] = [];
  for (const input of await page.locator('form input[name="intent"]').all()) {
    const value = await input.getAttribute("value");
    if (value && keep(value)) intents.push(value);
  }
  return intents;
}

// ─── The organiser's editor ───────────────────────────────────────────────────────────

type Editor = {
  conference: { id: number };
  modules: Array<{ id: number; type: string }>;
  branches: Array<{ id: number }>;
  hotels: Array<{ id: number }>;
  specials: Array<{ id: number }>;
  identities: Array<{ id: number }>;
  strategies: Array<{ id: number }>;
};

/** A conference whose every editor field holds stressing values, set through the platform as its owner. */
async function stressedConference(page: Page, token: string) {
  const call = <T>(method: "POST" | "PUT" | "PATCH", path: string, body: unknown) => api<T>(page.request, method, path, token, body);
  const basics = {
    nameZh: stress(3, 200, projectName()),
    nameEn: stress(0, 300, "Conference"),
    shortName: stress(1, 50),
    startDate: "2027-06-01",
    endDate: "2027-06-03",
    cityZh: stress(2, 50),
    cityEn: stress(5, 100),
    addressZh: stress(4, 300),
    addressEn: stress(6, 300),
    hostZh: stress(7, 300),
    hostEn: stress(8, 300),
    summaryZh: longText(2000, 5),
    summaryEn: longText(1999, 3),
  };
  const { id } = await call<{ id: number }>("POST", "/conference", basics);
  const editor = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
  const moduleOf = (type: string) => editor.modules.find((m) => m.type === type)!.id;
  const conferenceId = id;
  await call("PUT", "/text", {
    conferenceId,
    moduleId: moduleOf("intro"),
    contentZh: [
      { insert: stress(1, 100) },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "加粗" },
      { insert: stress(2, 50), attributes: { bold: true } },
      { insert: "，链接" },
      { insert: TRICKY, attributes: { link: 'https://example.org/a?b=1&c="2"' } },
      { insert: "\n" },
      { insert: longText(6000) },
      { insert: "\n" },
      { insert: stress(3, 80) },
      { insert: "\n", attributes: { list: "bullet" } },
    ],
    contentEn: [{ insert: longText(3000) }, { insert: "\n" }],
  });
  const branches = [];
  for (const pad of [0, 1, 2])
    branches.push(await call<{ id: number }>("POST", "/branch", { conferenceId, nameZh: stress(pad, 100), nameEn: stress(pad + 3, 100), sort: pad }));
  const forum = await call<{ id: number }>("POST", "/forum", { conferenceId, branchId: branches[1].id, nameZh: stress(4, 100), nameEn: stress(5, 100) });
  await call("POST", "/schedule", {
    conferenceId,
    moduleId: moduleOf("schedule"),
    branchId: branches[1].id,
    forumId: forum.id,
    startsAt: "2027-06-01T09:30",
    endsAt: "2027-06-01T11:15",
    titleZh: stress(1, 300),
    titleEn: stress(2, 300),
    speakers: [{ name: stress(1, 100).replace(/[,，/]/g, ""), affiliation: stress(2, 200).replace(/[,，/]/g, "") }, { name: "𠮷田👩‍🔬" }],
    room: stress(3, 100),
  });
  await call("PUT", `/conference/company/${id}`, { name: stress(2, 200), taxId: "91330100MA2AXYZ12K" });
  await call("POST", "/admin-user", { conferenceId, mobile: seededOtherMobile(3), remark: stress(5, 200) });
  await call("PUT", `/conference/conferenceExCssJs/${id}`, {
    exCss: `/* ${TRICKY} */\n  .hero::before { content: "北京 \\"<>&'"; }\n\n${".x{color:red}\n".repeat(3)}  `,
  });
  // A list of people (type 0) and a list of names (type 1), each with a member whose every field is set.
  for (const type of [0, 1]) {
    const special = await call<{ id: number }>("POST", "/special", { conferenceId, type, titleZh: stress(1 + type, 100), titleEn: stress(2, 100), sort: type });
    await call("POST", "/special-item", {
      specialId: special.id,
      role: "chairman",
      nameZh: stress(3, 100),
      nameEn: stress(4, 200),
      titleZh: stress(5, 200),
      titleEn: stress(6, 200),
      photo: "/files/photo.png",
      sort: 4,
    });
  }
  await call("POST", "/organizer", { conferenceId, role: "supporter", nameZh: stress(1, 200), nameEn: stress(2, 300), logo: "/files/logo.png" });
  await call("POST", "/sponsor", {
    conferenceId,
    kind: "exhibitor",
    company: stress(2, 200),
    contact: stress(3, 100),
    phone: "+86 10 8888-0000",
    email: "sponsor+北京@example.org",
    level: stress(4, 50),
    booth: stress(5, 50),
    website: "https://example.org/?a=1&b=%22x%22",
    logo: "/files/sponsor.png",
    remark: `${TRICKY}\n第二行`,
  });
  await call("POST", "/link", { conferenceId, titleZh: stress(1, 200), titleEn: stress(2, 200), url: "https://example.org/链接?q=\"<>&'" });
  await call("POST", "/banner", {
    conferenceId,
    titleZh: stress(3, 200),
    titleEn: stress(4, 200),
    image: "/files/banner.png",
    url: "https://example.org/banner",
  });
  await call("POST", "/media", { conferenceId, kind: "press", titleZh: stress(5, 200), titleEn: stress(6, 200), url: "https://example.org/press" });
  const hotel = await call<{ id: number }>("POST", "/hotel", {
    conferenceId,
    nameZh: stress(1, 200),
    nameEn: stress(2, 200),
    addressZh: stress(3, 300),
    addressEn: stress(4, 300),
    phone: "0571-8888 0000",
    stars: 4,
    distanceZh: stress(5, 100),
    distanceEn: stress(6, 100),
    qrCode: stress(7, 500),
  });
  await call("POST", "/hotel-room", {
    hotelId: hotel.id,
    typeZh: stress(1, 100),
    typeEn: stress(2, 100),
    price: "450.50",
    inventory: 20,
    startDate: "2027-05-31",
    endDate: "2027-06-03",
    showState: false,
  });
  await call("POST", "/replay", {
    conferenceId,
    titleZh: stress(1, 300),
    titleEn: stress(2, 300),
    descriptionZh: longText(2000, 4),
    descriptionEn: longText(1500, 2),
    cover: "/files/cover.png",
    mp4Url: "https://example.org/v.mp4?a=1&b=2",
    hlsUrl: "https://example.org/v.m3u8",
    recordedOn: "2027-06-02",
    duration: "1:02:05",
    isPublish: false,
  });
  await call("POST", `/payee/${id}`, {
    accountName: stress(2, 100),
    bankName: stress(3, 100),
    accountNo: "6222-0000-1234",
    noteZh: stress(4, 500),
    noteEn: stress(5, 500),
  });
  await call("PUT", `/conference/domain/${id}`, { domain: `rt-${projectName()}-${Date.now().toString(36)}.example.org` });
  // Sign-up settings.
  await call("POST", "/identity", { conferenceId, nameZh: stress(1, 100), nameEn: stress(2, 100), sort: 3 });
  await call("POST", "/strategy", { conferenceId, nameZh: stress(3, 100), nameEn: stress(4, 100), startsAt: "2027-01-01T00:00", endsAt: "2027-05-01T23:59" });
  const withIdentities = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
  await call("PUT", "/fee", {
    conferenceId,
    identityId: withIdentities.identities[0].id,
    strategyId: withIdentities.strategies[0].id,
    amount: "8005.5",
    unit: "1",
  });
  await call("POST", "/level", { conferenceId, nameZh: stress(5, 100), nameEn: stress(6, 100) });
  await call("POST", "/coupon", {
    conferenceId,
    code: "RT_2027-x",
    kind: "percent",
    value: "15",
    useLimit: 7,
    startsAt: "2027-01-02T08:00",
    endsAt: "2027-04-30T20:30",
  });
  await call("PUT", `/registration/settings/${id}`, { capacity: 321, moderation: true, requireSubscribe: false });
  await call("POST", "/registration/field", {
    conferenceId,
    key: "diet",
    type: "radio",
    labelZh: stress(1, 100),
    labelEn: stress(2, 200),
    helpZh: stress(3, 300),
    helpEn: stress(4, 300),
    required: true,
    options: [
      { value: "veg", labelZh: stress(1, 100), labelEn: stress(2, 200) },
      { value: "halal", labelZh: stress(3, 100), labelEn: stress(4, 200) },
    ],
  });
  await call("POST", "/registration/field", {
    conferenceId,
    key: "note",
    type: "textarea",
    labelZh: stress(5, 100),
    labelEn: stress(6, 200),
    showWhenField: "diet",
    showWhenValue: "veg",
    sort: 2,
  });
  return id;
}

test.describe("untouched saves keep every stored byte", () => {
  test("the organiser's editor and sign-up settings: every form saved untouched", async ({ page }) => {
    // 32 saves over the editor's 17 section pages and the sign-up page took 37-62 s with JavaScript and 20-32 s without on
    // 2 shared cores: a hang guard of about three times that.
    test.setTimeout(180_000);
    const token = await organiserToken(page);
    const id = await stressedConference(page, token);
    const before = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
    await signedInAs(page, demoAccounts.organiser.mobile);
    const checked = watchDocuments(page);
    // The editor is a page per section (`?section=<key>`): every section its index links, as the organiser reaches them.
    await visit(page, `/manage/edit/${id}`);
    const sections = await page.locator("nav.ui-edit-nav a").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(sections.length, "the editor's sections").toBe(17);
    for (const section of sections) expect(section, "a section's link").toMatch(new RegExp(`^/manage/edit/${id}\\?section=[a-z]+$`));
    let forms = 0;
    for (const pages of [sections, [`/manage/signup/${id}`]]) {
      const saves: Array<{ at: string; intent: string; section: string | null }> = [];
      let rows = 0;
      for (const url of pages) {
        await visit(page, url);
        const key = new URL(url, page.url()).searchParams.get("section");
        if (key) await expect(page.locator(`section#${key}.ui-edit-section > h2`), `${url}: its section`).toBeVisible();
        // Every save of the page: the single forms and each row's edit; not adds, deletes or switches. A row's
        // form is in the page once opened (`?edit=<kind>-<id>`, what its "Edit" link loads without JavaScript).
        const intents = await saveIntents(
          page,
          (intent) => /^fee:/.test(intent) || ["basics", "intro", "company", "style", "payee", "domain", "settings", "fee"].includes(intent),
        );
        const links = await page
          .locator("a[data-edit-row]")
          .evaluateAll((links) => links.map((link) => ({ row: link.getAttribute("data-edit-row") ?? "", href: link.getAttribute("href") ?? "" })));
        saves.push(...intents.map((intent) => ({ at: url, intent, section: key })));
        for (const { row, href } of links) {
          // The row's link opens it on the page it is on: the section is kept.
          const at = new URL(href, new URL(url, page.url()));
          expect(`${at.pathname}${at.search}`, `${url}: the link of ${row}`).toBe(`${url}${key ? "&" : "?"}edit=${row}`);
          saves.push({ at: `${at.pathname}${at.search}`, intent: row.replace(/-(\d+)$/, "-update:$1"), section: key });
        }
        rows += links.length;
        // The conference fills every section: each has a form or a row to save.
        expect(intents.length + links.length, `${url}: forms to save on the page`).toBeGreaterThan(0);
        test.info().annotations.push({ type: "page", description: `${url}: ${intents.join(" ")} ${links.map((link) => link.row).join(" ")}` });
      }
      // Not every section has rows (basics, company, style, payee, domain): these counts are the editor's and the sign-up page's.
      expect(rows, `${pages.join(", ")}: rows to save`).toBeGreaterThan(0);
      expect(saves.length, `${pages.join(", ")}: forms to save`).toBeGreaterThan(5);
      for (const { at, intent, section } of saves) {
        await saveUntouched(page, at, `input[name="intent"][value="${intent}"]`);
        if (section) {
          // Saved, the organiser is still on the section they were editing.
          await expect(page, `${at}: still on its section after saving ${intent}`).toHaveURL((address) => address.searchParams.get("section") === section);
          await expect(page.locator(`section#${section}.ui-edit-section > h2`), `${at}: its section after saving ${intent}`).toBeVisible();
        }
        forms++;
        const after = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
        expectUnchanged(after, before, `${at}: the record after saving ${intent} untouched`);
      }
    }
    await checked();
    test.info().annotations.push({ type: "forms", description: String(forms) });
  });

  test("an attendee's pending registration: every field and answer saved untouched", async ({ page }) => {
    test.setTimeout(120_000);
    const organiser = await organiserToken(page);
    const conferenceId = await registrationConference(page, organiser);
    const attendee = await tokenOf(page, demoAccounts.attendee.mobile);
    const file = await uploadedProof(page.request, attendee);
    const registration = await api<{ id: number; state: string }>(page.request, "POST", "/conference/user", attendee, {
      conferenceId,
      identityId: (await api<{ identities: Array<{ id: number }> }>(page.request, "GET", `/registration/form/${conferenceId}`)).identities[1].id,
      name: stress(2, 50),
      email: "rt.attendee+1@example.org",
      institution: stress(3, 200),
      answers: {
        text: stress(4, 100),
        essay: longText(2000, 6),
        count: "-12.50",
        diet: "halal",
        topics: ["b", "a"],
        day: "2027-02-28",
        mail: "o.brien@example.org",
        phone: "+86 138-0000-0000",
        note: stress(5, 300),
        paper: `/api/cms/files/${file}`,
      },
    });
    expect(registration.state).toBe("pending");
    const read = () => api<Record<string, unknown>>(page.request, "GET", `/conference/user/${registration.id}`, attendee);
    const before = await read();
    const checked = watchDocuments(page);
    await saveUntouched(page, `/attend/${conferenceId}?edit=1`, '[data-testid="save-registration"]', "报名信息已修改");
    expectUnchanged(await read(), before, "the registration after saving it untouched");

    // Its services: a hotel booking, the travel plan and a paper, each saved untouched.
    const rooms = await api<{ list: Array<{ id: number }> }>(page.request, "GET", `/user-hotel/rooms/${conferenceId}`, attendee);
    const booking = await api<{ id: number }>(page.request, "POST", "/user-hotel", attendee, {
      conferenceId,
      roomId: rooms.list[0].id,
      checkIn: "2027-06-01",
      checkOut: "2027-06-03",
      rooms: 2,
      sharing: "any",
    });
    await api(page.request, "POST", "/travel", attendee, {
      conferenceId,
      arrival: { mode: "train", number: stress(1, 40), time: "2027-05-31T18:05", place: stress(2, 100) },
      departure: { mode: "flight", number: "CA1502", time: "2027-06-03T21:40", place: stress(3, 100) },
    });
    const document = await uploadedDocument(page, attendee, "/cms/files/documentUpload");
    const paper = await api<{ id: number }>(page.request, "POST", "/issue", attendee, {
      conferenceId,
      title: stress(1, 300),
      authors: [
        { name: stress(2, 100), affiliation: stress(3, 200) },
        { name: "𠮷田 👩‍🔬", affiliation: TRICKY },
      ],
      abstract: longText(5000, 5),
      keywords: stress(4, 300),
      uploadKey: document,
    });
    const services = async () => ({
      hotel: await api(page.request, "GET", `/user-hotel?conferenceId=${conferenceId}`, attendee),
      travel: await api(page.request, "GET", `/travel?conferenceId=${conferenceId}`, attendee),
      paper: await api(page.request, "GET", `/issue/${paper.id}`, attendee),
    });
    const held = await services();
    await saveUntouched(page, `/attend/hotel/${conferenceId}`, `input[name="intent"][value="change:${booking.id}"]`, /已/);
    expectUnchanged(await services(), held, "the hotel booking after saving it untouched");
    await saveUntouched(page, `/attend/travel/${conferenceId}`, 'input[name="intent"][value="save"]', /已/);
    expectUnchanged(await services(), held, "the travel plan after saving it untouched");
    await saveUntouched(page, `/attend/papers/${conferenceId}`, `input[name="intent"][value="paper:${paper.id}"]`, /已/);
    expectUnchanged(await services(), held, "the paper after saving it untouched");

    // The same account applies as an exhibitor (saved untouched while pending), is approved, and asks rooms for its staff.
    const exhibition = await api<{ id: number }>(page.request, "POST", "/exhibition", attendee, {
      conferenceId,
      kind: "exhibitor",
      company: stress(1, 200),
      contact: stress(2, 50),
      phone: "+86 (10) 8888-0000",
      email: "expo.rt@example.org",
      level: stress(3, 50),
      booth: stress(4, 50),
      logo: await uploadedDocument(page, attendee, "/cms/files/documentUpload", proof),
      materials: [await uploadedDocument(page, attendee, "/cms/files/documentUpload"), await uploadedDocument(page, attendee, "/cms/files/documentUpload")],
    });
    const exhibitions = () => api(page.request, "GET", `/exhibition?conferenceId=${conferenceId}`, attendee);
    const applied = await exhibitions();
    await saveUntouched(page, `/sponsorRegistration/${conferenceId}`, `input[name="intent"][value="apply:${exhibition.id}"]`, /已/);
    expectUnchanged(await exhibitions(), applied, "the exhibitor application after saving it untouched");
    await api(page.request, "PATCH", `/sponsor/${exhibition.id}`, organiser, { state: "approved" });
    const staff = await api<{ id: number }>(page.request, "POST", "/sponsor-hotel", attendee, {
      conferenceId,
      sponsorId: exhibition.id,
      roomId: rooms.list[0].id,
      checkIn: "2027-05-31",
      checkOut: "2027-06-02",
      rooms: 3,
      guests: [{ name: stress(1, 50), mobile: "+86 138 0000 0000" }, { name: "𠮷田👩‍🔬" }, { name: stress(5, 50), mobile: "13900000000" }],
    });
    const staffRooms = () => api(page.request, "GET", `/sponsor-hotel?conferenceId=${conferenceId}`, attendee);
    const asked = await staffRooms();
    await saveUntouched(page, `/sponsorHotel/${conferenceId}`, `input[name="intent"][value="change:${staff.id}"]`, /已/);
    expectUnchanged(await staffRooms(), asked, "the sponsor's room request after saving it untouched");
    await checked();
  });

  test("account settings of a new account saved untouched", async ({ page }) => {
    await registerNew(page, "往返测试");
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    await api(page.request, "PUT", "/account", token, {
      name: stress(3, 50),
      email: "rt.settings@example.org",
      avatar: "/files/avatar.png?v=1&x=2",
      defaultType: 1,
    });
    const before = await api(page.request, "GET", "/account", token);
    const checked = watchDocuments(page);
    await saveUntouched(page, "/account/settings", 'input[name="defaultType"]', /Saved|已保存/);
    expectUnchanged(await api(page.request, "GET", "/account", token), before, "the account after saving its settings untouched");
    await checked();
  });

  test("the form builder: settings and every field saved untouched; the answer page as received", async ({ page }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(page, demoAccounts.organiser.mobile);
    const form = await api<{ id: number }>(page.request, "POST", "/form", token, {
      titleZh: stress(1, 200, projectName()),
      titleEn: stress(2, 200),
      descriptionZh: longText(2000, 4),
      descriptionEn: longText(1200, 2),
      deadline: "2027-12-31T18:45",
      responseLimit: 500,
      onePerAccount: true,
      isPublic: false,
    });
    const options = (values: string[]) => values.map((value, i) => ({ value, labelZh: stress(i + 1, 100), labelEn: stress(i + 2, 200) }));
    const fields = [
      { type: "text", key: "who", required: true },
      { type: "textarea", key: "essay" },
      { type: "radio", key: "diet", options: options(["veg", "halal"]) },
      { type: "checkbox", key: "topics", options: options(["a", "b", "c"]), showWhenField: "diet", showWhenValue: "halal" },
      { type: "date", key: "day" },
      { type: "image", key: "photo" },
    ];
    for (const [i, field] of fields.entries())
      await api(page.request, "POST", `/form/${form.id}`, token, {
        labelZh: stress(i, 100),
        labelEn: stress(i + 1, 200),
        helpZh: stress(i + 2, 300),
        helpEn: stress(i + 3, 300),
        ...field,
      });
    const read = () => api(page.request, "GET", `/form/${form.id}`, token);
    const before = await read();
    const checked = watchDocuments(page);
    const url = `/form/edit?id=${form.id}`;
    await visit(page, url);
    const intents = await saveIntents(page, (intent) => intent === "settings" || intent.startsWith("field-save:"));
    expect(intents).toHaveLength(1 + fields.length);
    for (const intent of intents) {
      await saveUntouched(page, url, `input[name="intent"][value="${intent}"]`, /已保存|已更新/);
      expectUnchanged(await read(), before, `the form after saving ${intent} untouched`);
    }
    // The answer page shows every label as stored (its bytes are checked on arrival).
    await visit(page, `/form/detail?id=${form.id}`);
    await expect(page.getByText(stress(0, 100)).first()).toBeVisible();
    await checked();
  });

  test("an organization applying again after a rejection: the application saved untouched", async ({ page }) => {
    const admin = await tokenOf(page, demoAccounts.admin.mobile);
    await page.context().clearCookies();
    await registerNew(page, "机构往返");
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    const licenceKey = await uploadedDocument(page, token, "/cms/files/documentUpload");
    const applied = await api<{ id: number }>(page.request, "POST", "/organization", token, {
      name: stress(1, 100),
      type: "society",
      address: stress(2, 200),
      contact: stress(3, 100),
      licenceKey,
    });
    await api(page.request, "PATCH", `/organization/${applied.id}`, admin, { state: "rejected", reason: stress(4, 500) });
    const application = (value: Record<string, unknown>) => ({
      name: value.name,
      type: value.type,
      address: value.address,
      contact: value.contact,
      licenceKey: value.licenceKey,
    });
    const before = await api<Record<string, unknown>>(page.request, "GET", "/organization", token);
    const checked = watchDocuments(page);
    await saveUntouched(page, "/organization", 'select[name="type"]', /已提交|提交/);
    const after = await api<Record<string, unknown>>(page.request, "GET", "/organization", token);
    expect(after.id, "a new application").not.toBe(before.id);
    expect(after.state).toBe("pending");
    expectUnchanged(application(after), application(before), "the application sent again untouched");
    await checked();
  });

  test("an invoice request saved untouched", async ({ page }) => {
    const organiser = await organiserToken(page);
    const call = <T>(method: "POST" | "PUT" | "PATCH", path: string, body: unknown, token = organiser) => api<T>(page.request, method, path, token, body);
    const { id: conferenceId } = await call<{ id: number }>("POST", "/conference", {
      nameZh: stress(2, 200, `发票${projectName()}`),
      nameEn: stress(3, 300),
      startDate: "2027-06-01",
      endDate: "2027-06-03",
      cityZh: stress(1, 50),
    });
    const identity = await call<{ id: number }>("POST", "/identity", { conferenceId, nameZh: stress(1, 100) });
    const strategy = await call<{ id: number }>("POST", "/strategy", {
      conferenceId,
      nameZh: stress(2, 100),
      startsAt: "2020-01-01T00:00",
      endsAt: "2099-12-31T23:59",
    });
    await call("PUT", "/fee", { conferenceId, identityId: identity.id, strategyId: strategy.id, amount: "800.5" });
    await call("PATCH", `/conference/${conferenceId}`, { isPublish: true });
    await registerNew(page, "发票往返");
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    const registration = await call<{ id: number }>("POST", "/conference/user", { conferenceId, identityId: identity.id, name: stress(1, 50) }, token);
    const payment = await call<{ id: number }>(
      "POST",
      "/payment",
      { registrationId: registration.id, method: "transfer", proofKey: await uploadedProof(page.request, token) },
      token,
    );
    await call("PATCH", `/payment/${payment.id}`, { state: "paid" });
    await call(
      "POST",
      "/payment",
      { type: "invoice", paymentId: payment.id, title: stress(3, 100), taxId: "91330100MA2AXYZ12K", email: "invoice.rt@example.org" },
      token,
    );
    const read = () => api(page.request, "GET", `/payment/${payment.id}`, token);
    const before = await read();
    const checked = watchDocuments(page);
    await saveUntouched(page, `/attend/invoice/${payment.id}`, 'input[name="title"]', "发票信息已保存");
    expectUnchanged(await read(), before, "the payment and its invoice after saving the request untouched");
    await checked();
  });
});

/** The signed-in session's token of a demo account (its kept session); the page stays signed in. */
async function tokenOf(page: Page, mobile: string) {
  await signedInAs(page, mobile);
  return (await cookieValue(page, TOKEN_COOKIE))!;
}

/** A published conference whose registration form asks every kind of field, with moderation (registrations stay pending, so editable). */
async function registrationConference(page: Page, token: string) {
  const call = <T>(method: "POST" | "PUT" | "PATCH", path: string, body: unknown) => api<T>(page.request, method, path, token, body);
  const { id } = await call<{ id: number }>("POST", "/conference", {
    nameZh: stress(1, 200, `报名${projectName()}`),
    nameEn: stress(2, 300),
    startDate: "2027-06-01",
    endDate: "2027-06-03",
    cityZh: stress(3, 50),
    summaryZh: longText(2000, 3),
  });
  const conferenceId = id;
  const strategy = await call<{ id: number }>("POST", "/strategy", {
    conferenceId,
    nameZh: stress(3, 100),
    startsAt: "2020-01-01T00:00",
    endsAt: "2099-12-31T23:59",
  });
  for (const pad of [1, 2]) {
    const identity = await call<{ id: number }>("POST", "/identity", { conferenceId, nameZh: stress(pad, 100), nameEn: stress(pad + 2, 100), sort: pad });
    // Free: a registration that needs no payment stays editable while pending.
    await call("PUT", "/fee", { conferenceId, identityId: identity.id, strategyId: strategy.id, amount: "0" });
  }
  await call("PUT", `/registration/settings/${id}`, { moderation: true });
  const options = (values: string[]) => values.map((value, i) => ({ value, labelZh: stress(i, 100), labelEn: stress(i + 1, 200) }));
  const fields = [
    { key: "text", type: "text" },
    { key: "essay", type: "textarea" },
    { key: "count", type: "number" },
    { key: "diet", type: "radio", options: options(["veg", "halal"]), required: true },
    { key: "topics", type: "checkbox", options: options(["a", "b", "c"]) },
    { key: "day", type: "date" },
    { key: "mail", type: "email" },
    { key: "phone", type: "phone" },
    { key: "note", type: "textarea", showWhenField: "diet", showWhenValue: "halal" },
    { key: "paper", type: "file" },
  ];
  for (const [i, field] of fields.entries())
    await call("POST", "/registration/field", {
      conferenceId,
      labelZh: stress(i, 100),
      labelEn: stress(i + 1, 200),
      helpZh: stress(i + 2, 300),
      sort: i,
      ...field,
    });
  const hotel = await call<{ id: number }>("POST", "/hotel", { conferenceId, nameZh: stress(1, 200), addressZh: stress(2, 300) });
  await call("POST", "/hotel-room", {
    hotelId: hotel.id,
    typeZh: stress(3, 100),
    typeEn: stress(4, 100),
    price: "600",
    inventory: 20,
    startDate: "2027-05-30",
    endDate: "2027-06-04",
    showState: true,
  });
  await call("PATCH", `/conference/${id}`, { isPublish: true });
  return id;
}

const PDF = { name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") };

/** A private upload (a PDF unless told) by `token`'s account; its key. */
async function uploadedDocument(page: Page, token: string, path: string, file = PDF) {
  const upload = await page.request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, multipart: { file } });
  expect(upload.status(), await upload.text()).toBe(200);
  return ((await upload.json()) as { data: { key: string } }).data.key;
}
