import QRCode from "qrcode";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QrCode, qrPath } from "~/components/conference/QrCode";
import { groupSchedule, localTime, type PlatformConferencePage, qrMatrix, toPageData } from "./conference-page.server";

const item = (id: number, startsAt: string, endsAt: string, branchId: number | null, forumId: number | null = null) => ({
  id,
  moduleId: 1,
  branchId,
  forumId,
  startsAt,
  endsAt,
  titleZh: `报告${id}`,
  titleEn: id % 2 ? `Talk ${id}` : "",
  speakers: [{ name: "张三", affiliation: "浙江大学" }, { name: "Li" }],
  room: "A101",
});

describe("groupSchedule", () => {
  const page = {
    branches: [
      { id: 20, nameZh: "分会场B", nameEn: "Session B" },
      { id: 10, nameZh: "分会场A", nameEn: "Session A" },
    ],
    forums: [{ id: 5, branchId: null, nameZh: "圆桌论坛", nameEn: "Round table" }],
    schedule: [
      item(1, "2027-01-05T00:30:00Z", "2027-01-05T01:00:00Z", null),
      item(2, "2027-01-05T01:00:00Z", "2027-01-05T02:00:00Z", null, 5),
      item(3, "2027-01-05T02:00:00Z", "2027-01-05T03:00:00Z", null, 5),
      item(4, "2027-01-05T03:00:00Z", "2027-01-05T04:00:00Z", null),
      item(5, "2027-01-05T05:30:00Z", "2027-01-05T07:00:00Z", 10),
      item(6, "2027-01-05T05:30:00Z", "2027-01-05T07:00:00Z", 20),
      // 17:00 UTC is already the next day in China.
      item(7, "2027-01-05T17:00:00Z", "2027-01-05T18:00:00Z", 99),
    ],
  };

  it("groups by local day, main venue first then branches in their order, forums as runs in time order", () => {
    const days = groupSchedule("zh", page);
    expect(days.map((d) => d.day)).toEqual(["2027-01-05", "2027-01-06"]);
    const [first, second] = days;
    expect(first.venues.map((v) => v.name)).toEqual([null, "分会场B", "分会场A"]);
    expect(first.venues[0].groups.map((g) => [g.forum, g.items.map((i) => i.id)])).toEqual([
      [null, [1]],
      ["圆桌论坛", [2, 3]],
      [null, [4]],
    ]);
    expect(first.venues[0].groups[0].items[0]).toMatchObject({
      start: "08:30",
      end: "09:00",
      title: "报告1",
      speakers: [
        { name: "张三", affiliation: "浙江大学" },
        { name: "Li", affiliation: "" },
      ],
      room: "A101",
    });
    // An unknown branch falls back to the main venue.
    expect(second.venues).toEqual([{ branchId: null, name: null, groups: [{ forum: null, items: [expect.objectContaining({ id: 7, start: "01:00" })] }] }]);
  });

  it("speaks English where it can, falling back to Chinese", () => {
    const [day] = groupSchedule("en", page);
    const items = day.venues[0].groups.flatMap((g) => g.items);
    expect(items.map((i) => i.title)).toEqual(["Talk 1", "报告2", "Talk 3", "报告4"]);
    // Speakers stay data (the view joins them with the page's punctuation and marks their language).
    expect(items[0].speakers).toEqual([
      { name: "张三", affiliation: "浙江大学" },
      { name: "Li", affiliation: "" },
    ]);
    expect(day.venues[1].name).toBe("Session B");
  });
});

describe("localTime", () => {
  it("reads an instant in China time", () => {
    expect(localTime("2026-12-31T16:30:00Z")).toEqual({ day: "2027-01-01", time: "00:30" });
  });
});

describe("QR codes", () => {
  it("packs the module matrix of `qrcode` and draws exactly its dark modules", () => {
    const value = "https://hotel.example.com/book/icics-2027-1-4242";
    const matrix = qrMatrix(value)!;
    const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
    expect(matrix.size).toBe(modules.size);
    // Re-read the drawn runs and compare cell by cell.
    const drawn = new Set<string>();
    for (const [, x, y, w] of qrPath(matrix).matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let k = 0; k < Number(w); k++) drawn.add(`${Number(y) - 4},${Number(x) - 4 + k}`);
    }
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) expect(drawn.has(`${row},${col}`), `${row},${col}`).toBe(Boolean(modules.get(row, col)));
    }
    const svg = renderToStaticMarkup(<QrCode matrix={matrix} label="扫码预订" />);
    expect(svg).toMatch(/^<svg class="ui-conf-qr" role="img" aria-label="扫码预订" width="132" height="132" viewBox="0 0 \d+ \d+"/);
  });

  it("gives no code for an empty or oversized value", () => {
    expect(qrMatrix("")).toBeNull();
    expect(qrMatrix("x".repeat(5000))).toBeNull();
  });
});

