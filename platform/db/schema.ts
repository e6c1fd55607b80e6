/**
 * The platform's data model, covering every entity of the spec (§3). Names follow the
 * product's words; columns are snake_case in the database (drizzle `casing`).
 * Money is integer fen. Bilingual text sits in `...Zh` / `...En` pairs.
 * Rich text is stored as the editor's operations array (jsonb).
 */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  AuditState,
  FieldType,
  FormField,
  InvoiceCompany,
  InvoiceState,
  PaymentMethod,
  PaymentState,
  RegistrationState,
  Remark,
  RichText,
} from "#contract/states";
export type { AuditState, FieldType, FormField, InvoiceCompany, InvoiceState, PaymentMethod, PaymentState, RegistrationState, Remark, RichText };

const created = () => timestamp({ withTimezone: true }).notNull();
const updated = () => timestamp({ withTimezone: true }).notNull();

// ─── Accounts and identity ──────────────────────────────────────────────────────────

export const accounts = pgTable(
  "accounts",
  {
    id: serial().primaryKey(),
    mobile: text().notNull(),
    name: text().notNull().default(""),
    email: text(),
    avatar: text(),
    /** 1 = English, anything else Chinese (spec §4). */
    defaultType: integer().notNull().default(0),
    karma: integer().notNull().default(0),
    hasClaimed: boolean().notNull().default(false),
    isPlatformAdmin: boolean().notNull().default(false),
    wechatOpenId: text(),
    /**
     * The account's openid at the organisers' WeChat official account (not the sign-in openid:
     * each WeChat app has its own), and since when it follows it; null once it unfollows.
     */
    officialOpenId: text(),
    officialSubscribedAt: timestamp({ withTimezone: true }),
    /** Registered through the `/user/login` variant, which stores the user record. */
    userRecord: boolean().notNull().default(false),
    /**
     * Set by a platform administrator (issue 17): a disabled account cannot sign in, its tokens
     * were deleted when it was disabled, and any token left is refused while this is set.
     */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex().on(t.mobile), uniqueIndex().on(t.wechatOpenId), index().on(t.officialOpenId)],
);

/** Opaque bearer tokens, stored hashed (sha-256). */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    rememberMe: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [index().on(t.accountId)],
);

export const smsCodes = pgTable(
  "sms_codes",
  {
    id: serial().primaryKey(),
    mobile: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: created(),
    /** The address that asked for the code (per-requester limits, decision 024). */
    client: text().notNull().default(""),
    /** The nonce of the page's send ticket that asked for it: a ticket sends once (decision 024). */
    ticket: text(),
  },
  (t) => [index().on(t.mobile, t.createdAt), index().on(t.client, t.createdAt), index().on(t.createdAt), uniqueIndex().on(t.ticket)],
);

/**
 * Counted events of a requester (wrong codes, registration checks) for the limits of
 * decisions 024 and 025: `kind` names the limit, `key` whom it counts (an address, an
 * address and a number, an account).
 */
export const rateEvents = pgTable(
  "rate_events",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.kind, t.key, t.at), index().on(t.at)],
);

/**
 * One-time values of the WeChat flow: the OAuth `state` (so a callback can't be forged or
 * replayed) and the bind ticket that links a new WeChat identity to a mobile number.
 */
