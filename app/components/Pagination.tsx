import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/use-translation";

/** Previous / next as plain links keeping the other query parameters. */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const href = (p: number) => {
    const query = new URLSearchParams(location.search);
    query.set("page", String(p));
    return `${location.pathname}?${query}`;
  };
  return (
    <nav className="ui-pagination" aria-label={t("common.pagination")}>
      {page > 1 ? (
        <Link className="ui-link" to={href(page - 1)} rel="prev">
          {t("common.previous")}
        </Link>
      ) : (
        <span className="ui-muted">{t("common.previous")}</span>
      )}
      <span>{t("common.pageOf", { page, pages, total })}</span>
      {page < pages ? (
        <Link className="ui-link" to={href(page + 1)} rel="next">
          {t("common.next")}
        </Link>
      ) : (
        <span className="ui-muted">{t("common.next")}</span>
      )}
    </nav>
  );
}
