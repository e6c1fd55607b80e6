import { PassThrough } from "node:stream";
import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderHtmlStream } from "./html-stream.server";

/** Chinese and astral text, offset by 0..N ASCII characters so its characters meet every byte boundary. */
const CJK = "北京国际会议中心·研究进展，𠮷野家👩‍🔬。";
const values = Array.from({ length: 64 }, (_, pad) => `${"x".repeat(pad)}${CJK.repeat(20)}`);

function Page() {
  return (
    <html lang="zh">
      <head>
        <title>{CJK.repeat(30)}</title>
      </head>
      <body>
        {values.map((value, i) => (
          <form key={i} aria-label={value}>
            <input name={`v${i}`} defaultValue={value} alt={value} />
            <textarea name={`t${i}`} defaultValue={value} />
            <p title={value}>{value}</p>
          </form>
        ))}
      </body>
    </html>
  );
}

const zeros = (bytes: Uint8Array) => bytes.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);

async function viaNodeWriter(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(<Page />, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("renderHtmlStream", () => {
  it("sends long Chinese pages as clean UTF-8: no NUL, no replacement character, every value whole", async () => {
    const bytes = new Uint8Array(await new Response(await renderHtmlStream(<Page />)).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100 * 2048);
    expect(zeros(bytes)).toBe(0);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(html).not.toContain("\uFFFD");
    for (const value of values) {
      expect(html).toContain(`value="${value}"`);
      expect(html).toContain(`aria-label="${value}"`);
      expect(html).toContain(`>${value}</textarea>`);
    }
    expect(html).toContain(`<title>${CJK.repeat(30)}</title>`);
  });

  it("waits for every boundary when asked, and reports render errors", async () => {
    const errors: unknown[] = [];
    function Broken(): never {
      throw new Error("boom");
    }
    await expect(renderHtmlStream(<Broken />, { onError: (e) => errors.push(e) })).rejects.toThrow("boom");
    expect(errors).toHaveLength(1);
    const stream = await renderHtmlStream(<Page />, { waitForAll: true });
    expect(await new Response(stream).text()).toMatch(/<\/html>$/);
  });

  it("stops a render still pending after the time limit, and leaves a finished one alone", async () => {
    const never = new Promise<never>(() => {});
    function Pending(): never {
      throw never;
    }
    const errors: unknown[] = [];
    const pending = await renderHtmlStream(
      <html lang="zh">
        <body>
          <Suspense fallback={<p>loading</p>}>
            <Pending />
          </Suspense>
        </body>
      </html>,
      { abortAfterMs: 30, onError: (e) => errors.push(e) },
    );
    expect(await new Response(pending).text()).toContain("loading");
    expect(errors).toHaveLength(1);
    const late: unknown[] = [];
    const done = await renderHtmlStream(<Page />, { abortAfterMs: 30, onError: (e) => late.push(e) });
    await new Response(done).arrayBuffer();
    // Past the limit, nothing is reported (an abort would make React close the finished stream twice).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(late).toEqual([]);
  });

  it("keeps what resolves after the shell inside <body>, before the document's end", async () => {
    let resolve = () => {};
    const later = new Promise<void>((done) => (resolve = done));
    let ready = false;
    function Late() {
      if (!ready) throw later.then(() => (ready = true));
      return <p>late</p>;
    }
    const stream = await renderHtmlStream(
      <html lang="zh">
        <body>
          <Suspense fallback={<p>loading</p>}>
            <Late />
          </Suspense>
        </body>
      </html>,
    );
    resolve();
    const html = await new Response(stream).text();
    expect(html).toContain("<p>late</p>");
    expect(html.indexOf("<p>late</p>")).toBeLessThan(html.indexOf("</body>"));
    expect(html).toMatch(/<\/body><\/html>$/);
  });

  // Why the Web-streams renderer: the same page through react-dom 18's Node writer carries NULs.
  it("is needed: react-dom 18's Node writer garbles this very page", async () => {
    expect(zeros(await viaNodeWriter())).toBeGreaterThan(0);
  });
});