export const oauthStates = pgTable("oauth_states", {
  state: text().primaryKey(),
  purpose: text().$type<"wechat-login" | "wechat-bind" | "subscribe">().notNull(),
  redirectTo: text().notNull().default("/"),
  payload: jsonb().$type<Record<string, string>>().notNull().default({}),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

export const researchGroups = pgTable(
  "research_groups",
  {
    id: serial().primaryKey(),
    ownerAccountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    createdAt: created(),
  },
  (t) => [index().on(t.ownerAccountId)],
);

/** The account site's inbox: `kind` notice (system notices) or message (personal). */
export const inbox = pgTable(
  "inbox",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text().$type<"notice" | "message">().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    bodyZh: text().notNull().default(""),
    bodyEn: text().notNull().default(""),
    readAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index().on(t.accountId, t.kind, t.readAt)],
);

/** Uploaded blobs (the `key` of an upload response). Stored outside the web root. */
export const uploads = pgTable(
  "uploads",
  {
    id: serial().primaryKey(),
    key: text().notNull(),
    ownerAccountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    originalName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storage: text().$type<"disk" | "s3">().notNull().default("disk"),
    /** Public uploads (images for pages) may be served to anyone; private ones only to owner/organisers. */
    isPublic: boolean().notNull().default(true),
    /**
     * Set while the upload is only kept for a form (a refused submit, or a field uploaded before
     * its form is sent): after this moment the cleanup deletes it unless a saved record points at it.
     */
    keptUntil: timestamp({ withTimezone: true }),
    /** A form answer's file: the form and the answer page's submission key it was uploaded for (the answer takes only these). */
    formId: integer(),
    submissionKey: text(),
    /** Who sent it, for the per-client quota: a keyed hash of the client's address, never the address. */
    client: text(),
    createdAt: created(),
  },
  (t) => [uniqueIndex().on(t.key), index().on(t.keptUntil), index().on(t.client, t.createdAt), index().on(t.submissionKey)],
);

export const organizations = pgTable(
  "organizations",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text().notNull(),
    address: text().notNull().default(""),
    contact: text().notNull().default(""),
    licenceKey: text(),
    state: text().$type<AuditState>().notNull().default("pending"),
    reason: text(),
    reviewedBy: integer(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index().on(t.accountId), index().on(t.state)],
);

// ─── Directory: categories, majors, institutions, references ─────────────────────────

export const categories = pgTable("categories", {
  id: serial().primaryKey(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  sort: integer().notNull().default(0),
});

export const majors = pgTable("majors", {
  id: serial().primaryKey(),
  categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  sort: integer().notNull().default(0),
});

export const subjects = pgTable("subjects", {
  id: serial().primaryKey(),
  majorId: integer()
    .notNull()
    .references(() => majors.id, { onDelete: "cascade" }),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
});

export const institutions = pgTable(
  "institutions",
  {
    id: serial().primaryKey(),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    cityZh: text().notNull().default(""),
    cityEn: text().notNull().default(""),
    logo: text(),
    organizationId: integer().references(() => organizations.id, { onDelete: "set null" }),
    certified: boolean().notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index().on(t.certified),
    // The directory's keyword search (platform/routes/directory.ts uses the same expression).
    index("institutions_search_trgm").using("gin", sql`lower(${t.nameZh} || ' ' || ${t.nameEn} || ' ' || ${t.cityZh} || ' ' || ${t.cityEn}) gin_trgm_ops`),
    // Keywords of one or two Chinese characters have no trigram: cjk_grams() (migration 0002).
    index("institutions_search_cjk").using("gin", sql`cjk_grams(lower(${t.nameZh} || ' ' || ${t.nameEn} || ' ' || ${t.cityZh} || ' ' || ${t.cityEn}))`),
  ],
);

export const references = pgTable(
  "references",
  {
    id: serial().primaryKey(),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    cityZh: text().notNull().default(""),
    cityEn: text().notNull().default(""),
    addressZh: text().notNull().default(""),
    addressEn: text().notNull().default(""),
    majorId: integer().references(() => majors.id, { onDelete: "set null" }),
    subjectId: integer().references(() => subjects.id, { onDelete: "set null" }),
    /** Lower-cased names, cities and addresses in both languages, trigram-indexed for search. */
    searchText: text().notNull().default(""),
    createdAt: created(),
  },
  (t) => [
    index("references_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("references_search_cjk").using("gin", sql`cjk_grams(${t.searchText})`),
    index().on(t.majorId),
    index().on(t.subjectId),
    index().on(t.cityZh),
    index().on(t.cityEn),
  ],
);

// ─── Conferences and their modules ───────────────────────────────────────────────────

export const conferences = pgTable(
  "conferences",
  {
    id: serial().primaryKey(),
    ownerAccountId: integer()
      .notNull()
      .references(() => accounts.id),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    shortName: text().notNull().default(""),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    cityZh: text().notNull().default(""),
    cityEn: text().notNull().default(""),
    addressZh: text().notNull().default(""),
    addressEn: text().notNull().default(""),
    categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    majorId: integer().references(() => majors.id, { onDelete: "set null" }),
    institutionId: integer().references(() => institutions.id, { onDelete: "set null" }),
    cover: text(),
    hostZh: text().notNull().default(""),
    hostEn: text().notNull().default(""),
    summaryZh: text().notNull().default(""),
    summaryEn: text().notNull().default(""),
    isPublish: boolean().notNull().default(false),
    isImportant: boolean().notNull().default(false),
    /**
     * Taken down by a platform administrator for breaking the rules (issue 17), with the reason its
     * organisers see: unpublished then, and not published again until an administrator allows it.
     */
    takenDownAt: timestamp({ withTimezone: true }),
    takenDownReason: text(),
    /**
     * The conference's own host name, served by `/domain/{id}` once a platform administrator
     * approved it (`domainState`, decision 029); a changed name waits for approval again.
     */
    domain: text(),
    domainState: text().$type<AuditState>(),
    domainReason: text(),
    /**
     * The sender name in front of the conference's text messages (【…】), requested by the
     * organiser and used only once a platform administrator approved it (decision 028).
     */
    smsSignName: text(),
    smsSignState: text().$type<AuditState>(),
    smsSignReason: text(),
    exCss: text().notNull().default(""),
    exJs: text().notNull().default(""),
    invoiceCompany: jsonb().$type<InvoiceCompany | null>(),
    capacity: integer(),
    /** Hours an attendee has to pay before an unpaid registration stops holding a place (decision 030). */
    paymentWindowHours: integer().notNull().default(24),
    moderation: boolean().notNull().default(false),
    /** Attendees must follow the organisers' WeChat official account before registering. */
    requireSubscribe: boolean().notNull().default(false),
    paymentMethods: jsonb().$type<PaymentMethod[]>().notNull().default(["transfer"]),
    currency: text().notNull().default("CNY"),
    characteristic: jsonb().$type<string[]>().notNull().default([]),
    /** Lower-cased names, subject, major and cities in both languages, trigram-indexed for search. */
    searchText: text().notNull().default(""),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index().on(t.isPublish, t.startDate),
    index().on(t.ownerAccountId),
    index().on(t.categoryId),
    index().on(t.majorId),
    index().on(t.institutionId, t.isPublish, t.startDate),
    // Only an approved name is unique: a request can't hold a host name away from its real owner.
    uniqueIndex("conferences_approved_domain")
      .on(t.domain)
      .where(sql`${t.domainState} = 'approved'`),
    index("conferences_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Keywords of one or two Chinese characters (北京, 化学) give pg_trgm no trigram; cjk_grams()
    // (migration 0002) lists every CJK character and character pair, so they use this index.
    index("conferences_search_cjk").using("gin", sql`cjk_grams(${t.searchText})`),
    // Upcoming and past lists read in end-date order; the filters by city and the few important ones.
    index().on(t.isPublish, t.endDate),
    index().on(t.cityZh),
    index().on(t.cityEn),
    index("conferences_important")
      .on(t.startDate)
      .where(sql`${t.isPublish} and ${t.isImportant}`),
  ],
);

/** Co-organisers of one conference (`/admin-user`). */
export const conferenceAdmins = pgTable(
  "conference_admins",
  {
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The organiser's note on this admin user (their duty, e.g. "registration review"). */
    remark: text().notNull().default(""),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.accountId] }), index().on(t.accountId)],
);

export const modules = pgTable(
  "modules",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    type: text().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
    visible: boolean().notNull().default(true),
    schedulePublished: boolean().notNull().default(false),
  },
  (t) => [index().on(t.conferenceId)],
);

