import type { z } from "zod";
import type { CheckinCounts, CheckinOutcome } from "./checkin";
import { accountLanguageSchema, accountSettingsSchema, loginSchema, registerSchema, wechatLoginSchema } from "./schemas/account";
import { accountDisableSchema, conferenceTakeDownSchema } from "./schemas/accounts-admin";
import { bulkSchema, checkStateSchema, confirmSchema, levelSchema, paySchema, remarkSchema, smsSchema, smsSignNameSchema } from "./schemas/applicants";
import { auditDecisionSchema, sponsorRemarkSchema } from "./schemas/audits";
import { checkinSchema } from "./schemas/checkin";
import {
  adminUserSchema,
  adminUserUpdateSchema,
  bannerSchema,
  branchSchema,
  characteristicSchema,
  companySchema,
  conferenceBasicsSchema,
  couponSchema,
  domainSchema,
  feeSchema,
  formFieldSchema,
  forumSchema,
  hotelRoomSchema,
  hotelRoomStockSchema,
  hotelSchema,
  identitySchema,
  lightQrcodeSchema,
  linkSchema,
  mediaSchema,
  moduleSchema,
  organizerSchema,
  publishSchema,
  registrationSettingsSchema,
  replaySchema,
  roomShowSchema,
  schedulePublishSchema,
  scheduleSchema,
  specialItemSchema,
  specialSchema,
  sponsorSchema,
  strategySchema,
  tagsSchema,
  textSchema,
  vipLevelSchema,
} from "./schemas/conference";
import { conferenceStyleSchema } from "./schemas/conference-style";
import { categorySchema, majorSchema, mergeSchema } from "./schemas/disciplines";
import { formAdminSchema, formAnswerSchema, formFieldInputSchema, formFromTemplateSchema, formPatchSchema } from "./schemas/forms";
import { homeBannerSchema, homeLinkSchema, importantSchema } from "./schemas/home-admin";
import { institutionMergeSchema, institutionSchema } from "./schemas/institutions-admin";
import { conferenceReviewSchema, organizationDecisionSchema, organizationSchema } from "./schemas/organization";
import { importConfirmSchema, referenceSchema } from "./schemas/references-admin";
import {
  adminRegistrationSchema,
  claimSchema,
  invoiceAuditSchema,
  invoiceRequestSchema,
  onlinePaymentSchema,
  payeeSchema,
  paymentAuditSchema,
  paymentStatusSchema,
  quickLoginSchema,
  registrationEditSchema,
  registrationSchema,
  subscribeCheckSchema,
  subscribeQrSchema,
  teamMembersSchema,
  teamPaymentRemoveSchema,
  teamPaymentSchema,
  teamSchema,
  transferPaymentSchema,
} from "./schemas/registration";
import {
  conferenceFileSchema,
  exhibitionSchema,
  hotelBookingEditSchema,
  hotelBookingSchema,
  paperSchema,
  scheduleSubscriptionSchema,
  sponsorHotelEditSchema,
  sponsorHotelSchema,
  travelSchema,
} from "./schemas/services";
import type { PaymentMethod } from "./states";
import type { Account, AccountShell } from "./views/account";
import type { Applicant, ApplicantOptions, BulkOutcome, SmsSent, SmsStanding } from "./views/applicants";
import type { AttendForm, AttendPayee, AttendPayment, AttendQuote, AttendRegistration } from "./views/attend";
import type { EditorView } from "./views/authoring";
import type { PlatformConferencePage } from "./views/conference";
import type { AnswerRow, FormInfo } from "./views/forms";
import type { HomeAdmin } from "./views/home-admin";
import type { AdminInstitution, AdminInstitutionPage } from "./views/institutions-admin";
import type { ConferenceStatistics } from "./views/statistics";

/**
 * The calls between the web app and the platform (spec §7, issue 15, decision 038): one row
 * per method and path, in the spec's spelling (`/conference/{id}`), with the guard the platform
 * enforces, the zod schema of the body where there is one, and the type of `data` in the answer
 * (`unknown` until a view type is written for it). `spec: false` marks the platform's own calls
 * beyond spec §7 that the app uses (pages, exports, review screens, payment returns).
 *
 * `platform/contract.test.ts` walks every row against the running platform; the app's
 * `callPlatform` accepts only a (method, path) in this table and types its answer from it.
 *
 * Guards:
 * - `public`: anyone (a conference's lists follow its page: published, or its organisers);
 * - `ticket`: anyone, but only with a proof in the request (a code, a one-time ticket, a signature);
 * - `signedIn`: a signed-in account, acting on its own rows (another's answer 404);
 * - `organiser`: the owner or an admin user of the conference the call names (others 403/404);
 * - `platformAdmin`: a platform administrator (others 403).
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Guard = "public" | "ticket" | "signedIn" | "organiser" | "platformAdmin";

/** A phantom carrying the answer's `data` type; never read at run time. */
export type View<T> = { readonly view?: T };
export const view = <T>(): View<T> => ({});
/** A paged answer (spec §7): `data.list` and `data.total`. */
export type Page<T> = { list: T[]; total: number };

