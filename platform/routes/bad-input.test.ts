/**
 * Bad input is a 4xx with the envelope, never a 500 (docs/decisions/016-bad-input.md): every
 * route that takes a parameter, walked with ids past int4, negative, fractional, exponent and
 * non-digit; NUL in text; absurd pages; malformed multipart; bodies over the limits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintTicket } from "../services/sign-in-guard";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let admin: string;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13900009999"], uploadMaxBytes: 2 * 1024 * 1024 });
  admin = await p.signIn("13900009999", "管理员");
}, 60_000);
afterAll(() => p.close());

const BAD_IDS = ["2147483648", "-1", "1.5", "abc", "1e3", "%00", "99999999999999999999"];
const routes = () => p.app.routes.filter((route) => route.method !== "ALL").map((route) => ({ method: route.method, path: route.path.slice("/api".length) }));
const withParams = (path: string, value: string) => path.replace(/:\w+(\{[^}]*\})?\??/g, value);

/** A raw call through the platform: status, content type and the parsed body when it is JSON. */
async function raw(method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit | null } = {}) {
  const headers = new Headers({ "Client-Type": "web", "Accept-Language": "zh", Authorization: `Bearer ${admin}`, ...init.headers });
  const request = new Request(`http://platform.test/api${url}`, { method, headers, body: init.body ?? undefined, duplex: "half" });
  const response = await p.app.fetch(request);
  const text = await response.text();
  let json: { code?: unknown; message?: unknown; statusCode?: unknown; data?: { fields?: Record<string, string> } } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, type: response.headers.get("content-type") ?? "", text, json };
}