export const texts = pgTable(
  "texts",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => modules.id, { onDelete: "cascade" }),
    titleZh: text().notNull().default(""),
    titleEn: text().notNull().default(""),
    contentZh: jsonb().$type<RichText>().notNull().default([]),
    contentEn: jsonb().$type<RichText>().notNull().default([]),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const branches = pgTable(
  "branches",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const forums = pgTable(
  "forums",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    branchId: integer().references(() => branches.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const schedules = pgTable(
  "schedules",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => modules.id, { onDelete: "cascade" }),
    /** null is the main venue (spec §3). */
    branchId: integer().references(() => branches.id, { onDelete: "cascade" }),
    forumId: integer().references(() => forums.id, { onDelete: "set null" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    speakers: jsonb().$type<Array<{ name: string; affiliation?: string }>>().notNull().default([]),
    room: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId, t.startsAt)],
);

export const scheduleSubscriptions = pgTable(
  "schedule_subscriptions",
  {
    scheduleId: integer()
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.accountId] }), index().on(t.accountId)],
);

/** type 0: guests and chairmen; type 1: a plain list (spec §3). */
export const specials = pgTable(
  "specials",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    type: integer().notNull().default(0),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const specialItems = pgTable(
  "special_items",
  {
    id: serial().primaryKey(),
    specialId: integer()
      .notNull()
      .references(() => specials.id, { onDelete: "cascade" }),
    role: text().$type<"guest" | "chairman" | "item">().notNull().default("item"),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    titleZh: text().notNull().default(""),
    titleEn: text().notNull().default(""),
    photo: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.specialId)],
);

