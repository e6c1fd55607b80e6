import { describe, expect, it } from "vitest";
import { loginSchema, sendCodeSchema } from "./account";
import { adminUserSchema } from "./conference";
import { checkAnswers } from "./form-fields";
import { mobileSearchKeyword, normalizeMobile } from "./mobile";
import { sponsorHotelEditSchema } from "./services";

describe("normalizeMobile", () => {
  it.each([
    ["13800138000", "13800138000"],
    ["+8613800138000", "13800138000"],
    ["+86 138 0013 8000", "13800138000"],
    ["+86-138-0013-8000", "13800138000"],
    ["0086 13800138000", "13800138000"],
    ["008613800138000", "13800138000"],
    ["8613800138000", "13800138000"],
    ["86 138 0013 8000", "13800138000"],
    ["138-0013-8000", "13800138000"],
    ["  138 0013 8000 ", "13800138000"],
    ["(+86) 138.0013.8000", "13800138000"],
    ["１３８００１３８０００", "13800138000"],
    ["＋８６ １３８ ００１３ ８０００", "13800138000"],
    ["138\u30000013\u30008000", "13800138000"],
    ["138－0013－8000", "13800138000"],
    ["+447700900123", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
    ["+1 (415) 555-0100", "+14155550100"],
  ])("%s → %s", (input, stored) => {
    expect(normalizeMobile(input)).toBe(stored);
  });

  it.each([
    "",
    "12345",
    "12800138000", // 12x is no mainland mobile
    "1380013800", // 10 digits
    "138001380000", // 12 digits
    "+86 10 1234 5678", // a mainland landline: no text message reaches it
    "+861380013800",
    "86138001380000",
    "+0123456789",
    "+12345", // too short for E.164
    "+1234567890123456", // too long
    "138OO138OOO",
    "tel:13800138000",
  ])("refuses %j", (input) => {
    expect(normalizeMobile(input)).toBeNull();
  });
});

describe("the schemas that take a mobile", () => {
  it("give the stored form to sign-in, code requests and admin users", () => {
    expect(sendCodeSchema.parse({ mobile: "+86 138 0013 8000" }).mobile).toBe("13800138000");
    expect(loginSchema.parse({ mobile: "0086-138-0013-8000", code: "123456" }).mobile).toBe("13800138000");
    expect(adminUserSchema.parse({ mobile: "+86 13800138000" }).mobile).toBe("13800138000");
  });

  it("refuse what is not a mobile with the field's own message", () => {
    const result = sendCodeSchema.safeParse({ mobile: "+86 10 1234 5678" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["mobile"], message: "validation.mobileInvalid" });
    expect(sendCodeSchema.safeParse({ mobile: " " }).error?.issues[0].message).toBe("validation.mobileRequired");
    expect(adminUserSchema.safeParse({ mobile: "123" }).error?.issues[0].message).toBe("validation.mobileInvalid");
  });

  it("keep a guest's optional mobile optional, and stored", () => {
    const stay = (mobile: string) =>
      sponsorHotelEditSchema.safeParse({ checkIn: "2027-05-01", checkOut: "2027-05-02", rooms: 1, guests: [{ name: "A", mobile }] });
    expect(stay("").data?.guests[0].mobile).toBeUndefined();
    expect(stay("+86 138 0013 8000").data?.guests[0].mobile).toBe("13800138000");
    expect(stay("010-1234").error?.issues[0]).toMatchObject({ path: ["guests", 0, "mobile"], message: "services.v.mobile" });
  });

  it("store a phone answer that is a mobile in its one form, a landline as typed", () => {
    const fields = [{ key: "tel", type: "phone" as const, labelZh: "电话", labelEn: "Phone", required: true }];
    expect(checkAnswers(fields, { tel: "+86 138 0013 8000" })).toEqual({ ok: true, answers: { tel: "13800138000" } });
    expect(checkAnswers(fields, { tel: "010-6275 1234" })).toEqual({ ok: true, answers: { tel: "010-6275 1234" } });
    // Standalone forms take mobiles only.
    expect(checkAnswers(fields, { tel: "１３８００１３８０００" }, { strict: true })).toEqual({ ok: true, answers: { tel: "13800138000" } });
    expect(checkAnswers(fields, { tel: "010-6275 1234" }, { strict: true }).ok).toBe(false);
  });
});

describe("mobileSearchKeyword", () => {
  it.each([
    ["+86 138-0013-8000", "13800138000"],
    ["１３８００１３８０００", "13800138000"],
    ["138 0013", "1380013"],
    ["+86 138", "138"],
    ["0086138", "138"],
    ["8000", "8000"],
    ["张三", "张三"],
    ["Anna-Lee", "Anna-Lee"],
    ["+44 7700", "+447700"],
  ])("%s → %s", (keyword, term) => {
    expect(mobileSearchKeyword(keyword)).toBe(term);
  });
});
