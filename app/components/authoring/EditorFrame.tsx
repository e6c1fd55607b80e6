import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ManageNav } from "../manage/ManageNav";

/** The frame of the organiser's editor pages: title, links to the other pages, a section index, the sections. */
export function EditorFrame({
  conference,
  title,
  links,
  sections,
  children,
}: {
  /** The conference being edited: the navigation between its manage pages goes on top. */
  conference?: { id: number; name: string };
  title: string;
  /** [to, label] pairs. */
  links: string[][];
  /** [anchor, label] pairs. */
  sections: string[][];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section>
      {conference && <ManageNav id={conference.id} name={conference.name} />}
      <h1 className="ui-page-title">{title}</h1>
      <p className="ui-edit-actions">
        {links.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </p>
      <div className="ui-edit-layout">
        <nav className="ui-edit-nav" aria-label={t("authoring.edit.nav")}>
          {sections.map(([anchor, label]) => (
            <a key={anchor} href={`#${anchor}`}>
              {label}
            </a>
          ))}
        </nav>
        <div>{children}</div>
      </div>
    </section>
  );
}
