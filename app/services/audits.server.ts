import type { z } from "zod";
import { noPermission, notFound, routeId } from "#contract/params";
import { auditDecisionSchema } from "#contract/schemas/audits";
import { pick } from "~/utils/format";
import { formValues, runIntent } from "./form-protocol.server";
import { requireSignedIn } from "./guard.server";
import { i18n } from "./i18n.server";
import { type CallOptions, type CallPath, forwardToPlatform, platformData } from "./platform.server";
import { getLang } from "./session.server";

/**
 * The server side of the organiser's audit pages (/manage/payment, hotel, viewPaper,
 * viewExhibitors, printExhibitors, viewSubscribe, report). Someone else's conference or row
 * is the not-found page, whichever platform call says so (the audit calls answer 404, the
 * payment calls 403).
 */

/** Runs `work`, turning a 403 from the platform into the not-found page. */
async function hiding403<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response && error.status === 403) throw notFound();
    throw error;
  }
}

/** Data for a manage page; another account's conference is a 404. */
export function manageData<T>(request: Request, path: CallPath, query?: CallOptions["query"]) {
  return hiding403(() => platformData<T>(request, path, { query }));
}

/** The page's title in the user's language, with the conference's name; and that name. */
export async function manageTitle(request: Request, key: string, conference: { nameZh: string; nameEn: string }) {
  const t = await i18n.getFixedT(request);
  const name = pick(getLang(request).lang, conference.nameZh, conference.nameEn);
  return { title: `${t(key, { name })} - ${t("meta.siteName")}`, name };
}

/** The filters named in `keys` that the query carries (empty ones dropped). */
export function filtersOf(search: URLSearchParams, keys: readonly string[]) {
  const filters: Record<string, string> = {};
  for (const key of keys) {
    const value = (search.get(key) ?? "").trim().slice(0, 100);
    if (value) filters[key] = value;
  }
  return filters;
}

/**
 * One posted decision or remark: validated with the shared schema (per-field messages, what
 * was typed kept), sent to the platform, then back to the same page and filters with a notice.
 */
export async function runAudit<S extends z.ZodType>(
  request: Request,
  values: Record<string, string>,
  spec: { schema?: S; input?: unknown; path: CallPath; method: "PATCH" | "PUT"; body?: (value: z.output<S> | undefined) => unknown; notice: string },
) {
  const url = new URL(request.url);
  return hiding403(() =>
    runIntent(request, values.intent ?? "", values, {
      schema: spec.schema,
      input: spec.input,
      call: (value) => ({ path: spec.path, options: { method: spec.method, body: spec.body ? spec.body(value) : value } }),
      back: `${url.pathname}${url.search}`,
      notice: spec.notice,
    }),
  );
}

/** The `rowId` of a posted row form, or a 404 for garbage. */
export function rowIdOf(values: Record<string, string>) {
  return routeId(values.rowId);
}

/** An audit decision (approve, or reject with a remark) on `path`. */
export function runDecision(request: Request, values: Record<string, string>, path: CallPath) {
  return runAudit(request, values, { schema: auditDecisionSchema, path, method: "PATCH", notice: "audits.decided" });
}

/** Posted values, as strings. */
export async function postedValues(request: Request) {
  return formValues(await request.formData());
}

/**
 * A platform export (a streamed workbook) handed on to the browser. The token lives in an
 * HttpOnly cookie, so the route asks the platform with it; anything but a workbook is a 404.
 */
export async function forwardExport(request: Request, path: string, query: Record<string, string>) {
  const token = requireSignedIn(request);
  const headers = new Headers({ Authorization: `Bearer ${token}`, "Client-Type": "web", "Accept-Language": getLang(request).lang });
  const search = new URLSearchParams(query);
  const response = await forwardToPlatform(new Request(new URL(`/api${path}?${search}`, request.url), { headers }));
  if (response.status === 401) throw noPermission(401);
  if (!response.ok) throw notFound();
  return response;
}

/**
 * The loader of an export resource route (`/manage/<page>/<id>/….xlsx`): the platform's
 * workbook for the conference, with the list's filters taken from the address.
 */
export function exportLoader(path: (conferenceId: number) => string, filterKeys: readonly string[] = []) {
  return ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
    requireSignedIn(request);
    const conferenceId = routeId(params.conferenceId);
    const filters = filtersOf(new URL(request.url).searchParams, filterKeys);
    return forwardExport(request, path(conferenceId), { ...filters, conferenceId: String(conferenceId) });
  };
}
