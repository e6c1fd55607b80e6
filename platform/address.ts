/**
 * A client's address as the per-client limits count it: the first of an X-Forwarded-For value
 * (the server's edge leaves one, decision 023), lower case; `"local"` for none or nonsense, so a
 * caller that came another way (in-process tests, jobs) is one client.
 */
export function clientKey(forwardedFor: string | undefined | null): string {
  const address = (forwardedFor ?? "").split(",")[0].trim();
  return address && address.length <= 64 ? address.toLowerCase() : "local";
}
