import { z } from "zod";
import "./messages";
import { toFen } from "../money";
import { idField, optionalIdField } from "../params";
import { normalizeOps, safeHref, safeSrc } from "../rich-text";
import { chinaMoment } from "./china-time";
import { hostName, isLoopbackOrAddress } from "./host";
import { mobileField } from "./mobile";

/**
 * Organiser authoring (issue 4): one schema per form, shared by the Remix actions and the
 * platform's handlers. Messages are translation keys under "authoring.v".
 */

const req = (max: number) => z.string({ error: "authoring.v.required" }).trim().min(1, "authoring.v.required").max(max, "authoring.v.tooLong");
const opt = (max: number) => z.string().trim().max(max, "authoring.v.tooLong").optional().default("");
const day = z
  .string({ error: "authoring.v.required" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "authoring.v.date");
const optionalId = optionalIdField("authoring.v.invalid");
/** A date and time as typed in a `datetime-local` input (China time) or an ISO string (`chinaMoment`). */
const moment = z
  .string({ error: "authoring.v.required" })
  .trim()
  .min(1, "authoring.v.required")
  .transform((value, ctx) => {
    const date = chinaMoment(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "authoring.v.dateTime" });
      return z.NEVER;
    }
    return date.toISOString();
  });
const optionalMoment = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(moment.optional());
/** HTML checkboxes post "on"; JSON callers send booleans. */
const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");
/** Links on pages: http(s), mailto or same-site; `javascript:` and `data:` are refused. */
export const safeUrl = z
  .string()
  .trim()
  .max(2048, "authoring.v.tooLong")
  .refine((value) => safeHref(value) !== null, "authoring.v.url");
const imageUrl = z
  .string()
  .trim()
  .max(2048, "authoring.v.tooLong")
  .optional()
  .default("")
  .refine((value) => value === "" || safeSrc(value) !== null, "authoring.v.url");

export const conferenceBasicsSchema = z
  .object({
    nameZh: req(200),
    nameEn: req(300),
    shortName: opt(50),
    startDate: day,
    endDate: day,
    cityZh: req(50),
    cityEn: opt(100),
    addressZh: opt(300),
    addressEn: opt(300),
    categoryId: optionalId,
    majorId: optionalId,
    cover: imageUrl,
    hostZh: opt(300),
    hostEn: opt(300),
    summaryZh: opt(2000),
    summaryEn: opt(2000),
  })
  .refine((value) => value.endDate >= value.startDate, { path: ["endDate"], message: "authoring.v.endBeforeStart" });
export type ConferenceBasics = z.output<typeof conferenceBasicsSchema>;

export const publishSchema = z.object({ isPublish: flag });

// ─── Rich text ────────────────────────────────────────────────────────────────────

const richOp = z
  .object({
    insert: z.union([z.string().max(100_000), z.object({ image: z.string().max(2048) })]),
    attributes: z.record(z.string(), z.unknown()).optional().nullable(),
  })
  .superRefine((op, ctx) => {
    const link = op.attributes?.link;
    if (link !== undefined && (typeof link !== "string" || safeHref(link) === null)) ctx.addIssue({ code: "custom", message: "authoring.v.url" });
    if (typeof op.insert === "object" && safeSrc(op.insert.image) === null) ctx.addIssue({ code: "custom", message: "authoring.v.url" });
  })
  .transform((op) => (op.attributes ? { insert: op.insert, attributes: op.attributes } : { insert: op.insert }));
/** Stored canonical (neighbouring ops with equal attributes merged), as the editor and the textarea post it. */
export const richTextSchema = z
  .array(richOp)
  .max(5000, "authoring.v.tooLong")
  .transform((ops) => normalizeOps(ops));

/**
 * A rich text field from a form: the editor posts its ops as JSON (`<name>Ops`); without
 * JavaScript the plain textarea (`<name>`) is converted on the server (see plainToOps).
 */
