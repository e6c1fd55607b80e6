import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/use-translation";

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

/**
 * The navigation between the manage pages of conference `id`; the current page is marked. On a
 * phone it is one line that scrolls sideways; with JavaScript the current page is scrolled into it.
 */
export function ManageNav({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // Once per page, not on every render: a strip the user has scrolled stays where they left it.
  const { pathname } = useLocation();
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>("[aria-current=page]");
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const [box, link] = [strip.getBoundingClientRect(), current.getBoundingClientRect()];
    strip.scrollLeft += link.left - box.left - (box.width - link.width) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} className="ui-manage-nav" aria-label={t("manageNav.label", { name })}>
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
