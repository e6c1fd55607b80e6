import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";
import { renderHtmlStream } from "./services/html-stream.server";
import { i18n, instanceFor } from "./services/i18n.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const instance = await instanceFor(await i18n.getLocale(request));
  let shellRendered = false;
  const body = await renderHtmlStream(
    <I18nextProvider i18n={instance}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </I18nextProvider>,
    {
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
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}

/** Server start and stop, called by server.mjs: open the platform (migrations, seed) before serving. */
export async function startup() {
  if (process.env.PLATFORM_API_URL) return;
  const { getPlatform } = await import("#platform/runtime");
  await getPlatform();
}

export async function shutdown() {
  const { stopPlatform } = await import("#platform/runtime");
  await stopPlatform();
}
