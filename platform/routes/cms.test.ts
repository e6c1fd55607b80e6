import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, inbox, papers } from "../db/schema";
import { person, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let token: string;
let accountId: number;
beforeAll(async () => {
  p = await testPlatform({ uploadMaxBytes: 2048 });
  token = await p.signIn("13933330001");
  [{ id: accountId }] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, "13933330001"));
  await p.db.insert(inbox).values([
    { accountId, kind: "notice", titleZh: "通知一", ...p.stamp() },
    { accountId, kind: "notice", titleZh: "通知二", ...p.stamp() },
    { accountId, kind: "message", titleZh: "私信一", ...p.stamp() },
  ]);
});
afterAll(() => p.close());

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return form;
};

describe("unread counts and the inbox", () => {
  it("counts unread notices and messages separately; the count is the bare number", async () => {
    expect((await p.call("GET", "/cms/notices/unread", { token })).data).toBe(2);
    expect((await p.call("GET", "/cms/messages/unread", { token })).data).toBe(1);
  });

  it("marks one read, then all", async () => {
    const list = await p.call<{ list: Array<{ id: number }>; total: number }>("GET", "/cms/notices", { token });
    expect(list.data.total).toBe(2);
    await p.call("PUT", `/cms/notices/${list.data.list[0].id}/read`, { token });
    expect((await p.call("GET", "/cms/notices/unread", { token })).data).toBe(1);
    await p.call("PUT", "/cms/notices/all/read", { token });
    expect((await p.call("GET", "/cms/notices/unread", { token })).data).toBe(0);
    expect((await p.call("GET", "/cms/messages/unread", { token })).data).toBe(1);
  });

  it("needs a token", async () => {
    expect((await p.call("GET", "/cms/notices/unread")).status).toBe(401);
  });
});

describe("uploads", () => {
  it("stores an image and serves it back at its publicUrl", async () => {
    const res = await p.call<{ publicUrl: string; key: string }>("POST", "/cms/files/upload", { token, form: upload(png, "a.png", "image/png") });
    expect(res.status).toBe(200);
    expect(res.data.key).toMatch(/^u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(res.data.publicUrl).toBe(`/api/cms/files/${res.data.key}`);
    const served = await p.app.fetch(new Request(`http://platform.test${res.data.publicUrl}`));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it("judges the type by content: a script named .png is refused, and so is SVG", async () => {
    const fake = await p.call("POST", "/cms/files/upload", {
      token,
      form: upload(new TextEncoder().encode("<script>alert(1)</script>"), "x.png", "image/png"),
    });
    expect(fake.status).toBe(400);
    expect(fake.message).toBe("不支持的文件类型，请上传 png、gif、jpeg、bmp 或 ico 图片");
    const svg = await p.call("POST", "/cms/files/upload", {
      token,
      form: upload(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "x.svg", "image/svg+xml"),
    });
    expect(svg.status).toBe(400);
  });

  it("says what a document upload takes: a PDF or one of the images, in either language", async () => {
    const text = upload(new TextEncoder().encode("hello"), "proof.txt", "text/plain");
    const zh = await p.call("POST", "/cms/files/documentUpload", { token, form: text });
    expect(zh.status).toBe(400);
    expect(zh.message).toBe("不支持的文件类型，请上传 PDF 或 png、gif、jpeg、bmp、ico 图片");
    const en = await p.call("POST", "/cms/files/documentUpload", {
      token,
      form: upload(new TextEncoder().encode("hello"), "proof.txt", "text/plain"),
      lang: "en",
    });
    expect(en.message).toBe("Unsupported file type. Please upload a PDF or a png, gif, jpeg, bmp or ico image.");
    const ico = [0, 0, 1, 0, 1, 0, ...new Array(20).fill(0)];
    for (const [name, bytes] of [
      ["proof.pdf", [...new TextEncoder().encode("%PDF-1.4\n%EOF\n")]],
      ["proof.ico", ico],
    ] as const) {
      expect(
        (await p.call("POST", "/cms/files/documentUpload", { token, form: upload(new Uint8Array(bytes), name, "application/octet-stream") })).status,
        name,
      ).toBe(200);
    }
  });

  it("accepts gif, jpeg, bmp and ico by their bytes", async () => {
    const samples: Array<[string, number[]]> = [
      ["gif", [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0]],
      ["jpg", [0xff, 0xd8, 0xff, 0xe0, 0, 16]],
      ["bmp", [0x42, 0x4d, ...new Array(30).fill(0)]],
      ["ico", [0, 0, 1, 0, 1, 0, ...new Array(20).fill(0)]],
    ];
    for (const [ext, bytes] of samples) {
      const res = await p.call<{ key: string }>("POST", "/cms/files/upload", {
        token,
        form: upload(new Uint8Array(bytes), `f.${ext}`, "application/octet-stream"),
      });
      expect(res.status, ext).toBe(200);
      expect(res.data.key.endsWith(`.${ext}`)).toBe(true);
    }
  });

  it("refuses files over the limit, empty files and a missing field", async () => {
    const big = new Uint8Array(4096);
    big.set(png);
    const res = await p.call("POST", "/cms/files/upload", { token, form: upload(big, "big.png", "image/png"), lang: "en" });
    expect(res.status).toBe(400);
    expect(res.code).toBe(413);
    expect(res.message).toMatch(/must not exceed/);
    expect((await p.call("POST", "/cms/files/upload", { token, form: upload(new Uint8Array(), "e.png", "image/png") })).message).toBe("文件是空的");
    expect((await p.call("POST", "/cms/files/upload", { token, form: new FormData() })).message).toBe("请选择要上传的文件");
  });

  it("needs an account for /upload and /documentUpload; formUpload only with an open form's submission key", async () => {
    expect((await p.call("POST", "/cms/files/upload", { form: upload(png, "a.png", "image/png") })).status).toBe(401);
    const pdf = new TextEncoder().encode("%PDF-1.4\n%EOF\n");
    expect((await p.call("POST", "/cms/files/documentUpload", { form: upload(pdf, "cv.pdf", "application/pdf") })).status).toBe(401);
    expect((await p.call("POST", "/cms/files/formUpload", { form: upload(pdf, "cv.pdf", "application/pdf") })).status).toBe(400);
  });
});

describe("who may download a private upload", () => {
  it("its owner and the organisers of a conference it is attached to; nobody else", async () => {
    const conference = await setupConference(p);
    const author = await person(p, "作者");
    const stranger = await person(p, "路人");
    const pdf = new TextEncoder().encode("%PDF-1.4\n%EOF\n");
    const res = await p.call<{ key: string; publicUrl: string }>("POST", "/cms/files/documentUpload", {
      token: author.token,
      form: upload(pdf, "paper.pdf", "application/pdf"),
    });
    expect(res.status).toBe(200);
    const fetchAs = (who: string) => p.app.fetch(new Request(`http://platform.test${res.data.publicUrl}`, { headers: { Authorization: `Bearer ${who}` } }));

    // Not yet attached to anything: only the author.
    expect((await fetchAs(author.token)).status).toBe(200);
    expect((await fetchAs(conference.organiser.token)).status).toBe(404);

    await p.db.insert(papers).values({ conferenceId: conference.conference.id, accountId: author.id, title: "论文", uploadKey: res.data.key, ...p.stamp() });
    const download = await fetchAs(conference.organiser.token);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect((await fetchAs(stranger.token)).status).toBe(404);
  });
});
