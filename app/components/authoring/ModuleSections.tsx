import { useTranslation } from "react-i18next";
import { formatMoney, pick } from "~/utils/format";
import { UploadField } from "../UploadField";
import { IntentButton, IntentForm } from "./IntentForm";
import type { ModuleData } from "./types";

/** The editor's other modules: specials, organizers, sponsors and exhibitors, links, banners, media, hotels, payee and domain. */
export const MODULE_SECTIONS = ["specials", "organizers", "sponsors", "links", "banners", "media", "hotels", "payee", "domain"] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="ui-edit-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-edit-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ModuleSections({ data }: { data: ModuleData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const titled = (row: { titleZh: string; titleEn: string }) => pick(lang, row.titleZh, row.titleEn);
  const del = (intent: string, rowId: number, what: string) => (
    <IntentButton intent={intent} hidden={{ rowId }} label={t("authoring.edit.delete")} ariaLabel={`${t("authoring.edit.delete")}: ${what}`} tone="outline" />
  );
  const bilingual = (zh: string, en: string, required = true) => [
    { name: `${zh}`, label: t(`authoring.more.${zh}`), required },
    { name: `${en}`, label: t(`authoring.more.${en}`) },
  ];
  return (
    <>
      <Section id="specials" title={t("authoring.more.specials")}>
        {data.specials.map((special) => (
          <div key={special.id} className="ui-edit-section">
            <div className="ui-edit-item">
              <strong>
                {titled(special)} · {t(`authoring.more.specialType${special.type}`)}
              </strong>
              {del("special-delete", special.id, titled(special))}
            </div>
            <ul className="ui-edit-list">
              {special.items.map((item) => (
                <li key={item.id} className="ui-edit-item">
                  <span>
                    {item.photo && <img src={item.photo} alt="" width={40} height={40} className="ui-avatar" />} {named(item)}
                    {item.titleZh ? ` · ${item.titleZh}` : ""} {special.type === 0 ? `(${t(`authoring.more.role.${item.role}`)})` : ""}
                  </span>
                  {del("special-item-delete", item.id, named(item))}
                </li>
              ))}
            </ul>
            <IntentForm
              intent={`special-item:${special.id}`}
              hidden={{ specialId: special.id }}
              multipart={special.type === 0}
              fields={[
                ...(special.type === 0
                  ? [{ name: "role", label: t("authoring.more.roleLabel"), type: "select" as const, defaultValue: "guest", options: ["guest", "chairman"].map((role) => ({ value: role, label: t(`authoring.more.role.${role}`) })) }]
                  : []),
                ...bilingual("nameZh", "nameEn"),
                ...(special.type === 0 ? bilingual("titleZh", "titleEn", false) : []),
              ]}
              submit={t("authoring.more.addItem")}
            >
              {special.type === 0 && <UploadField name="photo" label={t("authoring.more.photo")} />}
            </IntentForm>
          </div>
        ))}
        <IntentForm
          intent="special"
          fields={[
            { name: "type", label: t("authoring.more.specialTypeLabel"), type: "select", defaultValue: "0", options: [0, 1].map((type) => ({ value: String(type), label: t(`authoring.more.specialType${type}`) })) },
            ...bilingual("titleZh", "titleEn"),
          ]}
          submit={t("authoring.more.addSpecial")}
        />
      </Section>

      <Section id="organizers" title={t("authoring.more.organizers")}>
        <ul className="ui-edit-list">
          {data.organizers.map((row) => (
            <li key={row.id} className="ui-edit-item">
              <span>
                {named(row)} · {t(`authoring.more.orgRole.${row.role}`)}
              </span>
              {del("organizer-delete", row.id, named(row))}
            </li>
          ))}
        </ul>
        <IntentForm
          intent="organizer"
          multipart
          fields={[
            { name: "role", label: t("authoring.more.roleLabel"), type: "select", defaultValue: "organizer", options: ["host", "organizer", "co-organizer", "supporter"].map((role) => ({ value: role, label: t(`authoring.more.orgRole.${role}`) })) },
            ...bilingual("nameZh", "nameEn"),
          ]}
          submit={t("authoring.more.add")}
        >
          <UploadField name="logo" label={t("authoring.more.logo")} />
        </IntentForm>
      </Section>

      <Section id="sponsors" title={t("authoring.more.sponsors")}>
        <ul className="ui-edit-list">
          {data.sponsors.map((row) => (
            <li key={row.id} className="ui-edit-item">
              <span>
                {row.company} · {t(`authoring.more.kind.${row.kind}`)}
                {row.level ? ` · ${row.level}` : ""}
                {row.booth ? ` · ${t("authoring.more.booth")} ${row.booth}` : ""}
                {row.remarks.length ? ` · ${row.remarks.map((remark) => remark.text).join("；")}` : ""}
              </span>
              {del("sponsor-delete", row.id, row.company)}
            </li>
          ))}
        </ul>
        <IntentForm
          intent="sponsor"
          fields={[
            { name: "kind", label: t("authoring.more.kindLabel"), type: "select", defaultValue: "sponsor", options: ["sponsor", "exhibitor"].map((kind) => ({ value: kind, label: t(`authoring.more.kind.${kind}`) })) },
            { name: "company", label: t("authoring.more.company"), required: true },
            { name: "contact", label: t("authoring.more.contact") },
            { name: "phone", label: t("authoring.more.phone"), type: "tel" },
            { name: "email", label: t("authoring.more.email"), type: "email" },
            { name: "level", label: t("authoring.more.level") },
            { name: "booth", label: t("authoring.more.booth") },
            { name: "website", label: t("authoring.more.website"), type: "text" },
            { name: "remark", label: t("authoring.more.remark"), type: "textarea" },
          ]}
          submit={t("authoring.more.add")}
        />
      </Section>

      <Section id="links" title={t("authoring.more.links")}>
        <ul className="ui-edit-list">
          {data.links.map((row) => (
            <li key={row.id} className="ui-edit-item">
              <span>
                {titled(row)} · {row.url}
              </span>
              {del("link-delete", row.id, titled(row))}
            </li>
          ))}
        </ul>
        <IntentForm intent="link" fields={[...bilingual("titleZh", "titleEn"), { name: "url", label: t("authoring.more.url"), required: true }]} submit={t("authoring.more.add")} />
      </Section>

      <Section id="banners" title={t("authoring.more.banners")}>
        <ul className="ui-edit-list">
          {data.banners.map((row) => (
            <li key={row.id} className="ui-edit-item">
              <span>
                <img src={row.image} alt="" width={80} height={40} loading="lazy" /> {titled(row)} {row.url ?? ""}
              </span>
              {del("banner-delete", row.id, titled(row) || row.image)}
            </li>
          ))}
        </ul>
        <IntentForm intent="banner" multipart fields={[...bilingual("titleZh", "titleEn", false), { name: "url", label: t("authoring.more.url") }]} submit={t("authoring.more.add")}>
          <UploadField name="image" label={t("authoring.more.image")} />
        </IntentForm>
      </Section>

      <Section id="media" title={t("authoring.more.media")}>
        <ul className="ui-edit-list">
          {data.media.map((row) => (
            <li key={row.id} className="ui-edit-item">
              <span>
                {t(`authoring.more.mediaKind.${row.kind}`)} · {titled(row)} · {row.url}
              </span>
              {del("media-delete", row.id, titled(row) || row.url)}
            </li>
          ))}
        </ul>
        <IntentForm
          intent="media"
          fields={[
            { name: "kind", label: t("authoring.more.kindLabel"), type: "select", defaultValue: "image", options: ["image", "video", "press"].map((kind) => ({ value: kind, label: t(`authoring.more.mediaKind.${kind}`) })) },
            ...bilingual("titleZh", "titleEn", false),
            { name: "url", label: t("authoring.more.url"), required: true },
          ]}
          submit={t("authoring.more.add")}
        />
      </Section>

      <Section id="hotels" title={t("authoring.more.hotels")}>
        {data.hotels.map((hotel) => (
          <div key={hotel.id} className="ui-edit-section" data-testid={`hotel-${hotel.id}`}>
            <div className="ui-edit-item">
              <strong>{named(hotel)}</strong>
              {hotel.qrCode && <span>{t("authoring.more.qrCode")}：{hotel.qrCode}</span>}
              {del("hotel-delete", hotel.id, named(hotel))}
            </div>
            <ul className="ui-edit-list">
              {hotel.rooms.map((room) => (
                <li key={room.id} className="ui-edit-item">
                  <span>
                    {pick(lang, room.typeZh, room.typeEn)} · {formatMoney(room.priceFen)} · {t("authoring.more.inventoryShort", { count: room.inventory })} · {room.startDate} – {room.endDate} ·{" "}
                    {t(room.showState ? "authoring.more.shown" : "authoring.more.hidden")}
                  </span>
                  <span className="ui-edit-actions">
                    <IntentButton
                      intent="room-show"
                      hidden={{ rowId: room.id, showState: String(!room.showState) }}
                      label={t(room.showState ? "authoring.more.hide" : "authoring.more.show")}
                      ariaLabel={`${t(room.showState ? "authoring.more.hide" : "authoring.more.show")}: ${pick(lang, room.typeZh, room.typeEn)}`}
                      tone="outline"
                    />
                    {del("room-delete", room.id, pick(lang, room.typeZh, room.typeEn))}
                  </span>
                </li>
              ))}
            </ul>
            <IntentForm
              intent={`room:${hotel.id}`}
              hidden={{ hotelId: hotel.id }}
              fields={[
                ...bilingual("typeZh", "typeEn"),
                { name: "price", label: t("authoring.more.price"), required: true },
                { name: "inventory", label: t("authoring.more.inventory"), type: "number", required: true },
                { name: "startDate", label: t("authoring.basics.startDate"), type: "date", required: true },
                { name: "endDate", label: t("authoring.basics.endDate"), type: "date", required: true },
                { name: "showState", label: t("authoring.more.shown"), type: "checkbox", defaultValue: "on" },
              ]}
              submit={t("authoring.more.addRoom")}
            />
          </div>
        ))}
        <IntentForm
          intent="hotel"
          fields={[
            ...bilingual("nameZh", "nameEn"),
            { name: "addressZh", label: t("authoring.basics.addressZh") },
            { name: "phone", label: t("authoring.more.phone"), type: "tel" },
            { name: "stars", label: t("authoring.more.stars"), type: "number" },
            { name: "distanceZh", label: t("authoring.more.distanceZh") },
            { name: "qrCode", label: t("authoring.more.qrCode"), help: t("authoring.more.qrCodeHelp") },
          ]}
          submit={t("authoring.more.addHotel")}
        />
      </Section>

      <Section id="payee" title={t("authoring.more.payee")}>
        <IntentForm
          intent="payee"
          fields={[
            { name: "accountName", label: t("authoring.more.accountName"), required: true, defaultValue: data.payee?.accountName ?? "" },
            { name: "bankName", label: t("authoring.more.bankName"), required: true, defaultValue: data.payee?.bankName ?? "" },
            { name: "accountNo", label: t("authoring.more.accountNo"), required: true, defaultValue: data.payee?.accountNo ?? "" },
            { name: "noteZh", label: t("authoring.more.noteZh"), defaultValue: data.payee?.noteZh ?? "" },
            { name: "noteEn", label: t("authoring.more.noteEn"), defaultValue: data.payee?.noteEn ?? "" },
          ]}
          submit={t("common.save")}
        />
      </Section>

      <Section id="domain" title={t("authoring.more.domain")}>
        <IntentForm intent="domain" fields={[{ name: "domain", label: t("authoring.more.domainLabel"), defaultValue: data.conference.domain ?? "", help: t("authoring.more.domainHelp") }]} submit={t("common.save")} />
      </Section>
    </>
  );
}
