import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import QRCode from "qrcode";
import { z } from "zod";
import { characteristicSchema, hotelRoomStockSchema, lightQrcodeSchema, tagsSchema } from "#contract/schemas/conference";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import {
  branches,
  conferenceFiles,
  conferences,
  fees,
  forums,
  hotelRooms,
  hotels,
  identities,
  papers,
  sponsors,
  strategies,
  tags,
  vipLevels,
} from "../db/schema";
import { fail, idParam, ok, page } from "../http";
import { canManageConference } from "../services/access";
import { replaceTags, setRoomStock, updateConference } from "../services/authoring";
import { requireManager } from "./guards";

/**
 * Calls spec §7 names that had no route of their own (issue 15, decision 037): the reads of a
 * conference's lists under their own names, tags and characteristics, the forums of the home
 * page, a sponsor by id, a submission's file, a room's stock and the conference's QR code.
 *
 * Lists a conference page shows (identities, strategies, fees, branches, hotels, tags,
 * characteristics, home forums) are open as the page is: anyone for a published conference,
 * only its organisers before. What only the editor needs (VIP levels, every room with its
 * stock, the domain request) is for the conference's organisers; anyone else gets a 404.
 */
export function specReadRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** The conference named by `raw` when the caller may see its page; 404 otherwise. */
  async function visible(c: Ctx, raw: string | undefined) {
    const id = idParam(raw);
    const [row] = await db.select({ isPublish: conferences.isPublish }).from(conferences).where(eq(conferences.id, id)).limit(1);
    if (!row) fail(404, "errors.notFound");
    if (!row.isPublish && !(await canManageConference(db, c.get("account"), id))) fail(404, "errors.notFound");
    return id;
  }

  /** The conference named by `raw` when the caller is one of its organisers: 401 signed out, 404 otherwise. */
  async function managed(c: Ctx, raw: string | undefined) {
    const id = idParam(raw);
    const account = await requireManager(db, c, id);
    return { id, account };
  }

  const list = <T>(c: Ctx, rows: T[]) => page(c, rows, rows.length);
  const conferenceOf = (c: Ctx) => c.req.query("conferenceId");

  // ─── Lists of a conference page, under the spec's names ─────────────────────────────

  app.get("/identity", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(
      c,
      await db
        .select({ id: identities.id, nameZh: identities.nameZh, nameEn: identities.nameEn, sort: identities.sort })
        .from(identities)
        .where(eq(identities.conferenceId, id))
        .orderBy(asc(identities.sort), asc(identities.id)),
    );
  });

  app.get("/strategy", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(c, await db.select().from(strategies).where(eq(strategies.conferenceId, id)).orderBy(asc(strategies.sort), asc(strategies.id)));
  });

  app.get("/fee", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(
      c,
      await db
        .select({ id: fees.id, identityId: fees.identityId, strategyId: fees.strategyId, priceFen: fees.priceFen, unit: fees.unit })
        .from(fees)
        .where(eq(fees.conferenceId, id))
        .orderBy(asc(fees.identityId), asc(fees.strategyId)),
    );
  });

  app.get("/branch", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(c, await db.select().from(branches).where(eq(branches.conferenceId, id)).orderBy(asc(branches.sort), asc(branches.id)));
  });

  app.get("/hotel", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(c, await db.select().from(hotels).where(eq(hotels.conferenceId, id)).orderBy(asc(hotels.sort), asc(hotels.id)));
  });

  /** The forums of the conference's home page, each under its branch (none: the main venue). */
  app.get("/home-forum/:conferenceId", async (c) => {
    const id = await visible(c, c.req.param("conferenceId"));
    const [branchRows, forumRows] = await Promise.all([
      db
        .select({ id: branches.id, nameZh: branches.nameZh, nameEn: branches.nameEn })
        .from(branches)
        .where(eq(branches.conferenceId, id))
        .orderBy(asc(branches.sort), asc(branches.id)),
      db
        .select({ id: forums.id, branchId: forums.branchId, nameZh: forums.nameZh, nameEn: forums.nameEn })
        .from(forums)
        .where(eq(forums.conferenceId, id))
        .orderBy(asc(forums.sort), asc(forums.id)),
    ]);
    return list(
      c,
      forumRows.map((forum) => ({ ...forum, branch: branchRows.find((branch) => branch.id === forum.branchId) ?? null })),
    );
  });

  app.get("/tag", async (c) => {
    const id = await visible(c, conferenceOf(c));
    return list(c, await db.select({ id: tags.id, name: tags.name, value: tags.value }).from(tags).where(eq(tags.conferenceId, id)).orderBy(asc(tags.id)));
  });

  /** Replaces the conference's tags (name and the organiser's value) with the list sent. */
  app.put("/tag", async (c) => {
    const body = await readBody(c);
    const { id, account } = await managed(c, String((body as { conferenceId?: unknown })?.conferenceId ?? ""));
    const input = parse(c, tagsSchema, body);
    return list(c, await replaceTags(deps, account, { conferenceId: id, tags: input.tags }));
  });

  app.get("/characteristic", async (c) => {
    const id = await visible(c, conferenceOf(c));
    const [row] = await db.select({ characteristic: conferences.characteristic }).from(conferences).where(eq(conferences.id, id));
    return ok(c, { conferenceId: id, characteristic: row.characteristic });
  });

  /** Sets the conference's characteristics (EI, Scopus, …), shown beside its tags. */
  app.put("/characteristic", async (c) => {
    const body = await readBody(c);
    const { id, account } = await managed(c, String((body as { conferenceId?: unknown })?.conferenceId ?? ""));
    const { characteristic } = parse(c, characteristicSchema, body);
    await updateConference(deps, account, { conferenceId: id, action: "characteristic.set", values: { characteristic }, detail: { characteristic } });
    return ok(c, { conferenceId: id, characteristic });
  });

  // ─── What only the conference's organisers read ─────────────────────────────────────

  app.get("/level", async (c) => {
    const { id } = await managed(c, conferenceOf(c));
    return list(c, await db.select().from(vipLevels).where(eq(vipLevels.conferenceId, id)).orderBy(asc(vipLevels.sort), asc(vipLevels.id)));
  });

  app.get("/level/:id{[0-9]+}", async (c) => {
    requireAccount(c);
    const [row] = await db
      .select()
      .from(vipLevels)
      .where(eq(vipLevels.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    await managed(c, String(row.conferenceId));
    return ok(c, row);
  });

  /** Every room (shown or not) with its stock; by `hotelId`, or all of a conference's by `conferenceId`. */
  app.get("/hotel-room", async (c) => {
    requireAccount(c);
    let where: SQL;
    if (c.req.query("hotelId") !== undefined) {
      const [hotel] = await db
        .select({ conferenceId: hotels.conferenceId })
        .from(hotels)
        .where(eq(hotels.id, idParam(c.req.query("hotelId"))))
        .limit(1);
      if (!hotel) fail(404, "errors.notFound");
      await managed(c, String(hotel.conferenceId));
      where = eq(hotelRooms.hotelId, idParam(c.req.query("hotelId")));
    } else {
      const { id } = await managed(c, conferenceOf(c));
      where = inArray(hotelRooms.hotelId, db.select({ id: hotels.id }).from(hotels).where(eq(hotels.conferenceId, id)));
    }
    return list(c, await db.select().from(hotelRooms).where(where).orderBy(asc(hotelRooms.hotelId), asc(hotelRooms.priceFen), asc(hotelRooms.id)));
  });

  /** A room's stock (rooms left to book), changed from the room list without the whole form. */
  app.patch("/hotel-room/:id{[0-9]+}", async (c) => {
    requireAccount(c);
    const roomId = idParam(c.req.param("id"));
    const [room] = await db
      .select({ conferenceId: hotels.conferenceId })
      .from(hotelRooms)
      .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
      .where(eq(hotelRooms.id, roomId))
      .limit(1);
    if (!room) fail(404, "errors.notFound");
    const { id: conferenceId, account } = await managed(c, String(room.conferenceId));
    const { inventory } = parse(c, hotelRoomStockSchema, await readBody(c));
    await setRoomStock(deps, account, { conferenceId, roomId, inventory });
    return ok(c, { id: roomId, inventory });
  });

  /** The conference's own host name and where its review stands (decision 029). */
  app.get("/domain/:id{[0-9]+}", async (c) => {
    const { id } = await managed(c, c.req.param("id"));
    const [row] = await db
      .select({ domain: conferences.domain, domainState: conferences.domainState, domainReason: conferences.domainReason })
      .from(conferences)
      .where(eq(conferences.id, id));
    return ok(c, { id, ...row });
  });

  /** A QR code (SVG) of the conference's page: its approved host name, else its page on the platform's host. */
  app.post("/conference/lightQrcode", async (c) => {
    requireAccount(c);
    const { conferenceId } = parse(c, lightQrcodeSchema, await readBody(c));
    const { id } = await managed(c, String(conferenceId));
    const [row] = await db.select({ domain: conferences.domain, domainState: conferences.domainState }).from(conferences).where(eq(conferences.id, id));
    const platformHost = deps.platformHosts?.[0];
    const url = row.domain && row.domainState === "approved" ? `https://${row.domain}/` : platformHost ? `https://${platformHost}/${id}` : `/${id}`;
    const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
    return ok(c, { conferenceId: id, url, svg });
  });

  // ─── Sponsors by id, a submission's file ────────────────────────────────────────────

  /** The caller's own sponsor and exhibitor applications, newest first; `conferenceId` narrows. */
  app.get("/sponsor", async (c) => {
    const account = requireAccount(c);
    const conferenceId = conferenceOf(c) === undefined ? undefined : idParam(conferenceOf(c));
    const rows = await db
      .select()
      .from(sponsors)
      .where(and(eq(sponsors.accountId, account.id), conferenceId ? eq(sponsors.conferenceId, conferenceId) : undefined))
      .orderBy(desc(sponsors.id))
      .limit(200);
    return list(c, rows);
  });

  /** One sponsor: to its applicant and to the conference's organisers; 404 to anyone else. */
  const sponsorById = async (c: Ctx) => {
    const account = requireAccount(c);
    const [row] = await db
      .select()
      .from(sponsors)
      .where(eq(sponsors.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row || (row.accountId !== account.id && !(await canManageConference(db, account, row.conferenceId)))) fail(404, "errors.notFound");
    return ok(c, row);
  };
  app.get("/sponsor/:id{[0-9]+}", sponsorById);
  app.get("/sponsor/getSponsorById/:id{[0-9]+}", sponsorById);

  /** A submitted paper's (`kind=issue`) or file's (`kind=file`) upload: to its submitter and the conference's organisers. */
  app.get("/download", async (c) => {
    const account = requireAccount(c);
    const { kind, id } = parse(c, downloadQuery, { kind: c.req.query("kind"), id: c.req.query("id") });
    const [row] =
      kind === "issue"
        ? await db
            .select({ conferenceId: papers.conferenceId, accountId: papers.accountId, uploadKey: papers.uploadKey, name: papers.title })
            .from(papers)
            .where(eq(papers.id, id))
            .limit(1)
        : await db
            .select({
              conferenceId: conferenceFiles.conferenceId,
              accountId: conferenceFiles.accountId,
              uploadKey: conferenceFiles.uploadKey,
              name: conferenceFiles.name,
            })
            .from(conferenceFiles)
            .where(eq(conferenceFiles.id, id))
            .limit(1);
    if (!row || (row.accountId !== account.id && !(await canManageConference(db, account, row.conferenceId)))) fail(404, "errors.notFound");
    return ok(c, { kind, id, name: row.name, key: row.uploadKey, url: `/api/cms/files/${row.uploadKey}` });
  });

  return app;
}

const downloadQuery = z.object({
  kind: z.enum(["issue", "file"], { error: "errors.invalid" }),
  id: z.coerce.number({ error: "errors.invalid" }).int("errors.invalid").min(1, "errors.invalid").max(2_147_483_647, "errors.invalid"),
});
