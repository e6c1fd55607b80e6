import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { Hono } from "hono";
import { parseId } from "#contract/params";
import { homeBannerSchema, homeLinkSchema, importantSchema } from "#contract/schemas/home-admin";
import type { HomeAdmin, HomeConferenceRow } from "#contract/views/home-admin";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { accounts, banners, conferences, links, uploads } from "../db/schema";
import { fail, idParam, ok } from "../http";
import {
  bannerShowing,
  createHomeBanner,
  createHomeLink,
  deleteHomeBanner,
  deleteHomeLink,
  setImportant,
  updateHomeBanner,
  updateHomeLink,
} from "../services/home-admin";
import { keywordCondition } from "../services/portal-filters";
import { requirePublicImage } from "../services/public-images";
import { IMAGE_TYPES } from "../services/sniff";
import { requirePlatformAdmin } from "./guards";

/** How many conferences a search lists, and pictures the chooser offers. */
const FOUND_MAX = 20;
const IMAGES_MAX = 24;

/**
 * The platform administrators' home page (issue 17, spec §3): the portal's banners and adverts
 * (with their display period), its friend links, and its important conferences. Every change is
 * audited in its transaction (platform/services/home-admin.ts); the portal's memo and the page
 * cache empty on the write itself, so a visitor sees it at once on this instance.
 */
export function homeAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const conferenceColumns = {
    id: conferences.id,
    nameZh: conferences.nameZh,
    nameEn: conferences.nameEn,
    startDate: conferences.startDate,
    endDate: conferences.endDate,
    cityZh: conferences.cityZh,
    cityEn: conferences.cityEn,
    isPublish: conferences.isPublish,
    isImportant: conferences.isImportant,
  };

  /** Published conferences whose id is `q`, or whose names (and city, subject) hold its words. */
  const search = async (raw: string): Promise<HomeConferenceRow[]> => {
    const q = raw.trim().slice(0, 100);
    if (!q) return [];
    const id = parseId(q.replace(/^#/, ""));
    const keyword = keywordCondition(q);
    const match = id === null ? keyword : keyword ? or(eq(conferences.id, id), keyword) : eq(conferences.id, id);
    return db
      .select(conferenceColumns)
      .from(conferences)
      .where(and(eq(conferences.isPublish, true), match))
      .orderBy(desc(conferences.startDate), desc(conferences.id))
      .limit(FOUND_MAX);
  };

  /** Pictures already on the platform: the home page's, then the administrators' image uploads, newest first. */
  const images = async () => {
    const [used, uploaded] = await Promise.all([
      db.select({ image: banners.image }).from(banners).where(isNull(banners.conferenceId)).orderBy(desc(banners.id)).limit(IMAGES_MAX),
      db
        .select({ key: uploads.key })
        .from(uploads)
        .innerJoin(accounts, eq(accounts.id, uploads.ownerAccountId))
        .where(and(eq(accounts.isPlatformAdmin, true), eq(uploads.isPublic, true), inArray(uploads.contentType, IMAGE_TYPES), isNull(uploads.keptUntil)))
        .orderBy(desc(uploads.createdAt), desc(uploads.id))
        .limit(IMAGES_MAX),
    ]);
    return [...new Set([...used.map((row) => row.image), ...uploaded.map((row) => `/api/cms/files/${row.key}`)])].slice(0, IMAGES_MAX);
  };

  const portalBanner = async (id: number) => {
    const [row] = await db
      .select()
      .from(banners)
      .where(and(eq(banners.id, id), isNull(banners.conferenceId)))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  const portalLink = async (id: number) => {
    const [row] = await db
      .select()
      .from(links)
      .where(and(eq(links.id, id), isNull(links.conferenceId)))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  app.get("/admin/home", async (c) => {
    requirePlatformAdmin(c);
    const now = deps.now();
    const [bannerRows, linkRows, important, found, library] = await Promise.all([
      db.select().from(banners).where(isNull(banners.conferenceId)).orderBy(asc(banners.sort), asc(banners.id)),
      db
        .select({ id: links.id, titleZh: links.titleZh, titleEn: links.titleEn, url: links.url, sort: links.sort })
        .from(links)
        .where(isNull(links.conferenceId))
        .orderBy(asc(links.sort), asc(links.id)),
      db
        .select(conferenceColumns)
        .from(conferences)
        .where(eq(conferences.isImportant, true))
        .orderBy(desc(conferences.isPublish), asc(conferences.startDate), asc(conferences.id)),
      search(c.req.query("q") ?? ""),
      images(),
    ]);
    const shown = bannerRows.map(({ conferenceId: _conferenceId, ...row }) => ({
      ...row,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      showing: bannerShowing(row, now),
    }));
    const answer: HomeAdmin = {
      now: now.toISOString(),
      banners: shown.filter((row) => row.placement === "banner"),
      adverts: shown.filter((row) => row.placement === "advert"),
      links: linkRows,
      important,
      found,
      images: library,
    };
    return ok(c, answer);
  });

  app.post("/admin/home/banner", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = parse(c, homeBannerSchema, await readBody(c));
    await requirePublicImage(db, input.image, "image", "admin.home.v.imageUnknown");
    return ok(c, await createHomeBanner(db, admin, deps.now(), input));
  });

  app.put("/admin/home/banner/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, homeBannerSchema, await readBody(c));
    const row = await portalBanner(id);
    // The picture it already has stays acceptable (a demo's, or one whose upload went away is still its own).
    if (input.image !== row.image) await requirePublicImage(db, input.image, "image", "admin.home.v.imageUnknown");
    return ok(c, await updateHomeBanner(db, admin, deps.now(), id, input));
  });

  app.delete("/admin/home/banner/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const row = await portalBanner(idParam(c.req.param("id")));
    return ok(c, await deleteHomeBanner(db, admin, deps.now(), row));
  });

  app.post("/admin/home/link", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = parse(c, homeLinkSchema, await readBody(c));
    return ok(c, await createHomeLink(db, admin, deps.now(), input));
  });

  app.put("/admin/home/link/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, homeLinkSchema, await readBody(c));
    await portalLink(id);
    return ok(c, await updateHomeLink(db, admin, deps.now(), id, input));
  });

  app.delete("/admin/home/link/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const row = await portalLink(idParam(c.req.param("id")));
    return ok(c, await deleteHomeLink(db, admin, deps.now(), row));
  });

  /** Marks a published conference important, or takes the mark off any conference. */
  app.put("/admin/home/important/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const { important } = parse(c, importantSchema, await readBody(c));
    const [row] = await db
      .select({ isPublish: conferences.isPublish, isImportant: conferences.isImportant })
      .from(conferences)
      .where(eq(conferences.id, id))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    if (important && !row.isPublish) fail(400, "admin.home.v.notPublished");
    if (row.isImportant === important) return ok(c, { id, isImportant: important });
    return ok(c, await setImportant(db, admin, deps.now(), id, important));
  });

  return app;
}
