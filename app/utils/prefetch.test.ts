import { describe, expect, it } from "vitest";
import { prefetchAllowed } from "./prefetch";

describe("prefetch", () => {
  it("is skipped on 2g, slow-2g and data saver", () => {
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("is allowed on 3g, 4g and when the browser doesn't say", () => {
    expect(prefetchAllowed({ effectiveType: "3g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });
});
