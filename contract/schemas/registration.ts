import { z } from "zod";
import "./messages";
import { idField } from "../params";
import { checkbox, confirmation, mobile, smsCode } from "./account";

/**
 * Registration, payment, invoice and team shapes: one schema for the form and for the
 * platform's handler. `z.object` strips keys it does not know, so a body carrying `state`,
 * `feeFen`, `paid`, `price`… loses them before any handler sees it. Messages are
 * translation keys (app/locales/{zh,en}/common.json, sections `registration` and `payment`).
 */

/** A positive id from a form (string) or JSON (number). */
const id = (message = "registration.validation.invalid") => idField(message);

const optionalId = (message?: string) => z.preprocess((value) => (value === "" || value === null ? undefined : value), id(message).optional());

/** Optional text: trimmed, an empty string counts as absent. */
const optionalText = (max: number, message = "registration.validation.tooLong") =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

const email = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(200, "validation.emailInvalid")
  .pipe(z.email("validation.emailInvalid"));

const optionalEmail = z
  .string()
  .trim()
  .max(200, "validation.emailInvalid")
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email("validation.emailInvalid").optional());

const personName = z.string({ error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(50, "validation.nameTooLong");

/**
 * The key a form renders once (a UUID), so a double click, a refresh or back-and-resubmit
 * replays the first result instead of making a second registration or payment.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.toLowerCase() : undefined))
  .pipe(z.uuid("registration.validation.idempotencyKey").optional());

/** Answers to the organiser's own fields; checked against the fields by `checkAnswers`. */
const answers = z.record(z.string().max(100), z.unknown()).optional().default({});

const couponCode = z
  .string()
  .trim()
  .max(50, "registration.validation.couponInvalid")
  .optional()
  .transform((value) => (value ? value : undefined));

// ─── Registration ───────────────────────────────────────────────────────────────────

/** `POST /conference/user`: the signed-in account registers. The fee is the platform's to compute. */
export const registrationSchema = z.object({
  conferenceId: id("registration.validation.conferenceRequired"),
  identityId: optionalId("registration.validation.identityRequired"),
  name: personName,
  /**
   * Defaults to the account's own number (also when the form's field is left empty). Any other
   * number needs `code`, the code texted to it (docs/decisions/027).
   */
  mobile: z.preprocess((value) => (value === "" || value === null ? undefined : value), mobile.optional()),
  code: z.preprocess((value) => (value === "" || value === null ? undefined : value), smsCode.optional()),
  email: optionalEmail,
  institution: optionalText(200),
  couponCode,
  answers,
  idempotencyKey,
});
export type RegistrationInput = z.output<typeof registrationSchema>;

/** `PUT /conference/user/{id}`: what an attendee may change while the registration is pending. */
export const registrationEditSchema = z.object({
  /** A different identity prices the registration again. */
  identityId: optionalId("registration.validation.identityRequired"),
  name: personName.optional(),
  email: optionalEmail,
  institution: optionalText(200),
  answers,
});

/** `POST /user/admin`: an organiser enters an attendee by hand (no account until claimed). */
export const adminRegistrationSchema = z.object({
  conferenceId: id("registration.validation.conferenceRequired"),
  identityId: optionalId("registration.validation.identityRequired"),
  name: personName,
  mobile,
  email: optionalEmail,
  institution: optionalText(200),
  couponCode,
  answers,
  remark: optionalText(500),
  idempotencyKey,
});

/** `POST /coupon/amount`: the fee the registration would cost, without registering. */
export const feeQuerySchema = z.object({
  conferenceId: id("registration.validation.conferenceRequired"),
  identityId: optionalId("registration.validation.identityRequired"),
  couponCode,
});

export const checkMobileSchema = z.object({ mobile, conferenceId: id("registration.validation.conferenceRequired") });
export const checkEmailSchema = z.object({ email, conferenceId: id("registration.validation.conferenceRequired") });

/** `POST /login/quick`: sign in from a conference page; code 1101 when the mobile has no account. */
export const quickLoginSchema = z.object({
  mobile,
  code: smsCode,
  conferenceId: id("registration.validation.conferenceRequired"),
  rememberMe: checkbox,
});

/** `POST /officialaccount/isSubscribe`: the one-time subscription ticket kept in session storage. */
export const subscribeCheckSchema = z.object({ myId: z.string().trim().max(200).optional().default("") });

/** `POST /officialaccount/qrcode`: the caller's QR code to follow; a live `myId` of theirs gets the same code back. */
export const subscribeQrSchema = subscribeCheckSchema;

/** What the owner of a number does with a registration someone else's account made under it. */
export const SQUAT_RESOLUTIONS = ["takeover", "cancel"] as const;

/**
 * `POST /conference/user/claim/{id}`: the mobile proves itself with a code. For a registration
 * another account made under this number, `resolve` says whether its owner takes it over or
 * has it cancelled (docs/decisions/027).
 */
export const claimSchema = z.object({
  mobile,
  code: smsCode,
  resolve: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(SQUAT_RESOLUTIONS).optional()),
});

// ─── Payments ───────────────────────────────────────────────────────────────────────

/** An upload key from `/cms/files/upload`. */
const uploadKey = z
  .string({ error: "payment.validation.proofRequired" })
  .trim()
  .min(1, "payment.validation.proofRequired")
  .max(300, "payment.validation.proofRequired");

/** `POST /payment` (method transfer): the proof of a bank transfer, audited by the organiser. */
export const transferPaymentSchema = z.object({
  registrationId: id("payment.validation.registrationRequired"),
  method: z.literal("transfer", { error: "payment.validation.methodInvalid" }),
  proofKey: uploadKey,
  idempotencyKey,
});

/** A path on this site the gateway sends the payer back to; never another host. */
const returnPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, "payment.validation.returnPath")
  .optional();

