import { z } from "zod";
import "./messages";
import { idField } from "../params";
import { mobileField } from "./mobile";

/**
 * One schema, two sides: the sign-in forms and the platform's handlers parse the same shapes.
 * Messages are translation keys (app/locales/{zh,en}/common.json).
 */

/**
 * A mobile in its one stored form (contract/schemas/mobile.ts): `+86 138-0013-8000`, `0086…`,
 * `86…` and full-width digits all become `13800138000`; other countries stay E.164.
 */
export const mobile = mobileField({ required: "validation.mobileRequired", invalid: "validation.mobileInvalid" });

export const smsCode = z
  .string({ error: "validation.codeRequired" })
  .trim()
  .min(1, "validation.codeRequired")
  .regex(/^\d{6}$/, "validation.codeInvalid");

/** HTML checkboxes post "on"; JSON callers send booleans. */
export const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const sendCodeSchema = z.object({ mobile });

export const loginSchema = z.object({
  mobile,
  code: smsCode,
  rememberMe: checkbox,
  /** Links a WeChat identity that has no account yet to this mobile (see the WeChat flow). */
  bindTicket: z.string().max(200).optional(),
});

export const registerSchema = loginSchema.extend({
  name: z.string({ error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(50, "validation.nameTooLong"),
  agree: z.union([z.boolean(), z.literal("on"), z.literal("true")], { error: "validation.mustAgree" }).transform(() => true),
});

export const wechatLoginSchema = z.object({ code: z.string().min(1).max(512) });

export const accountSettingsSchema = z.object({
  name: z.string({ error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(50, "validation.nameTooLong"),
  email: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.email("validation.emailInvalid").optional()),
  avatar: z.string().trim().max(500).optional(),
  defaultType: z.coerce.number().int().min(0).max(1),
});

/** The header's language switch, signed in: the account's default language alone (0 Chinese, 1 English). */
export const accountLanguageSchema = accountSettingsSchema.pick({ defaultType: true });

/** A post that asks first (ConfirmForm): true only when `confirmed=1` was posted; anything else asks. */
export const confirmation = z
  .unknown()
  .optional()
  .transform((value) => value === "1");

/**
 * The inbox's buttons (/account/messages): mark one item read (`id`), or all of a kind
 * (`id=all`, only once `confirmed=1`: without it the page asks first).
 */
export const inboxReadSchema = z.object({
  kind: z.enum(["notices", "messages"], "account.errors.kindInvalid"),
  id: z.union([z.literal("all"), idField("account.errors.itemInvalid")], { error: "account.errors.itemInvalid" }),
  confirmed: confirmation,
});
