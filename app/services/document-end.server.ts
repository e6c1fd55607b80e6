/**
 * The document's closing `</body></html>` moved to the very end of the stream.
 *
 * React writes the document's end as soon as the shell is complete; what streams in after it
 * (Remix's single-fetch data, `<script>window.__remixContext.streamController…</script>`, and
 * React's own late Suspense segments) then lands after `</html>`. Browsers recover by moving it
 * into `<body>`, but it is a parse error ("Stray start tag script", fatal for the Nu HTML checker,
 * which stops reading there). Holding the end back until the stream closes gives the same DOM
 * from valid HTML (docs/decisions/019-valid-html.md).
 *
 * Works on bytes (never decodes, so it cannot split a character); holds back at most the few
 * bytes that could begin the marker, so streaming is not delayed.
 *
 * @example
 * return new Response(stream.pipeThrough(documentEndLast()), { headers });
 */
export function documentEndLast(): TransformStream<Uint8Array, Uint8Array> {
  const marker = new TextEncoder().encode("</body></html>");
  let held = new Uint8Array(0);
  let found = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (found) {
        controller.enqueue(chunk);
        return;
      }
      const bytes = concat(held, chunk);
      const at = indexOf(bytes, marker);
      if (at >= 0) {
        found = true;
        held = new Uint8Array(0);
        const rest = concat(bytes.subarray(0, at), bytes.subarray(at + marker.length));
        if (rest.length) controller.enqueue(rest);
        return;
      }
      const keep = partialAtEnd(bytes, marker);
      held = bytes.slice(bytes.length - keep);
      if (bytes.length - keep > 0) controller.enqueue(bytes.subarray(0, bytes.length - keep));
    },
    flush(controller) {
      if (held.length) controller.enqueue(held);
      if (found) controller.enqueue(marker);
    },
  });
}

function concat(a: Uint8Array, b: Uint8Array) {
  if (!a.length) return b;
  if (!b.length) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Where `marker` first occurs in `bytes` (-1 if nowhere): Node's native search over a view of the same memory. */
function indexOf(bytes: Uint8Array, marker: Uint8Array) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(marker);
}

/** The length of the longest end of `bytes` that is a beginning of `marker` (shorter than it). */
function partialAtEnd(bytes: Uint8Array, marker: Uint8Array) {
  for (let n = Math.min(marker.length - 1, bytes.length); n > 0; n--) {
    let match = true;
    for (let k = 0; k < n && match; k++) match = bytes[bytes.length - n + k] === marker[k];
    if (match) return n;
  }
  return 0;
}
