import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IntentButton, IntentForm } from "~/components/authoring/IntentForm";
import { showMoment } from "~/components/authoring/types";
import { couponSchema, feeSchema, FIELD_TYPES, formFieldSchema, identitySchema, registrationSettingsSchema, strategySchema, vipLevelSchema } from "~/schemas/conference";
import { requireAccount } from "~/services/account.server";
import { conferenceIdParam, loadEditor, runTable } from "~/services/authoring.server";
import { i18n } from "~/services/i18n.server";
import { formatMoney, pick } from "~/utils/format";
import { EditorFrame } from "~/components/authoring/EditorFrame";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = conferenceIdParam(params.id);
  const editor = await loadEditor(request, id);
  const t = await i18n.getFixedT(request);
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  return { title: `${t("authoring.signup.title", { name: pick(lang, editor.conference.nameZh, editor.conference.nameEn) })} - ${t("meta.siteName")}`, editor };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccount(request);
  const id = conferenceIdParam(params.id);
  return runTable(request, id, await request.formData(), {
    identity: { schema: identitySchema, method: "POST", path: () => "/identity" },
    "identity-delete": { method: "DELETE", path: (v) => `/identity/${v.rowId}` },
    strategy: { schema: strategySchema, method: "POST", path: () => "/strategy" },
    "strategy-delete": { method: "DELETE", path: (v) => `/strategy/${v.rowId}` },
    fee: { schema: feeSchema, method: "PUT", path: () => "/fee" },
    vip: { schema: vipLevelSchema, method: "POST", path: () => "/vip-level" },
    "vip-delete": { method: "DELETE", path: (v) => `/vip-level/${v.rowId}` },
    coupon: { schema: couponSchema, method: "POST", path: () => "/coupon" },
    "coupon-delete": { method: "DELETE", path: (v) => `/coupon/${v.rowId}` },
    settings: { schema: registrationSettingsSchema, method: "PUT", path: (_v, conferenceId) => `/registration/settings/${conferenceId}` },
    field: { schema: formFieldSchema, method: "POST", path: () => "/registration/field" },
    "field-delete": { method: "DELETE", path: (v) => `/registration/field/${v.rowId}` },
  });
}

