import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import type { AttendPayment } from "~/utils/attend";

/**
 * UnionPay's front return: the gateway's page posts its signed fields here from its own
 * origin. A resource route (no page), because Remix refuses cross-origin posts to pages; and
 * open, because a cross-site post carries no SameSite=Lax session cookie. The platform
 * verifies the signature, order and amount; the payer then sees the payment page (a GET,
 * which carries the session again).
 */
export async function loader() {
  return redirect("/attend");
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await i18n.getFixedT(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of await request.formData()) if (typeof value === "string") fields[key] = value;
  const tradeNo = (fields.orderId ?? "").replace(/[^0-9A-Za-z]/g, "").slice(0, 64);
  const result = tradeNo
    ? await callPlatform<AttendPayment & { registrationId: number | null }>(request, `/union/${tradeNo}`, {
        method: "PUT",
        body: fields,
        token: null,
        redirectOn401: false,
      })
    : null;
  if (!result?.ok) return redirectWithNotice(request, "/attend", { content: result?.message || t("payment.errors.gatewayMismatch"), color: "danger" });
  const to = result.data.registrationId ? `/attend/pay/${result.data.registrationId}` : "/attend";
  return redirectWithNotice(request, to, {
    content: t(result.data.state === "paid" ? "attend.paidNote" : "attend.notPaidYet"),
    color: result.data.state === "paid" ? "success" : "info",
  });
}
