import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetAppEnv } from "./env.server";
import { resetSessionSecrets } from "./secret.server";
import { getLang, getToken, setLangCookie, setTokenCookie } from "./session.server";
import { signCookieValue, unsignCookieValue } from "./signed-cookie.server";

const NEW = "new-secret-0123456789";
const OLD = "old-secret-0123456789";
const TOKEN = "tok_0123456789abcdefghijklmnop";

const saved = { ...process.env };
function withSecrets(value: string) {
  process.env.SESSION_SECRETS = value;
  process.env.COOKIE_DOMAIN = "example.org";
  resetAppEnv();
  resetSessionSecrets();
}
const asked = (cookie: string) => new Request("http://example.org/", { headers: { cookie } });
/** The `name=value` part of a Set-Cookie. */
const pair = (setCookie: string) => setCookie.split(";")[0];

beforeEach(() => withSecrets(`${NEW},${OLD}`));
afterEach(() => {
  process.env = { ...saved };
  resetAppEnv();
  resetSessionSecrets();
});

describe("signed cookie values", () => {
  it("signs name and value: value.base64url(HMAC-SHA256(secret, name=value))", async () => {
    const { createHmac } = await import("node:crypto");
    const expected = createHmac("sha256", NEW).update("isEnglish=1").digest("base64url");
    expect(signCookieValue("isEnglish", "1", NEW)).toBe(`1.${expected}`);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts any secret of the list and nothing else", () => {
    const signed = signCookieValue("isEnglish", "1", OLD);
    expect(unsignCookieValue("isEnglish", signed, [NEW, OLD])).toBe("1");
    expect(unsignCookieValue("isEnglish", signed, [NEW])).toBeNull();
    // A value signed for one cookie is no good in another.
    expect(unsignCookieValue("ACCESS_TOKEN", signed, [NEW, OLD])).toBeNull();
    const flipped = `${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`;
    for (const raw of [undefined, "", "1", "1.", ".abc", `0${signed.slice(1)}`, `${signed}x`, flipped]) {
      expect(unsignCookieValue("isEnglish", raw, [NEW, OLD])).toBeNull();
    }
  });
  it("answers a pair asked again as it did the first time, per cookie name and list of secrets, however many pairs came between", () => {
    const secrets = [NEW];
    const signed = signCookieValue("isEnglish", "1", NEW);
    expect(unsignCookieValue("isEnglish", signed, secrets)).toBe("1");
    expect(unsignCookieValue("ACCESS_TOKEN", signed, secrets)).toBeNull();
    expect(unsignCookieValue("isEnglish", signed, [OLD])).toBeNull();
    expect(unsignCookieValue("isEnglish", signed, secrets)).toBe("1");
    for (let i = 0; i < 1_500; i++) expect(unsignCookieValue("isEnglish", `1.${i}`, secrets)).toBeNull();
    expect(unsignCookieValue("isEnglish", signed, secrets)).toBe("1");
    expect(unsignCookieValue("isEnglish", signed, [OLD])).toBeNull();
  });
});

describe("ACCESS_TOKEN and isEnglish", () => {
  it("are set signed with the newest secret, under the spec's names, lifetimes and domain", () => {
    const request = asked("");
    const token = setTokenCookie(request, TOKEN, true);
    expect(pair(token)).toBe(`ACCESS_TOKEN=${signCookieValue("ACCESS_TOKEN", TOKEN, NEW)}`);
    expect(token).toContain("Max-Age=2678400");
    expect(token).toContain("Domain=example.org");
    expect(token).toContain("HttpOnly");
    expect(setTokenCookie(request, TOKEN, false)).not.toContain("Max-Age");
    const lang = setLangCookie(request, "en");
    expect(pair(lang)).toBe(`isEnglish=${signCookieValue("isEnglish", "1", NEW)}`);
    expect(lang).toContain("Max-Age=31536000");
  });

  it("read back what they set", () => {
    const request = asked([pair(setTokenCookie(asked(""), TOKEN, true)), pair(setLangCookie(asked(""), "en"))].join("; "));
    expect(getToken(request)).toBe(TOKEN);
    expect(getLang(request)).toEqual({ lang: "en", present: true });
  });

  it("still read a cookie signed with the old secret after a rotation", () => {
    const request = asked(`ACCESS_TOKEN=${signCookieValue("ACCESS_TOKEN", TOKEN, OLD)}; isEnglish=${signCookieValue("isEnglish", "1", OLD)}`);
    expect(getToken(request)).toBe(TOKEN);
    expect(getLang(request).lang).toBe("en");
  });

  it("treat an unsigned, tampered or retired-secret cookie as absent: signed out, Chinese", () => {
    const tampered = signCookieValue("ACCESS_TOKEN", TOKEN, NEW).replace(TOKEN, `${TOKEN.slice(0, -1)}q`);
    for (const cookie of [
      `ACCESS_TOKEN=${TOKEN}; isEnglish=1`,
      `ACCESS_TOKEN=${tampered}; isEnglish=1.${"A".repeat(43)}`,
      `ACCESS_TOKEN=${signCookieValue("ACCESS_TOKEN", TOKEN, "retired-secret-0123456789")}; isEnglish=${signCookieValue("isEnglish", "1", "retired-secret-0123456789")}`,
    ]) {
      expect(getToken(asked(cookie))).toBeNull();
      expect(getLang(asked(cookie))).toEqual({ lang: "zh", present: false });
    }
  });

  it("sign with the first of SESSION_SECRETS: after a rotation the new secret signs", () => {
    withSecrets(`${OLD}`);
    const before = pair(setLangCookie(asked(""), "en"));
    withSecrets(`${NEW},${OLD}`);
    expect(pair(setLangCookie(asked(""), "en"))).not.toBe(before);
    expect(getLang(asked(before)).lang).toBe("en");
    withSecrets(NEW);
    expect(getLang(asked(before)).lang).toBe("zh");
  });
});
