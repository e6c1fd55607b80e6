import { z } from "zod";
import "./messages";
import { idField, optionalIdField } from "../params";
import { mobileField } from "./mobile";

/**
 * Attendee services (issue 6): hotel bookings, travel, papers and files, the schedule
 * subscription, sponsor and exhibitor applications, sponsor room requests. One schema per
 * body, shared by the Remix actions and the platform's handlers; messages are translation
 * keys under "services.v". Forms post strings, JSON callers numbers: both are accepted.
 */

const id = (message = "services.v.invalid") => idField(message);

const optionalId = optionalIdField("services.v.invalid");

const text = (max: number) => z.string({ error: "services.v.required" }).trim().min(1, "services.v.required").max(max, "services.v.tooLong");
const optionalText = (max: number) => z.string().trim().max(max, "services.v.tooLong").optional().default("");

/** A calendar day, YYYY-MM-DD, that exists. */
export const day = z
  .string({ error: "services.v.date" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "services.v.date")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "services.v.date");

const rooms = z.coerce.number({ error: "services.v.rooms" }).int("services.v.rooms").min(1, "services.v.rooms").max(20, "services.v.rooms");

/** A private upload's key (from POST /cms/files/documentUpload); ownership is the platform's to check. */
const uploadKey = z
  .string({ error: "services.v.fileRequired" })
  .trim()
  .min(1, "services.v.fileRequired")
  .max(300, "services.v.fileAgain")
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/, "services.v.fileAgain");

/** A guest's mobile, optional; in its stored form (contract/schemas/mobile.ts). */
const mobile = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  mobileField({ required: "services.v.mobile", invalid: "services.v.mobile" }).optional(),
);

/** Check-out after check-in: the stay is at least one night. */
const stay = <T extends { checkIn: string; checkOut: string }>(value: T) => value.checkOut > value.checkIn;
const stayIssue = { path: ["checkOut"], message: "services.v.checkOutBeforeCheckIn" };

// ─── Hotel bookings ─────────────────────────────────────────────────────────────────

export const SHARING = ["single", "share", "any"] as const;

/** `POST /user-hotel` */
export const hotelBookingSchema = z
  .object({
    conferenceId: id(),
    roomId: id("services.v.roomRequired"),
    checkIn: day,
    checkOut: day,
    rooms,
    sharing: z.enum(SHARING, { error: "services.v.invalid" }).optional().default("single"),
  })
  .refine(stay, stayIssue);

/** `PUT /user-hotel/{id}`: dates, rooms and sharing of a pending booking (the room type stays). */
export const hotelBookingEditSchema = z
  .object({ checkIn: day, checkOut: day, rooms, sharing: z.enum(SHARING, { error: "services.v.invalid" }).optional().default("single") })
  .refine(stay, stayIssue);

// ─── Travel ─────────────────────────────────────────────────────────────────────────

export const TRAVEL_MODES = ["flight", "train", "car", "other"] as const;

/** One leg (arrival or departure); all four parts are optional together, required once any is given. */
const leg = z
  .object({
    mode: z
      .union([z.enum(TRAVEL_MODES), z.literal("")])
      .optional()
      .default(""),
    number: optionalText(40),
    time: z
      .string()
      .trim()
      .optional()
      .default("")
      .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value), "services.v.dateTime"),
    place: optionalText(100),
  })
  .superRefine((value, ctx) => {
    const given = value.mode || value.number || value.time || value.place;
    if (!given) return;
    if (!value.mode) ctx.addIssue({ code: "custom", path: ["mode"], message: "services.v.required" });
    if (!value.time) ctx.addIssue({ code: "custom", path: ["time"], message: "services.v.required" });
    if (!value.place) ctx.addIssue({ code: "custom", path: ["place"], message: "services.v.required" });
  })
  .transform((value) => (value.mode ? { mode: value.mode, number: value.number, time: value.time, place: value.place } : null));

