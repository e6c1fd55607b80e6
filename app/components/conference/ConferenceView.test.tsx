import zlib from "node:zlib";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { groupSchedule, qrMatrix } from "~/services/conference-page.server";
import { instanceFor } from "~/services/i18n.server";
import { TranslationsProvider } from "~/use-translation";
import { ConferenceView } from "./ConferenceView";
import type { ConferencePageData } from "./types";

const render = (page: ConferencePageData) =>
  renderToString(
    <TranslationsProvider translations={instanceFor("zh")}>
      <ConferenceView page={page} />
    </TranslationsProvider>,
  );

function basePage(): ConferencePageData {
  return {
    lang: "zh",
    siteName: "学术会议平台",
    sale: null,
    firstStartsAt: null,
    lastEndsAt: null,
    id: 42,
    isPublish: true,
    canManage: false,
    title: "会议 - 站点",
    description: "简介",
    url: "https://conf.example/42",
    name: "测试会议",
    shortName: "TC 2027",
    startDate: "2027-01-05",
    endDate: "2027-01-06",
    city: "杭州",
    address: "杭州国际博览中心",
    host: "浙江大学",
    summary: "简介",
    cover: null,
    card: "/conf/1/card.png?lang=zh&v=test",
    major: null,
    characteristic: [],
    tags: [],
    currency: "CNY",
    organizers: [],
    sections: [
      { anchor: "intro", type: "intro", title: "会议简介", texts: [{ id: 1, title: null, ops: [{ insert: "正文\n" }] }] },
      { anchor: "schedule", type: "schedule", title: "会议日程", texts: [] },
      { anchor: "hotels", type: "hotels", title: "酒店住宿", texts: [] },
      { anchor: "fees", type: "fees", title: "注册缴费", texts: [] },
    ],
    schedule: [],
    specials: [],
    sponsors: [],
    exhibitors: [],
    hotels: [],
    fees: { identities: [], strategies: [], prices: {} },
    links: [],
    media: [],
    priceRange: null,
    styleVersion: null,
  };
}

describe("ConferenceView", () => {
  it("shows the register button, the calendar link, and leaves out modules with nothing to show (except the schedule)", () => {
    const html = render(basePage());
    expect(html).toContain('<a class="ui-button" href="/attend/42" data-testid="register">立即报名</a>');
    expect(html).toContain('href="/conf/42/calendar.ics" download="conference-42.ics"');
    expect(html).toContain('id="intro"');
    expect(html).toContain("日程尚未发布");
    expect(html).not.toContain('id="hotels"');
    expect(html).not.toContain('id="fees"');
    expect(html).not.toContain('data-testid="not-published"');
    expect(render({ ...basePage(), isPublish: false })).toContain("本会议尚未发布");
  });

  it("prices in the unit they were set in, free when zero", () => {
    const page = basePage();
    page.fees = {
      identities: [{ id: 1, name: "学生" }],
      strategies: [
        { id: 1, name: "早鸟", from: "2026-09-01", to: "2026-12-01" },
        { id: 2, name: "常规", from: "2026-12-02", to: "2027-01-06" },
        { id: 3, name: "现场", from: "2027-01-05", to: "2027-01-06" },
      ],
      prices: { "1-1": { priceFen: 120000, unit: "0" }, "1-2": { priceFen: 0, unit: "0" }, "1-3": { priceFen: 1230, unit: "1" } },
    };
    const html = render(page);
    expect(html).toContain("<td>¥1,200.00</td>");
    expect(html).toContain("<td>免费</td>");
    expect(html).toContain("<td>123 角</td>");
  });

  it("keeps a large conference's markup and data within the 60 KB gzip page budget", () => {
    const page = basePage();
    const speakers = Array.from({ length: 3 }, (_, i) => ({ name: `报告人${i}`, affiliation: "中国科学院计算技术研究所" }));
    const schedule = [];
    const branches = Array.from({ length: 4 }, (_, b) => ({ id: b + 1, nameZh: `分会场${b + 1}：人工智能与系统`, nameEn: "" }));
    for (let d = 0; d < 4; d++) {
      for (let v = 0; v <= 4; v++) {
        for (let k = 0; k < 10; k++) {
          const start = new Date(Date.UTC(2027, 0, 5 + d, 0, 30 + k * 45));
          schedule.push({
            id: schedule.length + 1,
            moduleId: 1,
            branchId: v === 0 ? null : v,
            forumId: k % 3 === 0 ? 1 : null,
            startsAt: start.toISOString(),
            endsAt: new Date(start.getTime() + 40 * 60_000).toISOString(),
            titleZh: `专题报告 ${k}：面向大规模智能系统的数据驱动方法与应用`,
            titleEn: "",
            speakers,
            room: `A${v}0${k}`,
          });
        }
      }
    }
    page.schedule = groupSchedule("zh", { schedule, branches, forums: [{ id: 1, branchId: null, nameZh: "青年学者论坛", nameEn: "" }] });
    const person = (id: number) => ({ id, name: `学者${id}`, title: "清华大学计算机科学与技术系教授", photo: null });
    page.specials = [
      { id: 1, type: 0, title: "特邀嘉宾", chairmen: [person(1), person(2)], guests: Array.from({ length: 20 }, (_, i) => person(i + 3)), items: [] },
      { id: 2, type: 1, title: "程序委员会", chairmen: [], guests: [], items: Array.from({ length: 40 }, (_, i) => person(i + 30)) },
    ];
    page.sections.push({ anchor: "specials", type: "specials", title: "特邀嘉宾", texts: [] });
    page.hotels = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      name: `杭州国际大酒店${i}`,
      address: "杭州市西湖区余杭塘路866号",
      phone: "0571-85593227",
      stars: 5,
      distance: "距会场约3公里，会议期间提供班车",
      rooms: [1, 2, 3].map((r) => ({ id: r, type: "标准间（双床）", priceFen: 68000, startDate: "2027-01-04", endDate: "2027-01-08" })),
      qr: qrMatrix(`https://hotel.example.com/book/icics-2027-${i}-4242`),
      qrHref: `https://hotel.example.com/book/icics-2027-${i}-4242`,
    }));
    const long = Array.from({ length: 30 }, (_, i) => ({
      insert: `第${i}段：会议围绕人工智能、计算机视觉、自然语言处理等方向的最新进展开展交流，设主旨报告、分会场报告和墙报展示等环节。\n`,
    }));
    page.sections[0].texts = [{ id: 1, title: null, ops: long }];

    const html = render(page);
    expect(html.match(/class="ui-conf-item"/g)).toHaveLength(200);
    expect(html.match(/<svg class="ui-conf-qr"/g)).toHaveLength(5);
    // The document carries the markup and, for hydration, the loader data; the shell adds ~7 KB.
    const bytes = zlib.gzipSync(html + JSON.stringify({ page })).length;
    expect(bytes).toBeLessThan(53_000);
  });
});
