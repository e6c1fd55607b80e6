import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Every organiser page of one conference, in the order of the conference's life. */
const PAGES = [
  "edit",
  "signup",
  "applicant",
  "payment",
  "hotel",
  "viewPaper",
  "viewExhibitors",
  "viewSubscribe",
  "formSign",
  "checkin",
  "scan",
  "statistics",
  "report",
] as const;

export type ManagePage = (typeof PAGES)[number];

/** The navigation between the manage pages of conference `id`; the current page is marked. */
export function ManageNav({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  return (
    <nav className="ui-manage-nav" aria-label={t("manageNav.label", { name })}>
      <NavLink to="/manage" end>
        {t("manageNav.all")}
      </NavLink>
      {PAGES.map((page) => (
        <NavLink key={page} to={`/manage/${page}/${id}`} prefetch="intent">
          {t(`manageNav.${page}`)}
        </NavLink>
      ))}
    </nav>
  );
}
