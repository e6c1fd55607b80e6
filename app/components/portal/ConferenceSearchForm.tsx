import { Form } from "@remix-run/react";
import { useTranslation } from "~/use-translation";

/** The conference search (a GET of /search): the home page's hero and the search page's own. */
export function ConferenceSearchForm({ id, keyword, className }: { id: string; keyword?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      action="/search"
      className={className ? `ui-portal-search-form ${className}` : "ui-portal-search-form"}
      role="search"
      aria-label={t("portal.search.label")}
    >
      <label className="ui-visually-hidden" htmlFor={id}>
        {t("portal.search.label")}
      </label>
      <input
        id={id}
        className="ui-input"
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder={t("header.searchPlaceholder")}
        maxLength={100}
        enterKeyHint="search"
      />
      <button className="ui-button" type="submit">
        {t("header.search")}
      </button>
    </Form>
  );
}
