import type { MetaDescriptor } from "@remix-run/node";

/**
 * The meta of a public page: title, description and their Open Graph twins.
 * @example export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
 */
export function pageMeta(data: { title: string; description: string } | undefined, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  if (!data) return [];
  return [
    { title: data.title },
    { name: "description", content: data.description },
    ...extra,
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    { property: "og:type", content: "website" },
  ];
}
