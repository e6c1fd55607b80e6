import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { accountSettingsSchema, inboxReadSchema, loginSchema, registerSchema, sendCodeSchema } from "#contract/schemas/account";
import { applicantFilterSchema, bulkSchema, remarkSchema, smsSchema } from "#contract/schemas/applicants";
import { auditDecisionSchema, reportRangeSchema, sponsorRemarkSchema } from "#contract/schemas/audits";
import { checkinCodeSchema, checkinSearchSchema } from "#contract/schemas/checkin";
import {
  adminUserSchema,
  adminUserUpdateSchema,
  bannerSchema,
  branchSchema,
  companySchema,
  conferenceBasicsSchema,
  couponSchema,
  domainSchema,
  feeSchema,
  formFieldSchema,
  forumSchema,
  hotelRoomSchema,
  hotelSchema,
  identitySchema,
  linkSchema,
  mediaSchema,
  moduleSchema,
  organizerSchema,
  registrationSettingsSchema,
  replaySchema,
  scheduleSchema,
  specialItemSchema,
  specialSchema,
  sponsorSchema,
  strategySchema,
  vipLevelSchema,
} from "#contract/schemas/conference";
import { conferenceStyleSchema } from "#contract/schemas/conference-style";
import { answerDeleteSchema, answersFilterSchema, answerSchemaFor, formAdminSchema, formFieldInputSchema, formSettingsSchema } from "#contract/schemas/forms";
import { homeBannerSchema, homeLinkSchema } from "#contract/schemas/home-admin";
import { issueKey, messagesOf } from "#contract/schemas/messages";
import { conferenceReviewSchema, organizationDecisionSchema, organizationSchema } from "#contract/schemas/organization";
import {
  adminRegistrationSchema,
  claimSchema,
  invoiceAuditSchema,
  invoiceEditSchema,
  invoiceRequestSchema,
  payeeSchema,
  paymentAuditSchema,
  payFormSchema,
  paymentStatusSchema,
  quickLoginSchema,
  registrationCancelSchema,
  registrationSchema,
  teamMemberSchema,
  teamSchema,
  transferPaymentSchema,
} from "#contract/schemas/registration";
import {
  conferenceFileSchema,
  exhibitionSchema,
  hotelBookingEditSchema,
  hotelBookingSchema,
  paperSchema,
  sponsorHotelEditSchema,
  sponsorHotelSchema,
  travelSchema,
} from "#contract/schemas/services";
import type { FormField } from "#contract/states";
import en from "../locales/en/common.json";
import zh from "../locales/zh/common.json";
import { parseValues } from "./validation";

/**
 * Every form of the app, submitted empty, with fields missing, with wrong values and with wrong
 * types, in Chinese and English: each message must be a key of both locale files, say what to do
 * (no library English such as zod's "Invalid input", no bare "Invalid value"), and a field shows
 * one message. Forms are parsed as their routes parse them, through conform (`parseValues`:
 * the browser and the action); wrong types as the platform's `parse` reads a JSON body.
 */

type Values = Record<string, string>;
type Spec = {
  /** The page and the form, as a tester names it. */
  form: string;
  schema: z.ZodType;
  /** A submission the form accepts, as the browser posts it (every field a string). */
  valid: Values;
  /** Fields a person does not type or pick (hidden inputs, the route's own ids). */
  hidden?: string[];
  /** A wrong value a person could type, per field. */
  wrong?: Values;
  /** Posted with conform's names (`a[0].b`); the others' routes rebuild the posted `a.0.b` strings (`nest`). */
  conform?: boolean;
};

const day = "2027-03-10";
const later = "2027-03-12";
const mobile = "13800138000";
const key = "u/2026/11/0123456789abcdef0123456789abcdef.pdf";

