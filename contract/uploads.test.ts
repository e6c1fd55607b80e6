import { describe, expect, it } from "vitest";
import { acceptOf, DOCUMENT_TYPES, IMAGE_TYPES } from "./uploads";

describe("acceptOf", () => {
  it("lists every type the platform takes, by type and by extension", () => {
    expect(acceptOf(DOCUMENT_TYPES).split(",")).toEqual([...DOCUMENT_TYPES, ".png", ".gif", ".jpg", ".jpeg", ".bmp", ".ico", ".pdf"]);
    expect(acceptOf(IMAGE_TYPES)).not.toContain("pdf");
  });
});