export const textSchema = z.object({
  moduleId: optionalId,
  titleZh: opt(200),
  titleEn: opt(200),
  contentZh: richTextSchema.default([]),
  contentEn: richTextSchema.default([]),
});

// ─── Modules, branches, forums, schedules ───────────────────────────────────────────

export const MODULE_TYPES = ["intro", "schedule", "guests", "organizers", "sponsors", "hotel", "traffic", "contact", "custom"] as const;

export const moduleSchema = z.object({
  type: z.enum(MODULE_TYPES, { error: "authoring.v.invalid" }),
  titleZh: req(100),
  titleEn: opt(100),
  sort: z.coerce.number().int().min(0).max(10_000).optional().default(0),
  visible: flag,
});

export const branchSchema = z.object({ nameZh: req(100), nameEn: opt(100), sort: z.coerce.number().int().min(0).max(10_000).optional().default(0) });

export const forumSchema = branchSchema.extend({ branchId: optionalId });

export const scheduleSchema = z
  .object({
    moduleId: optionalId,
    branchId: optionalId,
    forumId: optionalId,
    startsAt: moment,
    endsAt: moment,
    titleZh: req(300),
    titleEn: opt(300),
    /** One speaker a line (or comma-separated): "name" or "name / affiliation". */
    speakers: z
      .union([
        z.string().max(2000, "authoring.v.tooLong"),
        z.array(z.object({ name: z.string().trim().min(1).max(100), affiliation: z.string().trim().max(200).optional() })).max(50),
      ])
      .optional()
      .transform((value) => {
        if (Array.isArray(value)) return value;
        return (value ?? "")
          .split(/[\n,，]/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [name, affiliation] = line.split("/").map((part) => part.trim());
            return affiliation ? { name, affiliation } : { name };
          });
      }),
    room: opt(100),
  })
  .refine((value) => value.endsAt > value.startsAt, { path: ["endsAt"], message: "authoring.v.endBeforeStart" });

export const schedulePublishSchema = z.object({ published: flag });

// ─── Registration settings ──────────────────────────────────────────────────────────

export const identitySchema = branchSchema;
export const vipLevelSchema = branchSchema;

export const strategySchema = z
  .object({ nameZh: req(100), nameEn: opt(100), startsAt: moment, endsAt: moment, sort: z.coerce.number().int().min(0).max(10_000).optional().default(0) })
  .refine((value) => value.endsAt > value.startsAt, { path: ["endsAt"], message: "authoring.v.endBeforeStart" });

const unit = z.enum(["0", "1", "2"], { error: "authoring.v.invalid" });
export const feeSchema = z
  .object({
    identityId: idField("authoring.v.invalid"),
    strategyId: idField("authoring.v.invalid"),
    amount: z.string().trim(),
    unit: unit.optional().default("0"),
  })
  .transform((value, ctx) => {
    const priceFen = toFen(value.amount, value.unit);
    if (priceFen === null) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "authoring.v.amount" });
      return z.NEVER;
    }
    return { identityId: value.identityId, strategyId: value.strategyId, priceFen, unit: value.unit };
  });

export const couponSchema = z
  .object({
    code: z
      .string({ error: "authoring.v.required" })
      .trim()
      .min(1, "authoring.v.required")
      .max(40, "authoring.v.tooLong")
      .regex(/^[A-Za-z0-9_-]+$/, "authoring.v.code"),
    kind: z.enum(["amount", "percent"], { error: "authoring.v.invalid" }),
    value: z.string().trim().min(1, "authoring.v.required"),
    useLimit: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => (value === undefined || value === "" ? null : Number(value)))
      .pipe(z.number().int("authoring.v.integer").min(1, "authoring.v.integer").nullable()),
    startsAt: optionalMoment,
    endsAt: optionalMoment,
  })
  .transform((input, ctx) => {
    let value: number | null;
    if (input.kind === "amount") value = toFen(input.value, "0");
    else value = /^\d{1,3}$/.test(input.value) && Number(input.value) >= 1 && Number(input.value) <= 100 ? Number(input.value) : null;
    if (value === null || value <= 0) {
      ctx.addIssue({ code: "custom", path: ["value"], message: input.kind === "amount" ? "authoring.v.amount" : "authoring.v.percent" });
      return z.NEVER;
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "authoring.v.endBeforeStart" });
      return z.NEVER;
    }
    return { code: input.code, kind: input.kind, value, useLimit: input.useLimit, startsAt: input.startsAt ?? null, endsAt: input.endsAt ?? null };
  });

