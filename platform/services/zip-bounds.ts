import { inflateRawSync } from "node:zlib";

/**
 * Checks an uploaded zip (an .xlsx) before any library unpacks it: a real zip whose every entry
 * is stored or deflated, holding `required` names, with few entries and a bounded total once
 * inflated. The sizes a zip declares can lie, so each entry is inflated here with a hard cap on
 * the output (zlib's `maxOutputLength`): a zip bomb stops at the cap instead of filling memory.
 */
export type ZipVerdict = { ok: true } | { ok: false; reason: "notZip" | "tooLarge" };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function checkZip(bytes: Uint8Array, limits: { unzippedBytes: number; entries: number; required: string[] }): ZipVerdict {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 22 || view.readUInt32LE(0) !== LOCAL) return { ok: false, reason: "notZip" };
  // The end record sits in the last 22 bytes plus at most a 64 KB comment.
  let end = -1;
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 65535); at--) {
    if (view.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: "notZip" };
  const count = view.readUInt16LE(end + 10);
  const directory = view.readUInt32LE(end + 16);
  // ZIP64 markers: no spreadsheet of the allowed size needs them.
  if (count === 0xffff || directory === 0xffffffff) return { ok: false, reason: "tooLarge" };
  if (count > limits.entries) return { ok: false, reason: "tooLarge" };
  const names = new Set<string>();
  let budget = limits.unzippedBytes;
  let at = directory;
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== CENTRAL) return { ok: false, reason: "notZip" };
    const method = view.readUInt16LE(at + 10);
    const compressed = view.readUInt32LE(at + 20);
    const nameLength = view.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
    const local = view.readUInt32LE(at + 42);
    names.add(view.toString("utf8", at + 46, at + 46 + nameLength));
    if (local + 30 > view.length || view.readUInt32LE(local) !== LOCAL) return { ok: false, reason: "notZip" };
    const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
    if (start + compressed > view.length) return { ok: false, reason: "notZip" };
    const data = view.subarray(start, start + compressed);
    if (method === 0) budget -= compressed;
    else if (method === 8) {
      try {
        budget -= inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        return { ok: false, reason: (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" ? "tooLarge" : "notZip" };
      }
    } else return { ok: false, reason: "notZip" };
    if (budget < 0) return { ok: false, reason: "tooLarge" };
    at = next;
  }
  return limits.required.every((name) => names.has(name)) ? { ok: true } : { ok: false, reason: "notZip" };
}
