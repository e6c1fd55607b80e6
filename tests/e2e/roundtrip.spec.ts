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
import { api, organiserToken } from "./attend-support";
import { demoAccounts, expect, expectNotice, hasJs, projectName, ready, seededOtherMobile, signedInAs, test } from "./support";

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
  return fit(
    Array.from({ length: lines }, (_, i) => fit(`${"y".repeat(i % 7)}${line.repeat(Math.ceil(per / line.length))}`, per)).join("\n"),
    max,
  );
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
  return JSON.parse(JSON.stringify(value), (key, inner) => (key === "updatedAt" ? undefined : inner)) as T;
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
      { insert: TRICKY, attributes: { link: "https://example.org/a?b=1&c=\"2\"" } },
      { insert: "\n" },
      { insert: longText(6000) },
      { insert: "\n" },
      { insert: stress(3, 80) },
      { insert: "\n", attributes: { list: "bullet" } },
    ],
    contentEn: [{ insert: longText(3000) }, { insert: "\n" }],
  });
  const branches = [];
  for (const pad of [0, 1, 2]) branches.push(await call<{ id: number }>("POST", "/branch", { conferenceId, nameZh: stress(pad, 100), nameEn: stress(pad + 3, 100), sort: pad }));
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
  await call("PUT", `/conference/conferenceExCssJs/${id}`, { exCss: `/* ${TRICKY} */\n  .hero::before { content: "北京 \\"<>&'"; }\n\n${".x{color:red}\n".repeat(3)}  ` });
  // A list of people (type 0) and a list of names (type 1), each with a member whose every field is set.
  for (const type of [0, 1]) {
    const special = await call<{ id: number }>("POST", "/special", { conferenceId, type, titleZh: stress(1 + type, 100), titleEn: stress(2, 100), sort: type });
    await call("POST", "/special-item", { specialId: special.id, role: "chairman", nameZh: stress(3, 100), nameEn: stress(4, 200), titleZh: stress(5, 200), titleEn: stress(6, 200), photo: "/files/photo.png", sort: 4 });
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
  await call("POST", "/conference-banner", { conferenceId, titleZh: stress(3, 200), titleEn: stress(4, 200), image: "/files/banner.png", url: "https://example.org/banner" });
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
  await call("POST", "/hotel-room", { hotelId: hotel.id, typeZh: stress(1, 100), typeEn: stress(2, 100), price: "450.50", inventory: 20, startDate: "2027-05-31", endDate: "2027-06-03", showState: false });
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
  await call("POST", `/payee/${id}`, { accountName: stress(2, 100), bankName: stress(3, 100), accountNo: "6222-0000-1234", noteZh: stress(4, 500), noteEn: stress(5, 500) });
  await call("PUT", `/conference/domain/${id}`, { domain: `rt-${projectName()}-${Date.now().toString(36)}.example.org` });
  // Sign-up settings.
  await call("POST", "/identity", { conferenceId, nameZh: stress(1, 100), nameEn: stress(2, 100), sort: 3 });
  await call("POST", "/strategy", { conferenceId, nameZh: stress(3, 100), nameEn: stress(4, 100), startsAt: "2027-01-01T00:00", endsAt: "2027-05-01T23:59" });
  const withIdentities = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
  await call("PUT", "/fee", { conferenceId, identityId: withIdentities.identities[0].id, strategyId: withIdentities.strategies[0].id, amount: "8005.5", unit: "1" });
  await call("POST", "/vip-level", { conferenceId, nameZh: stress(5, 100), nameEn: stress(6, 100) });
  await call("POST", "/coupon", { conferenceId, code: "RT_2027-x", kind: "percent", value: "15", useLimit: 7, startsAt: "2027-01-02T08:00", endsAt: "2027-04-30T20:30" });
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
  await call("POST", "/registration/field", { conferenceId, key: "note", type: "textarea", labelZh: stress(5, 100), labelEn: stress(6, 200), showWhenField: "diet", showWhenValue: "veg", sort: 2 });
  return id;
}

test.describe("untouched saves keep every stored byte", () => {
  test("the organiser's editor and sign-up settings: every form saved untouched", async ({ page }) => {
    test.setTimeout(300_000);
    const token = await organiserToken(page);
    const id = await stressedConference(page, token);
    const before = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
    await signedInAs(page, demoAccounts.organiser.mobile);
    const checked = watchDocuments(page);
    let forms = 0;
    for (const url of [`/manage/edit/${id}`, `/manage/signup/${id}`]) {
      await visit(page, url);
      // Every save of the page: the single forms and each row's edit; not adds, deletes or switches.
      const intents = await saveIntents(page, (intent) => /-update:\d+$|^fee:/.test(intent) || ["basics", "intro", "company", "style", "payee", "domain", "settings", "fee"].includes(intent));
      expect(intents.length, `${url}: forms to save`).toBeGreaterThan(5);
      for (const intent of intents) {
        await saveUntouched(page, url, `input[name="intent"][value="${intent}"]`);
        forms++;
        const after = await api<Editor>(page.request, "GET", `/manage/conference/${id}`, token);
        expectUnchanged(after, before, `${url}: the record after saving ${intent} untouched`);
      }
    }
    await checked();
    test.info().annotations.push({ type: "forms", description: String(forms) });
  });
});