export const registrationSettingsSchema = z.object({
  capacity: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === "" ? null : Number(value)))
    .pipe(z.number().int("authoring.v.integer").min(1, "authoring.v.integer").nullable()),
  /** Hours an attendee has to pay before an unpaid registration gives its place back (decision 030). */
  paymentWindowHours: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === "" ? 24 : Number(value)))
    .pipe(z.number("authoring.v.paymentWindow").int("authoring.v.paymentWindow").min(1, "authoring.v.paymentWindow").max(720, "authoring.v.paymentWindow")),
  moderation: flag,
  requireSubscribe: flag,
});

export const FIELD_TYPES = ["text", "textarea", "number", "radio", "checkbox", "date", "email", "phone", "file"] as const;

/** Options one a line: "value|中文|English" (or a single label used for all three). */
export function parseOptions(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, zh, en] = line.split("|").map((part) => part.trim());
      return { value, labelZh: zh || value, labelEn: en || zh || value };
    });
}

export const formFieldSchema = z
  .object({
    key: z
      .string({ error: "authoring.v.required" })
      .trim()
      .min(1, "authoring.v.required")
      .max(40, "authoring.v.tooLong")
      .regex(/^[a-z][a-z0-9_]*$/, "authoring.v.key"),
    type: z.enum(FIELD_TYPES, { error: "authoring.v.invalid" }),
    labelZh: req(100),
    labelEn: req(200),
    helpZh: opt(300),
    helpEn: opt(300),
    required: flag,
    options: z
      .union([
        z.string().max(5000),
        z.array(z.object({ value: z.string().min(1).max(100), labelZh: z.string().max(100), labelEn: z.string().max(200) })).max(100),
      ])
      .optional()
      .transform((value) => (typeof value === "string" ? parseOptions(value) : (value ?? []))),
    showWhenField: z.string().trim().max(40).optional().default(""),
    showWhenValue: z.string().trim().max(100).optional().default(""),
    sort: z.coerce.number().int().min(0).max(10_000).optional().default(0),
  })
  .superRefine((value, ctx) => {
    if ((value.type === "radio" || value.type === "checkbox") && value.options.length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "authoring.v.options" });
    if (value.showWhenField && !value.showWhenValue) ctx.addIssue({ code: "custom", path: ["showWhenValue"], message: "authoring.v.required" });
    if (value.showWhenField && value.showWhenField === value.key) ctx.addIssue({ code: "custom", path: ["showWhenField"], message: "authoring.v.invalid" });
  });

/** An admin user's note: what they look after for this conference. */
export const adminUserUpdateSchema = z.object({ remark: opt(200) });

export const adminUserSchema = adminUserUpdateSchema.extend({
  mobile: mobileField({ required: "authoring.v.required", invalid: "validation.mobileInvalid" }),
});

export const companySchema = z.object({
  name: req(200),
  taxId: z
    .string()
    .trim()
    .max(40, "authoring.v.tooLong")
    .regex(/^[0-9A-Za-z]*$/, "authoring.v.taxId"),
});

export { flag as checkboxFlag, safeSrc as safeImage };

// ─── Other modules: organizers, sponsors, links, banners, media, hotels, specials ─────────

