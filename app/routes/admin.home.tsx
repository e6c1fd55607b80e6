import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { cloneElement, type ReactElement, type ReactNode } from "react";
import type { z } from "zod";
import { parseId } from "#contract/params";
import { homeBannerSchema, homeLinkSchema } from "#contract/schemas/home-admin";
import type { BannerShowing, HomeBannerRow, HomeConferenceRow, HomeLinkRow } from "#contract/views/home-admin";
import { chinaLocal, showMoment } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import { FieldError } from "~/components/FieldError";
import { PortalBanners } from "~/components/portal/PortalBanners";
import { StatusBadge, type Tone } from "~/components/StatusBadge";
import { IMAGE_ACCEPT } from "~/components/UploadField";
import { Entered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent, rejectValues } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { uploadFormPicture } from "~/services/pictures.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { toHome } from "~/services/portal.server";
import { useTranslation } from "~/use-translation";
import { type IntentView, intentView, replyMessages } from "~/utils/form-protocol";
import { formatDay, pick } from "~/utils/format";
import { refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts): its own, and the portal's for the preview. */
export const clientLoader = areaLoader(["admin", "portal"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

const PAGE = "/admin/home";
const SHOWING_TONES: Record<BannerShowing, Tone> = { showing: "success", scheduled: "warning", ended: "neutral" };

/**
 * What the portal's home page shows that no conference owns (issue 17, spec §3): banners,
 * adverts, friend links and important conferences, and a preview of the home page as a visitor
 * gets it now (the same call and the same reading as the home page itself). Platform
 * administrators only; `?q=` finds published conferences to mark important.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const [admin, visitor, t] = await Promise.all([
    platformData(request, "/admin/home", { query: { q: q || undefined } }),
    platformData<Parameters<typeof toHome>[0]>(request, "/portal/home"),
    i18n.getFixedT(request),
  ]);
  return { title: `${t("admin.home.title")} - ${t("meta.siteName")}`, q, admin, preview: toHome(visitor) };
}

type Reply = { intent: string; confirm: string };

/**
 * One change per post, named by its intent: `create-banner`, `create-advert`, `update-banner:<id>`,
 * `delete-banner:<id>`, `create-link`, `update-link:<id>`, `delete-link:<id>`, `mark:<id>`,
 * `unmark:<id>`. A banner's picture may come as a file (`imageFile`, with or without
 * JavaScript): it is uploaded first, so a refused form shows it chosen and posts it again.
 * A delete acts only once confirmed (`confirmed=1`); without JavaScript the page asks first.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const formData = await request.formData();
  const values = formValues(formData);
  const intent = values.intent ?? "";
  const [kind, rawId] = intent.split(":");
  const id = rawId === undefined ? null : parseId(rawId);
  const t = await i18n.getFixedT(request);
  const q = (values.q ?? "").trim();
  const back = (hash: string) => `${PAGE}${q ? `?${new URLSearchParams({ q })}` : ""}#${hash}`;
  const done = async (hash: string, notice: string): Promise<never> => {
    throw await redirectWithNotice(request, back(hash), { content: t(notice), color: "success" });
  };

  const save = async <S extends z.ZodType>(schema: S, path: string, method: "POST" | "PUT", hash: string, notice: string) => {
    const submission = parseValues(values, schema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const result = await callPlatform(request, path as "/admin/home/link", { method: method as "POST", body: submission.value as never });
    if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
    return done(hash, notice);
  };
  const remove = async (path: string, hash: string) => {
    if (values.confirmed !== "1") return { intent, confirm: t("admin.home.delete") } satisfies Reply;
    const result = await callPlatform(request, path as "/admin/home/link/{id}", { method: "DELETE" });
    if (!result.ok && result.status !== 404) return rejectValues(intent, values, { formErrors: result.messages });
    return done(hash, "admin.home.deleted");
  };

  if (kind === "create-banner" || kind === "create-advert" || kind === "update-banner") {
    const image = await uploadFormPicture(request, formData.get("imageFile"));
    if (image.state === "refused") return rejectValues(intent, values, { fieldErrors: { image: image.messages } });
    if (image.state === "uploaded") values.image = image.url;
    const hash = values.placement === "advert" ? "adverts" : "banners";
    if (kind === "update-banner" && id !== null) return save(homeBannerSchema, `/admin/home/banner/${id}`, "PUT", hash, "admin.home.saved");
    if (rawId === undefined) return save(homeBannerSchema, "/admin/home/banner", "POST", hash, "admin.home.created");
  }
  if (kind === "delete-banner" && id !== null) return remove(`/admin/home/banner/${id}`, values.placement === "advert" ? "adverts" : "banners");
  if (kind === "create-link" && rawId === undefined) return save(homeLinkSchema, "/admin/home/link", "POST", "links", "admin.home.created");
  if (kind === "update-link" && id !== null) return save(homeLinkSchema, `/admin/home/link/${id}`, "PUT", "links", "admin.home.saved");
  if (kind === "delete-link" && id !== null) return remove(`/admin/home/link/${id}`, "links");
  if ((kind === "mark" || kind === "unmark") && id !== null) {
    const result = await callPlatform(request, `/admin/home/important/${id}`, { method: "PUT", body: { important: kind === "mark" } });
    if (!result.ok) return rejectValues(intent, values, { formErrors: result.messages });
    return done("important", kind === "mark" ? "admin.home.marked" : "admin.home.unmarked");
  }
  throw new Response(t("errors.invalid"), { status: 400 });
}

export default function HomeAdminPage() {
  const { q, admin, preview } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.home.title")}</h1>
      <p className="ui-muted">{t("admin.home.intro")}</p>
      <nav aria-label={t("admin.home.sections")}>
        <ul className="ui-home-admin-nav">
          {(["banners", "adverts", "links", "important", "preview"] as const).map((section) => (
            <li key={section}>
              <a className="ui-link-button" href={`#${section}`}>
                {section === "preview" ? t("admin.home.preview") : t(`admin.home.${section}`)}
              </a>
            </li>
          ))}
          <li>
            <a className="ui-link-button" href="/" target="_blank" rel="noopener">
              {t("admin.home.openHome")}
            </a>
          </li>
        </ul>
      </nav>

      <BannerSection placement="banner" rows={admin.banners} images={admin.images} />
      <BannerSection placement="advert" rows={admin.adverts} images={admin.images} />
      <LinkSection rows={admin.links} />
      <ImportantSection q={q} important={admin.important} found={admin.found} />

      <section id="preview" className="ui-card ui-home-admin-preview" aria-labelledby="preview-title" data-testid="home-preview">
        <h2 id="preview-title" className="ui-section-title">
          {t("admin.home.preview")}
        </h2>
        <p className="ui-muted">{t("admin.home.previewIntro")}</p>
        <p>
          <a className="ui-link-button" href="/" target="_blank" rel="noopener">
            {t("admin.home.openHome")}
          </a>
        </p>
        <h3>{t("admin.home.banners")}</h3>
        {preview.banners.length ? <PortalBanners banners={preview.banners} /> : <p className="ui-muted">{t("admin.home.nothingShown")}</p>}
        <h3>{t("admin.home.adverts")}</h3>
        <PreviewList
          items={preview.adverts.map((advert) => (
            <span key={advert.id} className="ui-row">
              <img className="ui-home-admin-thumb" src={advert.image} alt="" width={192} height={60} loading="lazy" />
              <Entered text={pick(lang, advert.titleZh, advert.titleEn)} />
            </span>
          ))}
          testId="preview-adverts"
        />
        <h3>{t("admin.home.important")}</h3>
        <PreviewList
          items={preview.important.map((conference) => (
            <Link key={conference.id} to={`/${conference.id}`}>
              <Entered text={pick(lang, conference.nameZh, conference.nameEn)} />
            </Link>
          ))}
          testId="preview-important"
        />
        <h3>{t("admin.home.links")}</h3>
        <PreviewList
          items={preview.links.map((link) => (
            <a key={link.id} href={link.url} rel="noopener noreferrer">
              <Entered text={pick(lang, link.titleZh, link.titleEn)} />
            </a>
          ))}
          testId="preview-links"
        />
      </section>
    </section>
  );
}

function PreviewList({ items, testId }: { items: ReactNode[]; testId: string }) {
  const { t } = useTranslation();
  if (!items.length) return <p className="ui-muted">{t("admin.home.nothingShown")}</p>;
  return (
    <ol className="ui-home-admin-preview-list" data-testid={testId}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ol>
  );
}

/** The refused reply to `intent`, if the action's answer is one. */
function useView(intent: string) {
  return intentView(useActionData<typeof action>(), intent);
}

/** Whether the action asks to confirm the delete posted as `intent` (no JavaScript). */
function useAsked(intent: string) {
  const answer = useActionData<typeof action>() as Partial<Reply> | undefined;
  return Boolean(answer?.confirm) && answer?.intent === intent;
}

function BannerSection({ placement, rows, images }: { placement: "banner" | "advert"; rows: HomeBannerRow[]; images: string[] }) {
  const { t } = useTranslation();
  const section = placement === "banner" ? "banners" : "adverts";
  const add = placement === "banner" ? "addBanner" : "addAdvert";
  const intent = `create-${placement}`;
  const view = useView(intent);
  return (
    <section id={section} className="ui-card ui-stack" aria-labelledby={`${section}-title`}>
      <h2 id={`${section}-title`} className="ui-section-title">
        {t(`admin.home.${section}`)}
      </h2>
      {rows.length ? (
        <ul className="ui-home-admin-rows" data-testid={`home-${section}`}>
          {rows.map((row) => (
            <BannerRow key={row.id} row={row} images={images} />
          ))}
        </ul>
      ) : (
        <p className="ui-muted">{t("admin.home.empty")}</p>
      )}
      <section className="ui-stack" aria-labelledby={`${intent}-title`}>
        <h3 id={`${intent}-title`} className="ui-home-admin-subtitle">
          {t(`admin.home.${add}`)}
        </h3>
        <BannerForm intent={intent} placement={placement} images={images} view={view} submit={t(`admin.home.${add}`)} />
      </section>
    </section>
  );
}

function BannerRow({ row, images }: { row: HomeBannerRow; images: string[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = pick(lang, row.titleZh, row.titleEn);
  const name = title || t("admin.home.untitled");
  const update = `update-banner:${row.id}`;
  const remove = `delete-banner:${row.id}`;
  const view = useView(update);
  const asked = useAsked(remove);
  const refused = replyMessages(useActionData<typeof action>(), remove);
  const from = showMoment(row.startsAt);
  const until = showMoment(row.endsAt);
  const period =
    from && until
      ? t("admin.home.periodBetween", { from, until })
      : from
        ? t("admin.home.periodFrom", { from })
        : until
          ? t("admin.home.periodUntil", { until })
          : t("admin.home.periodAlways");
  return (
    <li className="ui-home-admin-row" data-testid="home-banner-row" data-id={row.id}>
      <div className="ui-home-admin-row-head">
        <img className="ui-home-admin-thumb" src={row.image} alt="" width={192} height={60} loading="lazy" data-testid="banner-thumb" />
        <div className="ui-home-admin-row-text">
          <strong>{title ? <Entered text={title} /> : name}</strong>
          <span>
            <StatusBadge tone={SHOWING_TONES[row.showing]} data-testid="showing">
              {t(`admin.home.showing.${row.showing}`)}
            </StatusBadge>
          </span>
          <span className="ui-muted">
            {period} · {t("admin.home.order", { sort: row.sort })}
          </span>
          <span className="ui-muted">{row.url ?? t("admin.home.noLink")}</span>
        </div>
        <ConfirmForm title={t("admin.home.confirmDelete", { name })} fields={{ intent: remove, placement: row.placement }} asked={asked}>
          {t("admin.home.delete")}
          <span className="ui-visually-hidden">
            : <Entered text={name} />
          </span>
        </ConfirmForm>
      </div>
      <FieldError errors={refused} />
      <details open={view ? true : undefined}>
        <summary>
          {t("admin.home.edit")}
          <span className="ui-visually-hidden">
            : <Entered text={name} />
          </span>
        </summary>
        <BannerForm intent={update} placement={row.placement} row={row} images={images} view={view} submit={t("admin.home.save")} />
      </details>
    </li>
  );
}

/** Adds or edits a banner or advert: its picture (uploaded, or chosen), link, titles, order and period. */
function BannerForm({
  intent,
  placement,
  row,
  images,
  view,
  submit,
}: {
  intent: string;
  placement: "banner" | "advert";
  row?: HomeBannerRow;
  images: string[];
  view?: IntentView;
  submit: string;
}) {
  const { t } = useTranslation();
  const key = intent.replace(/[^a-z0-9]/gi, "-");
  const value = (field: string, fallback: string) => view?.values[field] ?? fallback;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="ui-stack ui-home-admin-form"
      noValidate
      key={view ? "refused" : "shown"}
      data-testid={`form-${key}`}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="placement" value={placement} />
      <FieldError errors={[...(view?.formErrors ?? []), ...(view?.fieldErrors.placement ?? [])]} />
      <ImageField id={`${key}-image`} current={value("image", row?.image ?? "")} images={images} errors={view?.fieldErrors.image} />
      <Field id={`${key}-url`} label={t("admin.home.url")} help={t("admin.home.urlHelp")} errors={view?.fieldErrors.url}>
        <input className="ui-input" name="url" inputMode="url" defaultValue={value("url", row?.url ?? "")} />
      </Field>
      <Field id={`${key}-titleZh`} label={t("admin.home.titleZh")} errors={view?.fieldErrors.titleZh}>
        <input className="ui-input" name="titleZh" lang="zh-CN" defaultValue={value("titleZh", row?.titleZh ?? "")} />
      </Field>
      <Field id={`${key}-titleEn`} label={t("admin.home.titleEn")} errors={view?.fieldErrors.titleEn}>
        <input className="ui-input" name="titleEn" lang="en" defaultValue={value("titleEn", row?.titleEn ?? "")} />
      </Field>
      <Field id={`${key}-sort`} label={t("admin.home.sort")} help={t("admin.home.sortHelp")} errors={view?.fieldErrors.sort}>
        <input className="ui-input" name="sort" inputMode="numeric" defaultValue={value("sort", String(row?.sort ?? 0))} />
      </Field>
      <Field id={`${key}-startsAt`} label={t("admin.home.startsAt")} help={t("admin.home.periodHelp")} errors={view?.fieldErrors.startsAt}>
        <input className="ui-input" type="datetime-local" name="startsAt" defaultValue={value("startsAt", chinaLocal(row?.startsAt))} />
      </Field>
      <Field id={`${key}-endsAt`} label={t("admin.home.endsAt")} help={t("admin.home.periodHelp")} errors={view?.fieldErrors.endsAt}>
        <input className="ui-input" type="datetime-local" name="endsAt" defaultValue={value("endsAt", chinaLocal(row?.endsAt))} />
      </Field>
      <div>
        <button type="submit" className="ui-button">
          {submit}
        </button>
      </div>
    </Form>
  );
}

/**
 * The picture: a file to upload (it travels with the form, with JavaScript or without), or one of
 * the pictures already on the platform (radios named `image`, the current one checked). An upload
 * wins over the choice.
 */
function ImageField({ id, current, images, errors }: { id: string; current: string; images: string[]; errors?: string[] }) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const shown = errors?.length ? errors : undefined;
  const others = images.filter((image) => image !== current);
  const choice = (image: string, i: number, label: string) => (
    <label key={image} className="ui-home-admin-choice" htmlFor={`${id}-${i}`}>
      <input id={`${id}-${i}`} type="radio" name="image" value={image} defaultChecked={image === current} />
      <img src={image} alt="" width={96} height={30} loading="lazy" />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="ui-home-admin-image" aria-describedby={shown ? errorId : undefined} data-testid="image-field">
      <legend className="ui-label">{t("admin.home.image")}</legend>
      {current && <div className="ui-home-admin-choices">{choice(current, 0, t("admin.home.currentImage"))}</div>}
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${id}-file`}>
          {t("admin.home.uploadImage")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name="imageFile"
          accept={IMAGE_ACCEPT}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-help${shown ? ` ${errorId}` : ""}`}
        />
        <p id={`${id}-help`} className="ui-field-help">
          {t("admin.home.uploadHelp")}
        </p>
      </div>
      {others.length > 0 && (
        <details>
          <summary>{t("admin.home.chooseImage")}</summary>
          <div className="ui-home-admin-choices">{others.map((image, i) => choice(image, i + 1, t("admin.home.pictureN", { n: i + 1 })))}</div>
        </details>
      )}
      <FieldError id={errorId} errors={shown} />
    </fieldset>
  );
}

function LinkSection({ rows }: { rows: HomeLinkRow[] }) {
  const { t } = useTranslation();
  const view = useView("create-link");
  return (
    <section id="links" className="ui-card ui-stack" aria-labelledby="links-title">
      <h2 id="links-title" className="ui-section-title">
        {t("admin.home.links")}
      </h2>
      {rows.length ? (
        <ul className="ui-home-admin-rows" data-testid="home-links">
          {rows.map((row) => (
            <LinkRow key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <p className="ui-muted">{t("admin.home.empty")}</p>
      )}
      <section className="ui-stack" aria-labelledby="create-link-title">
        <h3 id="create-link-title" className="ui-home-admin-subtitle">
          {t("admin.home.addLink")}
        </h3>
        <LinkForm intent="create-link" view={view} submit={t("admin.home.addLink")} />
      </section>
    </section>
  );
}

function LinkRow({ row }: { row: HomeLinkRow }) {
  const { t, i18n } = useTranslation();
  const name = pick(i18n.language, row.titleZh, row.titleEn);
  const update = `update-link:${row.id}`;
  const remove = `delete-link:${row.id}`;
  const view = useView(update);
  const asked = useAsked(remove);
  const refused = replyMessages(useActionData<typeof action>(), remove);
  return (
    <li className="ui-home-admin-row" data-testid="home-link-row" data-id={row.id}>
      <div className="ui-home-admin-row-head">
        <div className="ui-home-admin-row-text">
          <strong>
            <Entered text={name} />
          </strong>
          <span className="ui-muted">
            {row.url} · {t("admin.home.order", { sort: row.sort })}
          </span>
        </div>
        <ConfirmForm title={t("admin.home.confirmDelete", { name })} fields={{ intent: remove }} asked={asked}>
          {t("admin.home.delete")}
          <span className="ui-visually-hidden">
            : <Entered text={name} />
          </span>
        </ConfirmForm>
      </div>
      <FieldError errors={refused} />
      <details open={view ? true : undefined}>
        <summary>
          {t("admin.home.edit")}
          <span className="ui-visually-hidden">
            : <Entered text={name} />
          </span>
        </summary>
        <LinkForm intent={update} row={row} view={view} submit={t("admin.home.save")} />
      </details>
    </li>
  );
}

function LinkForm({ intent, row, view, submit }: { intent: string; row?: HomeLinkRow; view?: IntentView; submit: string }) {
  const { t } = useTranslation();
  const key = intent.replace(/[^a-z0-9]/gi, "-");
  const value = (field: string, fallback: string) => view?.values[field] ?? fallback;
  return (
    <Form method="post" className="ui-stack ui-home-admin-form" noValidate key={view ? "refused" : "shown"} data-testid={`form-${key}`}>
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={view?.formErrors} />
      <Field id={`${key}-titleZh`} label={t("admin.home.titleZh")} errors={view?.fieldErrors.titleZh}>
        <input className="ui-input" name="titleZh" lang="zh-CN" defaultValue={value("titleZh", row?.titleZh ?? "")} />
      </Field>
      <Field id={`${key}-titleEn`} label={t("admin.home.titleEn")} errors={view?.fieldErrors.titleEn}>
        <input className="ui-input" name="titleEn" lang="en" defaultValue={value("titleEn", row?.titleEn ?? "")} />
      </Field>
      <Field id={`${key}-url`} label={t("admin.home.linkUrl")} help={t("admin.home.urlHelp")} errors={view?.fieldErrors.url}>
        <input className="ui-input" name="url" inputMode="url" defaultValue={value("url", row?.url ?? "")} />
      </Field>
      <Field id={`${key}-sort`} label={t("admin.home.sort")} help={t("admin.home.sortHelp")} errors={view?.fieldErrors.sort}>
        <input className="ui-input" name="sort" inputMode="numeric" defaultValue={value("sort", String(row?.sort ?? 0))} />
      </Field>
      <div>
        <button type="submit" className="ui-button">
          {submit}
        </button>
      </div>
    </Form>
  );
}

function ImportantSection({ q, important, found }: { q: string; important: HomeConferenceRow[]; found: HomeConferenceRow[] }) {
  const { t } = useTranslation();
  return (
    <section id="important" className="ui-card ui-stack" aria-labelledby="important-title">
      <h2 id="important-title" className="ui-section-title">
        {t("admin.home.important")}
      </h2>
      <p className="ui-muted">{t("admin.home.importantIntro")}</p>
      {important.length ? (
        <ul className="ui-home-admin-rows" data-testid="home-important">
          {important.map((conference) => (
            <ConferenceRow key={conference.id} conference={conference} q={q} />
          ))}
        </ul>
      ) : (
        <p className="ui-muted">{t("admin.home.empty")}</p>
      )}
      <section className="ui-stack" aria-labelledby="find-title">
        <h3 id="find-title" className="ui-home-admin-subtitle">
          {t("admin.home.find")}
        </h3>
        <Form method="get" action={`${PAGE}#important`} className="ui-row ui-home-admin-form">
          <label className="ui-visually-hidden" htmlFor="home-find">
            {t("admin.home.findLabel")}
          </label>
          <input id="home-find" className="ui-input" type="search" name="q" defaultValue={q} placeholder={t("admin.home.findLabel")} />
          <button type="submit" className="ui-button-outline">
            {t("admin.home.findButton")}
          </button>
        </Form>
        {q &&
          (found.length ? (
            <>
              <p className="ui-muted" aria-live="polite">
                {t("admin.home.found", { count: found.length })}
              </p>
              <ul className="ui-home-admin-rows" data-testid="home-found">
                {found.map((conference) => (
                  <ConferenceRow key={conference.id} conference={conference} q={q} />
                ))}
              </ul>
            </>
          ) : (
            <p className="ui-muted" aria-live="polite">
              {t("admin.home.foundNone")}
            </p>
          ))}
      </section>
    </section>
  );
}

/** A conference with its mark: unmark it when important, else mark it (only published ones are found). */
function ConferenceRow({ conference, q }: { conference: HomeConferenceRow; q: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const intent = `${conference.isImportant ? "unmark" : "mark"}:${conference.id}`;
  const refused = replyMessages(useActionData<typeof action>(), intent);
  return (
    <li className="ui-home-admin-row" data-testid="home-conference" data-id={conference.id}>
      <div className="ui-home-admin-row-head">
        <div className="ui-home-admin-row-text">
          <Link to={`/${conference.id}`}>
            <Entered text={name} />
          </Link>
          <span className="ui-muted">
            #{conference.id} · {t("admin.home.dates", { start: formatDay(lang, conference.startDate), end: formatDay(lang, conference.endDate) })} ·{" "}
            <span className="ui-home-admin-keep">
              <Entered text={pick(lang, conference.cityZh, conference.cityEn)} />
            </span>
          </span>
          {!conference.isPublish && (
            <span>
              <StatusBadge state="unpublished">{t("admin.home.unpublished")}</StatusBadge>
            </span>
          )}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="q" value={q} />
          <button type="submit" className={conference.isImportant ? "ui-button-outline" : "ui-button"}>
            {conference.isImportant ? t("admin.home.unmark") : t("admin.home.mark")}
            <span className="ui-visually-hidden">
              : <Entered text={name} />
            </span>
          </button>
        </Form>
      </div>
      <FieldError errors={refused} />
    </li>
  );
}

/** A labelled control with its help and messages; the control is the only child and gets the id. */
function Field({ id, label, help, errors, children }: { id: string; label: string; help?: string; errors?: string[]; children: ReactElement<ControlProps> }) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const shown = errors?.length ? errors : undefined;
  const describedBy = [help ? helpId : "", shown ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": shown ? true : undefined, "aria-describedby": describedBy })}
      {help && (
        <p id={helpId} className="ui-field-help">
          {help}
        </p>
      )}
      <FieldError id={errorId} errors={shown} />
    </div>
  );
}

type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
