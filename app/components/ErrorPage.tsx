import { UNTRANSLATED_MESSAGES } from "#contract/refusal-messages";
import { useTranslation } from "~/use-translation";

/** Title by status (spec §2): 401/403 No Permission, 404 The Page Not Found, else System Error. */
export function errorTitleKey(status: number) {
  if (status === 401 || status === 403) return "error.noPermission";
  if (status === 404) return "error.notFoundTitle";
  return "error.systemError";
}

/** The error page: what happened, then where to go next (a 404 also offers the search). */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const fallback =
    status === 404
      ? t("error.pageNotFound")
      : status === 401 || status === 403
        ? t("error.noPermissionDescription")
        : status === 400
          ? t("error.badRequestDescription")
          : t("error.systemErrorDescription");
  return (
    <section className="ui-error-page" data-testid="error-page" aria-labelledby="error-title">
      <p className="ui-error-code">{status}</p>
      <h1 className="ui-error-title" id="error-title">
        {t(errorTitleKey(status))}
      </h1>
      <p>{message && !UNTRANSLATED_MESSAGES.includes(message) ? message : fallback}</p>
      {status === 404 && (
        <>
          <p className="ui-muted">{t("error.nextSteps")}</p>
          {/* A plain GET: the search works from here with or without JavaScript. */}
          <form className="ui-input-group ui-error-search" role="search" action="/search" method="get" aria-label={t("error.search")}>
            <input
              className="ui-input"
              type="search"
              name="keyword"
              aria-label={t("header.search")}
              placeholder={t("header.searchPlaceholder")}
              maxLength={100}
            />
            <button type="submit" className="ui-button-outline">
              {t("header.search")}
            </button>
          </form>
        </>
      )}
      <a className="ui-button" href="/">
        {t("common.backHome")}
      </a>
    </section>
  );
}