const sortField = z.coerce.number().int().min(0).max(10_000).optional().default(0);
const requiredUrl = z.string({ error: "authoring.v.required" }).trim().min(1, "authoring.v.required").pipe(safeUrl);
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || "")
  .refine((value) => value === "" || safeHref(value) !== null, "authoring.v.url")
  .transform((value) => value || null);
const requiredImage = z
  .string({ error: "authoring.v.required" })
  .trim()
  .min(1, "authoring.v.required")
  .max(2048, "authoring.v.tooLong")
  .refine((value) => safeSrc(value) !== null, "authoring.v.url");
const optionalImage = imageUrl.transform((value) => value || null);

export const organizerSchema = z.object({
  role: z.enum(["host", "organizer", "co-organizer", "supporter"], { error: "authoring.v.invalid" }),
  nameZh: req(200),
  nameEn: opt(300),
  logo: optionalImage,
  sort: sortField,
});

export const sponsorSchema = z.object({
  kind: z.enum(["sponsor", "exhibitor"], { error: "authoring.v.invalid" }),
  company: req(200),
  contact: opt(100),
  phone: opt(40),
  email: opt(200),
  level: opt(50),
  booth: opt(50),
  website: optionalUrl,
  logo: optionalImage,
  /** A new remark, added to the sponsor's remarks. */
  remark: opt(1000),
  sort: sortField,
});

export const linkSchema = z.object({ titleZh: req(200), titleEn: opt(200), url: requiredUrl, sort: sortField });
export const mediaSchema = z.object({
  kind: z.enum(["image", "video", "press"], { error: "authoring.v.invalid" }),
  titleZh: opt(200),
  titleEn: opt(200),
  url: requiredUrl,
  sort: sortField,
});
export const bannerSchema = z.object({ titleZh: opt(200), titleEn: opt(200), image: requiredImage, url: optionalUrl, sort: sortField });

export const hotelSchema = z.object({
  nameZh: req(200),
  nameEn: opt(200),
  addressZh: opt(300),
  addressEn: opt(300),
  phone: opt(40),
  stars: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === "" ? null : Number(value)))
    .pipe(z.number().int("authoring.v.integer").min(1, "authoring.v.integer").max(5, "authoring.v.integer").nullable()),
  distanceZh: opt(100),
  distanceEn: opt(100),
  /** The custom QR code's value: a booking link, a WeChat contact … (text, not rendered as a link). */
  qrCode: z
    .string()
    .trim()
    .max(500, "authoring.v.tooLong")
    .optional()
    .transform((value) => value || null),
  sort: sortField,
});

export const hotelRoomSchema = z
  .object({
    hotelId: idField("authoring.v.invalid"),
    typeZh: req(100),
    typeEn: opt(100),
    price: z.string({ error: "authoring.v.required" }).trim().min(1, "authoring.v.required"),
    inventory: z.coerce.number({ error: "authoring.v.integer" }).int("authoring.v.integer").min(0, "authoring.v.integer").max(100_000, "authoring.v.integer"),
    startDate: day,
    endDate: day,
    showState: flag,
  })
  .transform((value, ctx) => {
    const priceFen = toFen(value.price, "0");
    if (priceFen === null) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "authoring.v.amount" });
      return z.NEVER;
    }
    if (value.endDate < value.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "authoring.v.endBeforeStart" });
      return z.NEVER;
    }
    const { price: _price, ...rest } = value;
    return { ...rest, priceFen };
  });

export const roomShowSchema = z.object({ showState: flag });

export const specialSchema = z.object({ type: z.coerce.number().int().min(0).max(1), titleZh: req(100), titleEn: opt(100), sort: sortField });
export const specialItemSchema = z.object({
  specialId: idField("authoring.v.invalid"),
  role: z.enum(["guest", "chairman", "item"], { error: "authoring.v.invalid" }).optional().default("item"),
  nameZh: req(100),
  nameEn: opt(200),
  titleZh: opt(200),
  titleEn: opt(200),
  photo: optionalImage,
  sort: sortField,
});