/** A leg left out or given as null (as this schema's own output has it) is an empty one. */
const legField = z.preprocess((value) => value ?? {}, leg);

/** `POST /travel`, `PUT /travel/{id}`: times are local (the conference's) as typed, `YYYY-MM-DDTHH:mm`. */
export const travelSchema = z
  .object({ conferenceId: id(), arrival: legField, departure: legField })
  .refine((value) => value.arrival || value.departure, { path: ["arrival", "mode"], message: "services.v.travelEmpty" })
  .refine((value) => !value.arrival || !value.departure || value.departure.time > value.arrival.time, {
    path: ["departure", "time"],
    message: "services.v.departureBeforeArrival",
  });

// ─── Papers and files ───────────────────────────────────────────────────────────────

const author = z.object({ name: text(100), affiliation: text(200) });

/** `POST /issue` (a paper) and `PUT /issue/{id}` while pending. */
export const paperSchema = z.object({
  conferenceId: id(),
  branchId: optionalId,
  title: text(300),
  authors: z.array(author, { error: "services.v.authorsRequired" }).min(1, "services.v.authorsRequired").max(30, "services.v.tooMany"),
  abstract: text(5000),
  keywords: text(300),
  uploadKey,
});

/** `POST /file` and `PUT /file/{id}` while pending. */
export const conferenceFileSchema = z.object({ conferenceId: id(), branchId: optionalId, name: text(200), uploadKey });

// ─── Schedule subscription ──────────────────────────────────────────────────────────

/** `POST /user/schedule` (subscribe) and `PUT /user/schedule` (unsubscribe). */
export const scheduleSubscriptionSchema = z.object({ scheduleId: id() });

// ─── Sponsors and exhibitors ────────────────────────────────────────────────────────

/** `POST /exhibition` and `PUT /exhibition/{id}` while pending. */
export const exhibitionSchema = z
  .object({
    conferenceId: id(),
    kind: z.enum(["sponsor", "exhibitor"], { error: "services.v.kind" }),
    company: text(200),
    contact: text(50),
    phone: z
      .string({ error: "services.v.phoneRequired" })
      .trim()
      .min(1, "services.v.phoneRequired")
      .max(30, "services.v.phone")
      .regex(/^\+?[0-9][0-9 ()-]{4,28}$/, "services.v.phone"),
    email: z
      .string({ error: "services.v.emailRequired" })
      .trim()
      .min(1, "services.v.emailRequired")
      .max(200, "services.v.email")
      .pipe(z.email("services.v.email")),
    level: optionalText(50),
    booth: optionalText(50),
    logo: z
      .union([uploadKey, z.literal(""), z.null()])
      .optional()
      .transform((value) => value || null),
    materials: z.array(uploadKey).max(10, "services.v.tooMany").optional().default([]),
  })
  .refine((value) => value.kind !== "sponsor" || value.level, { path: ["level"], message: "services.v.levelRequired" })
  .refine((value) => value.kind !== "exhibitor" || value.booth, { path: ["booth"], message: "services.v.boothRequired" });

// ─── Sponsor room requests ──────────────────────────────────────────────────────────

const guest = z.object({ name: text(50), mobile });

/** `POST /sponsor-hotel` */
export const sponsorHotelSchema = z
  .object({
    conferenceId: id(),
    sponsorId: optionalId,
    roomId: id("services.v.roomRequired"),
    checkIn: day,
    checkOut: day,
    rooms,
    guests: z.array(guest, { error: "services.v.guestsRequired" }).min(1, "services.v.guestsRequired").max(60, "services.v.tooMany"),
  })
  .refine(stay, stayIssue);

/** `PUT /sponsor-hotel/{id}` while pending: the room type stays. */
export const sponsorHotelEditSchema = z
  .object({
    checkIn: day,
    checkOut: day,
    rooms,
    guests: z.array(guest, { error: "services.v.guestsRequired" }).min(1, "services.v.guestsRequired").max(60, "services.v.tooMany"),
  })
  .refine(stay, stayIssue);