/** `POST /paypal`, `POST /alipay`, `POST /union/{conferenceId}`: starts an online payment. */
export const onlinePaymentSchema = z.object({
  registrationId: id("payment.validation.registrationRequired"),
  idempotencyKey,
  returnPath,
});

/** `PUT /payment/{id}`: a new proof for a transfer waiting for audit or refused. */
export const paymentProofSchema = z.object({ proofKey: uploadKey });

/**
 * The attendee's payment page (`/attend/pay/{id}`): which way to pay; a transfer, or a new proof
 * for one waiting for audit or refused, carries the proof (a private document stored and kept at
 * the first post, decision 017). The registration is the page's; the calls' bodies are built from it.
 */
export const payFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("transfer"), proof: uploadKey, idempotencyKey }),
    z.object({ intent: z.literal("proof"), proof: uploadKey, paymentId: optionalId("payment.validation.paymentRequired"), idempotencyKey }),
    z.object({ intent: z.enum(["paypal", "union"]), idempotencyKey }),
  ],
  { error: "payment.validation.methodInvalid" },
);

/** `PATCH /payment/{id}` and `PATCH /team/payment/{id}`: the organiser's audit. A refusal says why. */
export const paymentAuditSchema = z
  .object({
    state: z.enum(["paid", "rejected"], { error: "payment.validation.auditState" }),
    remark: optionalText(500),
  })
  .refine((value) => value.state !== "rejected" || Boolean(value.remark), {
    message: "payment.validation.remarkRequired",
    path: ["remark"],
  });

/** `PATCH /payment/status/{id}`: a paid payment refunded by the organiser. */
export const paymentStatusSchema = z.object({
  state: z.literal("refunded", { error: "payment.validation.auditState" }),
  remark: optionalText(500),
});

// ─── Invoices ───────────────────────────────────────────────────────────────────────

/** Chinese unified social credit codes are 18 characters; older tax ids 15 or 20. Individuals may leave it empty. */
const taxId = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ?? "").toUpperCase())
  .pipe(z.string().regex(/^([0-9A-Z]{15,20})?$/, "payment.validation.taxIdInvalid"));

const invoiceFields = {
  title: z.string({ error: "payment.validation.titleRequired" }).trim().min(1, "payment.validation.titleRequired").max(100, "registration.validation.tooLong"),
  taxId,
  email,
};