/**
 * The conference's own host name (e.g. "meeting.example.org"); empty removes it. Case, a port
 * and a trailing dot are dropped (decision 029); the machine's own names never qualify, and the
 * platform refuses its configured hosts as well.
 */
export const domainSchema = z.object({
  domain: z
    .string()
    .max(260, "authoring.v.tooLong")
    .transform(hostName)
    .pipe(
      z
        .string()
        .max(253, "authoring.v.tooLong")
        .refine((value) => value === "" || !isLoopbackOrAddress(value), { message: "authoring.v.domainPlatform", abort: true })
        .refine((value) => value === "" || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value), "authoring.v.domain"),
    )
    .transform((value) => value || null),
});

// ─── Live-stream replays ──────────────────────────────────────────────────────────

/** A video address: http(s) or same-site (`javascript:`, `data:` and the rest refused); empty is none. */
const videoUrl = (extension?: RegExp) =>
  z
    .string()
    .trim()
    .max(2048, "authoring.v.tooLong")
    .optional()
    .transform((value) => value || "")
    .refine((value) => value === "" || safeSrc(value) !== null, "authoring.v.url")
    .refine((value) => value === "" || !extension || extension.test(value.split(/[?#]/)[0]), "authoring.v.hls")
    .transform((value) => value || null);

/** "1:02:05", "62:05" or seconds ("3725") → seconds. */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value === "") return 0;
  if (/^\d{1,6}$/.test(value)) return Number(value);
  const match = /^(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const [, h, m, s] = match;
  if (h !== undefined && Number(m) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

export const replaySchema = z
  .object({
    titleZh: req(300),
    titleEn: opt(300),
    descriptionZh: opt(2000),
    descriptionEn: opt(2000),
    cover: optionalImage,
    mp4Url: videoUrl(),
    hlsUrl: videoUrl(/\.m3u8$/i),
    recordedOn: day,
    duration: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => String(value ?? "")),
    isPublish: flag,
  })
  .transform((input, ctx) => {
    const durationSeconds = parseDuration(input.duration);
    if (durationSeconds === null) ctx.addIssue({ code: "custom", path: ["duration"], message: "authoring.v.duration" });
    if (!input.mp4Url && !input.hlsUrl) ctx.addIssue({ code: "custom", path: ["mp4Url"], message: "authoring.v.video" });
    if (durationSeconds === null || (!input.mp4Url && !input.hlsUrl)) return z.NEVER;
    const { duration: _duration, recordedOn, ...rest } = input;
    // Filed on that day in China, like conference dates.
    return { ...rest, durationSeconds, recordedAt: new Date(`${recordedOn}T00:00:00+08:00`).toISOString() };
  });

/** `PUT /tag` (decision 037): the conference's whole tag list, name and the organiser's value. */
export const tagsSchema = z.object({
  conferenceId: idField("authoring.v.invalid"),
  tags: z.array(z.object({ name: req(50), value: opt(200) }), { error: "authoring.v.invalid" }).max(50, "authoring.v.tooLong"),
});

/** `PUT /characteristic` (decision 037): the conference's characteristics (EI, Scopus, …). */
export const characteristicSchema = z.object({
  conferenceId: idField("authoring.v.invalid"),
  characteristic: z.array(req(50), { error: "authoring.v.invalid" }).max(20, "authoring.v.tooLong"),
});

/** `PATCH /hotel-room/{id}` (decision 037): the rooms left to book. */
export const hotelRoomStockSchema = z.object({
  inventory: z.coerce.number({ error: "authoring.v.integer" }).int("authoring.v.integer").min(0, "authoring.v.integer").max(100_000, "authoring.v.integer"),
});

/** `POST /conference/lightQrcode` (decision 037). */
export const lightQrcodeSchema = z.object({ conferenceId: idField("authoring.v.invalid") });