export const organizers = pgTable(
  "organizers",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    role: text().$type<"host" | "organizer" | "co-organizer" | "supporter">().notNull().default("organizer"),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    logo: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const sponsors = pgTable(
  "sponsors",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    kind: text().$type<"sponsor" | "exhibitor">().notNull(),
    company: text().notNull(),
    contact: text().notNull().default(""),
    phone: text().notNull().default(""),
    email: text().notNull().default(""),
    level: text().notNull().default(""),
    booth: text().notNull().default(""),
    logo: text(),
    website: text(),
    materials: jsonb().$type<string[]>().notNull().default([]),
    state: text().$type<AuditState>().notNull().default("pending"),
    remarks: jsonb().$type<Remark[]>().notNull().default([]),
    sort: integer().notNull().default(0),
    createdAt: created(),
  },
  (t) => [index().on(t.conferenceId, t.kind, t.state)],
);

/** Banners and adverts: `conferenceId` null is the portal home. */
export const banners = pgTable(
  "banners",
  {
    id: serial().primaryKey(),
    conferenceId: integer().references(() => conferences.id, { onDelete: "cascade" }),
    placement: text().$type<"banner" | "advert">().notNull().default("banner"),
    titleZh: text().notNull().default(""),
    titleEn: text().notNull().default(""),
    image: text().notNull(),
    url: text(),
    sort: integer().notNull().default(0),
    /** When the banner shows (issue 17): from `startsAt` (null: already) until `endsAt` (null: no end). */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.conferenceId, t.placement)],
);

