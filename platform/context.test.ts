import { describe, expect, it } from "vitest";
import { withLfBreaks } from "./context";

describe("withLfBreaks", () => {
  it("turns CRLF and lone CR into LF in every string, however deep", () => {
    expect(withLfBreaks({ a: "一\r\n二\r三\n四", list: [{ insert: "x\r\n" }, 3, null], flag: true })).toEqual({ a: "一\n二\n三\n四", list: [{ insert: "x\n" }, 3, null], flag: true });
  });

  it("leaves other values as they are", () => {
    const file = new Blob(["a\r\nb"]);
    const body = withLfBreaks({ file, text: "北京 👩‍🔬 𠮷" }) as { file: Blob; text: string };
    expect(body.file).toBe(file);
    expect(body.text).toBe("北京 👩‍🔬 𠮷");
  });
});
