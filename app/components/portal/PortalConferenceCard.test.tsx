import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { instanceFor } from "~/services/i18n.server";
import { toConferences } from "~/services/portal.server";
import { TranslationsProvider } from "~/use-translation";
import { PortalConferenceCard } from "./PortalConferenceCard";
import type { PortalConference } from "./types";

const conference: PortalConference = {
  id: 7,
  nameZh: "2026年分子生物学国际学术会议",
  nameEn: "2026 International Conference on Molecular Biology",
  startDate: "2026-11-28",
  endDate: "2026-11-30",
  cityZh: "南京",
  cityEn: "Nanjing",
  hostZh: "东南大学理学院",
  hostEn: "",
  cover: null,
  major: { nameZh: "生物学", nameEn: "Biology" },
  category: { nameZh: "理学", nameEn: "Natural Sciences" },
  lowestFeeFen: 100000,
  registrationOpensAt: "2026-07-30T16:00:00.000Z",
  registrationClosesAt: "2026-11-30T15:59:00.000Z",
};

const render = (lang: "zh" | "en", keyword?: string, shown = conference) =>
  renderToString(
    <TranslationsProvider translations={instanceFor(lang)}>
      <MemoryRouter>
        <PortalConferenceCard conference={shown} today="2026-11-29" now="2026-11-29T04:00:00.000Z" keyword={keyword} />
      </MemoryRouter>
    </TranslationsProvider>,
  );
const meta = (html: string) => [...html.matchAll(/<span class="ui-conference-meta">(.*?)<\/span>(?=<span class="ui-)/g)].map((match) => match[1]);

describe("PortalConferenceCard", () => {
  it("writes a Chinese page's entered city and host as text, with no element of their own", () => {
    const html = render("zh");
    expect(meta(html)[1]).toBe("南京<!-- --> · <!-- -->东南大学理学院");
    expect(html).not.toContain('<span lang="zh-CN">');
    expect(html).not.toContain("<mark");
  });

  it("marks Chinese on the English page as Chinese, and what is English as nothing", () => {
    const html = render("en");
    // The host has no English name: the Chinese one is shown, in an element that says so.
    expect(meta(html)[1]).toBe('Nanjing<!-- --> · <span lang="zh-CN">东南大学理学院</span>');
    expect(html).toContain('<span class="ui-conference-name">2026 International Conference on Molecular Biology</span>');
  });

  it("marks what a keyword matched, in the other language's name and city too", () => {
    const html = render("zh", "nanjing");
    expect(html).toContain('<mark class="ui-mark">Nanjing</mark>');
    // The English city matched: shown beside the Chinese one, unmarked by language on the Chinese page.
    expect(meta(html)[1]).toBe('南京<!-- --> / <mark class="ui-mark">Nanjing</mark> · <!-- -->东南大学理学院');
    expect(render("en", "分子")).toContain('<span class="ui-portal-card-other" lang="zh-CN">2026年<mark class="ui-mark">分子</mark>生物学国际学术会议</span>');
  });

  it("is the same card from the data a page without a keyword sends (its own language only)", () => {
    for (const lang of ["zh", "en"] as const) {
      const [shown] = toConferences([conference], lang);
      expect(JSON.stringify(shown).length).toBeLessThan(JSON.stringify(conference).length);
      expect(render(lang, undefined, shown)).toBe(render(lang));
    }
  });
});