/** 4xx, and JSON answers carry the envelope with a message. */
function expectRefusal(result: Awaited<ReturnType<typeof raw>>, what: string) {
  expect(result.status, `${what}: ${result.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(result.status, `${what}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
  if (result.type.includes("json")) {
    expect(typeof result.json?.code, what).toBe("number");
    expect(typeof result.json?.message, what).toBe("string");
    expect(String(result.json?.message).length, what).toBeGreaterThan(0);
    expect(result.json?.statusCode, what).toBe(result.status);
  }
}

describe("ids that are no int4 key", () => {
  it("every route with a path parameter answers 4xx with the envelope", async () => {
    const walked = routes().filter((route) => route.path.includes(":"));
    expect(walked.length).toBeGreaterThan(90);
    for (const route of walked) {
      for (const bad of BAD_IDS) {
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : JSON.stringify({});
        const result = await raw(route.method, withParams(route.path, bad), { headers: body ? { "Content-Type": "application/json" } : {}, body });
        expectRefusal(result, `${route.method} ${route.path} with ${bad}`);
      }
    }
  }, 120_000);

  it("ids in the query are never a database error", async () => {
    for (const route of routes().filter((r) => r.method === "GET")) {
      for (const bad of ["2147483648", "1e3", "-1"]) {
        const query = ["conferenceId", "id", "formId", "accountId", "moduleId", "branchId", "hotelId", "roomId", "majorId", "subjectId", "categoryId", "teamId"]
          .map((name) => `${name}=${bad}`)
          .join("&");
        const result = await raw("GET", `${withParams(route.path, "1")}?${query}`);
        expect(result.status, `GET ${route.path}?…=${bad}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});

describe("pages", () => {
  it("page=1e20, 1e309 and their like give a page, not a 500, on every list", async () => {
    for (const route of routes().filter((r) => r.method === "GET")) {
      for (const bad of ["1e20", "1e309", "-5", "99999999999"]) {
        const result = await raw("GET", `${withParams(route.path, "1")}?page=${bad}&currentPage=${bad}&pageSize=${bad}&size=${bad}`);
        expect(result.status, `GET ${route.path}?page=${bad}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  }, 120_000);

  it("a list past its end is empty, and garbage is page 1", async () => {
    const far = await raw("GET", "/conference?page=1e20&pageSize=1e309");
    expect(far.status).toBe(200);
    const first = await raw("GET", "/conference");
    expect(far.text).toBe(first.text);
    const last = await raw("GET", "/conference?page=99999999999");
    expect(last.status).toBe(200);
  });
});

describe("NUL in text", () => {
  it("is refused per field in the caller's language on the main write calls", async () => {
    const calls: Array<[string, string, Record<string, unknown>, string]> = [
      ["PUT", "/login", { mobile: "13900001111", code: "123456", name: "王\u0000五", agree: true }, "name"],
      ["PUT", "/account", { name: "a\u0000b" }, "name"],
      ["POST", "/conference", { nameZh: "会议\u0000", startDate: "2027-01-01", endDate: "2027-01-02" }, "nameZh"],
      ["POST", "/conference/user", { conferenceId: 1, name: "x\u0000", answers: { note: "y" } }, "name"],
    ];
    for (const [method, url, body, field] of calls) {
      for (const lang of ["zh", "en"] as const) {
        const result = await raw(method, url, { headers: { "Content-Type": "application/json", "Accept-Language": lang }, body: JSON.stringify(body) });
        expectRefusal(result, `${method} ${url}`);
        expect(result.status, `${method} ${url}`).toBe(400);
        const message =
          lang === "zh"
            ? "此项含有无法保存的空字符（\\0），请删除后再提交"
            : "This field contains a null character (\\0), which cannot be saved. Please remove it.";
        expect(result.json?.data?.fields?.[field], `${method} ${url} ${lang}: ${result.text}`).toEqual({ key: "errors.nulByte" });
        expect(result.json?.message, `${method} ${url} ${lang}`).toBe(message);
      }
    }
  });

  it("is refused in a form-encoded and a multipart body too", async () => {
    const form = new FormData();
    form.set("mobile", "1390000\u00001111");
    const multipart = await raw("POST", "/login", { body: form });
    expect(multipart.status).toBe(400);
    expect(multipart.json?.data?.fields?.mobile).toBeTruthy();
    const encoded = await raw("POST", "/alipay/notify", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "out_trade_no=a%00b" });
    expect(encoded.status).toBe(400);
  });

  it("no write call with NUL in its body fails on the database", async () => {
    const nul = JSON.stringify({
      name: "a\u0000",
      nameZh: "a\u0000",
      keyword: "a\u0000",
      tradeNo: "a\u0000",
      mobile: "a\u0000",
      content: "a\u0000",
      answers: { x: "a\u0000" },
    });
    for (const route of routes().filter((r) => r.method === "POST" || r.method === "PUT" || r.method === "PATCH")) {
      const result = await raw(route.method, withParams(route.path, "1"), { headers: { "Content-Type": "application/json" }, body: nul });
      // Calls that read no body (logout) may succeed; none may fail.
      if (result.status !== 200) expectRefusal(result, `${route.method} ${route.path}`);
    }
  }, 120_000);

  it("in a search keyword is a normal result page", async () => {
    for (const url of ["/conference?keyword=a%00b", "/conference/search?keyword=%00", "/directory/reference?keyword=x%00y", "/replay?keyword=%00%00"]) {
      const result = await raw("GET", url);
      expect(result.status, `${url}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
    }
    const plain = await raw("GET", "/conference?keyword=ab");
    const withNul = await raw("GET", "/conference?keyword=a%00b");
    expect(withNul.status).toBe(200);
    expect(withNul.text).toBe(plain.text);
  });
});

describe("malformed multipart", () => {
  const broken = '--XYZ\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n13900001111\r\n--XY';
  for (const url of ["/login", "/alipay/notify", "/union/notify", "/payment", "/cms/files/formDocumentUpload"]) {
    it(`POST ${url}: a broken body or a missing boundary is a 400 envelope`, async () => {
      for (const type of ["multipart/form-data; boundary=XYZ", "multipart/form-data"]) {
        const result = await raw("POST", url, { headers: { "Content-Type": type }, body: broken });
        expectRefusal(result, `${url} ${type}`);
        expect(result.status).toBe(400);
      }
    });
  }
});

describe("bodies over the limit", () => {
  /** A body stream of `total` bytes in 64 KB chunks; `pulled` says how much was read. */
  function stream(total: number) {
    const state = { pulled: 0 };
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        state.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { body, state };
  }

  it("a declared Content-Length over 1 MB on JSON is a 413 before anything is read", async () => {
    const { body, state } = stream(5 * 1024 * 1024);
    const result = await raw("POST", "/login", { headers: { "Content-Type": "application/json", "Content-Length": String(5 * 1024 * 1024) }, body });
    expect(result.status).toBe(413);
    expect(result.json?.message).toBe("提交的内容过大，最多 1 MB");
    expect(state.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("a chunked JSON body is counted and cut off once over", async () => {
    const { body, state } = stream(50 * 1024 * 1024);
    const result = await raw("POST", "/login", {
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", "Accept-Language": "en" },
      body,
    });
    expect(result.status).toBe(413);
    expect(result.json?.message).toBe("What you sent is too large: at most 1 MB");
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it("a multipart body over the upload limit plus the form's allowance is a 413 naming the upload limit", async () => {
    const declared = await raw("POST", "/cms/files/upload", {
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ", "Content-Length": String(4 * 1024 * 1024) },
      body: stream(4 * 1024 * 1024).body,
    });
    expect(declared.status).toBe(413);
    expect(declared.json?.message).toBe("文件不能超过 2 MB");
    const { body, state } = stream(40 * 1024 * 1024);
    const chunked = await raw("POST", "/cms/files/upload", {
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ", "Transfer-Encoding": "chunked" },
      body,
    });
    expect(chunked.status).toBe(413);
    expect(state.pulled).toBeLessThan(4 * 1024 * 1024);
  });

  it("a body under the limit still works", async () => {
    const ticket = mintTicket(p.deps, { address: "", scope: "send" });
    const result = await raw("GET", `/login?mobile=13900002222&ticket=${ticket}`);
    expect(result.status).toBe(200);
    const login = await raw("POST", "/login", {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mobile: "13900002222", code: "000000", pad: "x".repeat(900 * 1024) }),
    });
    expect(login.status).toBe(400);
    expect(login.json?.message).not.toContain("MB");
  });
});
