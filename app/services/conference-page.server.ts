import { createHash } from "node:crypto";
import QRCode from "qrcode";
import { notFound } from "#contract/params";
import type { PlatformConferencePage } from "#contract/views/conference";
import type {
  ConferencePageData,
  ConferenceSection,
  FeeTable,
  QrMatrix,
  ScheduleDay,
  ScheduleGroup,
  ScheduleVenue,
  SpecialPerson,
} from "~/components/conference/types";
import { saleState } from "~/components/portal/sale";
import { firstHeading, type RichTextOp, safeHref, safeSrc } from "~/components/RichText";
import { enteredTwin } from "~/utils/entered";
import { pick } from "~/utils/format";
import { publicPageHeaders } from "./cache.server";
import { appNow } from "./clock.server";
import { i18n } from "./i18n.server";
import { cardAddress } from "./og-card.server";
import { callPlatform } from "./platform.server";
import { getLang, type Lang } from "./session.server";

/** Conference times are shown in the conference's local time; the platform's conferences are in China. */
export const CONFERENCE_TIME_ZONE = "Asia/Shanghai";

export type { PlatformConferencePage };

/** The order and anchors of the page's parts when a conference has no modules of its own. */
const DEFAULT_SECTIONS = ["intro", "schedule", "specials", "sponsors", "hotels", "fees", "links"];

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: CONFERENCE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as the conference's local day and time: { day: "2027-01-05", time: "08:30" }. */
export function localTime(iso: string) {
  const map = Object.fromEntries(parts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { day: `${map.year}-${map.month}-${map.day}`, time: `${map.hour}:${map.minute}` };
}

/** A QR code's module matrix, packed as hex; null when the value can't be encoded. */
export function qrMatrix(value: string): QrMatrix | null {
  if (!value || value.length > 1000) return null;
  try {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
    let bits = "";
    for (let i = 0; i < modules.data.length; i += 4) {
      let nibble = 0;
      for (let k = 0; k < 4; k++) nibble = (nibble << 1) | (modules.data[i + k] ? 1 : 0);
      bits += nibble.toString(16);
    }
    return { size: modules.size, bits };
  } catch {
    return null;
  }
}

const pickOps = (lang: Lang, zh: RichTextOp[], en: RichTextOp[]) => (lang === "en" ? (en?.length ? en : zh) : zh?.length ? zh : en) ?? [];

/**
 * Days → venues (main venue first, then branches in order) → runs of one forum, each in time
 * order. Items of a branch the conference no longer lists fall back to the main venue.
 */
export function groupSchedule(lang: Lang, page: Pick<PlatformConferencePage, "schedule" | "branches" | "forums">): ScheduleDay[] {
  const branchName = new Map(page.branches.map((b) => [b.id, pick(lang, b.nameZh, b.nameEn)]));
  const branchOrder = new Map(page.branches.map((b, i) => [b.id, i + 1]));
  const forumName = new Map(page.forums.map((f) => [f.id, pick(lang, f.nameZh, f.nameEn)]));
  const days = new Map<string, Map<number | null, ScheduleVenue>>();
  for (const item of page.schedule) {
    const start = localTime(item.startsAt);
    const end = localTime(item.endsAt);
    const branchId = item.branchId !== null && branchName.has(item.branchId) ? item.branchId : null;
    let venues = days.get(start.day);
    if (!venues) days.set(start.day, (venues = new Map()));
    let venue = venues.get(branchId);
    if (!venue) venues.set(branchId, (venue = { branchId, name: branchId === null ? null : branchName.get(branchId)!, groups: [] }));
    const forum = item.forumId !== null ? (forumName.get(item.forumId) ?? null) : null;
    let group: ScheduleGroup | undefined = venue.groups[venue.groups.length - 1];
    if (!group || group.forum !== forum) venue.groups.push((group = { forum, items: [] }));
    group.items.push({
      id: item.id,
      start: start.time,
      end: end.time,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      title: pick(lang, item.titleZh, item.titleEn),
      speakers: item.speakers.map((s) => ({ name: s.name, affiliation: s.affiliation ?? "" })),
      room: enteredTwin(lang, item.room),
    });
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, venues]) => ({
      day,
      venues: [...venues.values()].sort(
        (a, b) => (a.branchId === null ? 0 : branchOrder.get(a.branchId)!) - (b.branchId === null ? 0 : branchOrder.get(b.branchId)!),
      ),
    }));
}

