import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * For crawlers: the public pages are open; the personal and organiser areas, the API and the
 * sign-in are not for indexing (they also send noindex); the sitemap lists what is.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /attend",
    "Disallow: /manage",
    "Disallow: /account",
    "Disallow: /login",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
