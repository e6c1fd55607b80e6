/**
 * What the edge believes of a request's forwarding headers: a client's own are replaced by the
 * peer's address and scheme; a configured proxy's are read, right to left, up to the first hop
 * no trusted proxy vouches for.
 */
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { createForwarding, parseTrustedProxies } from "./forwarding.js";

function settled(trustedProxies: string, peer: string, headers: Record<string, string>, encrypted = false) {
  const req = { socket: { remoteAddress: peer, encrypted }, headers: { ...headers } } as unknown as http.IncomingMessage;
  createForwarding({ trustedProxies })(req);
  return req.headers;
}

describe("forwarding headers", () => {
  const spoofed = {
    "x-forwarded-for": "1.2.3.4",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "evil.example",
    forwarded: "for=1.2.3.4;proto=https",
    "x-real-ip": "1.2.3.4",
  };

  it("from a client that is no configured proxy: its headers are dropped, the peer's address and scheme stand", () => {
    const headers = settled("", "::ffff:203.0.113.9", spoofed);
    expect(headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers["x-forwarded-host"]).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers["x-real-ip"]).toBeUndefined();
    // Loopback is no proxy unless named.
    expect(settled("", "127.0.0.1", spoofed)["x-forwarded-proto"]).toBe("http");
    expect(settled("10.0.0.0/8", "127.0.0.1", spoofed)["x-forwarded-for"]).toBe("127.0.0.1");
    // A TLS socket is https whatever the client says.
    expect(settled("", "203.0.113.9", { "x-forwarded-proto": "http" }, true)["x-forwarded-proto"]).toBe("https");
  });

  it("from a configured proxy: the client is the rightmost hop it does not trust; scheme and host are taken", () => {
    const headers = settled("loopback, 10.0.0.0/8", "127.0.0.1", {
      "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3",
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "Conf.Example.CN:8443",
    });
    // 6.6.6.6 is whatever the client wrote; 198.51.100.7 is the address the trusted proxy saw.
    expect(headers["x-forwarded-for"]).toBe("198.51.100.7");
    expect(headers["x-forwarded-proto"]).toBe("https");
    expect(headers["x-forwarded-host"]).toBe("conf.example.cn:8443");
  });

  it("from a configured proxy that sends nothing or nonsense: the peer, its scheme, no host", () => {
    const headers = settled("::1", "::1", { "x-forwarded-for": "not-an-address", "x-forwarded-proto": "gopher", "x-forwarded-host": "a b/c" });
    expect(headers["x-forwarded-for"]).toBe("::1");
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers["x-forwarded-host"]).toBeUndefined();
  });

  it("a setting that names no address stops the server with its name", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("10.0.0.1, 2001:db8::/32, loopback")).not.toThrow();
  });
});
