import { and, count, desc, eq, exists, ilike, isNotNull, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { accountLanguageSchema, accountSettingsSchema } from "#contract/schemas/account";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { queryRows } from "../db";
import { accounts, inbox, organizations, researchGroups } from "../db/schema";
import { idParam, ok, page, paging } from "../http";
import { isCertified, publicAccount } from "../services/identity";
import type { Memo } from "../services/memo";
import { requirePlatformAdmin } from "./guards";

export function accountRoutes(deps: PlatformDeps, memo: Memo) {
  const app = new Hono<PlatformEnv>();

  app.get("/account", async (c) => {
    const account = requireAccount(c);
    return ok(c, publicAccount(account, { certification: await isCertified(deps.db, account.id) }));
  });

  /**
   * What every page's header shows of the signed-in account, in one call and one query (issue 16):
   * the account as `GET /account` answers it, its research group's id (or null) and its unread
   * notices and messages, the counts `GET /cms/{kind}/unread` answer. The query's answer is kept
   * per account like the portal's directory data: until this instance answers a write (reading a
   * message, a certification decided, a group founded), a minute at most.
   */
  app.get("/account/shell", async (c) => {
    const account = requireAccount(c);
    const [row] = await memo(`shell:${account.id}`, () =>
      queryRows<{ certified: boolean; group_id: number | null; notices: number; messages: number }>(
        deps.db,
        sql`select
        exists (select 1 from ${organizations} where ${organizations.accountId} = ${account.id} and ${organizations.state} = 'approved') as certified,
        (select ${researchGroups.id} from ${researchGroups} where ${researchGroups.ownerAccountId} = ${account.id} limit 1) as group_id,
        (select count(*)::int from ${inbox} where ${inbox.accountId} = ${account.id} and ${inbox.kind} = 'notice' and ${inbox.readAt} is null) as notices,
        (select count(*)::int from ${inbox} where ${inbox.accountId} = ${account.id} and ${inbox.kind} = 'message' and ${inbox.readAt} is null) as messages`,
      ),
    );
    return ok(c, {
      account: publicAccount(account, { certification: row.certified }),
      groupId: row.group_id,
      noticesUnread: row.notices,
      messagesUnread: row.messages,
    });
  });

  app.put("/account", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, accountSettingsSchema, await readBody(c));
    const [updated] = await deps.db
      .update(accounts)
      .set({
        name: input.name,
        email: input.email ?? null,
        defaultType: input.defaultType,
        ...(input.avatar !== undefined ? { avatar: input.avatar || null } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(accounts.id, account.id))
      .returning();
    return ok(c, publicAccount(updated));
  });

  /** The header's language switch tells the account, so the language chosen is the one the next sign-in brings. */
  app.put("/account/language", async (c) => {
    const account = requireAccount(c);
    const { defaultType } = parse(c, accountLanguageSchema, await readBody(c));
    const [updated] = await deps.db.update(accounts).set({ defaultType, updatedAt: deps.now() }).where(eq(accounts.id, account.id)).returning();
    return ok(c, publicAccount(updated));
  });

  app.get("/account/certification", async (c) => {
    const account = requireAccount(c);
    return ok(c, { has: await isCertified(deps.db, account.id) });
  });

  /**
   * Lists accounts, newest first; only platform administrators may. `keyword` matches a mobile, a
   * name or an institution the account applied to certify; `state` keeps the `disabled` ones or
   * the `admins`. Each row says whether it is disabled and the institution it was certified for.
   */
  app.get("/users", async (c) => {
    requirePlatformAdmin(c);
    const { pageSize, offset } = paging(c);
    const keyword = mobileSearchKeyword((c.req.query("keyword") ?? "").trim()).replace(/[\\%_]/g, "\\$&");
    const like = `%${keyword}%`;
    const state = c.req.query("state");
    const where = and(
      keyword
        ? or(
            ilike(accounts.name, like),
            ilike(accounts.mobile, like),
            exists(
              deps.db
                .select({ one: sql`1` })
                .from(organizations)
                .where(and(eq(organizations.accountId, accounts.id), ilike(organizations.name, like))),
            ),
          )
        : undefined,
      state === "disabled" ? isNotNull(accounts.disabledAt) : state === "admins" ? eq(accounts.isPlatformAdmin, true) : undefined,
    );
    const institution = sql<string | null>`(select ${organizations.name} from ${organizations}
      where ${organizations.accountId} = "accounts"."id" and ${organizations.state} = 'approved' order by ${organizations.id} desc limit 1)`;
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select({ account: accounts, institution }).from(accounts).where(where).orderBy(desc(accounts.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(accounts).where(where),
    ]);
    return page(
      c,
      rows.map((row) => ({
        ...publicAccount(row.account),
        disabled: row.account.disabledAt !== null,
        createdAt: row.account.createdAt,
        institution: row.institution,
      })),
      total,
    );
  });

  /** The research group an account owns (`data.id`), or `data: null`. */
  app.get("/group/by-account/:id", async (c) => {
    requireAccount(c);
    const accountId = idParam(c.req.param("id"));
    const [group] = await deps.db
      .select({ id: researchGroups.id, nameZh: researchGroups.nameZh, nameEn: researchGroups.nameEn })
      .from(researchGroups)
      .where(and(eq(researchGroups.ownerAccountId, accountId)))
      .limit(1);
    return ok(c, group ?? null);
  });

  return app;
}
