import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ConferenceSummary } from "~/components/ConferenceCard";
import { type Page, platformData } from "~/services/platform.server";

const PAGE = 100;
const MAX_PAGES = 500;

type Entry = { loc: string; lastmod?: string };
const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A W3C datetime in UTC (what the sitemap protocol reads), or nothing for a value that is not a date. */
const lastmod = (value: unknown) => {
  const time = typeof value === "string" || value instanceof Date ? new Date(value).getTime() : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
};

/** Every page of a paged public list, up to MAX_PAGES pages. */
async function all<T>(request: Request, path: Parameters<typeof platformData>[1]) {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await platformData<Page<T>>(request, path, { query: { page, pageSize: PAGE }, token: null });
    rows.push(...batch.list);
    if (page * PAGE >= batch.total || batch.list.length === 0) break;
  }
  return rows;
}

/** Published conferences, the directory and published replays, for search engines. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const [conferences, replays] = await Promise.all([
    all<ConferenceSummary & { updatedAt?: string }>(request, "/conference"),
    all<{ id: number; recordedAt?: string; updatedAt?: string }>(request, "/live-streaming"),
  ]);
  const entries: Entry[] = [
    { loc: `${origin}/` },
    { loc: `${origin}/schedule` },
    { loc: `${origin}/orgList` },
    { loc: `${origin}/search/reference` },
    { loc: `${origin}/liveStreaming` },
    ...conferences.map((c) => ({ loc: `${origin}/${c.id}`, lastmod: lastmod(c.updatedAt) })),
    ...replays.map((r) => ({ loc: `${origin}/liveStreaming/detail/${r.id}`, lastmod: lastmod(r.updatedAt ?? r.recordedAt) })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.map((e) => `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`).join("\n") +
    "\n</urlset>\n";
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
