import { describe, expect, it } from "vitest";
import { filterHref } from "~/components/portal/PortalFilters";
import { chinaToday, readFilters, toConferences, toHome } from "./portal.server";

const url = (query: string) => new URL(`http://portal.test/${query}`);

describe("readFilters", () => {
  it("keeps good values and drops what the platform would refuse", () => {
    expect(readFilters(url("?categoryId=3&majorId=12&city=%E5%8C%97%E4%BA%AC&from=2027-01-01&to=2027-01-31"))).toEqual({
      values: { categoryId: "3", majorId: "12", city: "北京", from: "2027-01-01", to: "2027-01-31" },
      ignored: [],
    });
    const bad = readFilters(url("?categoryId=abc&majorId=-1&from=2027-02-30&to=tomorrow"));
    expect(bad.values).toEqual({ categoryId: "", majorId: "", city: "", from: "", to: "" });
    expect(bad.ignored).toEqual(["2027-02-30", "tomorrow"]);
  });

  it("puts a reversed range the right way round", () => {
    expect(readFilters(url("?from=2027-03-01&to=2027-01-01")).values).toMatchObject({ from: "2027-01-01", to: "2027-03-01" });
  });
});

describe("chinaToday", () => {
  it("is the calendar day in China", () => {
    expect(chinaToday(new Date("2026-11-21T15:59:00Z"))).toBe("2026-11-21");
    expect(chinaToday(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
    // New Year's Eve 23:30 UTC is already the next year in China: the footer's year turns too.
    expect(chinaToday(new Date("2027-12-31T23:30:00Z"))).toBe("2028-01-01");
  });
});

describe("filterHref", () => {
  it("changes the query and starts the pages again", () => {
    const current = new URLSearchParams("when=all&categoryId=2&majorId=5&page=3");
    expect(filterHref("/", current, { categoryId: "4", majorId: null })).toBe("/?when=all&categoryId=4");
    expect(filterHref("/", new URLSearchParams("page=2"), { when: null })).toBe("/");
  });
});

describe("toHome", () => {
  it("keeps only http(s) and same-site addresses from banners and links", () => {
    const home = toHome({
      banners: [
        { id: 1, titleZh: "a", titleEn: "a", image: "/media/demo-banner-1.jpg", url: "javascript:alert(1)" },
        { id: 2, titleZh: "b", titleEn: "b", image: "javascript:alert(1)", url: "/1" },
      ],
      adverts: [],
      important: [],
      links: [
        { id: 1, titleZh: "知网", titleEn: "CNKI", url: "https://www.cnki.net" },
        { id: 2, titleZh: "坏", titleEn: "Bad", url: "data:text/html,x" },
      ],
      categories: [],
      cities: [],
    });
    expect(home.banners).toEqual([{ id: 1, titleZh: "a", titleEn: "a", image: "/media/demo-banner-1.jpg", url: null }]);
    expect(home.links.map((l) => l.titleEn)).toEqual(["CNKI"]);
  });

  it("with the page's language, sends entered texts in that language only, and the cities whole", () => {
    const raw = {
      banners: [{ id: 1, titleZh: "横幅", titleEn: "Banner", image: "/media/demo-banner-1.jpg", url: "/1" }],
      adverts: [{ id: 2, titleZh: "广告", titleEn: "", image: "/media/demo-advert-1.jpg", url: null }],
      important: [{ ...conferenceCore, cover: null }],
      links: [{ id: 3, titleZh: "知网", titleEn: "CNKI", url: "https://www.cnki.net" }],
      categories: [{ id: 1, nameZh: "理学", nameEn: "Natural Sciences", majors: [{ id: 1, nameZh: "数学", nameEn: "Mathematics" }] }],
      cities: [{ cityZh: "南京", cityEn: "Nanjing", total: 3 }],
    };
    const en = toHome(raw, "en");
    expect(en.banners[0]).toMatchObject({ titleZh: "", titleEn: "Banner" });
    // Entered in Chinese only: the English page shows the Chinese.
    expect(en.adverts[0]).toMatchObject({ titleZh: "广告", titleEn: "" });
    expect(en.links[0]).toMatchObject({ titleZh: "", titleEn: "CNKI", url: "https://www.cnki.net" });
    expect(en.categories).toEqual([{ id: 1, nameZh: "", nameEn: "Natural Sciences", majors: [{ id: 1, nameZh: "", nameEn: "Mathematics" }] }]);
    expect(en.important[0]).toMatchObject({ nameZh: "", nameEn: "Conf", cityZh: "", cityEn: "Nanjing" });
    // A city filter's value is its Chinese name: the cities keep both.
    expect(en.cities).toEqual(raw.cities);
    const zh = toHome(raw, "zh");
    expect(zh.links[0]).toMatchObject({ titleZh: "知网", titleEn: "" });
    expect(zh.categories[0].majors[0]).toEqual({ id: 1, nameZh: "数学", nameEn: "" });
    // Without a language (the administrators' preview), both.
    expect(toHome(raw).links[0]).toMatchObject({ titleZh: "知网", titleEn: "CNKI" });
  });
});

const conferenceCore = {
  id: 7,
  nameZh: "会议",
  nameEn: "Conf",
  startDate: "2026-11-28",
  endDate: "2026-11-30",
  cityZh: "南京",
  cityEn: "Nanjing",
  hostZh: "东大",
  hostEn: "SEU",
};

describe("toConferences", () => {
  const core = conferenceCore;

  it("sends the browser what a card shows, not the platform's ids and times, with a checked cover", () => {
    const [item] = toConferences([
      {
        ...core,
        cover: "javascript:alert(1)",
        major: { nameZh: "生物学", nameEn: "Biology", id: 4 } as never,
        category: null,
        lowestFeeFen: 0,
        registrationOpensAt: null,
        registrationClosesAt: "2026-11-30T15:59:00.000Z",
        ...({ isPublish: true, updatedAt: "2026-11-08T01:00:00.000Z", categoryId: 1, majorId: 4 } as object),
      },
    ]);
    expect(item).toEqual({
      ...core,
      cover: null,
      major: { nameZh: "生物学", nameEn: "Biology" },
      category: null,
      lowestFeeFen: 0,
      registrationOpensAt: null,
      registrationClosesAt: "2026-11-30T15:59:00.000Z",
    });
  });

  it("leaves out what the item did not have, so no key is sent empty", () => {
    const [item] = toConferences([{ ...core, cover: "/media/demo-photo-1.jpg" }]);
    expect(Object.keys(item)).toEqual([...Object.keys(core), "cover"]);
    expect(item.cover).toBe("/media/demo-photo-1.jpg");
  });

  it("with the page's language, sends names, cities and hosts in that language only, and no disciplines", () => {
    const item = { ...core, cover: null, major: { nameZh: "生物学", nameEn: "Biology" }, category: null };
    expect(toConferences([item], "zh")[0]).toEqual({ ...core, cover: null, nameEn: "", cityEn: "", hostEn: "" });
    expect(toConferences([item], "en")[0]).toEqual({ ...core, cover: null, nameZh: "", cityZh: "", hostZh: "" });
    // A text entered in one language only is kept whatever the page's language: it is what shows.
    const chineseOnly = { ...item, nameEn: "", hostEn: "" };
    expect(toConferences([chineseOnly], "en")[0]).toMatchObject({ nameZh: "会议", nameEn: "", cityZh: "", cityEn: "Nanjing", hostZh: "东大", hostEn: "" });
    // Without a language (the search page, whose cards show a keyword found in the other), both, and the disciplines.
    expect(toConferences([item])[0]).toMatchObject({ nameZh: "会议", nameEn: "Conf", major: { nameZh: "生物学", nameEn: "Biology" } });
  });
});
