import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { NonceContext } from "./components/Nonce";
import { renderHtmlStream } from "./services/html-stream.server";
import { i18n, instanceFor } from "./services/i18n.server";
import { startPlatform, stopPlatform } from "./services/platform.server";
import { applyResponsePolicy, newNonce } from "./services/response-policy.server";
import { TranslationsProvider } from "./use-translation";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const translations = instanceFor(await i18n.getLocale(request));
  const nonce = newNonce();
  let shellRendered = false;
  const body = await renderHtmlStream(
    <NonceContext.Provider value={nonce}>
      <TranslationsProvider translations={translations}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </TranslationsProvider>
    </NonceContext.Provider>,
    {
      nonce,
      // Bots get the whole document at once; browsers get the shell as soon as it is ready.
      waitForAll: isbot(request.headers.get("user-agent") ?? ""),
      abortAfterMs: ABORT_DELAY,
      onError(error) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applyResponsePolicy(request, responseHeaders, { nonce });
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Single-fetch data answers and resource routes: the same headers as documents, less the CSP. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  try {
    applyResponsePolicy(request, response.headers);
    return response;
  } catch {
    // Headers of a fetched answer (an external platform) are read-only: answer a copy.
    const copy = new Response(response.body, response);
    applyResponsePolicy(request, copy.headers);
    return copy;
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}

/** Server start and stop, called by server.mjs: open the platform (migrations, seed) before serving. */
export async function startup() {
  await startPlatform();
}

export async function shutdown() {
  await stopPlatform();
}

/** How the page cache in front of the app (server/page-cache.js) reads and sets the language cookie. */
export { pageCacheLanguage } from "~/services/session.server";