const answerFields: FormField[] = [
  { key: "talk", type: "text", labelZh: "报告", labelEn: "Talk", required: true, showWhen: null },
  { key: "diet", type: "radio", labelZh: "饮食", labelEn: "Diet", required: true, options: [{ value: "veg", labelZh: "素", labelEn: "Veg" }], showWhen: null },
  {
    key: "topics",
    type: "checkbox",
    labelZh: "主题",
    labelEn: "Topics",
    required: true,
    options: [{ value: "ai", labelZh: "AI", labelEn: "AI" }],
    showWhen: null,
  },
  { key: "mail", type: "email", labelZh: "邮箱", labelEn: "Mail", required: true, showWhen: null },
  { key: "tel", type: "phone", labelZh: "电话", labelEn: "Phone", required: true, showWhen: null },
  { key: "age", type: "number", labelZh: "年龄", labelEn: "Age", required: true, showWhen: null },
  { key: "born", type: "date", labelZh: "生日", labelEn: "Born", required: true, showWhen: null },
  { key: "cv", type: "file", labelZh: "简历", labelEn: "CV", required: true, showWhen: null },
] as FormField[];

const SPECS: Spec[] = [
  // Sign-in and registration of an account (/login)
  { form: "login: send code", schema: sendCodeSchema, conform: true, valid: { mobile }, wrong: { mobile: "12345" } },
  { form: "login: sign in", schema: loginSchema, conform: true, valid: { mobile, code: "123456" }, wrong: { mobile: "abc", code: "12" } },
  {
    form: "login: register",
    schema: registerSchema,
    conform: true,
    valid: { mobile, code: "123456", name: "张三", agree: "on" },
    wrong: { code: "abcdef", name: "长".repeat(51) },
  },
  // Account settings
  {
    form: "account settings",
    schema: accountSettingsSchema,
    conform: true,
    valid: { name: "张三", email: "", avatar: "", defaultType: "0" },
    hidden: ["avatar", "defaultType"],
    wrong: { name: "长".repeat(51), email: "not-an-email" },
  },
  // Organization application and its review
  {
    form: "organization application",
    schema: organizationSchema,
    conform: true,
    valid: { name: "浙江大学", type: "university", address: "杭州", contact: "王老师 0571", licenceKey: key },
    hidden: ["licenceKey"],
    wrong: { name: "长".repeat(101) },
  },
  { form: "organization review", schema: organizationDecisionSchema, valid: { state: "approved", reason: "" }, wrong: {} },
  {
    form: "conference review (sender name, domain)",
    schema: conferenceReviewSchema,
    conform: true,
    valid: { state: "rejected", reason: "名称与会议不符", subject: "学术年会" },
    hidden: ["state", "subject"],
    wrong: { reason: "长".repeat(501) },
  },
  // Conference basics (/create, /edit) and every module row of /manage/edit/{id}
  {
    form: "conference basics",
    schema: conferenceBasicsSchema,
    conform: true,
    valid: { nameZh: "会议", nameEn: "Meeting", startDate: day, endDate: later, cityZh: "杭州", categoryId: "", majorId: "", cover: "" },
    hidden: ["cover"],
    wrong: { startDate: "10/03/2027", endDate: "2027-03-01", cover: "javascript:alert(1)" },
  },
  { form: "edit: module", schema: moduleSchema, valid: { type: "intro", titleZh: "简介", sort: "0" }, hidden: ["type"], wrong: { sort: "abc" } },
  { form: "edit: branch", schema: branchSchema, valid: { nameZh: "分会场", nameEn: "", sort: "1" }, wrong: { sort: "-3" } },
  { form: "edit: forum", schema: forumSchema, valid: { nameZh: "论坛", branchId: "", sort: "1" }, wrong: { sort: "1.5" } },
  {
    form: "edit: schedule",
    schema: scheduleSchema,
    valid: { moduleId: "1", startsAt: "2027-03-10T09:00", endsAt: "2027-03-10T10:00", titleZh: "开幕", speakers: "", room: "" },
    hidden: ["moduleId"],
    wrong: { startsAt: "tomorrow", endsAt: "2027-03-10T08:00" },
  },
  { form: "edit: organizer", schema: organizerSchema, valid: { role: "host", nameZh: "主办", logo: "", sort: "0" }, wrong: { logo: "javascript:x" } },
  {
    form: "edit: sponsor",
    schema: sponsorSchema,
    valid: { kind: "sponsor", company: "公司", website: "", logo: "", sort: "0" },
    wrong: { website: "javascript:x", sort: "x" },
  },
  { form: "edit: link", schema: linkSchema, valid: { titleZh: "链接", url: "https://example.org", sort: "0" }, wrong: { url: "javascript:alert(1)" } },
  { form: "edit: banner", schema: bannerSchema, valid: { image: "/files/banner.png", url: "", sort: "0" }, wrong: { image: "data:x" } },
  { form: "edit: media", schema: mediaSchema, valid: { kind: "image", url: "https://example.org/a.png", sort: "0" }, wrong: { url: "ftp://x" } },
  { form: "edit: hotel", schema: hotelSchema, valid: { nameZh: "酒店", stars: "", qrCode: "", sort: "0" }, wrong: { stars: "9" } },
  {
    form: "edit: hotel room",
    schema: hotelRoomSchema,
    valid: { hotelId: "1", typeZh: "大床房", price: "600", inventory: "10", startDate: day, endDate: later },
    hidden: ["hotelId"],
    wrong: { price: "六百", inventory: "-1", endDate: "2027-03-01" },
  },
  { form: "edit: special", schema: specialSchema, valid: { type: "0", titleZh: "专题", sort: "0" }, hidden: ["type"], wrong: {} },
  {
    form: "edit: special item",
    schema: specialItemSchema,
    valid: { specialId: "1", nameZh: "嘉宾", photo: "", sort: "0" },
    hidden: ["specialId"],
    wrong: { photo: "javascript:x" },
  },
  { form: "edit: company", schema: companySchema, valid: { name: "公司", taxId: "" }, wrong: { taxId: "91-33" } },
  { form: "edit: admin user", schema: adminUserSchema, valid: { mobile, remark: "" }, wrong: { mobile: "123" } },
  { form: "edit: domain", schema: domainSchema, valid: { domain: "" }, wrong: { domain: "not a host" } },
  {
    form: "edit: replay",
    schema: replaySchema,
    valid: { titleZh: "回放", mp4Url: "https://example.org/a.mp4", hlsUrl: "", recordedOn: day, duration: "1:00:00", cover: "" },
    wrong: { duration: "an hour", hlsUrl: "https://example.org/a.mp4", recordedOn: "yesterday" },
  },
  // Sign-up settings (/manage/signup/{id})
  { form: "signup: identity", schema: identitySchema, valid: { nameZh: "学生", sort: "0" }, wrong: {} },
  { form: "signup: VIP level", schema: vipLevelSchema, valid: { nameZh: "VIP", sort: "0" }, wrong: {} },
  {
    form: "signup: strategy",
    schema: strategySchema,
    valid: { nameZh: "早鸟", startsAt: "2027-01-01T00:00", endsAt: "2027-02-01T00:00", sort: "0" },
    wrong: { startsAt: "soon", endsAt: "2026-01-01T00:00" },
  },
  {
    form: "signup: fee",
    schema: feeSchema,
    valid: { identityId: "1", strategyId: "1", amount: "800", unit: "0" },
    hidden: ["identityId", "strategyId", "unit"],
    wrong: { amount: "八百" },
  },
  {
    form: "signup: coupon",
    schema: couponSchema,
    valid: { code: "EARLY", kind: "amount", value: "100", useLimit: "", startsAt: "", endsAt: "" },
    wrong: { code: "早鸟", value: "lots", useLimit: "0" },
  },
  { form: "signup: settings", schema: registrationSettingsSchema, valid: { capacity: "" }, wrong: { capacity: "many" } },
  {
    form: "signup: field",
    schema: formFieldSchema,
    valid: { key: "talk", type: "text", labelZh: "报告", labelEn: "Talk", options: "", sort: "0" },
    hidden: ["type"],
    wrong: { key: "Talk Title" },
  },
  {
    form: "edit: payee",
    schema: payeeSchema,
    valid: { accountName: "学会", bankName: "银行", accountNo: "6222 0000 1234", noteZh: "", noteEn: "" },
    wrong: { accountNo: "账号" },
  },
  // Registration (/attend/{id}), quick sign-in, claim, team
  {
    form: "registration",
    schema: registrationSchema,
    conform: true,
    valid: { conferenceId: "1", identityId: "", name: "张三", mobile: "", email: "", institution: "", couponCode: "", idempotencyKey: "" },
    hidden: ["conferenceId", "idempotencyKey"],
    wrong: { name: "长".repeat(51), mobile: "12", email: "a@", identityId: "x" },
  },
  {
    form: "registration: quick sign-in",
    schema: quickLoginSchema,
    conform: true,
    valid: { conferenceId: "1", mobile, code: "123456" },
    hidden: ["conferenceId"],
    wrong: { mobile: "1", code: "1" },
  },
  { form: "registration: claim", schema: claimSchema, conform: true, valid: { mobile, code: "123456" }, wrong: { code: "12345a" } },
  {
    form: "team registration: team",
    schema: teamSchema.omit({ conferenceId: true }),
    conform: true,
    valid: { name: "课题组" },
    wrong: { name: "长".repeat(101) },
  },
  {
    form: "team registration: member",
    schema: teamMemberSchema,
    conform: true,
    valid: { name: "李四", mobile, identityId: "", email: "", institution: "" },
    wrong: { mobile: "138", email: "x" },
  },
  // Invoice, hotel, travel, papers and files, sponsor registration, sponsor hotel
  {
    form: "invoice request",
    schema: invoiceRequestSchema,
    conform: true,
    valid: { type: "invoice", paymentId: "1", title: "浙江大学", taxId: "", email: "a@example.org" },
    hidden: ["type", "paymentId"],
    wrong: { taxId: "123", email: "a" },
  },
  {
    form: "invoice edit",
    schema: invoiceEditSchema,
    conform: true,
    valid: { type: "invoice", id: "1", title: "浙江大学", taxId: "12330000470003281C", email: "a@example.org" },
    hidden: ["type", "id"],
    wrong: { taxId: "12-33" },
  },
  {
    form: "hotel booking",
    schema: hotelBookingSchema,
    valid: { conferenceId: "1", roomId: "1", checkIn: day, checkOut: later, rooms: "1", sharing: "single" },
    hidden: ["conferenceId", "roomId", "sharing"],
    wrong: { checkIn: "2027-02-30", checkOut: day, rooms: "0" },
  },
  {
    form: "travel",
    schema: travelSchema,
    valid: { conferenceId: "1", "arrival.mode": "train", "arrival.number": "G1", "arrival.time": "2027-03-09T12:00", "arrival.place": "杭州东站" },
    hidden: ["conferenceId", "arrival.mode"],
    wrong: { "arrival.time": "noon", "arrival.number": "G".repeat(41) },
  },
  {
    form: "paper",
    schema: paperSchema,
    valid: {
      conferenceId: "1",
      branchId: "",
      title: "论文",
      "authors.0.name": "张三",
      "authors.0.affiliation": "浙大",
      abstract: "摘要",
      keywords: "AI",
      uploadKey: key,
    },
    hidden: ["conferenceId", "branchId"],
    wrong: { uploadKey: "../etc/passwd", title: "长".repeat(301) },
  },
  {
    form: "conference file",
    schema: conferenceFileSchema,
    valid: { conferenceId: "1", branchId: "", name: "讲稿", uploadKey: key },
    hidden: ["conferenceId", "branchId"],
    wrong: { uploadKey: "/x" },
  },
  {
    form: "sponsor registration",
    schema: exhibitionSchema,
    valid: {
      conferenceId: "1",
      kind: "sponsor",
      company: "公司",
      contact: "王五",
      phone: "0571-8888888",
      email: "a@example.org",
      level: "金牌",
      booth: "",
      logo: "",
    },
    hidden: ["conferenceId", "logo"],
    wrong: { phone: "call me", email: "a@b", kind: "donor" },
  },
  {
    form: "sponsor hotel",
    schema: sponsorHotelSchema,
    valid: { conferenceId: "1", sponsorId: "", roomId: "1", checkIn: day, checkOut: later, rooms: "2", "guests.0.name": "王五", "guests.0.mobile": "" },
    hidden: ["conferenceId", "sponsorId", "roomId"],
    wrong: { rooms: "21", "guests.0.mobile": "abc", checkOut: "2027-03-01" },
  },
  // Standalone forms: the builder (/form/edit), administrators, answers (/form/detail)
  {
    form: "form builder: settings",
    schema: formSettingsSchema,
    valid: { titleZh: "报名表", titleEn: "", deadline: "", responseLimit: "", conferenceId: "" },
    hidden: ["conferenceId"],
    wrong: { deadline: "next week", responseLimit: "0" },
  },
  {
    form: "form builder: field",
    schema: formFieldInputSchema,
    valid: { key: "", type: "radio", labelZh: "饮食", options: "veg|素|Veg", showWhenField: "", showWhenValue: "" },
    hidden: ["type"],
    wrong: { key: "My Key", options: "a\na" },
  },
  { form: "form administrators", schema: formAdminSchema, valid: { mobile }, wrong: { mobile: "x" } },
  {
    form: "form answers",
    schema: answerSchemaFor(answerFields),
    conform: true,
    valid: {
      formId: "1",
      "answers.talk": "AI",
      "answers.diet": "veg",
      "answers.topics": "ai",
      "answers.mail": "a@example.org",
      "answers.tel": mobile,
      "answers.age": "30",
      "answers.born": "1990-01-01",
      "answers.cv": key,
    },
    hidden: ["formId"],
    wrong: { "answers.diet": "meat", "answers.mail": "a@", "answers.tel": "12", "answers.age": "thirty", "answers.born": "1990-02-30", "answers.cv": "cv.pdf" },
  },
  // Organiser operations
  {
    form: "applicants: hand entry",
    schema: adminRegistrationSchema,
    valid: { conferenceId: "1", identityId: "", name: "赵六", mobile, email: "", institution: "", remark: "" },
    hidden: ["conferenceId"],
    wrong: { mobile: "1380013800", email: "x@" },
  },
  { form: "applicants: remark", schema: remarkSchema, valid: { remark: "" }, wrong: { remark: "长".repeat(501) } },
  { form: "applicants: bulk", schema: bulkSchema, valid: { conferenceId: "1", ids: "1", action: "confirm" }, hidden: ["conferenceId", "action"], wrong: {} },
  { form: "applicants: SMS", schema: smsSchema.pick({ message: true }), conform: true, valid: { message: "您好" }, wrong: { message: "长".repeat(301) } },
  {
    form: "payment audit",
    schema: paymentAuditSchema,
    valid: { state: "rejected", remark: "凭证不清晰" },
    hidden: ["state"],
    wrong: { remark: "长".repeat(501) },
  },
  { form: "invoice issue", schema: invoiceAuditSchema, valid: { state: "rejected", remark: "抬头有误", fileKey: "" }, hidden: ["state", "fileKey"], wrong: {} },
  { form: "audit decision", schema: auditDecisionSchema, valid: { state: "rejected", remark: "不符合" }, hidden: ["state"], wrong: {} },
  { form: "sponsor remark", schema: sponsorRemarkSchema, valid: { text: "已联系" }, wrong: { text: "长".repeat(1001) } },
  { form: "check-in desk", schema: checkinCodeSchema, conform: true, valid: { code: "AB12CD" }, wrong: { code: "票号!" } },
  { form: "edit: admin user remark", schema: adminUserUpdateSchema, valid: { remark: "负责注册" }, wrong: { remark: "长".repeat(201) } },
  { form: "edit: extra styles", schema: conferenceStyleSchema, valid: { exCss: "", exJs: "" }, wrong: { exCss: "a".repeat(50_001) } },
  {
    form: "payment page",
    schema: payFormSchema,
    conform: true,
    valid: { intent: "transfer", proof: key, idempotencyKey: "" },
    hidden: ["intent", "idempotencyKey"],
    wrong: {},
  },
  {
    form: "payment by transfer",
    schema: transferPaymentSchema,
    valid: { registrationId: "1", method: "transfer", proofKey: key, idempotencyKey: "" },
    hidden: ["registrationId", "method", "idempotencyKey"],
  },
  { form: "payment refund", schema: paymentStatusSchema, valid: { state: "refunded", remark: "" }, hidden: ["state"], wrong: { remark: "长".repeat(501) } },
  {
    form: "hotel booking change",
    schema: hotelBookingEditSchema,
    valid: { checkIn: day, checkOut: later, rooms: "1", sharing: "single" },
    hidden: ["sharing"],
    wrong: { checkOut: day, rooms: "many" },
  },
  {
    form: "sponsor hotel change",
    schema: sponsorHotelEditSchema,
    valid: { checkIn: day, checkOut: later, rooms: "1", "guests.0.name": "王五", "guests.0.mobile": mobile },
    wrong: { "guests.0.name": "长".repeat(51) },
  },
  {
    form: "applicants: filters",
    schema: applicantFilterSchema,
    valid: { keyword: "", state: "", identityId: "", paymentState: "", checkin: "", levelId: "", from: "", to: "" },
    wrong: { from: "2027-13-40", keyword: "长".repeat(51) },
  },
  { form: "audits: report range", schema: reportRangeSchema, valid: { from: "2027-03-01", to: "2027-03-31" }, wrong: { from: "March", to: "2027-02-01" } },
  {
    form: "form answers: filters",
    schema: answersFilterSchema,
    valid: { keyword: "", dateField: "", format: "", date: "" },
    wrong: { keyword: "长".repeat(101) },
  },
  { form: "check-in search", schema: checkinSearchSchema, valid: { keyword: "张" }, wrong: { keyword: "长".repeat(51) } },
  // Button posts (an id, a confirmation): nothing typed, so every field is hidden; a forged value still says what to do.
  {
    form: "inbox: mark read",
    schema: inboxReadSchema,
    conform: true,
    valid: { kind: "notices", id: "all", confirmed: "1" },
    hidden: ["kind", "id", "confirmed"],
    wrong: { kind: "everything", id: "1e3" },
  },
  {
    form: "my conferences: cancel",
    schema: registrationCancelSchema,
    conform: true,
    valid: { intent: "cancel", id: "12", confirmed: "1" },
    hidden: ["intent", "id", "confirmed"],
    wrong: { intent: "delete", id: "-1" },
  },
  {
    form: "form answers: delete",
    schema: answerDeleteSchema,
    conform: true,
    valid: { intent: "delete", answerId: "12", confirmed: "" },
    hidden: ["intent", "answerId", "confirmed"],
    wrong: { intent: "cancel", answerId: "2147483648" },
  },
  // Platform administration: the home page (/admin/home)
  {
    form: "home page: banner",
    schema: homeBannerSchema,
    valid: { placement: "banner", image: "/media/demo-banner-1.jpg", url: "", titleZh: "", titleEn: "", sort: "0", startsAt: "", endsAt: "" },
    hidden: ["placement"],
    wrong: { image: "javascript:alert(1)", url: "mailto:a@example.org", sort: "-1", startsAt: "2027-02-30T10:00", endsAt: "明天" },
  },
  {
    form: "home page: friend link",
    schema: homeLinkSchema,
    valid: { titleZh: "中国知网", titleEn: "", url: "https://www.cnki.net", sort: "0" },
    wrong: { titleZh: "长".repeat(201), url: "www.cnki.net", sort: "x" },
  },
];