/** Content that opens with the section's own title as a heading would repeat it: that line is dropped. */
function withoutLeadingTitle(ops: RichTextOp[], title: string): RichTextOp[] {
  const [first] = ops;
  if (typeof first?.insert !== "string" || !first.attributes?.header) return ops;
  return first.insert === `${title}\n` ? ops.slice(1) : ops;
}

function buildSections(lang: Lang, page: PlatformConferencePage, defaultTitle: (type: string) => string): ConferenceSection[] {
  const modules = page.modules.length
    ? page.modules.map((m) => ({ id: m.id, type: m.type, title: pick(lang, m.titleZh, m.titleEn) || defaultTitle(m.type) }))
    : DEFAULT_SECTIONS.map((type) => ({ id: null, type, title: defaultTitle(type) }));
  const used = new Set<string>();
  const sections: ConferenceSection[] = modules.map((m) => {
    const anchor = used.has(m.type) || !/^[a-z-]+$/.test(m.type) ? `${m.type.replace(/[^a-z-]/gi, "") || "section"}-${m.id ?? used.size}` : m.type;
    used.add(anchor);
    return { anchor, type: m.type, title: m.title, texts: [] };
  });
  const byModule = new Map(modules.map((m, i) => [m.id, sections[i]]));
  const home = sections.find((s) => s.type === "intro") ?? sections[0];
  for (const text of page.texts) {
    // Texts without a module, or of a module the page no longer shows, join the introduction.
    const section = (text.moduleId !== null && byModule.get(text.moduleId)) || (text.moduleId === null || !page.modules.length ? home : undefined);
    if (!section) continue;
    const ops = withoutLeadingTitle(pickOps(lang, text.contentZh, text.contentEn), section.title);
    const title = pick(lang, text.titleZh, text.titleEn);
    const heading = firstHeading(ops);
    section.texts.push({ id: text.id, title: title && title !== section.title && heading === null ? title : null, ops });
  }
  return sections;
}

function feeTable(lang: Lang, table: PlatformConferencePage["feeTable"]): FeeTable {
  const prices: FeeTable["prices"] = {};
  for (const fee of table.fees) prices[`${fee.identityId}-${fee.strategyId}`] = { priceFen: fee.priceFen, unit: fee.unit };
  return {
    identities: table.identities.map((i) => ({ id: i.id, name: pick(lang, i.nameZh, i.nameEn) })),
    strategies: table.strategies.map((s) => ({ id: s.id, name: pick(lang, s.nameZh, s.nameEn), from: localTime(s.startsAt).day, to: localTime(s.endsAt).day })),
    prices,
  };
}

