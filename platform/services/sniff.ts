/** File types told by their first bytes, never by the name or the declared type. */
export type Sniffed = { mime: string; ext: string };

const signatures: Array<{ mime: string; ext: string; test: (b: Uint8Array) => boolean }> = [
  { mime: "image/png", ext: "png", test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: "image/gif", ext: "gif", test: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { mime: "image/jpeg", ext: "jpg", test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { mime: "image/bmp", ext: "bmp", test: (b) => ascii(b, 0, "BM") && b.length >= 26 },
  { mime: "image/x-icon", ext: "ico", test: (b) => starts(b, [0x00, 0x00, 0x01, 0x00]) && b.length >= 22 },
  { mime: "application/pdf", ext: "pdf", test: (b) => ascii(b, 0, "%PDF-") },
];

export { DOCUMENT_TYPES, IMAGE_TYPES } from "#contract/uploads";

export function sniff(bytes: Uint8Array): Sniffed | null {
  const hit = signatures.find((s) => s.test(bytes));
  return hit ? { mime: hit.mime, ext: hit.ext } : null;
}

function starts(b: Uint8Array, prefix: number[]) {
  return b.length >= prefix.length && prefix.every((byte, i) => b[i] === byte);
}

function ascii(b: Uint8Array, at: number, text: string) {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}
