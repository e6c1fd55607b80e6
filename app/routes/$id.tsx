import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOT_FOUND_MESSAGE } from "~/components/ErrorPage";
import { publicPageHeaders } from "~/services/cache.server";
import { callPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { formatDay, pick } from "~/utils/format";

type ConferenceInfo = {
  info: {
    id: number;
    nameZh: string;
    nameEn: string;
    startDate: string;
    endDate: string;
    cityZh: string;
    cityEn: string;
    addressZh: string;
    addressEn: string;
    hostZh: string;
    hostEn: string;
    summaryZh: string;
    summaryEn: string;
    isPublish: boolean;
  };
  category: { nameZh: string; nameEn: string } | null;
  major: { nameZh: string; nameEn: string } | null;
  canManage: boolean;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  return [
    { title: data.title },
    { name: "description", content: data.description },
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    { property: "og:type", content: "website" },
  ];
};
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The conference page (`/{id}`); unpublished ones exist only for their organisers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!/^\d{1,10}$/.test(id)) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
  const result = await callPlatform<ConferenceInfo>(request, `/conference/${id}`);
  if (!result.ok) throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
  const { lang } = getLang(request);
  const conference = result.data;
  return data(
    {
      conference,
      title: pick(lang, conference.info.nameZh, conference.info.nameEn),
      description: pick(lang, conference.info.summaryZh, conference.info.summaryEn).slice(0, 160),
    },
    { headers: conference.info.isPublish ? publicPageHeaders(request) : { "Cache-Control": "private, no-store" } },
  );
}

export default function ConferencePage() {
  const { conference } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { info } = conference;
  return (
    <article>
      {!info.isPublish && <p className="ui-banner">{t("conference.notPublishedBanner")}</p>}
      <h1 className="ui-page-title">{pick(lang, info.nameZh, info.nameEn)}</h1>
      <dl className="ui-stack">
        <div>
          <dt className="ui-label">{t("conference.dates")}</dt>
          <dd>{t("home.dates", { start: formatDay(lang, info.startDate), end: formatDay(lang, info.endDate) })}</dd>
        </div>
        <div>
          <dt className="ui-label">{t("conference.venue")}</dt>
          <dd>
            {pick(lang, info.cityZh, info.cityEn)} {pick(lang, info.addressZh, info.addressEn)}
          </dd>
        </div>
        <div>
          <dt className="ui-label">{t("conference.host")}</dt>
          <dd>{pick(lang, info.hostZh, info.hostEn)}</dd>
        </div>
        {conference.major && (
          <div>
            <dt className="ui-label">{t("conference.major")}</dt>
            <dd>{pick(lang, conference.major.nameZh, conference.major.nameEn)}</dd>
          </div>
        )}
      </dl>
      <p className="ui-prose">{pick(lang, info.summaryZh, info.summaryEn)}</p>
      <p style={{ marginTop: 24 }}>
        <Link className="ui-button" to={`/attend/${info.id}`}>
          {t("conference.register")}
        </Link>
      </p>
    </article>
  );
}
