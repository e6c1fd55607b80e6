import { describe, expect, it } from "vitest";
import { initials, saleState } from "./sale";

describe("saleState", () => {
  const windows = { endDate: "2027-05-20", registrationOpensAt: "2027-03-01T00:00:00.000Z", registrationClosesAt: "2027-05-10T15:59:59.000Z" };
  it("follows the fee windows: not open, open, closes soon in the last 7 days, closed", () => {
    expect(saleState(windows, "2027-02-28T00:00:00Z").state).toBe("notOpen");
    expect(saleState(windows, "2027-04-01T00:00:00Z").state).toBe("open");
    expect(saleState(windows, "2027-05-03T16:00:00Z").state).toBe("closingSoon");
    expect(saleState(windows, "2027-05-10T15:59:59Z").state).toBe("closingSoon");
    expect(saleState(windows, "2027-05-10T16:00:00Z").state).toBe("closed");
  });
  it("without fee windows, registration runs until the last day ends in Beijing", () => {
    const bare = { endDate: "2027-05-20" };
    expect(saleState(bare, "2027-05-01T00:00:00Z").state).toBe("open");
    expect(saleState(bare, "2027-05-20T15:59:00Z")).toEqual({ state: "closingSoon", closesAt: "2027-05-20T16:00:00.000Z" });
    expect(saleState(bare, "2027-05-20T16:00:01Z").state).toBe("closed");
  });
});

describe("initials", () => {
  it("takes two Chinese characters or two initials, skipping small words", () => {
    expect(initials("智能计算与系统国际学术会议")).toBe("智能");
    expect(initials("International Conference on Intelligent Computing")).toBe("IC");
    expect(initials("the symposium of art")).toBe("SA");
    expect(initials("  ")).toBe("?");
  });
});
