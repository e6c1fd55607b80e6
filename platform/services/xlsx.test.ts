import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { readXlsx, xlsxResponse, xlsxStream } from "./xlsx";

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("xlsxStream", () => {
  it("writes a workbook a reader opens: header, text, numbers, booleans, dates, blanks", async () => {
    const stream = xlsxStream({
      sheetName: "报名/Applicants",
      columns: [{ header: "姓名" }, { header: "Fee" }, { header: "Paid" }, { header: "At" }, { header: "Note" }],
      rows: [
        ["张三", 120.5, true, new Date("2026-05-01T02:30:00Z"), 'a <b> & "c"'],
        ["O'Brien", 0, false, null, undefined],
      ],
    });
    const bytes = await bytesOf(stream);
    // The instant as China's wall clock (UTC+8): Excel has no time zones.
    expect(await readXlsx(bytes)).toEqual([
      ["姓名", "Fee", "Paid", "At", "Note"],
      ["张三", "120.5", "TRUE", "2026-05-01 10:30", 'a <b> & "c"'],
      ["O'Brien", "0", "FALSE"],
    ]);
    const files = unzipSync(bytes);
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]);
    // Strings inline (no table needing every string up front), the header frozen and bold, the date formatted.
    expect(files["xl/sharedStrings.xml"]).toBeUndefined();
    expect(sheet).toContain('state="frozen"');
    expect(strFromU8(files["xl/styles.xml"])).toContain('formatCode="yyyy-mm-dd hh:mm"');
    expect(strFromU8(files["xl/styles.xml"])).toMatch(/<b\/>/);
    // Excel refuses a sheet name with a slash in it.
    expect(strFromU8(files["xl/workbook.xml"])).toContain('name="报名 Applicants"');
  });

  it("drops characters XML cannot carry instead of writing a broken file", async () => {
    const bytes = await bytesOf(xlsxStream({ sheetName: "x", columns: [{ header: "a" }], rows: [["bell\u0007 and tab\t"]] }));
    expect((await readXlsx(bytes))[1]).toEqual(["bell and tab\t"]);
  });

  it("pulls rows lazily as the reader reads, and the whole stream is one workbook", async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 50_000; i++) {
        produced += 1;
        yield [i, `row ${i} with some text to deflate ${i * 7}`];
      }
    }
    const reader = xlsxStream({ sheetName: "big", columns: [{ header: "n" }, { header: "text" }], rows: rows() }).getReader();
    const chunks: Uint8Array[] = [];
    while (produced === 0) chunks.push((await reader.read()).value!);
    expect(produced).toBeLessThan(50_000);
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(produced).toBe(50_000);
    const rowsBack = await readXlsx(new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer()));
    expect(rowsBack).toHaveLength(50_001);
    expect(rowsBack[50_000]).toEqual(["49999", `row 49999 with some text to deflate ${49_999 * 7}`]);
  });

  it("stops the source when the download is abandoned", async () => {
    let closed = false;
    let started = false;
    async function* rows() {
      started = true;
      try {
        for (let i = 0; ; i++) yield [i, `${i}`.repeat(20)];
      } finally {
        closed = true;
      }
    }
    const reader = xlsxStream({ sheetName: "x", columns: [{ header: "n" }], rows: rows() }).getReader();
    while (!started) await reader.read();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});

describe("xlsxResponse", () => {
  it("is a private download with the name in UTF-8", () => {
    const response = xlsxResponse("报名名单", new ReadableStream());
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent("报名名单.xlsx")}`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
