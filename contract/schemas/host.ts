/**
 * Host names as a browser may send them and as a conference's domain is stored (decision 029):
 * lower case, no port, no trailing dot, so `WWW.Example.org.:443` and `www.example.org` are one.
 */
export function hostName(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) return host.replace(/\]:\d*$/, "]");
  host = host.replace(/:\d*$/, "");
  return host.replace(/\.+$/, "");
}

/** Names every machine gives itself: never a conference's host (the platform answers on them). */
const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]);

/** A loopback name or an address literal (IPv4, bracketed IPv6), after `hostName`. */
export function isLoopbackOrAddress(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^[\d.]+$/.test(host) || host.startsWith("[") || host.includes(":");
}

/**
 * The host names the platform itself answers on: each of APP_HOST (comma-separated) and the
 * public address's host, normalised. None of them may become a conference's domain.
 */
export function configuredHostNames(appHost: string | undefined, publicUrl: string | undefined): string[] {
  const hosts = (appHost ?? "").split(",");
  try {
    if (publicUrl) hosts.push(new URL(publicUrl).host);
  } catch {
    // A malformed address names no host.
  }
  return [...new Set(hosts.map(hostName).filter(Boolean))];
}

/** Whether a host (any spelling) is the platform's own: configured or loopback. */
export function isPlatformHost(raw: string, configured: string[]): boolean {
  const host = hostName(raw);
  return isLoopbackOrAddress(host) || configured.includes(host);
}
