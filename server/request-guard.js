// What the HTTP server refuses before Express, the page cache or Remix see a request
// (docs/decisions/016-bad-input.md): paths React Router cannot render, posts from other
// sites, and bodies over the limits. Refusals are short pages in the visitor's language for
// documents, and the platform's envelope for /api and data requests.
import fs from "node:fs";
import { bodyLimitFor, megabytes } from "./body-limits.js";

const LANG_COOKIE = /(?:^|;\s*)isEnglish=([01])/;
const TOKEN_COOKIE = /(?:^|;\s*)ACCESS_TOKEN=/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Pages that other sites post to by design, each checking its own signature: UnionPay sends
 * the payer back with a signed cross-site form post.
 */
const CROSS_SITE_PAGES = new Set(["/attend/union/return"]);

/** The words of the refusal pages, from the app's own locale files (`refusal.*`, `errors.crossOrigin`). */
const LOCALES = Object.fromEntries(
  ["zh", "en"].map((lang) => [lang, JSON.parse(fs.readFileSync(new URL(`../app/locales/${lang}/common.json`, import.meta.url), "utf8"))]),
);
const say = (lang, key, mb) =>
  key
    .split(".")
    .reduce((node, part) => node?.[part], LOCALES[lang])
    .replace("{{mb}}", String(mb ?? ""));
/** Each refusal: the page's title and text, and the message of the JSON answer (the platform's own). */
const PAGES = {
  notFound: ["refusal.notFoundTitle", "refusal.notFound", "errors.notFound"],
  crossOrigin: ["refusal.crossOriginTitle", "errors.crossOrigin", "errors.crossOrigin"],
  fileTooLarge: ["refusal.fileTooLargeTitle", "refusal.fileTooLarge", "errors.fileTooLarge"],
  bodyTooLarge: ["refusal.bodyTooLargeTitle", "refusal.bodyTooLarge", "errors.bodyTooLarge"],
};

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The host part (`name:port`) of an Origin or Referer value, lower case; "" for `null` or garbage. */
function hostOf(value) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase() : "";
  } catch {
    return "";
  }
}

/**
 * @param {{ hosts?: string[], uploadBytes: number }} options
 *   `hosts`: the configured host names (APP_HOST, the public URL's host) a post may also come from.
 */