export type Endpoint<M extends Method = Method, P extends string = string, B extends z.ZodType | undefined = z.ZodType | undefined, R = unknown> = {
  method: M;
  path: P;
  guard: Guard;
  /** Names of the path's parameters, in order (`{id}` → `id`). */
  params: readonly string[];
  body?: B;
  response?: View<R>;
  /** False for the platform's own calls beyond spec §7. */
  spec: boolean;
  /** `raw`: a success answers with a file, a feed or the gateway's own words, not the envelope (failures still do). */
  answer: "envelope" | "raw";
};

function call<M extends Method, P extends string, B extends z.ZodType | undefined = undefined, R = unknown>(
  method: M,
  path: P,
  guard: Guard,
  extra: { body?: B; response?: View<R>; spec?: false; answer?: "raw" } = {},
): Endpoint<M, P, B, R> {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return { method, path, guard, params, body: extra.body, response: extra.response, spec: extra.spec ?? true, answer: extra.answer ?? "envelope" };
}

export const endpoints = [
  call("GET", "/login", "ticket", { response: view<{ sent: true }>() }),
  call("PUT", "/login", "ticket", { body: registerSchema }),
  call("POST", "/login", "ticket", { body: loginSchema }),
  call("GET", "/user/login", "ticket"),
  call("PUT", "/user/login", "ticket", { body: registerSchema }),
  call("POST", "/user/login", "ticket", { body: loginSchema }),
  call("PUT", "/login/wechat", "ticket", { body: wechatLoginSchema }),
  call("POST", "/login/quick", "ticket", { body: quickLoginSchema }),
  call("POST", "/officialaccount/isSubscribe", "ticket", { body: subscribeCheckSchema }),
  call("POST", "/conference/user/claim/{id}", "ticket", {
    body: claimSchema,
    response: view<{ registration: AttendRegistration; account: { token: string } }>(),
  }),
  call("GET", "/account", "signedIn", { response: view<Account>() }),
  call("GET", "/account/shell", "signedIn", { spec: false, response: view<AccountShell>() }),
  call("GET", "/account/certification", "signedIn", { response: view<{ has: boolean }>() }),
  call("GET", "/users", "platformAdmin"),
  call("GET", "/group/by-account/{id}", "signedIn"),
  call("GET", "/cms/notices/unread", "signedIn", { response: view<number>() }),
  call("GET", "/cms/messages/unread", "signedIn", { response: view<number>() }),
  call("POST", "/cms/files/upload", "signedIn"),
  call("POST", "/cms/files/formUpload", "ticket"),
  call("GET", "/conference", "public"),
  call("POST", "/conference", "signedIn", { body: conferenceBasicsSchema }),
  call("GET", "/conference/{id}", "public"),
  call("PUT", "/conference/{id}", "organiser", { body: conferenceBasicsSchema }),
  call("PATCH", "/conference/{id}", "organiser", { body: publishSchema }),
  call("PUT", "/conference/company/{id}", "organiser", { body: companySchema }),
  call("GET", "/conference/importantConference", "public"),
  call("GET", "/conference/conferenceExCssJs/{id}", "public"),
  call("POST", "/conference/lightQrcode", "organiser", { body: lightQrcodeSchema, response: view<{ conferenceId: number; url: string; svg: string }>() }),
  call("GET", "/conference/user", "signedIn", { response: view<Page<AttendRegistration>>() }),
  call("POST", "/conference/user", "signedIn", { body: registrationSchema, response: view<AttendRegistration>() }),
  call("GET", "/conference/user/{id}", "signedIn", { response: view<AttendRegistration>() }),
  call("PUT", "/conference/user/{id}", "signedIn", { body: registrationEditSchema, response: view<AttendRegistration>() }),
  call("POST", "/conference/user/{id}", "signedIn", { response: view<AttendRegistration>() }),
  call("GET", "/user/check", "signedIn", { response: view<{ exists: boolean; registrationId?: number }>() }),
  call("GET", "/user/check-email", "signedIn", { response: view<{ exists: boolean; registrationId?: number }>() }),
  call("GET", "/user/sms", "signedIn", { response: view<{ sent: true }>() }),
  call("GET", "/user/export", "organiser", { answer: "raw" }),
  call("GET", "/user/checkin", "organiser"),
  call("PUT", "/user/remark/{id}", "organiser", { body: remarkSchema }),
  call("PUT", "/user/confirm/{id}", "organiser", { body: confirmSchema }),
  call("PUT", "/user/level/{id}", "organiser", { body: levelSchema }),
  call("PUT", "/user/checkState/{id}", "organiser", { body: checkStateSchema }),
  call("PUT", "/user/pay/{id}", "organiser", { body: paySchema }),
  call("POST", "/user/admin", "organiser", { body: adminRegistrationSchema, response: view<AttendRegistration>() }),
  call("DELETE", "/user/{id}", "organiser"),
  call("GET", "/user/claim/{id}", "public"),
  call("GET", "/my-user", "signedIn", { response: view<Page<AttendRegistration>>() }),
  call("POST", "/user/schedule", "signedIn", { body: scheduleSubscriptionSchema }),
  call("PUT", "/user/schedule", "signedIn", { body: scheduleSubscriptionSchema }),
  call("GET", "/payment", "signedIn", { response: view<Page<AttendPayment>>() }),
  call("POST", "/payment", "signedIn", { body: transferPaymentSchema, response: view<AttendPayment>() }),
  call("PUT", "/payment", "signedIn", { body: invoiceRequestSchema }),
  call("PUT", "/payment/{id}", "signedIn", { response: view<AttendPayment>() }),
  call("PATCH", "/payment/{id}", "organiser", { body: paymentAuditSchema }),
  call("PATCH", "/payment/status/{id}", "organiser", { body: paymentStatusSchema, response: view<AttendPayment>() }),
  call("PATCH", "/payment/invoice/{id}", "organiser", { body: invoiceAuditSchema }),
  call("POST", "/union/{conferenceId}", "signedIn", { body: onlinePaymentSchema }),
  call("POST", "/paypal", "signedIn", { body: onlinePaymentSchema }),
  call("PUT", "/paypal/{tradeId}", "ticket"),
  call("POST", "/coupon/amount", "public", { response: view<AttendQuote>() }),
  call("GET", "/invoice", "signedIn"),
  call("GET", "/payee/{conferenceId}", "public", { response: view<AttendPayee>() }),
  call("POST", "/payee/{conferenceId}", "organiser", { body: payeeSchema }),
  call("GET", "/user-hotel", "signedIn"),
  call("POST", "/user-hotel", "signedIn", { body: hotelBookingSchema }),
  call("PUT", "/user-hotel/{id}", "signedIn", { body: hotelBookingEditSchema }),
  call("DELETE", "/user-hotel/{id}", "signedIn"),
  call("PATCH", "/user-hotel/{id}", "organiser", { body: auditDecisionSchema }),
  call("GET", "/sponsor-hotel", "signedIn"),
  call("POST", "/sponsor-hotel", "signedIn", { body: sponsorHotelSchema }),
  call("PUT", "/sponsor-hotel/{id}", "signedIn", { body: sponsorHotelEditSchema }),
  call("PATCH", "/sponsor-hotel/{id}", "organiser", { body: auditDecisionSchema }),
  call("DELETE", "/sponsor-hotel/{id}", "signedIn"),
  call("GET", "/hotel", "public"),
  call("POST", "/hotel", "organiser", { body: hotelSchema }),
  call("PUT", "/hotel/{id}", "organiser", { body: hotelSchema }),
  call("DELETE", "/hotel/{id}", "organiser"),
  call("GET", "/hotel-room", "organiser"),
  call("POST", "/hotel-room", "organiser", { body: hotelRoomSchema }),
  call("PUT", "/hotel-room/{id}", "organiser", { body: hotelRoomSchema }),
  call("DELETE", "/hotel-room/{id}", "organiser"),
  call("PATCH", "/hotel-room/{id}", "organiser", { body: hotelRoomStockSchema, response: view<{ id: number; inventory: number }>() }),
  call("PATCH", "/hotel-room/switch-show-state/{id}", "organiser", { body: roomShowSchema }),
  call("GET", "/hotels/{conferenceId}", "public"),
  call("POST", "/travel", "signedIn", { body: travelSchema }),
  call("PUT", "/travel/{id}", "signedIn", { body: travelSchema }),
  call("GET", "/file", "signedIn"),
  call("POST", "/file", "signedIn", { body: conferenceFileSchema }),
  call("GET", "/file/{id}", "signedIn"),
  call("PUT", "/file/{id}", "signedIn", { body: conferenceFileSchema }),
  call("DELETE", "/file/{id}", "signedIn"),
  call("PATCH", "/file/{id}", "organiser", { body: auditDecisionSchema }),
  call("GET", "/file/export", "organiser", { answer: "raw" }),
  call("GET", "/download", "signedIn", { response: view<{ kind: "issue" | "file"; id: number; name: string; key: string; url: string }>() }),
  call("GET", "/issue", "signedIn"),
  call("POST", "/issue", "signedIn", { body: paperSchema }),
  call("GET", "/issue/{id}", "signedIn"),
  call("PUT", "/issue/{id}", "signedIn", { body: paperSchema }),
  call("DELETE", "/issue/{id}", "signedIn"),
  call("GET", "/special", "public"),
  call("POST", "/special", "organiser", { body: specialSchema }),
  call("PUT", "/special/{id}", "organiser", { body: specialSchema }),
  call("DELETE", "/special/{id}", "organiser"),
  call("GET", "/organizer", "public"),
  call("POST", "/organizer", "organiser", { body: organizerSchema }),
  call("PUT", "/organizer/{id}", "organiser", { body: organizerSchema }),
  call("DELETE", "/organizer/{id}", "organiser"),
  call("GET", "/institution", "public"),
  call("GET", "/category", "public"),
  call("GET", "/categories", "public"),
  call("GET", "/reference", "public"),
  call("GET", "/link", "public"),
  call("POST", "/link", "organiser", { body: linkSchema }),
  call("PUT", "/link/{id}", "organiser", { body: linkSchema }),
  call("DELETE", "/link/{id}", "organiser"),
  call("GET", "/banner", "public"),
  call("POST", "/banner", "organiser", { body: bannerSchema }),
  call("PUT", "/banner/{id}", "organiser", { body: bannerSchema }),
  call("DELETE", "/banner/{id}", "organiser"),
  call("GET", "/tags/{conferenceId}", "public"),
  call("GET", "/tag", "public", { response: view<Page<{ id: number; name: string; value: string }>>() }),
  call("PUT", "/tag", "organiser", { body: tagsSchema, response: view<Page<{ id: number; name: string; value: string }>>() }),
  call("GET", "/characteristic", "public", { response: view<{ conferenceId: number; characteristic: string[] }>() }),
  call("PUT", "/characteristic", "organiser", { body: characteristicSchema, response: view<{ conferenceId: number; characteristic: string[] }>() }),
  call("GET", "/identity", "public"),
  call("POST", "/identity", "organiser", { body: identitySchema }),
  call("PUT", "/identity/{id}", "organiser", { body: identitySchema }),
  call("DELETE", "/identity/{id}", "organiser"),
  call("GET", "/strategy", "public"),
  call("POST", "/strategy", "organiser", { body: strategySchema }),
  call("PUT", "/strategy/{id}", "organiser", { body: strategySchema }),
  call("DELETE", "/strategy/{id}", "organiser"),
  call("GET", "/fee", "public"),
  call("POST", "/fee", "organiser", { body: feeSchema }),
  call("PUT", "/fee", "organiser", { body: feeSchema }),
  call("GET", "/fee/table", "public"),
  call("GET", "/level", "organiser"),
  call("GET", "/level/{id}", "organiser"),
  call("POST", "/level", "organiser", { body: vipLevelSchema }),
  call("PUT", "/level/{id}", "organiser", { body: vipLevelSchema }),
  call("DELETE", "/level/{id}", "organiser"),
  call("GET", "/schedule", "public"),
  call("POST", "/schedule", "organiser", { body: scheduleSchema }),
  call("PUT", "/schedule/{id}", "organiser", { body: scheduleSchema }),
  call("DELETE", "/schedule/{id}", "organiser"),
  call("PATCH", "/schedule/{moduleId}", "organiser", { body: schedulePublishSchema }),
  call("DELETE", "/scheduleBranch/{conferenceId}", "organiser"),
  call("GET", "/branch", "public"),
  call("POST", "/branch", "organiser", { body: branchSchema }),
  call("PUT", "/branch/{id}", "organiser", { body: branchSchema }),
  call("DELETE", "/branch/{id}", "organiser"),
  call("GET", "/branches/{conferenceId}", "public"),
  call("GET", "/forum", "public"),
  call("POST", "/forum", "organiser", { body: forumSchema }),
  call("PUT", "/forum/{id}", "organiser", { body: forumSchema }),
  call("DELETE", "/forum/{id}", "organiser"),
  call("GET", "/home-forum/{conferenceId}", "public"),
  call("GET", "/text", "public"),
  call("PUT", "/text", "organiser", { body: textSchema }),
  call("GET", "/module/{conferenceId}", "public"),
  call("PUT", "/module/{id}", "organiser", { body: moduleSchema }),
  call("DELETE", "/module/{id}", "organiser"),
  call("GET", "/intro/{conferenceId}", "public"),
  call("GET", "/domain/{id}", "organiser", {
    response: view<{ id: number; domain: string | null; domainState: string | null; domainReason: string | null }>(),
  }),
  call("GET", "/sponsor", "signedIn"),
  call("POST", "/sponsor", "organiser", { body: sponsorSchema }),
  call("PUT", "/sponsor", "organiser", { body: sponsorSchema }),
  call("GET", "/sponsor/{id}", "signedIn"),
  call("PUT", "/sponsor/{id}", "organiser", { body: sponsorSchema }),
  call("PATCH", "/sponsor/{id}", "organiser", { body: auditDecisionSchema }),
  call("DELETE", "/sponsor/{id}", "organiser"),
  call("GET", "/sponsor/conference", "public"),
  call("GET", "/sponsor/export", "organiser", { answer: "raw" }),
  call("GET", "/sponsor/exportRoom", "organiser", { answer: "raw" }),
  call("GET", "/sponsor/getSponsorById/{id}", "signedIn"),
  call("PUT", "/sponsor/addRemark/{id}", "organiser", { body: sponsorRemarkSchema }),
  call("POST", "/exhibition", "signedIn", { body: exhibitionSchema }),
  call("GET", "/admin-user", "organiser"),
  call("POST", "/admin-user", "organiser", { body: adminUserSchema }),
  call("PUT", "/admin-user/{conferenceId}/{accountId}", "organiser", { body: adminUserUpdateSchema }),
  call("DELETE", "/admin-user/{conferenceId}/{accountId}", "organiser"),
  call("GET", "/form", "signedIn"),
  call("POST", "/form", "signedIn", { body: formFromTemplateSchema }),
  call("GET", "/form/{id}", "public", { response: view<FormInfo>() }),
  call("PATCH", "/form/{id}", "organiser", { body: formPatchSchema }),
  call("POST", "/form/{id}", "organiser", { body: formFieldInputSchema }),
  call("GET", "/form/user", "signedIn"),
  call("POST", "/form/user", "ticket", { body: formAnswerSchema }),
  call("GET", "/form/user/{id}", "signedIn", { response: view<AnswerRow>() }),
  call("DELETE", "/form/user/{id}", "signedIn"),
  call("GET", "/form/admin/{id}", "organiser"),
  call("POST", "/form/admin/{id}", "organiser", { body: formAdminSchema }),
  call("DELETE", "/form/admin/{id}", "organiser"),
  call("POST", "/team", "signedIn", { body: teamSchema }),
  call("GET", "/team/conf/{id}", "signedIn"),
  call("GET", "/team/account/{id}", "signedIn"),
  call("POST", "/team/user", "signedIn", { body: teamMembersSchema }),
  call("GET", "/team/user/{teamId}", "signedIn"),
  call("POST", "/team/payment/count", "signedIn"),
  call("POST", "/team/payment", "signedIn", { body: teamPaymentSchema }),
  call("GET", "/team/payment", "signedIn"),
  call("PUT", "/team/payment/{id}", "signedIn"),
  call("PATCH", "/team/payment", "signedIn", { body: teamPaymentRemoveSchema }),
  call("PATCH", "/team/payment/{id}", "signedIn"),
  call("POST", "/send/{conferenceId}", "organiser", { body: smsSchema, response: view<SmsSent>() }),
  call("PUT", "/account", "signedIn", { body: accountSettingsSchema, spec: false, response: view<Account>() }),
  call("PUT", "/account/language", "signedIn", { body: accountLanguageSchema, spec: false, response: view<Account>() }),
  call("POST", "/alipay", "signedIn", { body: onlinePaymentSchema, spec: false }),
  call("POST", "/alipay/notify", "ticket", { spec: false, answer: "raw" }),
  call("PUT", "/alipay/{tradeNo}", "ticket", { spec: false }),
  call("POST", "/cms/files/documentUpload", "signedIn", { spec: false }),
  call("POST", "/cms/files/formDocumentUpload", "ticket", { spec: false }),
  call("POST", "/cms/files/kept", "ticket", { spec: false }),
  call("GET", "/cms/files/kept/{ref}", "public", { spec: false, answer: "raw" }),
  call("GET", "/cms/files/{key}", "public", { spec: false, answer: "raw" }),
  call("GET", "/cms/{kind}", "signedIn", { spec: false }),
  call("GET", "/cms/{kind}/unread", "signedIn", { spec: false }),
  call("PUT", "/cms/{kind}/{id}/read", "signedIn", { spec: false }),
  call("GET", "/conference/calendar", "public", { spec: false }),
  call("GET", "/conference/cities", "public", { spec: false }),
  call("PUT", "/conference/conferenceExCssJs/{id}", "organiser", { body: conferenceStyleSchema, spec: false }),
  call("PUT", "/conference/domain/{id}", "organiser", { body: domainSchema, spec: false }),
  call("GET", "/conference/{id}/page", "public", { spec: false, response: view<PlatformConferencePage>() }),
  call("POST", "/coupon", "organiser", { body: couponSchema, spec: false }),
  call("DELETE", "/coupon/{id}", "organiser", { spec: false }),
  call("PUT", "/coupon/{id}", "organiser", { body: couponSchema, spec: false }),
  call("GET", "/exhibition", "signedIn", { spec: false }),
  call("PUT", "/exhibition/{id}", "signedIn", { body: exhibitionSchema, spec: false }),
  call("GET", "/file/conference/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/form/user/export", "organiser", { spec: false, answer: "raw" }),
  call("DELETE", "/form/{id}", "organiser", { spec: false }),
  call("GET", "/institution/{id}", "public", { spec: false }),
  call("GET", "/invoice/manage/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/invoice/tax-ids", "signedIn", { spec: false }),
  call("GET", "/issue/conference/{conferenceId}", "organiser", { spec: false }),
  call("PATCH", "/issue/{id}", "organiser", { body: auditDecisionSchema, spec: false }),
  call("GET", "/live-streaming", "public", { spec: false }),
  call("GET", "/live-streaming/filters", "public", { spec: false }),
  call("GET", "/live-streaming/{id}", "public", { spec: false }),
  call("GET", "/login/methods", "public", { spec: false }),
  call("GET", "/login/wechat/authorize", "public", { spec: false }),
  call("GET", "/login/ticket", "public", { spec: false, response: view<{ ticket: string }>() }),
  call("POST", "/logout", "public", { spec: false }),
  call("GET", "/manage/conference", "signedIn", { spec: false }),
  call("GET", "/manage/conference/{id}", "organiser", { spec: false, response: view<EditorView>() }),
  call("GET", "/media", "public", { spec: false }),
  call("POST", "/media", "organiser", { body: mediaSchema, spec: false }),
  call("DELETE", "/media/{id}", "organiser", { spec: false }),
  call("PUT", "/media/{id}", "organiser", { body: mediaSchema, spec: false }),
  call("POST", "/module", "organiser", { body: moduleSchema, spec: false }),
  call("POST", "/officialaccount/qrcode", "signedIn", { body: subscribeQrSchema, spec: false }),
  call("GET", "/officialaccount/webhook", "public", { spec: false, answer: "raw" }),
  call("POST", "/officialaccount/webhook", "ticket", { spec: false, answer: "raw" }),
  call("GET", "/organization", "signedIn", { spec: false }),
  call("POST", "/organization", "signedIn", { body: organizationSchema, spec: false }),
  call("GET", "/organization/review", "platformAdmin", { spec: false }),
  call("GET", "/admin/disciplines", "platformAdmin", { spec: false }),
  call("POST", "/admin/category", "platformAdmin", { spec: false, body: categorySchema }),
  call("PUT", "/admin/category/{id}", "platformAdmin", { spec: false, body: categorySchema }),
  call("POST", "/admin/category/{id}/merge", "platformAdmin", { spec: false, body: mergeSchema }),
  call("POST", "/admin/major", "platformAdmin", { spec: false, body: majorSchema }),
  call("PUT", "/admin/major/{id}", "platformAdmin", { spec: false, body: majorSchema }),
  call("POST", "/admin/major/{id}/merge", "platformAdmin", { spec: false, body: mergeSchema }),
  call("GET", "/admin/accounts/{id}", "platformAdmin", { spec: false }),
  call("POST", "/admin/accounts/{id}/disable", "platformAdmin", { spec: false, body: accountDisableSchema }),
  call("POST", "/admin/accounts/{id}/enable", "platformAdmin", { spec: false }),
  call("POST", "/admin/accounts/{id}/admin", "platformAdmin", { spec: false }),
  call("DELETE", "/admin/accounts/{id}/admin", "platformAdmin", { spec: false }),
  call("GET", "/admin/conferences", "platformAdmin", { spec: false }),
  call("POST", "/admin/conferences/{id}/take-down", "platformAdmin", { spec: false, body: conferenceTakeDownSchema }),
  call("POST", "/admin/conferences/{id}/restore", "platformAdmin", { spec: false }),
  call("POST", "/admin/reference", "platformAdmin", { spec: false, body: referenceSchema }),
  call("PUT", "/admin/reference/{id}", "platformAdmin", { spec: false, body: referenceSchema }),
  call("DELETE", "/admin/reference/{id}", "platformAdmin", { spec: false }),
  call("POST", "/admin/reference/import", "platformAdmin", { spec: false }),
  call("POST", "/admin/reference/import/confirm", "platformAdmin", { spec: false, body: importConfirmSchema }),
  call("GET", "/admin/reference/export", "platformAdmin", { spec: false, answer: "raw" }),
  call("GET", "/admin/institutions", "platformAdmin", { spec: false, response: view<AdminInstitutionPage>() }),
  call("GET", "/admin/institution/{id}", "platformAdmin", { spec: false, response: view<AdminInstitution>() }),
  call("POST", "/admin/institution", "platformAdmin", { spec: false, body: institutionSchema }),
  call("PUT", "/admin/institution/{id}", "platformAdmin", { spec: false, body: institutionSchema }),
  call("POST", "/admin/institution/{id}/merge", "platformAdmin", {
    spec: false,
    body: institutionMergeSchema,
    response: view<{ into: number; conferences: number }>(),
  }),
  call("DELETE", "/admin/institution/{id}", "platformAdmin", { spec: false }),
  call("GET", "/admin/audit", "platformAdmin", { spec: false }),
  call("GET", "/admin/audit/export", "platformAdmin", { spec: false, answer: "raw" }),
  call("GET", "/admin/home", "platformAdmin", { spec: false, response: view<HomeAdmin>() }),
  call("POST", "/admin/home/banner", "platformAdmin", { spec: false, body: homeBannerSchema }),
  call("PUT", "/admin/home/banner/{id}", "platformAdmin", { spec: false, body: homeBannerSchema }),
  call("DELETE", "/admin/home/banner/{id}", "platformAdmin", { spec: false }),
  call("POST", "/admin/home/link", "platformAdmin", { spec: false, body: homeLinkSchema }),
  call("PUT", "/admin/home/link/{id}", "platformAdmin", { spec: false, body: homeLinkSchema }),
  call("DELETE", "/admin/home/link/{id}", "platformAdmin", { spec: false }),
  call("PUT", "/admin/home/important/{id}", "platformAdmin", { spec: false, body: importantSchema }),
  call("PATCH", "/organization/{id}", "platformAdmin", { body: organizationDecisionSchema, spec: false }),
  call("GET", "/payment/manage/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/payment/methods/{conferenceId}", "public", { spec: false, response: view<PaymentMethod[]>() }),
  call("GET", "/payment/{id}", "signedIn", { spec: false }),
  call("GET", "/payment/{id}/proof", "signedIn", { spec: false }),
  call("GET", "/portal/facets", "public", { spec: false }),
  call("GET", "/portal/home", "public", { spec: false }),
  call("GET", "/reference/filters", "public", { spec: false }),
  call("POST", "/registration/field", "organiser", { body: formFieldSchema, spec: false }),
  call("DELETE", "/registration/field/{id}", "organiser", { spec: false }),
  call("PUT", "/registration/field/{id}", "organiser", { body: formFieldSchema, spec: false }),
  call("GET", "/registration/form/{conferenceId}", "public", { spec: false, response: view<AttendForm>() }),
  call("PUT", "/registration/settings/{conferenceId}", "organiser", { body: registrationSettingsSchema, spec: false }),
  call("POST", "/replay", "organiser", { body: replaySchema, spec: false }),
  call("DELETE", "/replay/{id}", "organiser", { spec: false }),
  call("PUT", "/replay/{id}", "organiser", { body: replaySchema, spec: false }),
  call("GET", "/report/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/report/{conferenceId}/export", "organiser", { spec: false, answer: "raw" }),
  call("GET", "/review/{kind}", "platformAdmin", { spec: false }),
  call("PATCH", "/review/{kind}/{conferenceId}", "platformAdmin", { body: conferenceReviewSchema, spec: false }),
  call("GET", "/send/{conferenceId}", "organiser", { spec: false, response: view<SmsStanding>() }),
  call("PUT", "/send/{conferenceId}/sign-name", "organiser", { body: smsSignNameSchema, spec: false }),
  call("POST", "/special-item", "organiser", { body: specialItemSchema, spec: false }),
  call("DELETE", "/special-item/{id}", "organiser", { spec: false }),
  call("PUT", "/special-item/{id}", "organiser", { body: specialItemSchema, spec: false }),
  call("GET", "/sponsor-hotel/conference/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/sponsor/manage/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/statistics/{conferenceId}", "organiser", { spec: false, response: view<ConferenceStatistics>() }),
  call("GET", "/travel", "signedIn", { spec: false }),
  call("POST", "/union/notify", "ticket", { spec: false, answer: "raw" }),
  call("PUT", "/union/{tradeNo}", "ticket", { spec: false }),
  call("GET", "/user-hotel/conference/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/user-hotel/export", "organiser", { spec: false, answer: "raw" }),
  call("GET", "/user-hotel/rooms/{conferenceId}", "signedIn", { spec: false }),
  call("GET", "/user-hotel/usage/{conferenceId}", "organiser", { spec: false }),
  call("POST", "/user/bulk", "organiser", { body: bulkSchema, spec: false, response: view<BulkOutcome>() }),
  call("POST", "/user/checkin", "organiser", { body: checkinSchema, spec: false, response: view<CheckinOutcome>() }),
  call("GET", "/user/checkin/counts/{conferenceId}", "organiser", { spec: false, response: view<CheckinCounts>() }),
  call("DELETE", "/user/checkin/{registrationId}", "organiser", { spec: false, response: view<CheckinOutcome>() }),
  call("GET", "/user/manage/{conferenceId}", "organiser", { spec: false, response: view<Page<Applicant>>() }),
  call("GET", "/user/manage/{conferenceId}/options", "organiser", { spec: false, response: view<ApplicantOptions>() }),
  call("GET", "/user/schedule", "signedIn", { spec: false }),
  call("GET", "/user/schedule/conference/{conferenceId}", "organiser", { spec: false }),
  call("GET", "/user/schedule/feed/{token}", "public", { spec: false, answer: "raw" }),
  call("GET", "/user/schedule/sessions/{conferenceId}", "signedIn", { spec: false }),
] as const;