describe("toPageData", () => {
  const base: PlatformConferencePage = {
    info: {
      id: 7,
      nameZh: "测试会议",
      nameEn: "Test Conference",
      shortName: "TC",
      startDate: "2027-01-05",
      endDate: "2027-01-06",
      cityZh: "杭州",
      cityEn: "Hangzhou",
      addressZh: "杭州国际博览中心",
      addressEn: "",
      hostZh: "浙江大学",
      hostEn: "Zhejiang University",
      summaryZh: "简介",
      summaryEn: "Summary",
      cover: "javascript:alert(1)",
      isPublish: true,
      currency: "CNY",
      characteristic: ["EI"],
    },
    category: null,
    major: null,
    canManage: false,
    exCss: "",
    modules: [],
    texts: [
      {
        id: 1,
        moduleId: null,
        titleZh: "会议简介",
        titleEn: "About",
        contentZh: [{ insert: "会议简介\n", attributes: { header: 2 } }, { insert: "正文\n" }],
        contentEn: [],
      },
      { id: 2, moduleId: null, titleZh: "征稿", titleEn: "", contentZh: [{ insert: "投稿\n" }], contentEn: [{ insert: "Submit\n" }] },
    ],
    branches: [],
    forums: [],
    schedule: [],
    specials: [
      {
        id: 1,
        type: 0,
        titleZh: "嘉宾",
        titleEn: "Guests",
        items: [
          { id: 1, role: "chairman", nameZh: "甲", nameEn: "A", titleZh: "", titleEn: "", photo: null },
          { id: 2, role: "guest", nameZh: "乙", nameEn: "", titleZh: "教授", titleEn: "", photo: "data:image/png;base64,AA" },
        ],
      },
    ],
    organizers: [],
    sponsors: [{ id: 1, kind: "sponsor", company: "X", level: "gold", booth: "", logo: null, website: "javascript:alert(1)" }],
    hotels: [],
    feeTable: {
      currency: "CNY",
      identities: [],
      strategies: [],
      fees: [
        { identityId: 1, strategyId: 1, priceFen: 500, unit: "0" },
        { identityId: 1, strategyId: 2, priceFen: 900, unit: "0" },
      ],
    },
    links: [
      { id: 1, titleZh: "好", titleEn: "", url: "https://ok.example" },
      { id: 2, titleZh: "坏", titleEn: "", url: "javascript:alert(1)" },
    ],
    media: [],
    tags: [{ id: 1, name: "国际会议", value: "International" }],
  };
  const defaultTitle = (type: string) => `T:${type}`;

  it("shapes one language, with safe addresses only", () => {
    const page = toPageData("en", base, "https://conf.example/7", "Site", defaultTitle);
    expect(page).toMatchObject({ name: "Test Conference", address: "杭州国际博览中心", title: "Test Conference - Site", cover: null, tags: ["International"] });
    expect(page.sponsors[0].website).toBeNull();
    expect(page.links.map((l) => l.url)).toEqual(["https://ok.example"]);
    expect(page.specials[0].chairmen.map((p) => p.name)).toEqual(["A"]);
    expect(page.specials[0].guests).toEqual([{ id: 2, name: "乙", title: "教授", photo: null }]);
    expect(page.priceRange).toEqual({ low: 500, high: 900 });
    expect(page.styleVersion).toBeNull();
  });

  it("without modules, shows the default sections; texts without a module join the introduction, its repeated title dropped", () => {
    const page = toPageData("zh", base, "https://conf.example/7", "站点", defaultTitle);
    expect(page.sections.map((s) => s.anchor)).toEqual(["intro", "schedule", "specials", "sponsors", "hotels", "fees", "links"]);
    const intro = page.sections[0];
    expect(intro.title).toBe("T:intro");
    // The first text opens with its own heading, so its title is not repeated above it.
    expect(intro.texts.map((t) => t.title)).toEqual([null, "征稿"]);
    const withModules = toPageData("zh", { ...base, modules: [{ id: 3, type: "intro", titleZh: "会议简介", titleEn: "" }] }, "u", "s", defaultTitle);
    expect(withModules.sections[0].texts[0]).toEqual({ id: 1, title: null, ops: [{ insert: "正文\n" }] });
  });

  it("versions the organiser's stylesheet by its content", () => {
    const a = toPageData("zh", { ...base, exCss: ".a{}" }, "u", "s", defaultTitle).styleVersion;
    const b = toPageData("zh", { ...base, exCss: ".b{}" }, "u", "s", defaultTitle).styleVersion;
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