export default function Signup() {
  const { editor } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { conference } = editor;
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const nameFields = (zh: string, en: string) => [
    { name: "nameZh", label: t(zh), required: true },
    { name: "nameEn", label: t(en) },
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
  return (
    <EditorFrame title={t("authoring.signup.title", { name })} links={[["/manage", t("authoring.edit.back")], [`/manage/edit/${conference.id}`, t("authoring.manage.edit")]]} sections={sections}>
          <section id="identities" className="ui-edit-section" aria-labelledby="identities-title">
            <h2 id="identities-title" className="ui-edit-section-title">{t("authoring.signup.identities")}</h2>
            <ul className="ui-edit-list" data-testid="identity-list">
              {editor.identities.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>{named(row)}</span>
                  <IntentButton intent="identity-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm intent="identity" fields={nameFields("authoring.signup.identityName", "authoring.signup.identityNameEn")} submit={t("authoring.signup.addIdentity")} />
          </section>

          <section id="strategies" className="ui-edit-section" aria-labelledby="strategies-title">
            <h2 id="strategies-title" className="ui-edit-section-title">{t("authoring.signup.strategies")}</h2>
            <ul className="ui-edit-list" data-testid="strategy-list">
              {editor.strategies.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>
                    {named(row)} · {showMoment(row.startsAt)} – {showMoment(row.endsAt)}
                  </span>
                  <IntentButton intent="strategy-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm
              intent="strategy"
              fields={[
                ...nameFields("authoring.signup.strategyName", "authoring.signup.strategyNameEn"),
                { name: "startsAt", label: t("authoring.edit.startsAt"), type: "datetime-local", required: true },
                { name: "endsAt", label: t("authoring.edit.endsAt"), type: "datetime-local", required: true },
              ]}
              submit={t("authoring.signup.addStrategy")}
            />
          </section>

          <section id="fees" className="ui-edit-section" aria-labelledby="fees-title">
            <h2 id="fees-title" className="ui-edit-section-title">{t("authoring.signup.fees")}</h2>
            {editor.identities.length === 0 || editor.strategies.length === 0 ? (
              <p className="ui-muted">{t("authoring.signup.noFeeTable")}</p>
            ) : (
              <ul className="ui-edit-list" data-testid="fee-table">
                {editor.identities.flatMap((identity) =>
                  editor.strategies.map((strategy) => {
                    const fee = editor.fees.find((row) => row.identityId === identity.id && row.strategyId === strategy.id);
                    return (
                      <li key={`${identity.id}-${strategy.id}`} className="ui-edit-item">
                        <span>
                          {named(identity)} × {named(strategy)}：{fee ? formatMoney(fee.priceFen) : t("authoring.signup.empty")}
                        </span>
                        <IntentForm
                          inline
                          intent={`fee:${identity.id}:${strategy.id}`}
                          hidden={{ identityId: identity.id, strategyId: strategy.id }}
                          fields={[
                            { name: "amount", label: `${t("authoring.signup.amount")}（${named(identity)} × ${named(strategy)}）`, required: true },
                            { name: "unit", label: t("authoring.signup.unit"), type: "select", defaultValue: "0", options: ["0", "1", "2"].map((u) => ({ value: u, label: t(`authoring.signup.unit${u}`) })) },
                          ]}
                          submit={t("authoring.signup.setFee")}
                        />
                      </li>
                    );
                  }),
                )}
              </ul>
            )}
          </section>

          <section id="vip" className="ui-edit-section" aria-labelledby="vip-title">
            <h2 id="vip-title" className="ui-edit-section-title">{t("authoring.signup.vip")}</h2>
            <ul className="ui-edit-list">
              {editor.vipLevels.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>{named(row)}</span>
                  <IntentButton intent="vip-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm intent="vip" fields={nameFields("authoring.signup.vipName", "authoring.signup.vipNameEn")} submit={t("authoring.signup.addVip")} />
          </section>

          <section id="coupons" className="ui-edit-section" aria-labelledby="coupons-title">
            <h2 id="coupons-title" className="ui-edit-section-title">{t("authoring.signup.coupons")}</h2>
            <ul className="ui-edit-list" data-testid="coupon-list">
              {editor.coupons.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>
                    <strong>{row.code}</strong> · {row.kind === "amount" ? formatMoney(row.value) : `${row.value}%`} ·{" "}
                    {t("authoring.signup.used", { used: row.used, limit: row.useLimit ?? t("authoring.signup.unlimited") })}
                    {row.startsAt || row.endsAt ? ` · ${showMoment(row.startsAt)} – ${showMoment(row.endsAt)}` : ""}
                  </span>
                  <IntentButton intent="coupon-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm
              intent="coupon"
              fields={[
                { name: "code", label: t("authoring.signup.code"), required: true },
                { name: "kind", label: t("authoring.signup.kind"), type: "select", defaultValue: "amount", options: [{ value: "amount", label: t("authoring.signup.kindAmount") }, { value: "percent", label: t("authoring.signup.kindPercent") }] },
                { name: "value", label: t("authoring.signup.value"), required: true },
                { name: "useLimit", label: t("authoring.signup.useLimit"), type: "number" },
                { name: "startsAt", label: t("authoring.signup.couponStarts"), type: "datetime-local" },
                { name: "endsAt", label: t("authoring.signup.couponEnds"), type: "datetime-local" },
              ]}
              submit={t("authoring.signup.addCoupon")}
            />
          </section>

          <section id="settings" className="ui-edit-section" aria-labelledby="settings-title">
            <h2 id="settings-title" className="ui-edit-section-title">{t("authoring.signup.settings")}</h2>
            <IntentForm
              intent="settings"
              fields={[
                { name: "capacity", label: t("authoring.signup.capacity"), type: "number", help: t("authoring.signup.capacityHelp"), defaultValue: conference.capacity ? String(conference.capacity) : "" },
                { name: "moderation", label: t("authoring.signup.moderation"), type: "checkbox", defaultValue: conference.moderation ? "on" : "" },
              ]}
              submit={t("authoring.signup.saveSettings")}
            />
          </section>

          <section id="fields" className="ui-edit-section" aria-labelledby="fields-title">
            <h2 id="fields-title" className="ui-edit-section-title">{t("authoring.signup.fields")}</h2>
            {editor.fields.length === 0 && <p className="ui-muted">{t("authoring.signup.noFields")}</p>}
            <ul className="ui-edit-list" data-testid="field-list">
              {editor.fields.map(({ id, field }) => (
                <li key={id} className="ui-edit-item">
                  <span>
                    <strong>{pick(lang, field.labelZh, field.labelEn)}</strong> ({field.key}, {t(`authoring.signup.types.${field.type}`)}
                    {field.required ? `, ${t("authoring.signup.required")}` : ""})
                    {field.showWhen ? ` · ${t("authoring.signup.condition", { field: field.showWhen.field, value: field.showWhen.value })}` : ""}
                  </span>
                  <IntentButton intent="field-delete" hidden={{ rowId: id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm
              intent="field"
              fields={[
                { name: "key", label: t("authoring.signup.fieldKey"), required: true },
                { name: "type", label: t("authoring.signup.fieldType"), type: "select", defaultValue: "text", options: FIELD_TYPES.map((type) => ({ value: type, label: t(`authoring.signup.types.${type}`) })) },
                { name: "labelZh", label: t("authoring.signup.labelZh"), required: true },
                { name: "labelEn", label: t("authoring.signup.labelEn"), required: true },
                { name: "helpZh", label: t("authoring.signup.helpZh") },
                { name: "helpEn", label: t("authoring.signup.helpEn") },
                { name: "options", label: t("authoring.signup.optionsLabel"), type: "textarea", help: t("authoring.signup.optionsHelp") },
                { name: "required", label: t("authoring.signup.required"), type: "checkbox" },
                { name: "showWhenField", label: t("authoring.signup.showWhenField"), type: "select", options: [{ value: "", label: t("authoring.basics.none") }, ...editor.fields.map(({ field }) => ({ value: field.key, label: `${pick(lang, field.labelZh, field.labelEn)} (${field.key})` }))] },
                { name: "showWhenValue", label: t("authoring.signup.showWhenValue") },
                { name: "sort", label: t("authoring.signup.sort"), type: "number", defaultValue: String(editor.fields.length + 1) },
              ]}
              submit={t("authoring.signup.addField")}
            />
          </section>
    </EditorFrame>
  );
}
