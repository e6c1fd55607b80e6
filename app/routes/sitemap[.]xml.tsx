import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ConferenceSummary } from "~/components/ConferenceCard";
import { type Page, platformData } from "~/services/platform.server";

const PAGE = 100;
const MAX_PAGES = 500;

/** Published conferences, for search engines. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const urls: string[] = [`${origin}/`, `${origin}/schedule`];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await platformData<Page<ConferenceSummary>>(request, "/conference", { query: { page, pageSize: PAGE }, token: null });
    urls.push(...batch.list.map((c) => `${origin}/${c.id}`));
    if (page * PAGE >= batch.total) break;
  }
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((loc) => `  <url><loc>${loc}</loc></url>`).join("\n") +
    "\n</urlset>\n";
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