// ─── What a message may not be ────────────────────────────────────────────────────

const dictionaries = { zh, en } as Record<"zh" | "en", unknown>;
function lookup(lang: "zh" | "en", messageKey: string): string | undefined {
  let node: unknown = dictionaries[lang];
  for (const part of messageKey.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** zod's and conform's English defaults, whatever the language. */
const LIBRARY_ENGLISH =
  /invalid input|expected \w+|received \w+|^required$|too (small|big)|invalid (string|email|enum|option|url|format|type|value|date|number|element|key|union)|unrecognized key|must (contain|match|have)|not a boolean/i;
/** Messages that say something is wrong without saying what to do, where a field is at fault. */
const GENERIC = new Set([
  "无效的值",
  "Invalid value",
  "格式不正确",
  "Not valid",
  "选择无效",
  "Invalid choice",
  "填写的内容无效",
  "This value is not valid",
  "此项必填",
  "必填",
  "此项为必填",
  "此项为必填项",
  "This field is required",
  "Required",
  "内容过长",
  "Too long",
  "Too many",
  "数量过多",
  "提交的内容有误",
  "validation.retype",
]);
const GENERIC_KEYS = new Set(["validation.retype", "validation.format", "errors.invalid"]);

/** Everything wrong with one shown message, for a field a person fills in or not. */
function problems(message: string, visible: boolean): string[] {
  const found: string[] = [];
  for (const lang of ["zh", "en"] as const) {
    const text = lookup(lang, message);
    if (text === undefined) {
      found.push(`"${message}" has no ${lang} translation`);
      continue;
    }
    if (LIBRARY_ENGLISH.test(text)) found.push(`${lang} "${text}" is library English`);
    if (lang === "zh" && !/[\u4e00-\u9fff]/.test(text)) found.push(`zh "${text}" is not Chinese`);
    if (visible && (GENERIC.has(text) || GENERIC_KEYS.has(message))) found.push(`${lang} "${text}" is generic`);
  }
  return found;
}

// ─── Parsing as the routes do ─────────────────────────────────────────────────────

/** `{"a.0.b": "x"}` → `{a: [{b: "x"}]}`, as services.server's `nest` rebuilds posted forms. */
function nest(values: Values): unknown {
  if (Object.keys(values).length === 1 && "" in values) return values[""];
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split(".");
    let node = root as Record<string | number, unknown>;
    parts.forEach((part, i) => {
      const slot = /^\d+$/.test(part) ? Number(part) : part;
      if (i === parts.length - 1) node[slot] = value;
      else node = (node[slot] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string | number, unknown>;
    });
  }
  return root;
}

/** conform names array items `a[0].b`; the others post `a.0.b`. */
const conformName = (name: string) => name.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

/** The messages a submission gets, per field ("" for the form), each list as the page shows it. */
function submit(spec: Spec, values: Record<string, unknown>): { ok: boolean; messages: Record<string, string[]> } {
  const posted = Object.entries(values).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as const] : []));
  if (posted.length === Object.keys(values).length) {
    // As the routes parse a post: conform with the schema, the body rebuilt from the posted strings where the route does (`nest`).
    const strings = Object.fromEntries(posted.map(([name, value]) => [spec.conform ? conformName(name) : name, value]));
    const reply = parseValues(strings, spec.schema, spec.conform ? undefined : nest(strings)).reply();
    const messages = Object.fromEntries(Object.entries(reply.error ?? {}).map(([path, list]) => [path.replace(/\[(\d+)\]/g, ".$1"), list ?? []]));
    return { ok: reply.status !== "error", messages };
  }
  // A JSON caller of the platform, which parses with the same schema.
  const parsed = spec.schema.safeParse(nest(values as Values));
  if (parsed.success) return { ok: true, messages: {} };
  const { fieldErrors, formErrors } = messagesOf(parsed.error.issues);
  return { ok: false, messages: { ...fieldErrors, ...(formErrors.length ? { "": formErrors } : {}) } };
}

