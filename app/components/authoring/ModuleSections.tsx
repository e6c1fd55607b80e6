import type { ReactNode } from "react";
import {
  bannerSchema,
  domainSchema,
  hotelRoomSchema,
  hotelSchema,
  linkSchema,
  mediaSchema,
  organizerSchema,
  replaySchema,
  specialItemSchema,
  specialSchema,
  sponsorSchema,
} from "#contract/schemas/conference";
import { payeeSchema } from "#contract/schemas/registration";
import { StatusBadge } from "~/components/StatusBadge";
import { Entered, EnteredList } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";
import { formatDuration } from "~/utils/replay";
import { UploadField } from "../UploadField";
import { type FieldSpec, IntentButton, IntentForm } from "./IntentForm";
import { RowList } from "./RowList";
import { chinaLocal, type ModuleData } from "./types";

/** The editor's other modules: specials, organizers, sponsors and exhibitors, links, banners, media, hotels, replays, payee and domain. */
export const MODULE_SECTIONS = ["specials", "organizers", "sponsors", "links", "banners", "media", "hotels", "replays", "payee", "domain"] as const;
export type ModuleSection = (typeof MODULE_SECTIONS)[number];

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="ui-edit-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-edit-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Row<K extends keyof ModuleData> = ModuleData[K] extends Array<infer R> ? R : never;
/** A row's image field: its current picture when editing, what was uploaded when a save was rejected. */
type Upload = (row: { id: number } | undefined, typed: Record<string, string> | undefined, current: string | null | undefined) => ReactNode;

