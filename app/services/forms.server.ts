import { data } from "@remix-run/node";
import { routeId } from "#contract/params";
import { platformData } from "./platform.server";

/** The form of a page's `?id=`; anything but a positive int4 is the not-found page. */
export function formIdOf(request: Request, name = "id") {
  return routeId(new URL(request.url).searchParams.get(name));
}

export function loadForm(request: Request, id: number) {
  return platformData(request, `/form/${id}`);
}

/** Pages about one's own forms are never cached. */
export const privatePage = { headers: { "Cache-Control": "private, no-store" } };

export function privateData<T>(value: T) {
  return data(value, privatePage);
}