const visibleFields = (spec: Spec) => Object.keys(spec.valid).filter((name) => !spec.hidden?.includes(name));
const isVisible = (spec: Spec, path: string) => visibleFields(spec).some((name) => conformName(name) === path || name === path || path.startsWith(`${name}.`));

function check(spec: Spec, values: Record<string, unknown>, expectFailure: boolean) {
  const { ok, messages } = submit(spec, values);
  const found: string[] = [];
  if (expectFailure && ok) found.push("was accepted");
  for (const [path, list] of Object.entries(messages)) {
    if (list.length !== 1) found.push(`${path || "form"} shows ${list.length} messages: ${list.join(" + ")}`);
    for (const message of list) found.push(...problems(message, isVisible(spec, path)).map((p) => `${path || "form"}: ${p}`));
  }
  return { found, messages };
}

// ─── The walk ─────────────────────────────────────────────────────────────────────

const WRONG_TYPES: unknown[] = [{}, [], 12345, true, { nested: "x" }];

describe("every form's messages", () => {
  test.each(SPECS.map((spec) => [spec.form, spec] as const))("%s", (_name, spec) => {
    const found: string[] = [];
    const visible = visibleFields(spec);

    // A complete submission passes (as posted: empty optional fields are "", not absent).
    const valid = submit(spec, spec.valid);
    expect(valid, `${spec.form}: the valid sample is refused`).toMatchObject({ ok: true });

    // Empty, then missing: every visible field at once, then one at a time.
    const emptied = { ...spec.valid, ...Object.fromEntries(visible.map((name) => [name, ""])) };
    found.push(...check(spec, emptied, false).found.map((p) => `empty: ${p}`));
    const missing = Object.fromEntries(Object.entries(spec.valid).filter(([name]) => !visible.includes(name)));
    found.push(...check(spec, missing, false).found.map((p) => `missing: ${p}`));
    for (const name of visible) {
      found.push(...check(spec, { ...spec.valid, [name]: "" }, false).found.map((p) => `${name} empty: ${p}`));
      found.push(...check(spec, { ...spec.valid, [name]: "   " }, false).found.map((p) => `${name} spaces: ${p}`));
    }

    // Wrong values a person could type: refused, with one specific message for that field.
    for (const [name, value] of Object.entries(spec.wrong ?? {})) {
      const { found: wrongProblems, messages } = check(spec, { ...spec.valid, [name]: value }, true);
      found.push(...wrongProblems.map((p) => `${name}=${JSON.stringify(value).slice(0, 20)}: ${p}`));
      if (Object.keys(messages).length === 0) found.push(`${name}=${value}: no message at all`);
    }

    // Wrong types (a JSON caller of the platform, which parses with the same schema): keys, never library English.
    for (const name of Object.keys(spec.valid)) {
      for (const value of WRONG_TYPES) {
        found.push(
          ...check(spec, { ...spec.valid, [name]: value }, false)
            .found.filter((p) => !p.includes("is generic"))
            .map((p) => `${name}=${JSON.stringify(value)}: ${p}`),
        );
      }
    }
    expect(found, spec.form).toEqual([]);
  });
});

