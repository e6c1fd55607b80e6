import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/use-translation";
import { ManageNav } from "../manage/ManageNav";

/** The frame of the organiser's editor pages: title, links to the other pages, a section index, the sections. */
export function EditorFrame({
  conference,
  title,
  links: pages,
  sections,
  current,
  children,
}: {
  /** The conference being edited: the navigation between its manage pages goes on top. */
  conference?: { id: number; name: string };
  title: string;
  /** [to, label] pairs. */
  links: string[][];
  /** [anchor, label] pairs: the page's sections; with `current`, each a page of its own (`?section=<anchor>`). */
  sections: string[][];
  /** The section this page shows, when the sections are pages. */
  current?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const links = sections.map(([anchor, label]) =>
    current === undefined ? (
      <a key={anchor} href={`#${anchor}`}>
        {label}
      </a>
    ) : (
      <Link key={anchor} to={`?section=${anchor}`} aria-current={anchor === current ? "page" : undefined}>
        {label}
      </Link>
    ),
  );
  return (
    <section>
      {conference && <ManageNav id={conference.id} name={conference.name} />}
      <h1 className="ui-page-title">{title}</h1>
      <p className="ui-edit-actions">
        {pages.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </p>
      <div className="ui-edit-layout">
        {/* On a laptop the sections are a column beside the form; on a phone they fold into one
            disclosure under the manage pages' bar (a <details>: it opens without JavaScript).
            Only one of the two is displayed at a width. */}
        <nav className="ui-edit-nav" aria-label={t("authoring.edit.nav")}>
          {links}
        </nav>
        {/* A section picked from it (a page of its own) opens with the disclosure folded, as it does
            without JavaScript: keyed on the section, with JavaScript the new page's is a new element. */}
        <details key={current} className="ui-edit-jump">
          <summary className="ui-edit-jump-summary">{t("authoring.edit.jump")}</summary>
          <nav aria-label={t("authoring.edit.nav")}>{links}</nav>
        </details>
        <div className="ui-edit-body">{children}</div>
      </div>
    </section>
  );
}
