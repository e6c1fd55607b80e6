import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { Row } from "exceljs";

/**
 * A streamed Excel workbook (one sheet), written by exceljs's streaming `WorkbookWriter`
 * (decision 034). Rows are pulled from an iterable only as fast as the client reads, each row
 * committed (written and forgotten) at once, and strings are written inline (no shared-string
 * table, which would need every string up front): memory stays flat whatever the row count.
 */

export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxColumn = { header: string; width?: number };

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Excel has no time zones: instants are written as wall-clock time in China (UTC+8). */
const WALL_CLOCK_OFFSET_MS = 8 * 3600_000;
const DATE_FORMAT = "yyyy-mm-dd hh:mm";

/** exceljs is large: loaded on the first export, not at start. */
const loadExcel = () => import("exceljs").then((module) => module.default);

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function safeSheetName(name: string) {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, " ")
    .trim()
    .slice(0, 31);
  return cleaned || "Sheet1";
}

/** The control characters XML 1.0 cannot carry at all: dropped, so the file stays readable. */
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

function cellValue(value: XlsxCell): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime() + WALL_CLOCK_OFFSET_MS);
  return clean(String(value));
}

function addRow(sheet: { addRow(values: unknown[]): Row }, cells: XlsxCell[]) {
  const row = sheet.addRow(cells.map(cellValue));
  cells.forEach((value, index) => {
    if (value instanceof Date) row.getCell(index + 1).numFmt = DATE_FORMAT;
  });
  row.commit();
}

/** Streams a one-sheet workbook whose rows are read lazily from `rows`. */
export function xlsxStream(options: {
  sheetName: string;
  columns: XlsxColumn[];
  rows: AsyncIterable<XlsxCell[]> | Iterable<XlsxCell[]>;
}): ReadableStream<Uint8Array> {
  const source = options.rows;
  const iterator: AsyncIterator<XlsxCell[]> | Iterator<XlsxCell[]> =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  // A small buffer: the writer waits for the reader whenever more than this is unread.
  const output = new PassThrough({ highWaterMark: 64 * 1024 });

  async function write() {
    const Excel = await loadExcel();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    // The header row stays in view while scrolling.
    const sheet = workbook.addWorksheet(safeSheetName(options.sheetName), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = options.columns.map((column) => ({ width: column.width ?? Math.min(60, Math.max(10, column.header.length * 2 + 2)) }));
    const header = sheet.addRow(options.columns.map((column) => clean(column.header)));
    header.font = { bold: true };
    header.commit();
    for (;;) {
      if (output.destroyed) return;
      const next = await iterator.next();
      if (next.done) break;
      addRow(sheet, next.value);
      if (output.writableNeedDrain) await Promise.race([once(output, "drain"), once(output, "close")]);
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  const reader = (Readable.toWeb(output) as ReadableStream<Uint8Array>).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    // A download abandoned half way stops the source (the database cursor behind it).
    async cancel(reason) {
      output.destroy();
      await reader.cancel(reason).catch(() => undefined);
      await iterator.return?.();
    },
  });
}

/** The HTTP answer for a streamed workbook: a private, uncached download under `filename`. */
export function xlsxResponse(filename: string, stream: ReadableStream<Uint8Array>) {
  const name = filename.endsWith(".xlsx") ? filename : `${filename}.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(stream, {
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A cell as a spreadsheet program shows it: numbers as written, TRUE/FALSE, dates as `yyyy-mm-dd hh:mm`. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 16).replace("T", " ");
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "object") {
    const rich = value as { richText?: { text: string }[]; text?: string; result?: unknown };
    if (rich.richText) return rich.richText.map((part) => part.text).join("");
    if (rich.text !== undefined) return rich.text;
    return shown(rich.result);
  }
  return String(value);
}

/**
 * Reads the first sheet of a workbook back as text rows, header first, through exceljs's
 * reader: what a spreadsheet program would show, for tests and for checking an export.
 */
export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("not a workbook: it has no sheet");
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      while (cells.length < column - 1) cells.push("");
      cells[column - 1] = shown(cell.value);
    });
    rows[number - 1] = cells;
  });
  return Array.from(rows, (row) => row ?? []);
}
