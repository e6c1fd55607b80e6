/**
 * Compile-time checks of the typed call (decision 038): `npx tsc --noEmit` fails when the table
 * stops refusing what it must refuse. Never run; nothing here is called.
 */
import { callPlatform } from "./platform.server";

export async function typeChecks(request: Request, id: string) {
  // The answer's type comes from the table.
  const certification = await callPlatform(request, "/account/certification");
  if (certification.ok) certification.data.has satisfies boolean;
  const stock = await callPlatform(request, `/hotel-room/${id}`, { method: "PATCH", body: { inventory: 3 } });
  if (stock.ok) stock.data.inventory satisfies number;
  // A path two patterns fit answers with the narrower row's type (`/user/manage/{id}/options`, not `/user/manage/{id}`).
  const options = await callPlatform(request, `/user/manage/${id}/options`);
  if (options.ok) options.data.levels satisfies unknown[];
  // @ts-expect-error the options are not a page of applicants
  if (options.ok) options.data.list satisfies unknown[];

  // @ts-expect-error a path the table doesn't know
  await callPlatform(request, "/no-such-call");
  // @ts-expect-error the banner writes are on /banner now
  await callPlatform(request, "/conference-banner", { method: "POST", body: {} });
  // @ts-expect-error a method the table doesn't list for this path
  await callPlatform(request, "/account/certification", { method: "DELETE" });
  // @ts-expect-error the characteristics are a list of strings
  await callPlatform(request, "/characteristic", { method: "PUT", body: { conferenceId: 1, characteristic: 5 } });
  // @ts-expect-error a field the schema doesn't have
  await callPlatform(request, "/tag", { method: "PUT", body: { conferenceId: 1, tags: [], colour: "red" } });
  // @ts-expect-error PATCH on a path that has none
  await callPlatform(request, "/tag", { method: "PATCH" });
}