/** The platform's page data, in one language, shaped for `ConferenceView`. */
export function toPageData(
  lang: Lang,
  page: PlatformConferencePage,
  url: string,
  siteName: string,
  defaultTitle: (type: string) => string,
  now?: string,
): ConferencePageData {
  const { info } = page;
  const name = pick(lang, info.nameZh, info.nameEn);
  const summary = pick(lang, info.summaryZh, info.summaryEn);
  const person = (item: PlatformConferencePage["specials"][number]["items"][number]): SpecialPerson => ({
    id: item.id,
    name: pick(lang, item.nameZh, item.nameEn),
    title: pick(lang, item.titleZh, item.titleEn),
    photo: safeSrc(item.photo),
  });
  const feeValues = page.feeTable.fees.map((f) => f.priceFen);
  const windows = page.feeTable.strategies;
  const saleFacts = {
    endDate: info.endDate,
    registrationOpensAt: windows.length ? windows.map((w) => w.startsAt).sort()[0] : null,
    registrationClosesAt: windows.length
      ? windows
          .map((w) => w.endsAt)
          .sort()
          .at(-1)!
      : null,
  };
  const times = page.schedule.flatMap((item) => [item.startsAt, item.endsAt]).sort();
  return {
    lang,
    siteName,
    sale: now ? { opensAt: saleFacts.registrationOpensAt, ...saleState(saleFacts, now) } : null,
    firstStartsAt: times[0] ?? null,
    lastEndsAt: times.at(-1) ?? null,
    id: info.id,
    isPublish: info.isPublish,
    canManage: page.canManage,
    title: `${name} - ${siteName}`,
    description: (summary || name).slice(0, 160),
    url,
    name,
    shortName: info.shortName,
    startDate: info.startDate,
    endDate: info.endDate,
    city: pick(lang, info.cityZh, info.cityEn),
    address: pick(lang, info.addressZh, info.addressEn),
    host: pick(lang, info.hostZh, info.hostEn),
    summary,
    cover: safeSrc(info.cover),
    card: cardAddress(lang, info, siteName),
    major: page.major ? pick(lang, page.major.nameZh, page.major.nameEn) : null,
    characteristic: info.characteristic,
    // A tag's custom value is what the organiser wrote for it in English.
    tags: page.tags.map((t) => pick(lang, t.name, t.value)),
    currency: info.currency,
    organizers: page.organizers.map((o) => ({ id: o.id, role: o.role, name: pick(lang, o.nameZh, o.nameEn) })),
    sections: buildSections(lang, page, defaultTitle),
    schedule: groupSchedule(lang, page),
    specials: page.specials.map((s) => ({
      id: s.id,
      type: s.type,
      title: pick(lang, s.titleZh, s.titleEn),
      chairmen: s.type === 0 ? s.items.filter((i) => i.role === "chairman").map(person) : [],
      guests: s.type === 0 ? s.items.filter((i) => i.role !== "chairman").map(person) : [],
      items: s.type === 0 ? [] : s.items.map(person),
    })),
    sponsors: page.sponsors
      .filter((s) => s.kind === "sponsor")
      .map((s) => ({ id: s.id, company: s.company, level: s.level, logo: safeSrc(s.logo), website: safeHref(s.website) })),
    exhibitors: page.sponsors
      .filter((s) => s.kind === "exhibitor")
      .map((s) => ({ id: s.id, company: s.company, booth: s.booth, logo: safeSrc(s.logo), website: safeHref(s.website) })),
    hotels: page.hotels.map((h) => ({
      id: h.id,
      name: pick(lang, h.nameZh, h.nameEn),
      address: pick(lang, h.addressZh, h.addressEn),
      phone: h.phone,
      stars: h.stars,
      distance: pick(lang, h.distanceZh, h.distanceEn),
      rooms: h.rooms.map((r) => ({ id: r.id, type: pick(lang, r.typeZh, r.typeEn), priceFen: r.priceFen, startDate: r.startDate, endDate: r.endDate })),
      qr: h.qrCode ? qrMatrix(h.qrCode) : null,
      qrHref: h.qrCode && /^https?:/i.test(h.qrCode) ? safeHref(h.qrCode) : null,
    })),
    fees: feeTable(lang, page.feeTable),
    links: page.links.flatMap((l) => {
      const href = safeHref(l.url);
      return href ? [{ id: l.id, title: pick(lang, l.titleZh, l.titleEn) || href, url: href }] : [];
    }),
    media: page.media.flatMap((m) => {
      const href = m.kind === "press" ? safeHref(m.url) : safeSrc(m.url);
      return href ? [{ id: m.id, kind: m.kind, title: pick(lang, m.titleZh, m.titleEn), url: href }] : [];
    }),
    priceRange: feeValues.length ? { low: Math.min(...feeValues), high: Math.max(...feeValues) } : null,
    styleVersion: page.exCss.trim() ? createHash("sha256").update(page.exCss).digest("hex").slice(0, 12) : null,
  };
}

/**
 * Everything the conference page shows, in the visitor's language, with one platform call.
 * Throws the 404 response for bad ids, unknown conferences, and unpublished ones the caller
 * doesn't organise.
 */
export async function loadConferencePage(request: Request, conferenceId: number): Promise<ConferencePageData> {
  const [result, t] = await Promise.all([callPlatform(request, `/conference/${conferenceId}/page`), i18n.getFixedT(request)]);
  if (!result.ok) throw notFound();
  const { lang } = getLang(request);
  const url = `${new URL(request.url).origin}/${conferenceId}`;
  const now = (await appNow()).toISOString();
  return toPageData(lang, result.data, url, t("meta.siteName"), (type) => t(`conferencePage.sections.${type}`, { defaultValue: "" }), now);
}

/**
 * Published pages may be shared by anonymous visitors (and the page cache); an unpublished one
 * is its organisers' alone and never stored.
 */
export function conferencePageHeaders(request: Request, page: Pick<ConferencePageData, "isPublish">): Record<string, string> {
  return page.isPublish ? publicPageHeaders(request) : { "Cache-Control": "private, no-store" };
}