export const links = pgTable(
  "links",
  {
    id: serial().primaryKey(),
    conferenceId: integer().references(() => conferences.id, { onDelete: "cascade" }),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    url: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const media = pgTable(
  "media",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    kind: text().$type<"image" | "video" | "press">().notNull().default("image"),
    titleZh: text().notNull().default(""),
    titleEn: text().notNull().default(""),
    url: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

/** Live-stream replays. */
export const replays = pgTable(
  "replays",
  {
    id: serial().primaryKey(),
    conferenceId: integer().references(() => conferences.id, { onDelete: "set null" }),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    descriptionZh: text().notNull().default(""),
    descriptionEn: text().notNull().default(""),
    cover: text(),
    mp4Url: text(),
    hlsUrl: text(),
    durationSeconds: integer().notNull().default(0),
    isPublish: boolean().notNull().default(true),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.isPublish, t.recordedAt),
    index().on(t.conferenceId, t.recordedAt),
    // The replay list's keyword search (platform/routes/replays.ts uses the same expression).
    index("replays_search_trgm").using("gin", sql`lower(${t.titleZh} || ' ' || ${t.titleEn}) gin_trgm_ops`),
    index("replays_search_cjk").using("gin", sql`cjk_grams(lower(${t.titleZh} || ' ' || ${t.titleEn}))`),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The organiser's custom value. */
    value: text().notNull().default(""),
  },
  (t) => [index().on(t.conferenceId)],
);

// ─── Hotels and travel ───────────────────────────────────────────────────────────────

export const hotels = pgTable(
  "hotels",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    addressZh: text().notNull().default(""),
    addressEn: text().notNull().default(""),
    phone: text().notNull().default(""),
    stars: integer(),
    distanceZh: text().notNull().default(""),
    distanceEn: text().notNull().default(""),
    /** The organiser's custom QR code value (a booking link, a WeChat contact …). */
    qrCode: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const hotelRooms = pgTable(
  "hotel_rooms",
  {
    id: serial().primaryKey(),
    hotelId: integer()
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    typeZh: text().notNull(),
    typeEn: text().notNull().default(""),
    priceFen: integer().notNull(),
    /** Rooms available per night. */
    inventory: integer().notNull(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    showState: boolean().notNull().default(true),
  },
  (t) => [index().on(t.hotelId)],
);

export const hotelBookings = pgTable(
  "hotel_bookings",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    registrationId: integer(),
    roomId: integer()
      .notNull()
      .references(() => hotelRooms.id, { onDelete: "cascade" }),
    checkIn: date({ mode: "string" }).notNull(),
    checkOut: date({ mode: "string" }).notNull(),
    rooms: integer().notNull().default(1),
    sharing: text().$type<"single" | "share" | "any">().notNull().default("single"),
    priceFen: integer().notNull(),
    state: text().$type<AuditState | "cancelled">().notNull().default("pending"),
    remark: text(),
    createdAt: created(),
  },
  (t) => [index().on(t.conferenceId, t.state), index().on(t.roomId), index().on(t.accountId)],
);

export const sponsorHotelRequests = pgTable(
  "sponsor_hotel_requests",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    sponsorId: integer().references(() => sponsors.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    roomId: integer()
      .notNull()
      .references(() => hotelRooms.id, { onDelete: "cascade" }),
    checkIn: date({ mode: "string" }).notNull(),
    checkOut: date({ mode: "string" }).notNull(),
    rooms: integer().notNull().default(1),
    guests: jsonb().$type<Array<{ name: string; mobile?: string }>>().notNull().default([]),
    state: text().$type<AuditState>().notNull().default("pending"),
    remark: text(),
    createdAt: created(),
  },
  (t) => [index().on(t.conferenceId, t.state)],
);

export const travels = pgTable(
  "travels",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    registrationId: integer(),
    arrival: jsonb().$type<{ mode: string; number: string; time: string; place: string } | null>(),
    departure: jsonb().$type<{ mode: string; number: string; time: string; place: string } | null>(),
    createdAt: created(),
  },
  (t) => [uniqueIndex().on(t.conferenceId, t.accountId)],
);

// ─── Fees and registration settings ──────────────────────────────────────────────────

export const identities = pgTable(
  "identities",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

/** Time windows such as early bird. */
export const strategies = pgTable(
  "strategies",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

/** The fee table: identity × strategy. `unit` is the price unit code the organiser typed in. */
export const fees = pgTable(
  "fees",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    identityId: integer()
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    strategyId: integer()
      .notNull()
      .references(() => strategies.id, { onDelete: "cascade" }),
    priceFen: integer().notNull(),
    unit: text().$type<"0" | "1" | "2">().notNull().default("0"),
  },
  (t) => [uniqueIndex().on(t.identityId, t.strategyId), index().on(t.conferenceId)],
);

export const vipLevels = pgTable(
  "vip_levels",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(""),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    code: text().notNull(),
    kind: text().$type<"amount" | "percent">().notNull(),
    /** fen for `amount`, 1–100 for `percent`. */
    value: integer().notNull(),
    useLimit: integer(),
    used: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.conferenceId, t.code)],
);

/** The conference's registration form: its own fields, in order. */
export const registrationFields = pgTable(
  "registration_fields",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    field: jsonb().$type<FormField>().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.conferenceId)],
);