/** `POST /payment` with `type: "invoice"`: the amount is always the paid amount, whatever is sent. */
export const invoiceRequestSchema = z.object({
  type: z.literal("invoice"),
  paymentId: id("payment.validation.paymentRequired"),
  ...invoiceFields,
});

/** `PUT /payment` with `type: "invoice"`: edits while requested. */
export const invoiceEditSchema = z.object({
  type: z.literal("invoice"),
  id: id("payment.validation.invoiceRequired"),
  ...invoiceFields,
});

/** `PATCH /payment/invoice/{id}`: the organiser issues or refuses. */
export const invoiceAuditSchema = z
  .object({
    state: z.enum(["issued", "rejected"], { error: "payment.validation.auditState" }),
    remark: optionalText(500),
    fileKey: optionalText(300),
  })
  .refine((value) => value.state !== "rejected" || Boolean(value.remark), {
    message: "payment.validation.remarkRequired",
    path: ["remark"],
  });

/** `POST /payee/{conferenceId}`: the organiser's bank account for transfers. */
export const payeeSchema = z.object({
  accountName: z.string().trim().min(1, "payment.validation.payeeRequired").max(100, "registration.validation.tooLong"),
  bankName: z.string().trim().min(1, "payment.validation.payeeRequired").max(100, "registration.validation.tooLong"),
  accountNo: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^[0-9A-Za-z-]{4,40}$/, "payment.validation.accountNoInvalid")),
  noteZh: z.string().trim().max(500, "registration.validation.tooLong").optional().default(""),
  noteEn: z.string().trim().max(500, "registration.validation.tooLong").optional().default(""),
});

// ─── Teams ──────────────────────────────────────────────────────────────────────────

export const teamSchema = z.object({
  conferenceId: id("registration.validation.conferenceRequired"),
  name: z
    .string({ error: "registration.validation.teamNameRequired" })
    .trim()
    .min(1, "registration.validation.teamNameRequired")
    .max(100, "registration.validation.tooLong"),
});

export const teamMemberSchema = z.object({
  name: personName,
  mobile,
  identityId: optionalId("registration.validation.identityRequired"),
  email: optionalEmail,
  institution: optionalText(200),
});

/** A team's most live members, and the most teams one account leads per conference (decision 030). */
export const TEAM_MAX_MEMBERS = 30;
export const TEAMS_PER_ACCOUNT = 3;

/** `POST /team/user`: one member (`{teamId, name, mobile, identityId}`) or several (`{teamId, members: [...]}`). */
export const teamMembersSchema = z.preprocess(
  (value) => {
    if (value && typeof value === "object" && !Array.isArray(value) && !("members" in value)) {
      const { teamId, ...member } = value as Record<string, unknown>;
      return { teamId, members: [member] };
    }
    return value;
  },
  z.object({
    teamId: id("registration.validation.teamRequired"),
    members: z.array(teamMemberSchema).min(1, "registration.validation.membersRequired").max(TEAM_MAX_MEMBERS, "registration.validation.tooManyMembers"),
  }),
);

export const teamRefSchema = z.object({ teamId: id("registration.validation.teamRequired") });

/** `POST /team/payment`: one transfer for the whole team. */
export const teamPaymentSchema = z.object({
  teamId: id("registration.validation.teamRequired"),
  method: z.literal("transfer", { error: "payment.validation.methodInvalid" }),
  proofKey: uploadKey,
  idempotencyKey,
});

/** `PATCH /team/payment`: withdraws a team payment that is not paid. */
export const teamPaymentRemoveSchema = z.object({ id: id("payment.validation.paymentRequired") });

// ─── The organiser's own fields ─────────────────────────────────────────────────────

/** Shared with standalone forms (contract/schemas/form-fields.ts). */
export { checkAnswers, visibleFields } from "./form-fields";

/** Cancelling one's registration (/attend): only once `confirmed=1` (without it the page asks first). */
export const registrationCancelSchema = z.object({
  intent: z.literal("cancel", "attend.errors.actionInvalid"),
  id: id("attend.errors.registrationInvalid"),
  confirmed: confirmation,
});
