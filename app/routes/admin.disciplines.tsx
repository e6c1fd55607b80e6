import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseId } from "#contract/params";
import { categorySchema, majorSchema, mergeSchema } from "#contract/schemas/disciplines";
import { Field } from "~/components/Field";
import { FieldError } from "~/components/FieldError";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent, runIntent } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { type IntentView, intentView } from "~/utils/form-protocol";
import { pick } from "~/utils/format";
import { refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

type Major = { id: number; categoryId: number | null; nameZh: string; nameEn: string; sort: number; conferences: number };
type Category = { id: number; nameZh: string; nameEn: string; sort: number; conferences: number; majors: Major[] };
type Tree = { categories: Category[]; uncategorised: Major[] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** Categories and majors (issue 17): platform administrators only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const [tree, t] = await Promise.all([platformData<Tree>(request, "/admin/disciplines"), i18n.getFixedT(request)]);
  return { title: `${t("admin.disciplines.title")} - ${t("meta.siteName")}`, tree };
}

/**
 * One change per post, named by its intent: `category`, `major` (add), `category-update:<id>`,
 * `major-update:<id>`, `category-merge:<id>`, `major-merge:<id>`. A refusal answers that intent,
 * so only its form shows what was typed and the messages.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const [kind, rawId] = intent.split(":");
  const id = rawId === undefined ? null : parseId(rawId);
  const t = await i18n.getFixedT(request);
  const back = "/admin/disciplines";
  const created = { back, notice: "admin.disciplines.created" };
  const saved = { back, notice: "admin.disciplines.saved" };
  if (kind === "category" && rawId === undefined)
    return runIntent(request, intent, values, {
      schema: categorySchema,
      call: (body) => ({ path: "/admin/category", options: { method: "POST", body } }),
      ...created,
    });
  if (kind === "major" && rawId === undefined)
    return runIntent(request, intent, values, {
      schema: majorSchema,
      call: (body) => ({ path: "/admin/major", options: { method: "POST", body } }),
      ...created,
    });
  if (id !== null && kind === "category-update")
    return runIntent(request, intent, values, {
      schema: categorySchema,
      call: (body) => ({ path: `/admin/category/${id}`, options: { method: "PUT", body } }),
      ...saved,
    });
  if (id !== null && kind === "major-update")
    return runIntent(request, intent, values, {
      schema: majorSchema,
      call: (body) => ({ path: `/admin/major/${id}`, options: { method: "PUT", body } }),
      ...saved,
    });
  if (id !== null && (kind === "category-merge" || kind === "major-merge")) {
    // The notice says how many conferences moved: the answer's count, so not `runIntent`'s fixed notice.
    const submission = parseValues(values, mergeSchema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const options = { method: "POST" as const, body: submission.value };
    const result =
      kind === "category-merge"
        ? await callPlatform<{ conferences: number }>(request, `/admin/category/${id}/merge`, options)
        : await callPlatform<{ conferences: number }>(request, `/admin/major/${id}/merge`, options);
    if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
    throw await redirectWithNotice(request, back, { content: t("admin.disciplines.merged", { conferences: result.data.conferences }), color: "success" });
  }
  throw new Response(t("errors.invalid"), { status: 400 });
}

export default function Disciplines() {
  const { tree } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const categoryChoices: Array<[string, string]> = tree.categories.map((c) => [String(c.id), name(c)]);
  const majorGroups = tree.categories.map((c) => ({ label: name(c), majors: c.majors }));
  const view = (intent: string) => intentView(reply, intent);
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.disciplines.title")}</h1>
      <p className="ui-muted">{t("admin.disciplines.intro")}</p>
      {tree.categories.map((category) => (
        <section key={category.id} className="ui-card ui-stack" aria-labelledby={`category-${category.id}`} data-testid="category">
          <h2 id={`category-${category.id}`} className="ui-section-title">
            {name(category)} <span className="ui-muted">{t("admin.disciplines.conferences", { count: category.conferences })}</span>
          </h2>
          <details open={Boolean(view(`category-update:${category.id}`))}>
            <summary>{t("admin.disciplines.edit")}</summary>
            <NamesForm intent={`category-update:${category.id}`} row={category} view={view(`category-update:${category.id}`)} />
          </details>
          <MergeForm
            intent={`category-merge:${category.id}`}
            label={t("admin.disciplines.mergeCategoryLabel", { name: name(category) })}
            groups={[{ label: "", choices: categoryChoices.filter(([id]) => id !== String(category.id)) }]}
            view={view(`category-merge:${category.id}`)}
          />
          <ul className="ui-stack">
            {category.majors.map((major) => (
              <li key={major.id} data-testid="major">
                <strong>{name(major)}</strong> <span className="ui-muted">{t("admin.disciplines.conferences", { count: major.conferences })}</span>
                <details open={Boolean(view(`major-update:${major.id}`))}>
                  <summary>{t("admin.disciplines.edit")}</summary>
                  <NamesForm intent={`major-update:${major.id}`} row={major} categories={categoryChoices} view={view(`major-update:${major.id}`)} />
                </details>
                <MergeForm
                  intent={`major-merge:${major.id}`}
                  label={t("admin.disciplines.mergeMajorLabel", { name: name(major) })}
                  groups={majorGroups.map((group) => ({
                    label: group.label,
                    choices: group.majors.filter((m) => m.id !== major.id).map((m): [string, string] => [String(m.id), name(m)]),
                  }))}
                  view={view(`major-merge:${major.id}`)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {tree.uncategorised.length > 0 && (
        <section className="ui-card" aria-labelledby="uncategorised">
          <h2 id="uncategorised" className="ui-section-title">
            {t("admin.disciplines.uncategorised")}
          </h2>
          <ul>
            {tree.uncategorised.map((major) => (
              <li key={major.id}>
                {name(major)} <span className="ui-muted">{t("admin.disciplines.conferences", { count: major.conferences })}</span>
                <NamesForm intent={`major-update:${major.id}`} row={major} categories={categoryChoices} view={view(`major-update:${major.id}`)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="ui-card" aria-labelledby="add-category">
        <h2 id="add-category" className="ui-section-title">
          {t("admin.disciplines.addCategory")}
        </h2>
        <NamesForm intent="category" view={view("category")} />
      </section>
      <section className="ui-card" aria-labelledby="add-major">
        <h2 id="add-major" className="ui-section-title">
          {t("admin.disciplines.addMajor")}
        </h2>
        <NamesForm intent="major" categories={categoryChoices} view={view("major")} />
      </section>
    </section>
  );
}

/** Adds or edits a category, or a major when `categories` is given: the names, the order (and the category). */
function NamesForm({
  intent,
  row,
  categories,
  view,
}: {
  intent: string;
  row?: { nameZh: string; nameEn: string; sort: number; categoryId?: number | null };
  categories?: Array<[string, string]>;
  view?: IntentView;
}) {
  const { t } = useTranslation();
  const value = (field: string, fallback: string) => view?.values[field] ?? fallback;
  const key = intent.replace(/[^a-z0-9]/gi, "-");
  return (
    <Form method="post" className="ui-stack" noValidate key={view ? "refused" : "shown"}>
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={view?.formErrors} />
      {categories && (
        <Field id={`${key}-categoryId`} label={t("admin.disciplines.category")} errors={view?.fieldErrors.categoryId}>
          <select className="ui-input" name="categoryId" defaultValue={value("categoryId", String(row?.categoryId ?? ""))}>
            <option value="">{t("admin.disciplines.chooseTarget")}</option>
            {categories.map(([id, text]) => (
              <option key={id} value={id}>
                {text}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={`${key}-nameZh`} label={t("admin.disciplines.nameZh")} errors={view?.fieldErrors.nameZh}>
        <input className="ui-input" name="nameZh" lang="zh-CN" defaultValue={value("nameZh", row?.nameZh ?? "")} />
      </Field>
      <Field id={`${key}-nameEn`} label={t("admin.disciplines.nameEn")} errors={view?.fieldErrors.nameEn}>
        <input className="ui-input" name="nameEn" lang="en" defaultValue={value("nameEn", row?.nameEn ?? "")} />
      </Field>
      <Field id={`${key}-sort`} label={t("admin.disciplines.sort")} errors={view?.fieldErrors.sort}>
        <input className="ui-input" name="sort" inputMode="numeric" defaultValue={value("sort", String(row?.sort ?? 0))} />
      </Field>
      <div>
        <button type="submit" className="ui-button">
          {row ? t("admin.disciplines.save") : intent === "category" ? t("admin.disciplines.addCategory") : t("admin.disciplines.addMajor")}
        </button>
      </div>
    </Form>
  );
}

/** Merges the row into another: the choice of target, grouped (majors by category). */
function MergeForm({
  intent,
  label,
  groups,
  view,
}: {
  intent: string;
  label: string;
  groups: Array<{ label: string; choices: Array<[string, string]> }>;
  view?: IntentView;
}) {
  const { t } = useTranslation();
  const id = `${intent.replace(/[^a-z0-9]/gi, "-")}-into`;
  const options = (choices: Array<[string, string]>) =>
    choices.map(([value, text]) => (
      <option key={value} value={value}>
        {text}
      </option>
    ));
  return (
    <Form method="post" className="ui-stack" noValidate key={view ? "refused" : "shown"}>
      <input type="hidden" name="intent" value={intent} />
      <Field id={id} label={label} errors={[...(view?.formErrors ?? []), ...(view?.fieldErrors.into ?? [])]}>
        <select className="ui-input" name="into" defaultValue={view?.values.into ?? ""}>
          <option value="">{t("admin.disciplines.chooseTarget")}</option>
          {groups.map((group) =>
            group.label ? (
              <optgroup key={group.label} label={group.label}>
                {options(group.choices)}
              </optgroup>
            ) : (
              options(group.choices)
            ),
          )}
        </select>
      </Field>
      <div>
        <button type="submit" className="ui-button-outline">
          {t("admin.disciplines.merge")}
        </button>
      </div>
    </Form>
  );
}