// ─── Registrations, teams, payments, invoices ────────────────────────────────────────

/** Conference users (spec's `/conference/user`). `accountId` is null until claimed when an organiser entered it. */
export const registrations = pgTable(
  "registrations",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    teamId: integer(),
    mobile: text().notNull(),
    name: text().notNull(),
    email: text(),
    institution: text().notNull().default(""),
    identityId: integer().references(() => identities.id, { onDelete: "set null" }),
    strategyId: integer().references(() => strategies.id, { onDelete: "set null" }),
    levelId: integer().references(() => vipLevels.id, { onDelete: "set null" }),
    couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
    feeFen: integer().notNull().default(0),
    state: text().$type<RegistrationState>().notNull().default("pending"),
    checkinState: boolean().notNull().default(false),
    checkedInAt: timestamp({ withTimezone: true }),
    ticketCode: text().notNull(),
    remark: text(),
    answers: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text(),
    createdBy: integer(),
    /** An unpaid registration holds its place until then; null when it needs no payment or one is paid or waiting for audit (decision 030). */
    holdUntil: timestamp({ withTimezone: true }),
    /** Set when an unpaid hold ran out and the registration was cancelled for it. */
    expiredAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index().on(t.conferenceId, t.state),
    // The desk's latest check-ins and the statistics screen's check-ins of today.
    index().on(t.conferenceId, t.checkedInAt),
    index().on(t.accountId),
    uniqueIndex().on(t.ticketCode),
    uniqueIndex().on(t.idempotencyKey),
    uniqueIndex("registrations_conference_account").on(t.conferenceId, t.accountId),
    // The organiser's list (newest first, paged) and the export's keyset walk; its date filter.
    index().on(t.conferenceId, t.id),
    index().on(t.conferenceId, t.createdAt),
    // The list's keyword (platform/services/applicants.ts `searchExpression` is the same expression).
    index("registrations_search_trgm").using(
      "gin",
      sql`lower(${t.name} || ' ' || ${t.mobile} || ' ' || ${t.institution} || ' ' || ${t.ticketCode}) gin_trgm_ops`,
    ),
    index("registrations_search_cjk").using("gin", sql`cjk_grams(lower(${t.name} || ' ' || ${t.mobile} || ' ' || ${t.institution} || ' ' || ${t.ticketCode}))`),
  ],
);

export const teams = pgTable(
  "teams",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    leaderAccountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: created(),
  },
  (t) => [index().on(t.conferenceId), index().on(t.leaderAccountId)],
);

/**
 * What a payment keeps besides its columns: the gateway's order (PayPal's order id and
 * approve link) and, for a team payment, the member registrations it covers.
 */
export type PaymentDetails = {
  orderId?: string;
  approveUrl?: string;
  registrationIds?: number[];
  /**
   * Money arrived that the organiser should give back (decisions 030, 031): `duplicate` when
   * another payment already covers the registration, `noSeat` when its hold had expired and
   * the conference was full.
   */
  refundDue?: "duplicate" | "noSeat";
};

export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    registrationId: integer().references(() => registrations.id, { onDelete: "cascade" }),
    teamId: integer().references(() => teams.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    method: text().$type<PaymentMethod>().notNull(),
    amountFen: integer().notNull(),
    currency: text().notNull().default("CNY"),
    state: text().$type<PaymentState>().notNull().default("unpaid"),
    /** Our trade number, sent to the gateway. */
    tradeNo: text().notNull(),
    gatewayTradeNo: text(),
    proofKey: text(),
    remark: text(),
    idempotencyKey: text(),
    details: jsonb().$type<PaymentDetails>().notNull().default({}),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index().on(t.conferenceId, t.state),
    index().on(t.registrationId),
    uniqueIndex().on(t.tradeNo),
    uniqueIndex().on(t.idempotencyKey),
    // One open online intent per registration, whatever its method (decision 031).
    uniqueIndex("payments_one_open_intent")
      .on(t.registrationId)
      .where(sql`${t.state} = 'unpaid' and ${t.registrationId} is not null`),
  ],
);

