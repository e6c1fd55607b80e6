import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeAdmin } from "#contract/views/home-admin";
import { accounts, auditLog, banners, conferences } from "../db/schema";
import { conferenceSearchText } from "../db/seed";
import { type TestPlatform, testPlatform } from "../testing";

type Fields = { fields: Record<string, { key: string }> };
type Listed = { list: Array<{ id: number; titleZh: string; image: string; url: string | null }>; total: number };

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const fileForm = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return form;
};

let p: TestPlatform;
let admin: string;
let someone: string;
let published: number;
let draft: number;
let foreignBanner: number;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966680009"] });
  admin = await p.signIn("13966680009", "管理员");
  someone = await p.signIn("13966680001", "主办方");
  const [owner] = await p.db.select().from(accounts).where(eq(accounts.mobile, "13966680001"));
  const conference = (nameZh: string, nameEn: string, isPublish: boolean) => ({
    ownerAccountId: owner.id,
    nameZh,
    nameEn,
    startDate: "2027-03-10",
    endDate: "2027-03-12",
    cityZh: "杭州",
    cityEn: "Hangzhou",
    isPublish,
    searchText: conferenceSearchText({ nameZh, nameEn, cityZh: "杭州", cityEn: "Hangzhou" }),
    ...p.stamp(),
  });
  [{ id: published }, { id: draft }] = await p.db
    .insert(conferences)
    .values([conference("量子材料国际研讨会", "Quantum Materials Symposium", true), conference("未发布的海洋会议", "Unpublished Ocean Meeting", false)])
    .returning({ id: conferences.id });
  // A conference's own banner: the home page's screen never reaches it.
  [{ id: foreignBanner }] = await p.db
    .insert(banners)
    .values({ conferenceId: published, placement: "banner", image: "/media/demo-banner-1.jpg", titleZh: "会议自己的" })
    .returning({ id: banners.id });
});
afterAll(() => p.close());

const home = async () => (await p.call<HomeAdmin>("GET", "/admin/home", { token: admin })).data;
const portal = async () =>
  (await p.call<{ banners: Listed["list"]; adverts: Listed["list"]; links: Array<{ id: number; url: string }> }>("GET", "/portal/home")).data;
const banner = (body: Record<string, unknown>) => p.call<{ id: number } & Fields>("POST", "/admin/home/banner", { token: admin, body });
const audits = (action: string) =>
  p.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), isNull(auditLog.conferenceId)));