export function createRequestGuard({ hosts = [], uploadBytes }) {
  const configured = new Set(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean));

  const langOf = (req) => (LANG_COOKIE.exec(req.headers.cookie ?? "")?.[1] === "1" ? "en" : "zh");
  /** /api calls, Remix data requests and scripts get JSON; a browser navigating gets a page. */
  const wantsJson = (req) => {
    const url = req.url ?? "/";
    return url.startsWith("/api/") || /\.data(?:\?|$)/.test(url) || /[?&]_data=/.test(url) || !/text\/html/.test(req.headers.accept ?? "");
  };

  /** Same-site path of the page the visitor came from, for the way back. */
  function backPath(req) {
    const referer = req.headers.referer;
    if (!referer || !isOwnHost(req, hostOf(referer))) return null;
    const url = new URL(referer);
    return url.pathname + url.search;
  }

  function isOwnHost(req, host) {
    if (!host) return false;
    return host === String(req.headers.host ?? "").toLowerCase() || configured.has(host);
  }

  /**
   * Whether an unsafe request may go on: browsers say where a post comes from (Origin, else
   * Referer); one from another site is refused unless it is a signed server-to-server or
   * gateway call. Callers that say nothing (scripts with a bearer token) go on.
   */
  function sameOrigin(req) {
    if (SAFE_METHODS.has(req.method ?? "GET")) return true;
    const path = (req.url ?? "/").split("?")[0];
    if (CROSS_SITE_PAGES.has(path)) return true;
    // The API authenticates by bearer token; only a call that could ride on our cookie is checked.
    if (path.startsWith("/api/") && (!TOKEN_COOKIE.test(req.headers.cookie ?? "") || req.headers.authorization)) return true;
    const origin = req.headers.origin;
    if (origin !== undefined) return isOwnHost(req, hostOf(origin));
    const referer = req.headers.referer;
    if (referer !== undefined) return isOwnHost(req, hostOf(referer));
    return true;
  }

  function refuse(req, res, status, page, mb) {
    const lang = langOf(req);
    const [title, text, message] = PAGES[page].map((key) => say(lang, key, mb));
    // As strict as the app's own pages (decision 022): this page needs nothing but its inline style.
    const headers = {
      "Cache-Control": "no-store",
      "Content-Language": lang === "en" ? "en" : "zh-CN",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    };
    // A refused body is not read: the connection closes once the answer is out.
    if (status === 413) headers.Connection = "close";
    let body;
    if (wantsJson(req)) {
      headers["Content-Type"] = "application/json; charset=utf-8";
      body = JSON.stringify({ code: status, message, statusCode: status });
    } else {
      const back = status === 413 ? backPath(req) : null;
      const links = `${back ? `<a href="${escapeHtml(back)}">${say(lang, "refusal.back")}</a> · ` : ""}<a href="/">${say(lang, "refusal.home")}</a>`;
      headers["Content-Type"] = "text/html; charset=utf-8";
      body = `<!DOCTYPE html>\n<html lang="${lang === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#1a202c}main{max-width:40rem;margin:4rem auto;padding:0 1rem}a{color:#2b6cb0}</style></head><body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p><p>${links}</p></main></body></html>\n`;
    }
    headers["Content-Length"] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    if (status === 413) closeAfter(req, res);
  }

  /**
   * A lingering close (RFC 9112 §9.6) after a refused body: closing both ways at once while the
   * client still sends would reset the connection, and the client would lose this answer. So
   * our side closes once the answer is out, what still arrives is dropped unread into nothing,
   * and the connection ends when the client stops or after two seconds.
   */
  function closeAfter(req, res) {
    const socket = req.socket;
    if (!socket) return;
    socket.destroySoon = () => socket.end();
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
    res.once("finish", () => {
      const timer = setTimeout(() => socket.destroy(), 2000);
      timer.unref();
      socket.once("close", () => clearTimeout(timer));
      req.once("end", () => socket.destroy());
    });
  }

  const tooLarge = (req, res, limit, multipart) =>
    multipart ? refuse(req, res, 413, "fileTooLarge", megabytes(uploadBytes)) : refuse(req, res, 413, "bodyTooLarge", megabytes(limit));

  return {
    sameOrigin,

    /**
     * Answers the request itself when it must not go on (returns true), else tidies its URL
     * and returns false. Bodies with a declared length over the limit end here; chunked ones
     * are counted by `limitBody` while Remix reads them.
     */
    refuse(req, res) {
      const raw = req.url ?? "/";
      const cut = raw.indexOf("?");
      const path = cut === -1 ? raw : raw.slice(0, cut);
      // React Router cannot render a location with a backslash (it throws: a 500); no page has one, nor a NUL.
      if (/\\|%5c|%00/i.test(path)) {
        refuse(req, res, 404, "notFound");
        return true;
      }
      // A NUL in a query (a search keyword) is dropped: it can be neither stored nor searched.
      if (cut !== -1 && raw.includes("%00", cut)) req.url = path + raw.slice(cut).replaceAll("%00", "");
      if (!sameOrigin(req)) {
        refuse(req, res, 403, "crossOrigin");
        return true;
      }
      const limit = bodyLimitFor(req.headers["content-type"], uploadBytes);
      const declared = Number(req.headers["content-length"] ?? 0);
      if (declared > limit) {
        tooLarge(req, res, limit, limit > bodyLimitFor("", uploadBytes));
        return true;
      }
      return false;
    },

    /**
     * The request's body as a stream that errors once it passes the limit, for bodies sent in
     * chunks; `over()` then says so, and `answer(req, res)` sends the 413.
     */
    limitBody(req) {
      const limit = bodyLimitFor(req.headers["content-type"], uploadBytes);
      let size = 0;
      let over = false;
      const body = new ReadableStream(
        {
          start(controller) {
            req.on("data", (chunk) => {
              if (over) return;
              size += chunk.length;
              if (size > limit) {
                over = true;
                req.pause();
                controller.error(new Error(`request body over ${limit} bytes`));
                return;
              }
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              if ((controller.desiredSize ?? 0) <= 0) req.pause();
            });
            req.once("end", () => over || controller.close());
            req.once("error", (error) => over || controller.error(error));
            req.pause();
          },
          pull() {
            if (!over) req.resume();
          },
          cancel() {
            req.pause();
          },
        },
        { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
      );
      return {
        body,
        over: () => over,
        answer: (res) => tooLarge(req, res, limit, limit > bodyLimitFor("", uploadBytes)),
      };
    },
  };
}

/**
 * A multipart or urlencoded body that cannot be parsed is the sender's error, answered 400 with
 * a message in the visitor's language, not the 500 of an action that threw a TypeError.
 * Remix actions read bodies with `request.formData()`, on requests Remix itself creates for data
 * requests, so the one place to catch it for every action is the method itself. Installed once
 * by the production server (server/app-server.js).
 */
export function installFormDataGuard() {
  const parse = Request.prototype.formData;
  if (parse.guarded) return;
  async function formData() {
    // A second read is a programming error, not bad input: let it throw as it would.
    if (this.bodyUsed) return parse.call(this);
    try {
      return await parse.call(this);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const lang = LANG_COOKIE.exec(this.headers.get("cookie") ?? "")?.[1] === "1" ? "en" : "zh";
      throw new Response(say(lang, "errors.badForm"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
  formData.guarded = true;
  Request.prototype.formData = formData;
}
