import { describe, expect, it } from "vitest";
import type { Applicant, ApplicantOptions } from "#contract/views/applicants";
import { backTo, toApplicant, toListOptions } from "./applicants.server";

// A row as GET /user/manage/{id} answers it (the bench's data), with everything the platform sends.
const platformRow = {
  id: 22,
  conferenceId: 1,
  accountId: null,
  teamId: null,
  name: "性能测试参会人20",
  mobile: "13700000019",
  email: "bench20@example.org",
  institution: "基准测试大学",
  identityId: 4,
  identity: { id: 4, nameZh: "陪同人员", nameEn: "Accompanying person" },
  strategyId: 1,
  couponId: null,
  feeFen: 50000,
  currency: "CNY",
  state: "confirmed",
  ticketCode: "PEC2SKVNZ2",
  checkedInAt: null,
  answers: { department: "计算机学院", position: "professor" },
  needsPayment: true,
  paymentState: "pending_audit",
  payment: {
    id: 9,
    registrationId: 22,
    method: "transfer",
    amountFen: 50000,
    currency: "CNY",
    state: "pending_audit",
    tradeNo: "T20261129",
    proofKey: "proofs/9.png",
    remark: null,
    details: { payer: "某某" },
    paidAt: null,
  },
  invoiceState: null,
  invoiceId: null,
  holdUntil: null,
  holdExpired: false,
  holdsPlace: true,
  refundDue: null,
  createdAt: "2026-11-29T12:10:40.139Z",
  updatedAt: "2026-11-29T12:10:40.139Z",
  remark: "VIP 接待",
  levelId: 2,
  checkinState: false,
  createdBy: 2,
};

const shown: Applicant = {
  id: 22,
  accountId: null,
  name: "性能测试参会人20",
  mobile: "13700000019",
  email: "bench20@example.org",
  institution: "基准测试大学",
  identity: { nameZh: "陪同人员", nameEn: "Accompanying person" },
  levelId: 2,
  feeFen: 50000,
  currency: "CNY",
  state: "confirmed",
  paymentState: "pending_audit",
  needsPayment: true,
  payment: { state: "pending_audit", registrationId: 22 },
  ticketCode: "PEC2SKVNZ2",
  remark: "VIP 接待",
  checkinState: false,
  checkedInAt: null,
  createdAt: "2026-11-29T12:10:40.139Z",
};

describe("toApplicant", () => {
  it("sends the browser what the list and the badges read, not the answers, keys, times or the whole payment", () => {
    const row = toApplicant(platformRow as unknown as Applicant);
    expect(row).toEqual(shown);
    expect(Object.keys(row).sort()).toEqual(Object.keys(shown).sort());
    expect(JSON.stringify(row)).not.toMatch(/计算机学院|proofs|T20261129|updatedAt|conferenceId/);
  });

  it("keeps what is missing as missing: no identity, no payment, a checked-in attendee", () => {
    const row = toApplicant({
      ...platformRow,
      identity: null,
      payment: null,
      paymentState: null,
      checkinState: true,
      checkedInAt: "2026-11-29T13:00:00.000Z",
    } as unknown as Applicant);
    expect(row).toMatchObject({ identity: null, payment: null, paymentState: null, checkinState: true, checkedInAt: "2026-11-29T13:00:00.000Z" });
  });
});

describe("toListOptions", () => {
  it("leaves out the registration form's fields, which neither page shows", () => {
    const options: ApplicantOptions = {
      conference: { id: 1, nameZh: "会议", nameEn: "Conference", shortName: "C", currency: "CNY" },
      identities: [{ id: 1, nameZh: "学生", nameEn: "Student" }],
      levels: [{ id: 2, nameZh: "VIP", nameEn: "VIP" }],
      fields: [{ key: "department", type: "text", labelZh: "院系", labelEn: "Department", required: true }],
    };
    expect(toListOptions(options)).toEqual({ conference: options.conference, identities: options.identities, levels: options.levels });
  });
});

describe("backTo", () => {
  const request = (query: string) => new Request(`http://localhost/manage/applicant/7${query}`, { method: "POST" });

  it("keeps the list's filters and page, and drops the one-time marker of an entry just added", () => {
    expect(backTo(request("?keyword=%E5%BC%A0&page=2&added=41"))).toBe("/manage/applicant/7?keyword=%E5%BC%A0&page=2");
    expect(backTo(request(""))).toBe("/manage/applicant/7");
  });

  it("closes the parts a save is done with, and keeps the others open", () => {
    expect(backTo(request("?state=pending&signName=1&add=1"), "signName")).toBe("/manage/applicant/7?state=pending&add=1");
  });
});
