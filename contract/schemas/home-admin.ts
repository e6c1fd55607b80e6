import { z } from "zod";
import { safeHref } from "../rich-text";
import { optionalChinaMoment } from "./china-time";
import "./messages";

/**
 * What a platform administrator runs on the portal's home page (issue 17, spec §3): its banners
 * and adverts (table `banners`, no conference), its friend links (table `links`, no conference)
 * and which published conferences are important. Messages are translation keys under
 * "admin.home.v".
 */

/**
 * A link of the home page: an http(s) address with a host, or a path of this site (`/…`).
 * Never `javascript:`, `data:`, `mailto:`, `//host` or a relative path; null for those.
 *
 * @example homeHref("/liveStreaming") // "/liveStreaming"
 * @example homeHref("javascript:alert(1)") // null
 */
export function homeHref(raw: unknown): string | null {
  const url = safeHref(raw);
  if (!url) return null;
  if (/^https?:\/\/[^/?#\s]+/i.test(url)) return url;
  return url.startsWith("/") && !url.startsWith("//") ? url : null;
}

/** A public image uploaded to the platform, as its address reads (`/api/cms/files/<key>`, the key as platform/routes/cms.ts makes it). */
const UPLOADED_IMAGE = /^\/api\/cms\/files\/(u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:png|gif|jpg|bmp|ico))$/;
/** One of the site's own pictures (public/media). */
const SITE_MEDIA = /^\/media\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(?:png|gif|jpe?g|webp|svg|avif)$/i;

/** The upload key of an image address that names an upload (`/api/cms/files/<key>`), else null. */
export function uploadedImageKey(image: string): string | null {
  return UPLOADED_IMAGE.exec(image)?.[1] ?? null;
}

/**
 * A banner's picture: an image uploaded to the platform, one of the site's own (`/media/…`), or
 * an http(s) address. Anything else (another path of this site, `data:`, `javascript:`) is null.
 */
export function homeImage(raw: unknown): string | null {
  const url = homeHref(raw);
  if (!url) return null;
  if (/^https?:/i.test(url)) return url;
  return UPLOADED_IMAGE.test(url) || SITE_MEDIA.test(url) ? url : null;
}

const title = z.string().trim().max(200, "admin.home.v.tooLong").optional().default("");
const sort = z.coerce.number({ error: "admin.home.v.sort" }).int("admin.home.v.sort").min(0, "admin.home.v.sort").max(9999, "admin.home.v.sort").default(0);

/** A moment as a `datetime-local` input posts it (China time), or an ISO string; empty is none (null). */
const moment = optionalChinaMoment("admin.home.v.dateTime");

/** A banner or an advert of the home page: its picture, where it leads, its titles, its order and when it shows. */
export const homeBannerSchema = z
  .object({
    placement: z.enum(["banner", "advert"], { error: "admin.home.v.placement" }),
    image: z
      .string({ error: "admin.home.v.imageRequired" })
      .trim()
      .min(1, "admin.home.v.imageRequired")
      .max(2048, "admin.home.v.tooLong")
      .refine((value) => homeImage(value) !== null, "admin.home.v.image"),
    url: z
      .string()
      .trim()
      .max(2048, "admin.home.v.tooLong")
      .optional()
      .nullable()
      .transform((value) => value || null)
      .refine((value) => value === null || homeHref(value) !== null, "admin.home.v.url"),
    titleZh: title,
    titleEn: title,
    sort,
    /** From when it shows (empty: already); until when (empty: no end). */
    startsAt: moment,
    endsAt: moment,
  })
  .refine((value) => !value.startsAt || !value.endsAt || value.endsAt > value.startsAt, { path: ["endsAt"], message: "admin.home.v.endBeforeStart" });
export type HomeBannerInput = z.output<typeof homeBannerSchema>;

/** A friend link of the home page. */
export const homeLinkSchema = z.object({
  titleZh: z.string({ error: "admin.home.v.titleZhRequired" }).trim().min(1, "admin.home.v.titleZhRequired").max(200, "admin.home.v.tooLong"),
  titleEn: title,
  url: z
    .string({ error: "admin.home.v.urlRequired" })
    .trim()
    .min(1, "admin.home.v.urlRequired")
    .max(2048, "admin.home.v.tooLong")
    .refine((value) => homeHref(value) !== null, "admin.home.v.url"),
  sort,
});
export type HomeLinkInput = z.output<typeof homeLinkSchema>;

/** Marks a published conference important (listed on the home page) or takes the mark off. */
export const importantSchema = z.object({
  important: z.boolean({ error: "admin.home.v.important" }),
});
