import { and, eq, isNull } from "drizzle-orm";
import type { HomeBannerInput, HomeLinkInput } from "#contract/schemas/home-admin";
import type { BannerShowing } from "#contract/views/home-admin";
import type { Db } from "../db";
import { banners, conferences, links } from "../db/schema";
import { type Actor, auditedChange } from "./audit";

/**
 * A platform administrator's changes to the portal's home page (issue 17): its banners and
 * adverts, its friend links, and which conferences are important. Each change is one
 * transaction with its audit row (no conference: `conferenceId` null). The route checked who
 * may call, the input, and that the row exists and is the portal's own.
 */
/**
 * Whether a banner with this period shows at `now` (the platform's clock): from `startsAt`
 * (inclusive; none: already) until `endsAt` (exclusive; none: no end). The portal's read
 * (platform/routes/portal.ts) shows visitors only those "showing".
 */
export function bannerShowing(row: { startsAt: Date | null; endsAt: Date | null }, now: Date): BannerShowing {
  if (row.startsAt && now < row.startsAt) return "scheduled";
  if (row.endsAt && now >= row.endsAt) return "ended";
  return "showing";
}

const audited = <T extends { id: number }>(
  db: Db,
  actor: Actor,
  at: Date,
  action: string,
  /** What it acted on: `kind:<id>`, the id of the row the change returns. */
  kind: "banner" | "link" | "conference",
  detail: Record<string, unknown>,
  change: (tx: Db) => Promise<T>,
) => auditedChange(db, { actor, at, action, target: (result) => `${kind}:${result.id}`, detail }, change);

const bannerValues = (input: HomeBannerInput) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

/** The portal's own banner or advert (no conference) with this id. */
const portalBanner = (id: number) => and(eq(banners.id, id), isNull(banners.conferenceId));
const portalLink = (id: number) => and(eq(links.id, id), isNull(links.conferenceId));

export const createHomeBanner = (db: Db, actor: Actor, at: Date, input: HomeBannerInput) =>
  audited(db, actor, at, `home.${input.placement}.create`, "banner", { ...input }, async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ conferenceId: null, ...bannerValues(input) })
      .returning();
    return row;
  });

export const updateHomeBanner = (db: Db, actor: Actor, at: Date, id: number, input: HomeBannerInput) =>
  audited(db, actor, at, `home.${input.placement}.update`, "banner", { ...input }, async (tx) => {
    const [row] = await tx.update(banners).set(bannerValues(input)).where(portalBanner(id)).returning();
    return { ...row, id };
  });

/** Deletes the banner or advert; the audit row keeps what it was. */
export const deleteHomeBanner = (db: Db, actor: Actor, at: Date, row: typeof banners.$inferSelect) =>
  audited(db, actor, at, `home.${row.placement}.delete`, "banner", { ...row }, async (tx) => {
    await tx.delete(banners).where(portalBanner(row.id));
    return { id: row.id };
  });

export const createHomeLink = (db: Db, actor: Actor, at: Date, input: HomeLinkInput) =>
  audited(db, actor, at, "home.link.create", "link", { ...input }, async (tx) => {
    const [row] = await tx
      .insert(links)
      .values({ conferenceId: null, ...input })
      .returning();
    return row;
  });

export const updateHomeLink = (db: Db, actor: Actor, at: Date, id: number, input: HomeLinkInput) =>
  audited(db, actor, at, "home.link.update", "link", { ...input }, async (tx) => {
    const [row] = await tx.update(links).set(input).where(portalLink(id)).returning();
    return { ...row, id };
  });

export const deleteHomeLink = (db: Db, actor: Actor, at: Date, row: typeof links.$inferSelect) =>
  audited(db, actor, at, "home.link.delete", "link", { ...row }, async (tx) => {
    await tx.delete(links).where(portalLink(row.id));
    return { id: row.id };
  });

/** Marks the conference important (listed on the home page while it is published) or takes the mark off. */
export const setImportant = (db: Db, actor: Actor, at: Date, id: number, important: boolean) =>
  audited(db, actor, at, important ? "home.important.mark" : "home.important.unmark", "conference", { important }, async (tx) => {
    await tx.update(conferences).set({ isImportant: important }).where(eq(conferences.id, id));
    return { id, isImportant: important };
  });