describe("the home page's administration", () => {
  it("refuses everyone but platform administrators, on every call", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/admin/home"],
      ["POST", "/admin/home/banner", { placement: "banner", image: "/media/demo-banner-1.jpg" }],
      ["PUT", `/admin/home/banner/${foreignBanner}`, { placement: "banner", image: "/media/demo-banner-1.jpg" }],
      ["DELETE", `/admin/home/banner/${foreignBanner}`],
      ["POST", "/admin/home/link", { titleZh: "伪造", url: "https://example.org" }],
      ["PUT", "/admin/home/link/1", { titleZh: "伪造", url: "https://example.org" }],
      ["DELETE", "/admin/home/link/1"],
      ["PUT", `/admin/home/important/${published}`, { important: true }],
    ];
    for (const [method, path, body] of calls) {
      expect((await p.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
      expect((await p.call(method, path, { body, token: someone })).status, `${method} ${path} for an organiser`).toBe(403);
    }
    expect(await p.db.select().from(auditLog).where(like(auditLog.action, "home.%"))).toEqual([]);
  });

  it("refuses a banner without a picture, with a script or data address, or with its end before its start, on the field", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ placement: "banner", image: "" }, "image", "admin.home.v.imageRequired"],
      [{ placement: "banner" }, "image", "admin.home.v.imageRequired"],
      [{ placement: "banner", image: "javascript:alert(1)" }, "image", "admin.home.v.image"],
      [{ placement: "banner", image: "data:image/png;base64,iVBORw0KGgo=" }, "image", "admin.home.v.image"],
      [{ placement: "banner", image: "/logout" }, "image", "admin.home.v.image"],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", url: "javascript:alert(1)" }, "url", "admin.home.v.url"],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", url: "//evil.example/x" }, "url", "admin.home.v.url"],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", url: "mailto:a@example.org" }, "url", "admin.home.v.url"],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", url: "example.org" }, "url", "admin.home.v.url"],
      [
        { placement: "banner", image: "/media/demo-banner-1.jpg", startsAt: "2027-01-02T10:00", endsAt: "2027-01-02T09:00" },
        "endsAt",
        "admin.home.v.endBeforeStart",
      ],
      [
        { placement: "banner", image: "/media/demo-banner-1.jpg", startsAt: "2027-01-02T10:00", endsAt: "2027-01-02T10:00" },
        "endsAt",
        "admin.home.v.endBeforeStart",
      ],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", startsAt: "2027-02-30T10:00" }, "startsAt", "admin.home.v.dateTime"],
      [{ placement: "popup", image: "/media/demo-banner-1.jpg" }, "placement", "admin.home.v.placement"],
      [{ placement: "banner", image: "/media/demo-banner-1.jpg", sort: "-1" }, "sort", "admin.home.v.sort"],
      // An upload's address must name a public image upload that exists.
      [{ placement: "banner", image: "/api/cms/files/u/2026/11/0123456789abcdef0123456789abcdef.png" }, "image", "admin.home.v.imageUnknown"],
    ];
    for (const [body, field, key] of cases) {
      const refused = await banner(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.data.fields[field], JSON.stringify(body)).toEqual({ key });
    }
    // A private document uploaded by the administrator is no picture for the home page either.
    const document = await p.call<{ key: string }>("POST", "/cms/files/documentUpload", { token: admin, form: fileForm(png, "proof.png", "image/png") });
    expect(document.status).toBe(200);
    expect((await banner({ placement: "banner", image: `/api/cms/files/${document.data.key}` })).data.fields.image).toEqual({
      key: "admin.home.v.imageUnknown",
    });
    expect(await p.db.select().from(banners).where(isNull(banners.conferenceId))).toEqual([]);
  });

  it("adds banners and adverts (an uploaded picture or the site's own), edits, orders and deletes them, each change audited", async () => {
    const uploaded = await p.call<{ publicUrl: string }>("POST", "/cms/files/upload", { token: admin, form: fileForm(png, "banner.png", "image/png") });
    expect(uploaded.status).toBe(200);
    const second = await banner({ placement: "banner", image: uploaded.data.publicUrl, url: "/liveStreaming", titleZh: "第二", titleEn: "Second", sort: 2 });
    expect(second.status).toBe(200);
    const first = await banner({
      placement: "banner",
      image: "/media/demo-banner-2.jpg",
      url: "https://example.org/a?b=1",
      titleZh: "第一",
      titleEn: "First",
      sort: "1",
    });
    expect(first.status).toBe(200);
    const advert = await banner({ placement: "advert", image: "/media/demo-advert-1.jpg", titleZh: "广告", url: "" });
    expect(advert.status).toBe(200);

    let listed = await home();
    expect(listed.banners.map((b) => [b.titleZh, b.sort, b.showing])).toEqual([
      ["第一", 1, "showing"],
      ["第二", 2, "showing"],
    ]);
    expect(listed.adverts).toMatchObject([{ titleZh: "广告", url: null, placement: "advert" }]);
    // The chooser offers what is already on the platform: the home page's pictures and the administrator's uploads.
    expect(listed.images).toEqual(expect.arrayContaining([uploaded.data.publicUrl, "/media/demo-banner-2.jpg", "/media/demo-advert-1.jpg"]));
    expect((await portal()).banners.map((b) => b.titleZh)).toEqual(["第一", "第二"]);

    // Reordered: the second first.
    const edited = await p.call("PUT", `/admin/home/banner/${second.data.id}`, {
      token: admin,
      body: { placement: "banner", image: uploaded.data.publicUrl, url: "/liveStreaming", titleZh: "第二（改）", titleEn: "Second", sort: 0 },
    });
    expect(edited.status).toBe(200);
    expect((await portal()).banners.map((b) => b.titleZh)).toEqual(["第二（改）", "第一"]);
    expect((await banner({ placement: "banner", image: "/media/demo-banner-1.jpg", url: "ftp://example.org" })).status).toBe(400);

    // A conference's own banner is not the home page's: not found here, and left alone.
    expect(
      (await p.call("PUT", `/admin/home/banner/${foreignBanner}`, { token: admin, body: { placement: "banner", image: "/media/demo-banner-1.jpg" } })).status,
    ).toBe(404);
    expect((await p.call("DELETE", `/admin/home/banner/${foreignBanner}`, { token: admin })).status).toBe(404);
    expect(await p.db.select({ id: banners.id }).from(banners).where(eq(banners.id, foreignBanner))).toHaveLength(1);

    expect((await p.call("DELETE", `/admin/home/banner/${first.data.id}`, { token: admin })).status).toBe(200);
    expect((await p.call("DELETE", `/admin/home/banner/${first.data.id}`, { token: admin })).status).toBe(404);
    listed = await home();
    expect(listed.banners.map((b) => b.titleZh)).toEqual(["第二（改）"]);
    expect((await portal()).banners.map((b) => b.image)).toEqual([uploaded.data.publicUrl]);

    const [admin_] = await p.db.select().from(accounts).where(eq(accounts.mobile, "13966680009"));
    expect(await audits("home.banner.create")).toHaveLength(2);
    expect(await audits("home.advert.create")).toMatchObject([
      { accountId: admin_.id, target: `banner:${advert.data.id}`, detail: { image: "/media/demo-advert-1.jpg" } },
    ]);
    expect(await audits("home.banner.update")).toMatchObject([
      { accountId: admin_.id, target: `banner:${second.data.id}`, detail: { titleZh: "第二（改）", sort: 0 } },
    ]);
    expect(await audits("home.banner.delete")).toMatchObject([
      { target: `banner:${first.data.id}`, detail: { titleZh: "第一", image: "/media/demo-banner-2.jpg" } },
    ]);
  });

  it("shows a banner to visitors only inside its display period, by the platform's clock", async () => {
    const now = p.deps.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const HOUR = 3600_000;
    const timed = await banner({ placement: "banner", image: "/media/demo-banner-3.jpg", titleZh: "限时", sort: 9, startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    expect(timed.status).toBe(200);
    const openEnded = await banner({ placement: "advert", image: "/media/demo-advert-2.jpg", titleZh: "已开始", startsAt: at(-HOUR) });
    expect(openEnded.status).toBe(200);
    const shown = async () => {
      const read = await portal();
      const single = await p.call<Listed>("GET", "/banner?placement=banner");
      expect(single.data.list.map((b) => b.id)).toEqual(read.banners.map((b) => b.id));
      return read.banners.some((b) => b.id === timed.data.id);
    };
    const state = async () => (await home()).banners.find((b) => b.id === timed.data.id)?.showing;

    expect(await shown()).toBe(false);
    expect(await state()).toBe("scheduled");
    expect((await portal()).adverts.map((a) => a.titleZh)).toContain("已开始");

    // The memo read above is still fresh: the period is judged at each read, not when it was filled.
    p.advance(HOUR - 1000);
    expect(await shown()).toBe(false);
    p.advance(1000);
    expect(await shown()).toBe(true);
    expect(await state()).toBe("showing");
    p.advance(HOUR - 1);
    expect(await shown()).toBe(true);
    p.advance(1);
    expect(await shown()).toBe(false);
    expect(await state()).toBe("ended");

    // A banner whose start is cleared shows at once; its period as stored, in China time.
    expect(
      (
        await p.call("PUT", `/admin/home/banner/${timed.data.id}`, {
          token: admin,
          body: { placement: "banner", image: "/media/demo-banner-3.jpg", titleZh: "限时", sort: 9, startsAt: "", endsAt: "2099-01-01T08:00" },
        })
      ).status,
    ).toBe(200);
    expect(await shown()).toBe(true);
    expect((await home()).banners.find((b) => b.id === timed.data.id)).toMatchObject({ startsAt: null, endsAt: "2099-01-01T00:00:00.000Z" });
  });

  it("adds, edits, orders and deletes friend links; only web or site addresses", async () => {
    for (const url of ["javascript:alert(1)", "mailto:a@example.org", "data:text/html,x", "example.org", "//example.org"]) {
      const refused = await p.call<Fields>("POST", "/admin/home/link", { token: admin, body: { titleZh: "链接", url } });
      expect(refused.status, url).toBe(400);
      expect(refused.data.fields.url, url).toEqual({ key: "admin.home.v.url" });
    }
    const untitled = await p.call<Fields>("POST", "/admin/home/link", { token: admin, body: { titleZh: " ", url: "https://example.org" } });
    expect(untitled.data.fields.titleZh).toEqual({ key: "admin.home.v.titleZhRequired" });

    const b = await p.call<{ id: number }>("POST", "/admin/home/link", {
      token: admin,
      body: { titleZh: "乙", titleEn: "B", url: "https://b.example.org", sort: 2 },
    });
    const a = await p.call<{ id: number }>("POST", "/admin/home/link", { token: admin, body: { titleZh: "甲", titleEn: "A", url: "/orgList", sort: 1 } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await portal()).links.map((l) => l.url)).toEqual(["/orgList", "https://b.example.org"]);
    expect((await home()).links.map((l) => l.titleZh)).toEqual(["甲", "乙"]);

    expect(
      (await p.call("PUT", `/admin/home/link/${b.data.id}`, { token: admin, body: { titleZh: "乙", url: "https://b.example.org/new", sort: 0 } })).status,
    ).toBe(200);
    expect((await portal()).links.map((l) => l.url)).toEqual(["https://b.example.org/new", "/orgList"]);
    expect((await p.call("DELETE", `/admin/home/link/${a.data.id}`, { token: admin })).status).toBe(200);
    expect((await p.call("PUT", `/admin/home/link/${a.data.id}`, { token: admin, body: { titleZh: "甲", url: "/orgList" } })).status).toBe(404);
    expect((await portal()).links.map((l) => l.url)).toEqual(["https://b.example.org/new"]);

    expect((await audits("home.link.create")).map((row) => [row.target, row.detail.url])).toEqual([
      [`link:${b.data.id}`, "https://b.example.org"],
      [`link:${a.data.id}`, "/orgList"],
    ]);
    expect(await audits("home.link.update")).toMatchObject([{ target: `link:${b.data.id}`, detail: { url: "https://b.example.org/new" } }]);
    expect(await audits("home.link.delete")).toMatchObject([{ target: `link:${a.data.id}`, detail: { titleZh: "甲" } }]);
  });

  it("finds a published conference by id or by words of its name, marks it important, and takes the mark off", async () => {
    const find = async (q: string) => (await p.call<HomeAdmin>("GET", `/admin/home?q=${encodeURIComponent(q)}`, { token: admin })).data.found.map((c) => c.id);
    expect(await find("量子材料")).toEqual([published]);
    expect(await find("quantum")).toEqual([published]);
    expect(await find(String(published))).toEqual([published]);
    // Only published conferences are found, and only they can be marked.
    expect(await find("海洋")).toEqual([]);
    expect(await find(String(draft))).toEqual([]);
    const refused = await p.call("PUT", `/admin/home/important/${draft}`, { token: admin, body: { important: true } });
    expect(refused.status).toBe(400);
    expect(refused.messageKey).toBe("admin.home.v.notPublished");
    expect((await p.call("PUT", "/admin/home/important/2000000000", { token: admin, body: { important: true } })).status).toBe(404);
    expect((await p.call("PUT", `/admin/home/important/${published}`, { token: admin, body: { important: "yes" } })).status).toBe(400);

    const important = async () => (await p.call<Listed>("GET", "/conference/importantConference")).data.list.map((c) => c.id);
    expect(await important()).toEqual([]);
    expect((await p.call("PUT", `/admin/home/important/${published}`, { token: admin, body: { important: true } })).status).toBe(200);
    expect(await important()).toEqual([published]);
    expect((await home()).important).toMatchObject([{ id: published, isPublish: true, isImportant: true }]);
    expect((await p.call("PUT", `/admin/home/important/${published}`, { token: admin, body: { important: false } })).status).toBe(200);
    expect(await important()).toEqual([]);
    expect((await home()).important).toEqual([]);
    expect((await audits("home.important.mark")).map((row) => row.target)).toEqual([`conference:${published}`]);
    expect((await audits("home.important.unmark")).map((row) => row.target)).toEqual([`conference:${published}`]);
  });
});