type Table = (typeof endpoints)[number];

/** `/conference/{id}` → `/conference/${string}`: what a caller's path looks like. */
type Fill<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Fill<Tail>}` : P;

/** Every path the table knows, as a caller writes it (the query goes in `query`, not in the path). */
export type CallPath = Fill<Table["path"]>;

/** The rows a caller's path means: an exact (parameterless) match wins over a pattern. */
/** Rows whose spelled path is exactly P (parameterless paths: `/conference/user`). */
type Exact<P extends string> = Table extends infer T
  ? T extends Table
    ? [P] extends [T["path"]]
      ? [T["path"]] extends [P]
        ? T
        : never
      : never
    : never
  : never;
/** Rows whose pattern P fits (`/conference/${string}` for `/conference/{id}`). */
type Matching<P extends string> = Table extends infer T ? (T extends Table ? (P extends Fill<T["path"]> ? T : never) : never) : never;
/** Of the rows a path matches, those no other matching row narrows (`/user/manage/{id}/options`, not `/user/manage/{id}`). */
type Narrowest<Rows extends Table, All extends Table = Rows> = Rows extends Table
  ? [Extract<All, { path: NarrowerThan<Rows["path"], All["path"]> }>] extends [never]
    ? Rows
    : never
  : never;
type NarrowerThan<Path extends string, Paths extends string> = Paths extends Paths
  ? Fill<Paths> extends Fill<Path>
    ? Fill<Path> extends Fill<Paths>
      ? never
      : Paths
    : never
  : never;
type RowsFor<P extends string> = [Exact<P>] extends [never] ? Matching<P> : Exact<P>;

export type MethodOf<P extends string> = RowsFor<P>["method"];
type Row<P extends string, M extends Method> = Extract<RowsFor<P>, { method: M }>;
type DataOf<R> = R extends { response?: View<infer T> } ? (unknown extends T ? unknown : T) : unknown;
type BodyOfRow<R> = R extends { body?: infer B } ? (B extends z.ZodType ? z.input<B> : unknown) : unknown;

/** The answer's `data` for (path, method). */
export type ResponseOf<P extends string, M extends Method = "GET"> = DataOf<Narrowest<Row<P, M>>>;
/** What the body may be for (path, method): the schema's input where the table has one. */
export type BodyOf<P extends string, M extends Method> = BodyOfRow<Row<P, M>>;

/** The row of (method, spelled path), for tests and tools. */
export function endpoint(method: Method, path: string) {
  return endpoints.find((row) => row.method === method && row.path === path);
}

/** True for a caller's path with a parameter in it (`/conference/${string}`), false for a path the table spells exactly. */
export type IsPattern<P extends string> = [Exact<P>] extends [never] ? true : false;
