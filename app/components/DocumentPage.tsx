import type { Doc } from "~/content/documents";

export function DocumentPage({ doc, updatedLabel }: { doc: Doc; updatedLabel: string }) {
  return (
    <article className="ui-prose">
      <h1 className="ui-page-title">{doc.title}</h1>
      <p className="ui-muted">
        {updatedLabel}: {doc.updated}
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
