// Who is asking, and over which scheme and host: decided once at the edge, before the guard,
// the page cache and the app read a header. A client's own X-Forwarded-* headers are dropped;
// they are believed only when the peer is a proxy the deployment named (TRUSTED_PROXIES).
// Afterwards every request carries exactly one X-Forwarded-For (the client's address) and one
// X-Forwarded-Proto, and an X-Forwarded-Host only when a trusted proxy sent it (decision 023).
import net from "node:net";

/** `::ffff:127.0.0.1` is 127.0.0.1. */
function plainAddress(address) {
  const text = String(address ?? "").trim();
  return text.toLowerCase().startsWith("::ffff:") && net.isIPv4(text.slice(7)) ? text.slice(7) : text;
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (IPv4 or IPv6), or `loopback`.
 * Anything else stops the server with its name, so a typo never silently trusts nobody.
 */
export function parseTrustedProxies(value = "") {
  const list = new net.BlockList();
  for (const raw of value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (raw === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, bits] = raw.split("/");
    const family = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === "ipv4" ? 32 : 128;
    if (!family || (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))) {
      throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address, a CIDR range or "loopback"`);
    }
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** @param {{ trustedProxies?: string }} options */
export function createForwarding({ trustedProxies = "" } = {}) {
  const trusted = parseTrustedProxies(trustedProxies);
  const isTrusted = (address) => {
    const plain = plainAddress(address);
    const family = net.isIPv4(plain) ? "ipv4" : net.isIPv6(plain) ? "ipv6" : null;
    return family !== null && trusted.check(plain, family);
  };
  const first = (value) =>
    String(value ?? "")
      .split(",")[0]
      .trim();

  /** Rewrites the request's forwarding headers in place to what this server believes. */
  return function settle(req) {
    const peer = plainAddress(req.socket?.remoteAddress) || "unknown";
    let client = peer;
    let proto = req.socket?.encrypted ? "https" : "http";
    let host = "";
    if (isTrusted(peer)) {
      // The chain read from the right: the first hop no trusted proxy vouches for is the client.
      const hops = String(req.headers["x-forwarded-for"] ?? "")
        .split(",")
        .map((hop) => plainAddress(hop))
        .filter((hop) => net.isIP(hop));
      for (let index = hops.length - 1; index >= 0; index--) {
        client = hops[index];
        if (!isTrusted(hops[index])) break;
      }
      const forwardedProto = first(req.headers["x-forwarded-proto"]).toLowerCase();
      if (forwardedProto === "https" || forwardedProto === "http") proto = forwardedProto;
      const forwardedHost = first(req.headers["x-forwarded-host"]);
      if (HOST.test(forwardedHost)) host = forwardedHost.toLowerCase();
    }
    for (const name of ["forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-port", "x-forwarded-ssl"]) delete req.headers[name];
    req.headers["x-forwarded-for"] = client;
    req.headers["x-forwarded-proto"] = proto;
    if (host) req.headers["x-forwarded-host"] = host;
  };
}