export const payees = pgTable(
  "payees",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    accountName: text().notNull(),
    bankName: text().notNull(),
    accountNo: text().notNull(),
    noteZh: text().notNull().default(""),
    noteEn: text().notNull().default(""),
  },
  (t) => [index().on(t.conferenceId)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    title: text().notNull(),
    taxId: text().notNull().default(""),
    amountFen: integer().notNull(),
    email: text().notNull(),
    state: text().$type<InvoiceState>().notNull().default("requested"),
    remark: text(),
    fileKey: text(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index().on(t.conferenceId, t.state), uniqueIndex().on(t.paymentId)],
);

/** Tax ids an account has used before, offered for look-up. */
export const savedTaxIds = pgTable(
  "saved_tax_ids",
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    taxId: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.accountId, t.taxId)],
);

// ─── Files and papers ────────────────────────────────────────────────────────────────

export const conferenceFiles = pgTable(
  "conference_files",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    branchId: integer().references(() => branches.id, { onDelete: "set null" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    uploadKey: text().notNull(),
    name: text().notNull(),
    state: text().$type<AuditState>().notNull().default("pending"),
    remark: text(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index().on(t.conferenceId, t.state), index().on(t.accountId)],
);

/** Papers (spec's "issues"). */
export const papers = pgTable(
  "papers",
  {
    id: serial().primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    branchId: integer().references(() => branches.id, { onDelete: "set null" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    authors: jsonb().$type<Array<{ name: string; affiliation: string }>>().notNull().default([]),
    abstract: text().notNull().default(""),
    keywords: text().notNull().default(""),
    uploadKey: text().notNull(),
    state: text().$type<AuditState>().notNull().default("pending"),
    remark: text(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index().on(t.conferenceId, t.state), index().on(t.accountId)],
);

// ─── Standalone forms ────────────────────────────────────────────────────────────────

export const forms = pgTable(
  "forms",
  {
    id: serial().primaryKey(),
    ownerAccountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    conferenceId: integer().references(() => conferences.id, { onDelete: "set null" }),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(""),
    descriptionZh: text().notNull().default(""),
    descriptionEn: text().notNull().default(""),
    fields: jsonb().$type<FormField[]>().notNull().default([]),
    isTemplate: boolean().notNull().default(false),
    isPublic: boolean().notNull().default(true),
    deadline: timestamp({ withTimezone: true }),
    responseLimit: integer(),
    onePerAccount: boolean().notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index().on(t.ownerAccountId),
    index().on(t.isTemplate),
    index().on(t.conferenceId),
    // /search/form's keyword over both titles (platform/routes/forms.ts uses the same expression).
    index("forms_search_trgm").using("gin", sql`lower(${t.titleZh} || ' ' || ${t.titleEn}) gin_trgm_ops`),
    index("forms_search_cjk").using("gin", sql`cjk_grams(lower(${t.titleZh} || ' ' || ${t.titleEn}))`),
  ],
);

export const formAnswers = pgTable(
  "form_answers",
  {
    id: serial().primaryKey(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    answers: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The upload keys among the answers, so a private file finds the forms allowed to read it (services/file-access.ts). */
    fileKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The key the answer page rendered: a double click or a resubmit stores one answer. */
    submissionKey: text(),
    createdAt: created(),
  },
  (t) => [
    index().on(t.formId, t.createdAt),
    index().on(t.formId, t.accountId),
    index("form_answers_file_keys").using("gin", t.fileKeys),
    uniqueIndex().on(t.formId, t.submissionKey),
  ],
);

export const formAdmins = pgTable(
  "form_admins",
  {
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.accountId] })],
);

// ─── Audit trail ─────────────────────────────────────────────────────────────────────

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    conferenceId: integer(),
    accountId: integer(),
    action: text().notNull(),
    target: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index().on(t.conferenceId, t.createdAt), index().on(t.accountId, t.createdAt), index().on(t.createdAt)],
);

/** Fixed-window counters for rate limits, kept in the database so instances share them. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
