import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentPage } from "~/components/DocumentPage";
import { documents } from "~/content/documents";
import { publicPageHeaders } from "~/services/cache.server";
import { getLang } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.doc.title ?? "" }, { name: "description", content: data?.doc.sections[0]?.paragraphs[0] ?? "" }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  return data({ doc: documents.help[getLang(request).lang] }, { headers: publicPageHeaders(request, 3600) });
}

export default function Page() {
  const { doc } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <DocumentPage doc={doc} updatedLabel={t("common.updated")} />;
}
