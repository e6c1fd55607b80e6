import type { ReactNode } from "react";
// Not "react-dom/server": its Node writer (renderToPipeableStream) sends stray NUL bytes when a
// multi-byte character meets the end of its 2048-byte view (docs/decisions/015).
import { renderToReadableStream } from "react-dom/server.browser";
import { documentEndLast } from "./document-end.server";

export type HtmlStreamOptions = {
  /** Wait for every Suspense boundary before the first byte (crawlers, the page cache). */
  waitForAll?: boolean;
  /** Stops rendering what is still pending after this many milliseconds. */
  abortAfterMs?: number;
  /** The nonce React puts on the inline scripts it streams (the Content-Security-Policy's). */
  nonce?: string;
  /** Called for every error while rendering; errors before the shell also reject the promise. */
  onError?: (error: unknown) => void;
};

/**
 * Renders a React tree into a stream of UTF-8 HTML bytes, with the Web-streams renderer whose
 * writer copies whole encoded chunks (no byte of a view is sent unwritten). What streams in after
 * the shell (Remix's data, late Suspense segments) stays inside <body> (documentEndLast).
 *
 * @example
 * const body = await renderHtmlStream(<App />, { waitForAll: isBot });
 * return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
 */
export async function renderHtmlStream(children: ReactNode, options: HtmlStreamOptions = {}): Promise<ReadableStream<Uint8Array>> {
  // Aborting after the render has finished makes React close a closed stream (and throw): the
  // timer ends with the render.
  const controller = new AbortController();
  const timer = options.abortAfterMs ? setTimeout(() => controller.abort(), options.abortAfterMs) : undefined;
  const stop = () => clearTimeout(timer);
  const stream = await renderToReadableStream(children, {
    signal: controller.signal,
    nonce: options.nonce,
    // React reads onError's return value as the error's digest: give it none.
    onError: (error) => {
      options.onError?.(error);
    },
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  stream.allReady.then(stop, stop);
  if (options.waitForAll) await stream.allReady;
  return stream.pipeThrough(documentEndLast());
}
