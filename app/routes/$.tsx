/** Any unmatched route: status 404, 'This page could not be found' (spec §2). */
export async function loader() {
  throw new Response("This page could not be found", { status: 404 });
}

export async function action() {
  throw new Response("This page could not be found", { status: 404 });
}

export default function NotFound() {
  return null;
}
