import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/** /c/{id} is the short link of a conference page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!/^\d{1,10}$/.test(id)) throw new Response("This page could not be found", { status: 404 });
  return redirect(`/${id}`, 301);
}
