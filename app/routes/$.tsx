/** Any unmatched route: status 404, 'This page could not be found' (spec §2). */
import { notFound } from "#contract/params";

export async function loader() {
  throw notFound();
}

export async function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