describe("the reported messages", () => {
  const shown = (spec: Spec, values: Values, lang: "zh" | "en") =>
    Object.fromEntries(Object.entries(submit(spec, values).messages).map(([path, list]) => [path, list.map((m) => lookup(lang, m))]));
  const spec = (form: string) => SPECS.find((s) => s.form === form)!;

  test("an individual's invoice without a tax id is accepted; a wrong one says how it looks", () => {
    expect(submit(spec("invoice request"), { ...spec("invoice request").valid, taxId: "" }).ok).toBe(true);
    expect(shown(spec("invoice request"), { ...spec("invoice request").valid, taxId: "123" }, "zh")).toEqual({
      taxId: ["请输入正确的纳税人识别号（15、18 或 20 位）"],
    });
  });

  test("a paper without a file is asked for the file, once", () => {
    expect(shown(spec("paper"), { ...spec("paper").valid, uploadKey: "" }, "zh")).toEqual({ uploadKey: ["请上传文件"] });
    expect(shown(spec("paper"), { ...spec("paper").valid, uploadKey: "" }, "en")).toEqual({ uploadKey: ["Upload a file"] });
  });

  test("a sponsor without a phone is asked for the phone, once", () => {
    expect(shown(spec("sponsor registration"), { ...spec("sponsor registration").valid, phone: "" }, "zh")).toEqual({ phone: ["请填写联系电话"] });
    expect(shown(spec("sponsor registration"), { ...spec("sponsor registration").valid, phone: "" }, "en")).toEqual({ phone: ["Enter a phone number"] });
  });
});

