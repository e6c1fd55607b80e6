import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { inboxReadSchema } from "#contract/schemas/account";
import { ConfirmForm } from "~/components/ConfirmForm";
import { EmptyState } from "~/components/EmptyState";
import { FieldError } from "~/components/FieldError";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { formValues, parseValues, refuseIntent, rejectIntent } from "~/services/form-protocol.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { replyMessages } from "~/utils/form-protocol";

type InboxItem = { id: number; titleZh: string; titleEn: string; bodyZh: string; bodyEn: string; readAt: string | null; createdAt: string };
const PAGE_SIZE = 20;
const KINDS = ["notices", "messages"] as const;
/** The intent of the page's one kind of post (mark read), for its replies. */
const READ = "read";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The account site's messages page (when this app is its own account site). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const url = new URL(request.url);
  const kind = KINDS.find((k) => k === url.searchParams.get("kind")) ?? "notices";
  const page = parsePage(url.searchParams.get("page"));
  const [items, noticesUnread, messagesUnread] = await Promise.all([
    platformData<Page<InboxItem>>(request, `/cms/${kind}`, { query: { page, pageSize: PAGE_SIZE } }),
    platformData(request, "/cms/notices/unread"),
    platformData(request, "/cms/messages/unread"),
  ]);
  const t = await i18n.getFixedT(request);
  return { title: `${t("account.messagesTitle")} - ${t("meta.siteName")}`, kind, page, items, unread: { notices: noticesUnread, messages: messagesUnread } };
}

/**
 * Marks one item read, or all of a kind once confirmed (ConfirmForm asks first without
 * JavaScript). A forged kind or id is the form protocol's 400 reply, a platform refusal too.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const submission = parseValues(formValues(await request.formData()), inboxReadSchema);
  if (submission.status !== "success") return rejectIntent(READ, submission);
  const { kind, id, confirmed } = submission.value;
  if (id === "all" && !confirmed) return { confirm: "all" as const };
  const result = await callPlatform(request, `/cms/${kind}/${id}/read`, { method: "PUT" });
  if (!result.ok) return refuseIntent(READ, submission, result);
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, `/account/messages?kind=${kind}`, { content: t("account.saved"), color: "success" });
}

export default function Messages() {
  const { kind, page, items, unread } = useLoaderData<typeof loader>();
  const refused = replyMessages(useActionData<typeof action>(), READ);
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const en = language === "en";
  return (
    <section>
      <h1 className="ui-page-title">{t("account.messagesTitle")}</h1>
      <nav className="ui-tabs" aria-label={t("account.messagesTitle")}>
        {KINDS.map((k) => (
          <Link key={k} className="ui-tab" to={`?kind=${k}`} aria-current={kind === k ? "page" : undefined}>
            {t(`account.${k}`)}{" "}
            {unread[k] > 0 && (
              <StatusBadge tone="info" aria-label={t("account.unreadCount", { count: unread[k] })}>
                {unread[k]}
              </StatusBadge>
            )}
          </Link>
        ))}
      </nav>
      <FieldError errors={refused} />
      {unread[kind] > 0 && (
        <ConfirmForm title={t("account.markAllRead")} fields={{ kind, id: "all" }}>
          {t("account.markAllRead")}
        </ConfirmForm>
      )}
      {items.list.length === 0 ? (
        <EmptyState message={t(`account.empty.${kind}`)} action={{ href: "/", label: t("account.emptyNext") }} />
      ) : (
        <ul>
          {items.list.map((item) => (
            <li key={item.id} className="ui-inbox-item" data-unread={!item.readAt}>
              <div style={{ flex: 1 }}>
                <p>
                  {!item.readAt && <StatusBadge tone="info">{t("account.unreadBadge")}</StatusBadge>}{" "}
                  <span {...enteredLang(en && item.titleEn ? item.titleEn : item.titleZh)}>{en && item.titleEn ? item.titleEn : item.titleZh}</span>
                </p>
                <p className="ui-muted" {...enteredLang(en && item.bodyEn ? item.bodyEn : item.bodyZh)}>
                  {en && item.bodyEn ? item.bodyEn : item.bodyZh}
                </p>
                <p className="ui-muted">{new Date(item.createdAt).toLocaleString(en ? "en-GB" : "zh-CN", { timeZone: "Asia/Shanghai" })}</p>
              </div>
              {!item.readAt && (
                <Form method="post">
                  <input type="hidden" name="kind" value={kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className="ui-link-button">
                    {t("account.markRead")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={items.total} />
    </section>
  );
}
