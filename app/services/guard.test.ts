import { describe, expect, it } from "vitest";
import { TEST_SESSION_SECRET, tokenCookie } from "../../tests/signed-cookies";
import { resetAppEnv } from "./env.server";
import { requireSignedIn, safeRedirect } from "./guard.server";
import { resetSessionSecrets } from "./secret.server";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/manage")).toBe("/manage");
    expect(safeRedirect("/search?keyword=%E5%8C%97%E4%BA%AC")).toBe("/search?keyword=%E5%8C%97%E4%BA%AC");
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["/%5Cevil.example"],
    ["%2F%2Fevil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/%0d%0aSet-Cookie:x"],
    ["manage"],
    [""],
    [null],
    ["/%E0%A4%A"],
  ])("sends %s home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
});

describe("requireSignedIn", () => {
  const withEnv = async (env: Record<string, string | undefined>, run: () => void | Promise<void>) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    resetAppEnv();
    resetSessionSecrets();
    try {
      await run();
    } finally {
      process.env = saved;
      resetAppEnv();
      resetSessionSecrets();
    }
  };
  const thrown = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error as Response;
    }
    throw new Error("expected a redirect");
  };

  it("sends a visitor without a token to login with the way back", () =>
    withEnv({ APP_HOST: undefined, ACCOUNT_SITE_URL: undefined }, () => {
      const response = thrown(() => requireSignedIn(new Request("http://localhost/manage?tab=2")));
      expect(response.headers.get("location")).toBe("/login?redirect=%2Fmanage%3Ftab%3D2");
    }));

  it("takes another way back when the page names one (a post whose page is elsewhere)", () =>
    withEnv({ APP_HOST: undefined, ACCOUNT_SITE_URL: undefined }, () => {
      const response = thrown(() => requireSignedIn(new Request("http://localhost/alipage", { method: "POST" }), "/attend"));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirect=%2Fattend");
    }));

  it("sends to the account site's login, with the full address back, when one is configured", () =>
    withEnv({ APP_HOST: "conf.example.cn", ACCOUNT_SITE_URL: "https://account.example.cn" }, () => {
      const response = thrown(() => requireSignedIn(new Request("http://conf.example.cn/manage", { headers: { host: "conf.example.cn" } })));
      expect(response.headers.get("location")).toBe("https://account.example.cn/login?redirect=" + encodeURIComponent("http://conf.example.cn/manage"));
    }));

  it("on another host than the configured one goes to /, token or not", () =>
    withEnv({ APP_HOST: "conf.example.cn", ACCOUNT_SITE_URL: undefined, SESSION_SECRETS: TEST_SESSION_SECRET }, () => {
      const request = new Request("http://meeting.example.org/manage", { headers: { host: "meeting.example.org", cookie: tokenCookie("a".repeat(43)) } });
      expect(thrown(() => requireSignedIn(request)).headers.get("location")).toBe("/");
      const home = new Request("http://conf.example.cn/manage", { headers: { host: "conf.example.cn", cookie: tokenCookie("a".repeat(43)) } });
      expect(requireSignedIn(home)).toBe("a".repeat(43));
    }));
});
