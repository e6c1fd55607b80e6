import { data } from "@remix-run/node";
import type { FormInfo } from "~/utils/forms";
import { platformData } from "./platform.server";

/** The form of a page's `?id=`; anything but a positive whole number is the not-found page. */
export function formIdOf(request: Request, name = "id") {
  const raw = new URL(request.url).searchParams.get(name) ?? "";
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new Response("This page could not be found", { status: 404 });
  return Number(raw);
}

export function loadForm(request: Request, id: number) {
  return platformData<FormInfo>(request, `/form/${id}`);
}

/** Pages about one's own forms are never cached. */
export const privatePage = { headers: { "Cache-Control": "private, no-store" } };

export function privateData<T>(value: T) {
  return data(value, privatePage);
}
