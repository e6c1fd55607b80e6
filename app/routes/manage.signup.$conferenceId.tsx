import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { routeId } from "#contract/params";
import {
  couponSchema,
  feeSchema,
  FIELD_TYPES,
  formFieldSchema,
  identitySchema,
  registrationSettingsSchema,
  strategySchema,
  vipLevelSchema,
} from "#contract/schemas/conference";
import { EditorFrame } from "~/components/authoring/EditorFrame";
import { IntentForm } from "~/components/authoring/IntentForm";
import { RowList } from "~/components/authoring/RowList";
import { chinaLocal, type EditorPart, type EditorRows, type EditorView, showMoment } from "~/components/authoring/types";
import { Entered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { loadEditor, rowIntents, runTable } from "~/services/authoring.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The row lists this page shows. */
const SIGNUP_PARTS = ["identities", "strategies", "fees", "vipLevels", "coupons", "fields"] as const satisfies readonly EditorPart[];
type SignupPart = (typeof SIGNUP_PARTS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = routeId(params.conferenceId);
  const editor = await loadEditor<SignupPart>(request, id, SIGNUP_PARTS);
  const t = await i18n.getFixedT(request);
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  return { title: `${t("authoring.signup.title", { name: pick(lang, editor.conference.nameZh, editor.conference.nameEn) })} - ${t("meta.siteName")}`, editor };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccount(request);
  const id = routeId(params.conferenceId);
  return runTable(request, id, await request.formData(), {
    ...rowIntents("identity", identitySchema, "/identity"),
    ...rowIntents("strategy", strategySchema, "/strategy"),
    fee: { schema: feeSchema, method: "PUT", path: () => "/fee" },
    ...rowIntents("vip", vipLevelSchema, "/level"),
    ...rowIntents("coupon", couponSchema, "/coupon"),
    settings: { schema: registrationSettingsSchema, method: "PUT", path: (_v, conferenceId) => `/registration/settings/${conferenceId}` },
    ...rowIntents("field", formFieldSchema, "/registration/field"),
  });
}

type Editor = EditorView & Pick<EditorRows, SignupPart>;
type Named = { id: number; nameZh: string; nameEn: string };
/** Fen as the yuan an organiser types ("800.50"). */
const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Fen in the unit the organiser typed the fee in (yuan "800.50", jiao "8005.0", fen "80050"), so saving it again keeps both. */
const inUnit = (fen: number, unit: string) => (unit === "2" ? String(fen) : unit === "1" ? (fen / 10).toFixed(1) : yuan(fen));

export default function Signup() {
  const { editor } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { conference } = editor;
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const nameFields = (zh: string, en: string) => (row?: Named) => [
    { name: "nameZh", label: t(zh), required: true, defaultValue: row?.nameZh },
    { name: "nameEn", label: t(en), defaultValue: row?.nameEn },
  ];
  const sections = [
    ["identities", t("authoring.signup.identities")],
    ["strategies", t("authoring.signup.strategies")],
    ["fees", t("authoring.signup.fees")],
    ["vip", t("authoring.signup.vip")],
    ["coupons", t("authoring.signup.coupons")],
    ["settings", t("authoring.signup.settings")],
    ["fields", t("authoring.signup.fields")],
  ];
  const section = (id: string, children: ReactNode) => (
    <section id={id} className="ui-edit-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-edit-section-title">
        {t(`authoring.signup.${id}`)}
      </h2>
      {children}
    </section>
  );
  const rowBasics = { rowId: (row: { id: number }) => row.id, name: named };
  return (
    <EditorFrame
      conference={{ id: conference.id, name }}
      title={t("authoring.signup.title", { name })}
      links={[
        ["/manage", t("authoring.edit.back")],
        [`/manage/edit/${conference.id}`, t("authoring.manage.edit")],
      ]}
      sections={sections}
    >
      {section(
        "identities",
        <RowList
          kind="identity"
          schema={identitySchema}
          rows={editor.identities}
          {...rowBasics}
          summary={(row) => <Entered text={named(row)} />}
          fields={nameFields("authoring.signup.identityName", "authoring.signup.identityNameEn")}
          testId="identity-list"
          add={{ submit: t("authoring.signup.addIdentity") }}
        />,
      )}
      {section(
        "strategies",
        <RowList
          kind="strategy"
          schema={strategySchema}
          rows={editor.strategies}
          {...rowBasics}
          summary={(row) => (
            <>
              <Entered text={named(row)} /> · {showMoment(row.startsAt)} – {showMoment(row.endsAt)}
            </>
          )}
          fields={(row) => [
            ...nameFields("authoring.signup.strategyName", "authoring.signup.strategyNameEn")(row),
            { name: "startsAt", label: t("authoring.edit.startsAt"), type: "datetime-local", required: true, defaultValue: chinaLocal(row?.startsAt) },
            { name: "endsAt", label: t("authoring.edit.endsAt"), type: "datetime-local", required: true, defaultValue: chinaLocal(row?.endsAt) },
          ]}
          testId="strategy-list"
          add={{ submit: t("authoring.signup.addStrategy") }}
        />,
      )}
      {section("fees", <FeeTable editor={editor} named={named} />)}
      {section(
        "vip",
        <RowList
          kind="vip"
          schema={vipLevelSchema}
          rows={editor.vipLevels}
          {...rowBasics}
          summary={(row) => <Entered text={named(row)} />}
          fields={nameFields("authoring.signup.vipName", "authoring.signup.vipNameEn")}
          add={{ submit: t("authoring.signup.addVip") }}
        />,
      )}
      {section(
        "coupons",
        <RowList
          kind="coupon"
          schema={couponSchema}
          rows={editor.coupons}
          rowId={(row) => row.id}
          name={(row) => row.code}
          summary={(row) => (
            <>
              <strong>{row.code}</strong> · {row.kind === "amount" ? formatMoney(row.value) : `${row.value}%`} ·{" "}
              {t("authoring.signup.used", { used: row.used, limit: row.useLimit ?? t("authoring.signup.unlimited") })}
              {row.startsAt || row.endsAt ? ` · ${showMoment(row.startsAt)} – ${showMoment(row.endsAt)}` : ""}
            </>
          )}
          fields={(row) => [
            { name: "code", label: t("authoring.signup.code"), required: true, defaultValue: row?.code },
            {
              name: "kind",
              label: t("authoring.signup.kind"),
              type: "select",
              defaultValue: row?.kind ?? "amount",
              options: [
                { value: "amount", label: t("authoring.signup.kindAmount") },
                { value: "percent", label: t("authoring.signup.kindPercent") },
              ],
            },
            {
              name: "value",
              label: t("authoring.signup.value"),
              required: true,
              defaultValue: row ? (row.kind === "amount" ? yuan(row.value) : String(row.value)) : "",
            },
            { name: "useLimit", label: t("authoring.signup.useLimit"), type: "number", defaultValue: row?.useLimit ? String(row.useLimit) : "" },
            { name: "startsAt", label: t("authoring.signup.couponStarts"), type: "datetime-local", defaultValue: chinaLocal(row?.startsAt) },
            { name: "endsAt", label: t("authoring.signup.couponEnds"), type: "datetime-local", defaultValue: chinaLocal(row?.endsAt) },
          ]}
          testId="coupon-list"
          add={{ submit: t("authoring.signup.addCoupon") }}
        />,
      )}
      {section(
        "settings",
        <IntentForm
          intent="settings"
          schema={registrationSettingsSchema}
          fields={[
            {
              name: "capacity",
              label: t("authoring.signup.capacity"),
              type: "number",
              help: t("authoring.signup.capacityHelp"),
              defaultValue: conference.capacity ? String(conference.capacity) : "",
            },
            {
              name: "paymentWindowHours",
              label: t("authoring.signup.paymentWindow"),
              type: "number",
              help: t("authoring.signup.paymentWindowHelp"),
              defaultValue: String(conference.paymentWindowHours ?? 24),
            },
            { name: "moderation", label: t("authoring.signup.moderation"), type: "checkbox", defaultValue: conference.moderation ? "on" : "" },
            { name: "requireSubscribe", label: t("registration.subscribe.setting"), type: "checkbox", defaultValue: conference.requireSubscribe ? "on" : "" },
          ]}
          submit={t("authoring.signup.saveSettings")}
        />,
      )}
      {section(
        "fields",
        <RowList
          kind="field"
          schema={formFieldSchema}
          rows={editor.fields}
          rowId={(row) => row.id}
          name={(row) => pick(lang, row.field.labelZh, row.field.labelEn)}
          summary={({ field }) => (
            <>
              <strong {...enteredLang(pick(lang, field.labelZh, field.labelEn))}>{pick(lang, field.labelZh, field.labelEn)}</strong> ({field.key},{" "}
              <span className="ui-edit-keep">{t(`authoring.signup.types.${field.type}`)}</span>
              {field.required ? `, ${t("authoring.signup.required")}` : ""})
              {field.showWhen ? ` · ${t("authoring.signup.condition", { field: field.showWhen.field, value: field.showWhen.value })}` : ""}
            </>
          )}
          fields={(row) => fieldForm(row)}
          testId="field-list"
          empty={t("authoring.signup.noFields")}
          add={{ submit: t("authoring.signup.addField") }}
        />,
      )}
    </EditorFrame>
  );

  function fieldForm(row: Editor["fields"][number] | undefined) {
    const field = row?.field;
    const others = editor.fields.filter((other) => other.id !== row?.id);
    return [
      { name: "key", label: t("authoring.signup.fieldKey"), required: true, defaultValue: field?.key },
      {
        name: "type",
        label: t("authoring.signup.fieldType"),
        type: "select" as const,
        defaultValue: field?.type ?? "text",
        options: FIELD_TYPES.map((type) => ({ value: type, label: t(`authoring.signup.types.${type}`) })),
      },
      { name: "labelZh", label: t("authoring.signup.labelZh"), required: true, defaultValue: field?.labelZh },
      { name: "labelEn", label: t("authoring.signup.labelEn"), required: true, defaultValue: field?.labelEn },
      { name: "helpZh", label: t("authoring.signup.helpZh"), defaultValue: field?.helpZh },
      { name: "helpEn", label: t("authoring.signup.helpEn"), defaultValue: field?.helpEn },
      {
        name: "options",
        label: t("authoring.signup.optionsLabel"),
        type: "textarea" as const,
        help: t("authoring.signup.optionsHelp"),
        defaultValue: field?.options?.map((option) => `${option.value}|${option.labelZh}|${option.labelEn}`).join("\n"),
      },
      { name: "required", label: t("authoring.signup.required"), type: "checkbox" as const, defaultValue: field?.required ? "on" : "" },
      {
        name: "showWhenField",
        label: t("authoring.signup.showWhenField"),
        type: "select" as const,
        defaultValue: field?.showWhen?.field ?? "",
        options: [
          { value: "", label: t("authoring.basics.none") },
          ...others.map((other) => ({ value: other.field.key, label: `${pick(lang, other.field.labelZh, other.field.labelEn)} (${other.field.key})` })),
        ],
      },
      { name: "showWhenValue", label: t("authoring.signup.showWhenValue"), defaultValue: field?.showWhen?.value },
      { name: "sort", label: t("authoring.signup.sort"), type: "number" as const, defaultValue: String(row?.sort ?? editor.fields.length + 1) },
    ];
  }
}

/** Every identity × strategy cell, each set in place (the amount shows what is stored). */
function FeeTable({ editor, named }: { editor: Editor; named: (row: { nameZh: string; nameEn: string }) => string }) {
  const { t } = useTranslation();
  if (editor.identities.length === 0 || editor.strategies.length === 0) return <p className="ui-muted">{t("authoring.signup.noFeeTable")}</p>;
  return (
    <ul className="ui-edit-list" data-testid="fee-table">
      {editor.identities.flatMap((identity) =>
        editor.strategies.map((strategy) => {
          const fee = editor.fees.find((row) => row.identityId === identity.id && row.strategyId === strategy.id);
          return (
            <li key={`${identity.id}-${strategy.id}`} className="ui-edit-item">
              <span>
                {t("authoring.signup.feeCell", {
                  identity: named(identity),
                  strategy: named(strategy),
                  amount: fee ? formatMoney(fee.priceFen) : t("authoring.signup.empty"),
                })}
              </span>
              <IntentForm
                inline
                intent={`fee:${identity.id}:${strategy.id}`}
                schema={feeSchema}
                hidden={{ identityId: identity.id, strategyId: strategy.id }}
                fields={[
                  {
                    name: "amount",
                    label: t("authoring.signup.amountFor", { identity: named(identity), strategy: named(strategy) }),
                    required: true,
                    defaultValue: fee ? inUnit(fee.priceFen, fee.unit) : "",
                  },
                  {
                    name: "unit",
                    label: t("authoring.signup.unit"),
                    type: "select",
                    defaultValue: fee?.unit ?? "0",
                    options: ["0", "1", "2"].map((u) => ({ value: u, label: t(`authoring.signup.unit${u}`) })),
                  },
                ]}
                submit={t("authoring.signup.setFee")}
              />
            </li>
          );
        }),
      )}
    </ul>
  );
}
