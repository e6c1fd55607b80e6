import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate } from "fflate";

/**
 * A streamed Excel workbook (Office Open XML, one sheet). Rows are pulled from an iterable as
 * the client reads, deflated on the way, and never held together in memory: strings are
 * written inline (no shared-string table, which would need every string up front).
 */

export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxColumn = { header: string; width?: number };

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Excel has no time zones: instants are written as wall-clock time in China (UTC+8). */
const WALL_CLOCK_OFFSET_MS = 8 * 3600_000;
const EXCEL_EPOCH_DAYS = 25569;
/** Flush rows to the deflater in pieces of about this many characters. */
const PIECE = 64 * 1024;

const STATIC_PARTS: Record<string, string> = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  "xl/_rels/workbook.xml.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  // Style 1: bold header; style 2: date and time.
  "xl/styles.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
};

function workbookXml(sheetName: string) {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeXml(safeSheetName(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function safeSheetName(name: string) {
  const cleaned = name.replace(/[[\]:*?/\\]/g, " ").trim().slice(0, 31);
  return cleaned || "Sheet1";
}

/** Escapes markup and drops the control characters XML 1.0 cannot carry at all. */
function escapeXml(text: string) {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function columnName(index: number) {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string, bold: boolean) {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === "boolean") return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    const serial = (value.getTime() + WALL_CLOCK_OFFSET_MS) / 86_400_000 + EXCEL_EPOCH_DAYS;
    return `<c r="${ref}" s="2"><v>${serial}</v></c>`;
  }
  const style = bold ? ' s="1"' : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
}

function rowXml(cells: XlsxCell[], rowNumber: number, bold = false) {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, i) => {
    xml += cellXml(value, `${columnName(i)}${rowNumber}`, bold);
  });
  return `${xml}</row>`;
}

function sheetHead(columns: XlsxColumn[]) {
  const widths = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width ?? Math.min(60, Math.max(10, column.header.length * 2 + 2))}" customWidth="1"/>`)
    .join("");
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    (widths ? `<cols>${widths}</cols>` : "") +
    "<sheetData>" +
    rowXml(
      columns.map((c) => c.header),
      1,
      true,
    )
  );
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
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let sheet!: ZipDeflate;
  let zip!: Zip;
  let enqueued = 0;
  let rowNumber = 1;
  let finished = false;
  let cancelled = false;

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.length) {
          controller.enqueue(chunk);
          enqueued += 1;
        }
        if (final) controller.close();
      });
      const parts = { ...STATIC_PARTS, "xl/workbook.xml": workbookXml(options.sheetName) };
      for (const [name, xml] of Object.entries(parts)) {
        const file = new ZipDeflate(name, { level: 6 });
        zip.add(file);
        file.push(strToU8(xml), true);
      }
      sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
      zip.add(sheet);
      sheet.push(strToU8(sheetHead(options.columns)));
    },
    // Rows are read until the deflater hands out at least one chunk, so every pull makes progress.
    async pull() {
      const before = enqueued;
      while (!finished && enqueued === before) {
        let piece = "";
        while (piece.length < PIECE) {
          if (cancelled) return;
          const next = await iterator.next();
          if (next.done) {
            finished = true;
            break;
          }
          rowNumber += 1;
          piece += rowXml(next.value, rowNumber);
        }
        if (finished) {
          sheet.push(strToU8(`${piece}</sheetData></worksheet>`), true);
          zip.end();
        } else {
          sheet.push(strToU8(piece));
        }
      }
    },
    async cancel() {
      cancelled = true;
      zip.terminate();
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

function unescapeXml(text: string) {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
    if (entity[0] !== "#") return named[entity.toLowerCase()];
    return String.fromCodePoint(entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });
}

function columnIndex(ref: string) {
  let index = 0;
  for (const letter of ref.replace(/\d+$/, "")) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * Reads the first sheet of a workbook back as text rows, header first: what a spreadsheet
 * program would show, for tests and for checking an export. Numbers come back as written;
 * booleans as "TRUE"/"FALSE"; shared strings are resolved when a workbook has them.
 */
export function readXlsx(bytes: Uint8Array): string[][] {
  const files = unzipSync(bytes);
  const sheet = files["xl/worksheets/sheet1.xml"];
  if (!sheet) throw new Error("not a workbook: xl/worksheets/sheet1.xml is missing");
  const shared: string[] = [];
  const sharedXml = files["xl/sharedStrings.xml"];
  if (sharedXml) {
    for (const si of strFromU8(sharedXml).matchAll(/<si>([\s\S]*?)<\/si>/g)) {
      shared.push([...si[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => unescapeXml(t[1])).join(""));
    }
  }
  const rows: string[][] = [];
  for (const row of strFromU8(sheet).matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[1].matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, ref, attributes, inner = ""] = cell;
      const type = /t="(\w+)"/.exec(attributes)?.[1];
      const raw = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? "";
      let text: string;
      if (type === "inlineStr") text = [...inner.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => unescapeXml(t[1])).join("");
      else if (type === "s") text = shared[Number(raw)] ?? "";
      else if (type === "b") text = raw === "1" ? "TRUE" : "FALSE";
      else text = unescapeXml(raw);
      const index = columnIndex(ref);
      while (cells.length < index) cells.push("");
      cells[index] = text;
    }
    rows.push(cells);
  }
  return rows;
}
