import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import type { PortalFacets, PortalFilterValues } from "./types";

/**
 * `path` with the current query changed: `null` removes a parameter. The page number always
 * starts again, since a changed filter gives another list.
 */
export function filterHref(path: string, current: URLSearchParams, changes: Record<string, string | null>) {
  const query = new URLSearchParams(current);
  query.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") query.delete(key);
    else query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

type Props = {
  facets: PortalFacets;
  values: PortalFilterValues;
  /** Where the form goes (a GET): the page itself. */
  action: string;
  /** Query values the form keeps as they are (e.g. `when`, `month`). */
  keep?: Record<string, string>;
  /** The category as a select (the calendar); the home offers it as links instead. */
  categorySelect?: boolean;
  /** The start-date range (the home). */
  dates?: boolean;
  /** The calendar's month field. */
  month?: string;
};

/** The list filters as one GET form: it works the same with and without JavaScript. */
export function PortalFilters({ facets, values, action, keep = {}, categorySelect = false, dates = false, month }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = useId();
  const selectedCategory = facets.categories.find((c) => String(c.id) === values.categoryId);
  // The city may come in either language; the form always sends the Chinese name.
  // No city chosen must not match a conference whose English city was left empty.
  const selectedCity = values.city ? (facets.cities.find((c) => c.cityZh === values.city || c.cityEn === values.city)?.cityZh ?? "") : "";
  const majorGroups = selectedCategory && !categorySelect ? [selectedCategory] : facets.categories;

  return (
    <Form method="get" action={action} className="ui-portal-filters" aria-labelledby={`${id}-title`} data-testid="filters">
      <h2 id={`${id}-title`} className="ui-visually-hidden">
        {t("portal.filters.title")}
      </h2>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {!categorySelect && values.categoryId && <input type="hidden" name="categoryId" value={values.categoryId} />}
      {month !== undefined && (
        <label className="ui-field ui-portal-filter">
          <span className="ui-label">{t("portal.schedule.monthLabel")}</span>
          <input className="ui-input" type="month" name="month" defaultValue={month} min="1900-01" max="2999-12" />
        </label>
      )}
      {categorySelect && (
        <label className="ui-field ui-portal-filter">
          <span className="ui-label">{t("portal.filters.category")}</span>
          <select className="ui-input" name="categoryId" defaultValue={values.categoryId}>
            <option value="">{t("portal.filters.allCategories")}</option>
            {facets.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {pick(lang, c.nameZh, c.nameEn)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="ui-field ui-portal-filter">
        <span className="ui-label">{t("portal.filters.major")}</span>
        <select className="ui-input" name="majorId" defaultValue={values.majorId}>
          <option value="">{t("portal.filters.allMajors")}</option>
          {majorGroups.length === 1
            ? majorGroups[0].majors.map((m) => (
                <option key={m.id} value={m.id}>
                  {pick(lang, m.nameZh, m.nameEn)}
                </option>
              ))
            : majorGroups.map((c) => (
                <optgroup key={c.id} label={pick(lang, c.nameZh, c.nameEn)}>
                  {c.majors.map((m) => (
                    <option key={m.id} value={m.id}>
                      {pick(lang, m.nameZh, m.nameEn)}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
      </label>
      <label className="ui-field ui-portal-filter">
        <span className="ui-label">{t("portal.filters.city")}</span>
        <select className="ui-input" name="city" defaultValue={selectedCity} data-testid="city-filter">
          <option value="">{t("portal.filters.allCities")}</option>
          {facets.cities.map((c) => (
            <option key={c.cityZh} value={c.cityZh}>
              {t("portal.filters.cityOption", { city: pick(lang, c.cityZh, c.cityEn), total: c.total })}
            </option>
          ))}
        </select>
      </label>
      {dates && (
        <>
          <label className="ui-field ui-portal-filter">
            <span className="ui-label">{t("portal.filters.from")}</span>
            <input className="ui-input" type="date" name="from" defaultValue={values.from} min="1900-01-01" max="2999-12-31" aria-describedby={`${id}-dates`} />
          </label>
          <label className="ui-field ui-portal-filter">
            <span className="ui-label">{t("portal.filters.to")}</span>
            <input className="ui-input" type="date" name="to" defaultValue={values.to} min="1900-01-01" max="2999-12-31" aria-describedby={`${id}-dates`} />
          </label>
        </>
      )}
      <div className="ui-portal-filter-actions">
        <button className="ui-button" type="submit">
          {t("portal.filters.apply")}
        </button>
        <Link className="ui-link-button" to={action}>
          {t("portal.filters.clear")}
        </Link>
      </div>
      {dates && (
        <p id={`${id}-dates`} className="ui-field-help ui-portal-filter-hint">
          {t("portal.filters.dateHint")}
        </p>
      )}
    </Form>
  );
}
