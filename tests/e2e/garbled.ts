/**
 * What in the raw bytes of a response a browser would garble: NUL bytes (dropped in text, U+FFFD
 * inside attributes, `<textarea>` and `<title>`, then posted back by a plain form) and U+FFFD
 * itself (EF BF BD). Returns a description per finding, empty when clean.
 */
export function garbledBytes(bytes: Uint8Array): string[] {
  const found: string[] = [];
  for (let i = 0; i < bytes.length && found.length < 5; i++) {
    if (bytes[i] === 0) found.push(`NUL at byte ${i}`);
    else if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) found.push(`U+FFFD at byte ${i}`);
  }
  return found;
}
