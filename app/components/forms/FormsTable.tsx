import { Link } from "@remix-run/react";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { type FormListRow, formPath } from "~/utils/forms";

/**
 * A table of forms with their state, answer count and what the reader may do: "my forms"
 * (with my role in each) and a conference's forms on /manage/formSign (with the export).
 */
export function FormsTable({
  list,
  lang,
  testId,
  withRole,
  withExport,
}: {
  list: FormListRow[];
  lang: string;
  testId: string;
  withRole?: boolean;
  withExport?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="ui-edit-table-wrap">
      <table className="ui-table ui-frm-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("forms.mine.name")}</th>
            <th scope="col">{t("forms.mine.state")}</th>
            <th scope="col">{t("forms.mine.answers")}</th>
            {withRole && <th scope="col">{t("forms.mine.role")}</th>}
            <th scope="col">{t("forms.mine.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => {
            const title = pick(lang, row.titleZh, row.titleEn);
            return (
              <tr key={row.id} data-form={row.id}>
                <td {...enteredLang(title)}>{row.isTemplate ? title : <Link to={formPath.detail(row.id)}>{title}</Link>}</td>
                <td>{row.isTemplate ? t("forms.mine.template") : t(`forms.states.${row.state ?? "open"}`)}</td>
                <td>{row.isTemplate ? "—" : row.answers}</td>
                {withRole && <td>{t(`forms.roles.${row.role}`)}</td>}
                <td>
                  <div className="ui-edit-actions">
                    {!row.isTemplate && (
                      <Link to={formPath.answers(row.id)}>
                        <NamedControl shown={t("forms.formSign.answers")} name={t("forms.formSign.answersLabel", { title: ENTERED })} entered={title} />
                      </Link>
                    )}
                    {withExport && (
                      <a href={formPath.export(row.id)} download>
                        <NamedControl shown={t("forms.formSign.export")} name={t("forms.formSign.exportLabel", { title: ENTERED })} entered={title} />
                      </a>
                    )}
                    {row.role === "owner" && (
                      <Link to={formPath.edit(row.id)}>
                        <NamedControl shown={t("forms.formSign.edit")} name={t("forms.formSign.editLabel", { title: ENTERED })} entered={title} />
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