describe("issueKey: every zod issue without a message of its own", () => {
  const cases: Array<[string, z.core.$ZodRawIssue, string]> = [
    ["missing field", { code: "invalid_type", expected: "string", input: undefined }, "validation.fill"],
    ["wrong type", { code: "invalid_type", expected: "string", input: {} }, "validation.retype"],
    ["not a number", { code: "invalid_type", expected: "number", input: "abc" }, "validation.number"],
    ["empty string", { code: "too_small", origin: "string", minimum: 1, input: "" }, "validation.fill"],
    ["too short", { code: "too_small", origin: "string", minimum: 6, input: "abc" }, "validation.tooShort"],
    ["too long", { code: "too_big", origin: "string", maximum: 5, input: "abcdefg" }, "validation.tooLong"],
    ["too few", { code: "too_small", origin: "array", minimum: 1, input: [] }, "validation.tooFew"],
    ["too many", { code: "too_big", origin: "array", maximum: 1, input: [1, 2] }, "validation.tooMany"],
    ["number too small", { code: "too_small", origin: "number", minimum: 1, input: 0 }, "validation.tooSmall"],
    ["number too large", { code: "too_big", origin: "number", maximum: 1, input: 2 }, "validation.tooLarge"],
    ["bad e-mail", { code: "invalid_format", format: "email", input: "a@" }, "validation.emailInvalid"],
    ["bad pattern", { code: "invalid_format", format: "regex", input: "x" }, "validation.format"],
    ["no option chosen", { code: "invalid_value", values: ["a"], input: undefined }, "validation.choose"],
    ["not an option", { code: "invalid_value", values: ["a"], input: "b" }, "validation.chooseAgain"],
  ];
  test.each(cases)("%s", (_name, issue, expected) => {
    expect(issueKey(issue)).toBe(expected);
    expect(problems(expected, false)).toEqual([]);
  });
});
