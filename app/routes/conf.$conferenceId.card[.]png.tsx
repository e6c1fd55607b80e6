import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, routeId } from "#contract/params";
import { appNow } from "~/services/clock.server";
import { i18n } from "~/services/i18n.server";
import { type CardFacts, cachedCard, cardContent } from "~/services/og-card.server";
import { callPlatform } from "~/services/platform.server";
import { clientAddress } from "~/services/session.server";

type Info = { info: CardFacts & { isPublish: boolean } };

/**
 * The card image of a conference for shared links (`og:image`, `twitter:image`) when it has no
 * cover: `/conf/{id}/card.png?lang=zh|en&v=…`. The language comes from the address, not the
 * visitor's cookie (a crawler has none), so one address is always one image; `v` only makes a
 * new address when what the card shows changes. A published conference's card may be kept a day
 * by anyone; an unpublished one is its organisers' alone, like its page. Drawing costs CPU, so a
 * client that asks for too many cards not yet drawn is told when to come back (429).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = routeId(params.conferenceId);
  const lang = new URL(request.url).searchParams.get("lang") === "en" ? "en" : "zh";
  const conference = await callPlatform<Info>(request, `/conference/${id}`);
  if (!conference.ok) throw notFound();
  const { info } = conference.data;
  const t = await i18n.getFixedT(lang);
  const card = cachedCard(cardContent(lang, info, t("meta.siteName"), t), clientAddress(request), (await appNow()).getTime());
  if (!card.ok) {
    return new Response(t("errors.cardsBusy", { seconds: card.retryAfterS }), {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(card.retryAfterS), "Cache-Control": "no-store" },
    });
  }
  const png = await card.png;
  return new Response(png, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": info.isPublish ? "public, max-age=86400" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
