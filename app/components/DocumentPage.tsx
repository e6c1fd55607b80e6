import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Doc } from "~/content/documents";
import { useTranslation } from "~/use-translation";

export const documentMeta: MetaFunction = ({ data }) => {
  const doc = (data as { doc?: Doc } | undefined)?.doc;
  return [{ title: doc?.title ?? "" }, { name: "description", content: doc?.sections[0]?.paragraphs[0] ?? "" }];
};
export const documentHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A document page (agreement, privacy, help) from its route's loader data. */
export function DocumentPage() {
  const { doc } = useLoaderData<{ doc: Doc }>();
  const { t } = useTranslation();
  return (
    <article className="ui-prose">
      <h1 className="ui-page-title">{doc.title}</h1>
      <p className="ui-muted">
        {t("common.updated")}: {doc.updated}
      </p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
