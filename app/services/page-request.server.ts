/**
 * What the loaders of one page request share (issue 16). Remix hands each loader a Request object
 * of its own, so a value cannot be kept on the object: the production server (server/app-server.js)
 * marks each incoming request with a random id in PAGE_REQUEST_HEADER, replacing any the browser
 * sent, and every loader's copy of the request carries it. Without the mark (a test, the Vite dev
 * server) a value is shared by the same Request object only.
 *
 * An action and the loaders that follow it carry the same mark: every call that may change
 * something (any method but GET) forgets what the page request kept (`forgetPageRequest`), so the
 * loaders see what the action changed.
 */
export const PAGE_REQUEST_HEADER = "x-conference-page-request";

/** Long enough for a page's loaders, short enough that nothing outlives its page. */
const KEEP_MS = 30_000;
const MAX_REQUESTS = 1_000;

const marked = new Map<string, { at: number; values: Map<string, unknown> }>();
const unmarked = new WeakMap<Request, Map<string, unknown>>();

function valuesOf(request: Request): Map<string, unknown> {
  const id = request.headers.get(PAGE_REQUEST_HEADER);
  if (!id) {
    let values = unmarked.get(request);
    if (!values) unmarked.set(request, (values = new Map()));
    return values;
  }
  const kept = marked.get(id);
  if (kept) return kept.values;
  const now = Date.now();
  for (const [old, entry] of marked) {
    if (now - entry.at <= KEEP_MS && marked.size < MAX_REQUESTS) break;
    marked.delete(old);
  }
  const values = new Map<string, unknown>();
  marked.set(id, { at: now, values });
  return values;
}

/**
 * `make()` once per page request, `name` and `scope` (e.g. the token the value is for): later
 * calls of the same page request get the first one's value.
 */
export function perPageRequest<T>(request: Request, name: string, scope: string, make: () => T): T {
  const values = valuesOf(request);
  const key = `${name}|${scope}`;
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}

/** Drops what this page request kept (after a call that may have changed it). */
export function forgetPageRequest(request: Request) {
  const id = request.headers.get(PAGE_REQUEST_HEADER);
  if (id) marked.delete(id);
  else unmarked.delete(request);
}