/** The one section of these that the editor's page shows (`?section=`), with the rows it asked for. */
export function ModuleSections({ data, section }: { data: Pick<ModuleData, "conference"> & Partial<Omit<ModuleData, "conference">>; section: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const titled = (row: { titleZh: string; titleEn: string }) => pick(lang, row.titleZh, row.titleEn);
  const more = (key: string) => t(`authoring.more.${key}`);
  const bilingual = (zh: string, en: string, row: Record<string, unknown> | undefined, required = true): FieldSpec[] => [
    { name: zh, label: more(zh), required, defaultValue: String(row?.[zh] ?? "") },
    { name: en, label: more(en), defaultValue: String(row?.[en] ?? "") },
  ];
  const choice = (name: string, label: string, values: string[], labelOf: (value: string) => string, current: string): FieldSpec => ({
    name,
    label,
    type: "select",
    defaultValue: current,
    options: values.map((value) => ({ value, label: labelOf(value) })),
  });
  const upload = (name: string, label: string, kind: string): Upload =>
    function UploadCell(row, typed, current) {
      return <UploadField name={name} id={`upload-${kind}-${row?.id ?? "new"}-${name}`} label={label} defaultUrl={typed?.[name] ?? current} />;
    };
  const byId = { rowId: (row: { id: number }) => row.id };

  const organizerLogo = upload("logo", more("logo"), "organizer");
  const sponsorLogo = upload("logo", more("logo"), "sponsor");
  const bannerImage = upload("image", more("image"), "banner");
  const replayCover = upload("cover", t("authoring.replays.cover"), "replay");

  return (
    <>
      {section === "specials" && (
        <Section id="specials" title={more("specials")}>
          <RowList
            kind="special"
            schema={specialSchema}
            rows={data.specials ?? []}
            {...byId}
            name={titled}
            summary={(special) => (
              <strong>
                <Entered text={titled(special)} /> · {more(`specialType${special.type}`)}
              </strong>
            )}
            fields={(special) => [
              choice("type", more("specialTypeLabel"), ["0", "1"], (type) => more(`specialType${type}`), String(special?.type ?? 0)),
              ...bilingual("titleZh", "titleEn", special),
            ]}
            nested={specialItems}
            add={{ submit: more("addSpecial") }}
          />
        </Section>
      )}

      {section === "organizers" && (
        <Section id="organizers" title={more("organizers")}>
          <RowList
            kind="organizer"
            schema={organizerSchema}
            rows={data.organizers ?? []}
            {...byId}
            name={named}
            summary={(row) => (
              <>
                <Entered text={named(row)} /> · {more(`orgRole.${row.role}`)}
              </>
            )}
            fields={(row) => [
              choice(
                "role",
                more("roleLabel"),
                ["host", "organizer", "co-organizer", "supporter"],
                (role) => more(`orgRole.${role}`),
                row?.role ?? "organizer",
              ),
              ...bilingual("nameZh", "nameEn", row),
            ]}
            multipart
            formExtra={(row, typed) => organizerLogo(row, typed, row?.logo)}
            add={{ submit: more("add") }}
          />
        </Section>
      )}

      {section === "sponsors" && (
        <Section id="sponsors" title={more("sponsors")}>
          <RowList
            kind="sponsor"
            schema={sponsorSchema}
            rows={data.sponsors ?? []}
            {...byId}
            name={(row) => row.company}
            summary={(row) => (
              <>
                <Entered text={row.company} /> · <span className="ui-edit-keep">{more(`kind.${row.kind}`)}</span>
                {row.level && (
                  <>
                    {" · "}
                    <Entered text={row.level} />
                  </>
                )}
                {row.booth && (
                  <>
                    {` · ${more("booth")} `}
                    <Entered text={row.booth} />
                  </>
                )}
                {row.remarks.length > 0 && " · "}
                <EnteredList
                  lang={lang}
                  texts={row.remarks.map((remark) => (
                    <Entered key={remark.text} text={remark.text} />
                  ))}
                />
              </>
            )}
            fields={(row) => [
              choice("kind", more("kindLabel"), ["sponsor", "exhibitor"], (kind) => more(`kind.${kind}`), row?.kind ?? "sponsor"),
              { name: "company", label: more("company"), required: true, defaultValue: row?.company },
              { name: "contact", label: more("contact"), defaultValue: row?.contact },
              { name: "phone", label: more("phone"), type: "tel", defaultValue: row?.phone },
              { name: "email", label: more("email"), type: "email", defaultValue: row?.email },
              { name: "level", label: more("level"), defaultValue: row?.level },
              { name: "booth", label: more("booth"), defaultValue: row?.booth },
              { name: "website", label: more("website"), defaultValue: row?.website ?? "" },
              // Remarks accumulate: what is typed here is added to them.
              { name: "remark", label: row ? t("authoring.rows.newRemark") : more("remark"), type: "textarea" },
            ]}
            multipart
            formExtra={(row, typed) => sponsorLogo(row, typed, row?.logo)}
            add={{ submit: more("add") }}
          />
        </Section>
      )}

      {section === "links" && (
        <Section id="links" title={more("links")}>
          <RowList
            kind="link"
            schema={linkSchema}
            rows={data.links ?? []}
            {...byId}
            name={titled}
            summary={(row) => `${titled(row)} · ${row.url}`}
            fields={(row) => [...bilingual("titleZh", "titleEn", row), { name: "url", label: more("url"), required: true, defaultValue: row?.url }]}
            add={{ submit: more("add") }}
          />
        </Section>
      )}

      {section === "banners" && (
        <Section id="banners" title={more("banners")}>
          <RowList
            kind="banner"
            schema={bannerSchema}
            rows={data.banners ?? []}
            {...byId}
            name={(row) => titled(row) || row.image}
            summary={(row) => (
              <>
                <img src={row.image} alt="" width={80} height={40} loading="lazy" /> <Entered text={titled(row)} /> {row.url ?? ""}
              </>
            )}
            fields={(row) => [...bilingual("titleZh", "titleEn", row, false), { name: "url", label: more("url"), defaultValue: row?.url ?? "" }]}
            multipart
            formExtra={(row, typed) => bannerImage(row, typed, row?.image)}
            add={{ submit: more("add") }}
          />
        </Section>
      )}

      {section === "media" && (
        <Section id="media" title={more("media")}>
          <RowList
            kind="media"
            schema={mediaSchema}
            rows={data.media ?? []}
            {...byId}
            name={(row) => titled(row) || row.url}
            summary={(row) => (
              <>
                {more(`mediaKind.${row.kind}`)} · <Entered text={titled(row)} /> · {row.url}
              </>
            )}
            fields={(row) => [
              choice("kind", more("kindLabel"), ["image", "video", "press"], (kind) => more(`mediaKind.${kind}`), row?.kind ?? "image"),
              ...bilingual("titleZh", "titleEn", row, false),
              { name: "url", label: more("url"), required: true, defaultValue: row?.url },
            ]}
            add={{ submit: more("add") }}
          />
        </Section>
      )}

      {section === "hotels" && (
        <Section id="hotels" title={more("hotels")}>
          <RowList
            kind="hotel"
            schema={hotelSchema}
            rows={data.hotels ?? []}
            {...byId}
            name={named}
            summary={(hotel) => (
              <>
                <strong {...enteredLang(named(hotel))}>{named(hotel)}</strong>
                {hotel.qrCode && <> · {t("authoring.more.qrCodeIs", { url: hotel.qrCode })}</>}
              </>
            )}
            fields={(hotel) => [
              ...bilingual("nameZh", "nameEn", hotel),
              { name: "addressZh", label: t("authoring.basics.addressZh"), defaultValue: hotel?.addressZh },
              { name: "addressEn", label: t("authoring.basics.addressEn"), defaultValue: hotel?.addressEn },
              { name: "phone", label: more("phone"), type: "tel", defaultValue: hotel?.phone },
              { name: "stars", label: more("stars"), type: "number", defaultValue: hotel?.stars ? String(hotel.stars) : "" },
              { name: "distanceZh", label: more("distanceZh"), defaultValue: hotel?.distanceZh },
              { name: "distanceEn", label: t("authoring.rows.distanceEn"), defaultValue: hotel?.distanceEn },
              { name: "qrCode", label: more("qrCode"), help: more("qrCodeHelp"), defaultValue: hotel?.qrCode ?? "" },
            ]}
            nested={hotelRooms}
            testId="hotel-list"
            add={{ submit: more("addHotel") }}
          />
        </Section>
      )}

      {section === "replays" && (
        <Section id="replays" title={t("authoring.replays.title")}>
          <p className="ui-field-help">{t("authoring.replays.help")}</p>
          <RowList
            kind="replay"
            schema={replaySchema}
            rows={data.replays ?? []}
            {...byId}
            name={titled}
            summary={(row) => (
              <>
                <strong {...enteredLang(titled(row))}>{titled(row)}</strong> · {chinaLocal(row.recordedAt).slice(0, 10)} · {formatDuration(row.durationSeconds)}{" "}
                ·{" "}
                <StatusBadge state={row.isPublish ? "published" : "unpublished"}>
                  {t(row.isPublish ? "authoring.replays.published" : "authoring.replays.draft")}
                </StatusBadge>
              </>
            )}
            fields={(row) => [
              { name: "titleZh", label: t("authoring.replays.titleZh"), required: true, defaultValue: row?.titleZh },
              { name: "titleEn", label: t("authoring.replays.titleEn"), defaultValue: row?.titleEn },
              { name: "mp4Url", label: t("authoring.replays.mp4Url"), help: t("authoring.replays.mp4Help"), defaultValue: row?.mp4Url ?? "" },
              { name: "hlsUrl", label: t("authoring.replays.hlsUrl"), help: t("authoring.replays.hlsHelp"), defaultValue: row?.hlsUrl ?? "" },
              {
                name: "recordedOn",
                label: t("authoring.replays.recordedOn"),
                type: "date",
                required: true,
                defaultValue: row ? chinaLocal(row.recordedAt).slice(0, 10) : "",
              },
              {
                name: "duration",
                label: t("authoring.replays.duration"),
                help: t("authoring.replays.durationHelp"),
                defaultValue: row ? formatDuration(row.durationSeconds) : "",
              },
              { name: "descriptionZh", label: t("authoring.replays.descriptionZh"), type: "textarea", defaultValue: row?.descriptionZh },
              { name: "descriptionEn", label: t("authoring.replays.descriptionEn"), type: "textarea", defaultValue: row?.descriptionEn },
              { name: "isPublish", label: t("authoring.replays.isPublish"), type: "checkbox", defaultValue: !row || row.isPublish ? "on" : "" },
            ]}
            multipart
            formExtra={(row, typed) => replayCover(row, typed, row?.cover)}
            testId="replay-list"
            empty={t("authoring.replays.empty")}
            add={{ submit: t("authoring.replays.add") }}
          />
        </Section>
      )}

      {section === "payee" && (
        <Section id="payee" title={more("payee")}>
          <IntentForm
            intent="payee"
            schema={payeeSchema}
            fields={[
              { name: "accountName", label: more("accountName"), required: true, defaultValue: data.payee?.accountName ?? "" },
              { name: "bankName", label: more("bankName"), required: true, defaultValue: data.payee?.bankName ?? "" },
              { name: "accountNo", label: more("accountNo"), required: true, defaultValue: data.payee?.accountNo ?? "" },
              { name: "noteZh", label: more("noteZh"), defaultValue: data.payee?.noteZh ?? "" },
              { name: "noteEn", label: more("noteEn"), defaultValue: data.payee?.noteEn ?? "" },
            ]}
            submit={t("common.save")}
          />
        </Section>
      )}

      {section === "domain" && (
        <Section id="domain" title={more("domain")}>
          {data.conference.domain && data.conference.domainState && (
            <p className="ui-muted" data-testid="domain-state" role="status">
              {t(`authoring.more.domainStates.${data.conference.domainState}`, { domain: data.conference.domain, reason: data.conference.domainReason ?? "" })}
            </p>
          )}
          <IntentForm
            intent="domain"
            schema={domainSchema}
            fields={[{ name: "domain", label: more("domainLabel"), defaultValue: data.conference.domain ?? "", help: more("domainHelp") }]}
            submit={t("common.save")}
          />
        </Section>
      )}
    </>
  );

  /** A list's members (type 0: guests and chairmen with photo and title; type 1: names). */
  function specialItems(special: Row<"specials">) {
    const people = special.type === 0;
    const photo = upload("photo", more("photo"), `special-${special.id}-item`);
    return (
      <RowList
        kind="special-item"
        schema={specialItemSchema}
        rows={special.items}
        {...byId}
        name={named}
        summary={(item) => (
          <>
            {item.photo && <img src={item.photo} alt="" width={40} height={40} className="ui-avatar" />} <Entered text={named(item)} />
            {titled(item) && (
              <>
                {" · "}
                <Entered text={titled(item)} />
              </>
            )}{" "}
            {people && <span className="ui-edit-keep">({more(`role.${item.role}`)})</span>}
          </>
        )}
        fields={(item) => [
          ...(people ? [choice("role", more("roleLabel"), ["guest", "chairman"], (role) => more(`role.${role}`), item?.role ?? "guest")] : []),
          ...bilingual("nameZh", "nameEn", item),
          ...(people ? bilingual("titleZh", "titleEn", item, false) : []),
        ]}
        // A names list doesn't show a member's role, title or photo: they travel hidden, so saving keeps them.
        hidden={(item): Record<string, string | number> =>
          people ? { specialId: special.id } : { specialId: special.id, role: item.role, titleZh: item.titleZh, titleEn: item.titleEn, photo: item.photo ?? "" }
        }
        multipart={people}
        formExtra={people ? (item, typed) => photo(item, typed, item?.photo) : undefined}
        add={{ submit: more("addItem"), intent: `special-item:${special.id}`, hidden: { specialId: special.id } }}
      />
    );
  }

  /** A hotel's room types, each with its show switch. */
  function hotelRooms(hotel: Row<"hotels">) {
    const type = (room: Row<"hotels">["rooms"][number]) => pick(lang, room.typeZh, room.typeEn);
    return (
      <RowList
        kind="room"
        schema={hotelRoomSchema}
        rows={hotel.rooms}
        {...byId}
        name={type}
        summary={(room) => (
          <>
            <Entered text={type(room)} />
            {` · ${formatMoney(room.priceFen)} · ${t("authoring.more.inventoryShort", { count: room.inventory })} · ${room.startDate} – ${room.endDate} · ${more(room.showState ? "shown" : "hidden")}`}
          </>
        )}
        actions={(room) => (
          <IntentButton
            intent="room-show"
            hidden={{ rowId: room.id, showState: String(!room.showState) }}
            label={more(room.showState ? "hide" : "show")}
            ariaLabel={`${more(room.showState ? "hide" : "show")}: ${type(room)}`}
            tone="outline"
          />
        )}
        fields={(room) => [
          ...bilingual("typeZh", "typeEn", room),
          { name: "price", label: more("price"), required: true, defaultValue: room ? (room.priceFen / 100).toFixed(2) : "" },
          { name: "inventory", label: more("inventory"), type: "number", required: true, defaultValue: room ? String(room.inventory) : "" },
          { name: "startDate", label: t("authoring.basics.startDate"), type: "date", required: true, defaultValue: room?.startDate },
          { name: "endDate", label: t("authoring.basics.endDate"), type: "date", required: true, defaultValue: room?.endDate },
          { name: "showState", label: more("shown"), type: "checkbox", defaultValue: !room || room.showState ? "on" : "" },
        ]}
        hidden={() => ({ hotelId: hotel.id })}
        add={{ submit: more("addRoom"), intent: `room:${hotel.id}`, hidden: { hotelId: hotel.id } }}
      />
    );
  }
}
