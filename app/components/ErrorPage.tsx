import { useTranslation } from "react-i18next";
import { UNTRANSLATED_MESSAGES } from "#contract/params";

/** Title by status (spec §2): 401/403 No Permission, 404 The Page Not Found, else System Error. */
export function errorTitleKey(status: number) {
  if (status === 401 || status === 403) return "error.noPermission";
  if (status === 404) return "error.notFoundTitle";
  return "error.systemError";
}

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
    <section className="ui-error-page" data-testid="error-page">
      <p className="ui-error-code">{status}</p>
      <h1 className="ui-error-title">{t(errorTitleKey(status))}</h1>
      <p className="ui-muted">{message && !UNTRANSLATED_MESSAGES.includes(message) ? message : fallback}</p>
      {status === 404 && <p className="ui-muted">{t("error.notFoundDescription")}</p>}
      <a className="ui-button" href="/">
        {t("common.backHome")}
      </a>
    </section>
  );
}
