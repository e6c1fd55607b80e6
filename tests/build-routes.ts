import type { ServerBuild } from "@remix-run/node";

/** The URL pattern of a route of the production build (`/manage/edit/:id`), from its parents' paths. */
export function fullPath(build: ServerBuild, id: string): string {
  const route = build.routes[id];
  if (!route) return "";
  const parent = route.parentId ? fullPath(build, route.parentId) : "";
  if (route.path === undefined) return parent || "/";
  return `${parent.replace(/\/$/, "")}/${route.path}`;
}
