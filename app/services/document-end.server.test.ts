import { describe, expect, it } from "vitest";
import { documentEndLast } from "./document-end.server";

const encoder = new TextEncoder();

/** Sends `chunks` through the transform; returns the chunks that came out, decoded. */
async function run(chunks: Uint8Array[]) {
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: Uint8Array[] = [];
  const reader = input.pipeThrough(documentEndLast()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(value);
  }
  const bytes = Buffer.concat(out);
  return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), chunks: out.map((c) => Buffer.from(c).toString()) };
}

/** `text` cut into pieces of `size` bytes (cutting through multi-byte characters too). */
const pieces = (text: string, size: number) => {
  const bytes = encoder.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
};

const shell = '<!DOCTYPE html><html lang="zh-CN"><head><title>会议</title></head><body><p>学术会议平台</p></body></html>';
const late = '<!--$--><script>window.__remixContext.streamController.enqueue("[\\"会\\"]")</script><!--/$-->';

describe("documentEndLast", () => {
  it("moves what streams after </html> inside <body>, however the bytes are cut", async () => {
    const expected = shell.replace("</body></html>", "") + late + "</body></html>";
    for (const size of [1, 2, 3, 5, 7, 13, 14, 15, 64, 4096]) {
      expect((await run(pieces(shell + late, size))).text, `pieces of ${size} bytes`).toBe(expected);
    }
  });

  it("sends the shell at once, holding back only the document's end", async () => {
    const { chunks } = await run([encoder.encode(shell), encoder.encode(late)]);
    expect(chunks[0]).toBe(shell.replace("</body></html>", ""));
    expect(chunks.at(-1)).toBe("</body></html>");
  });

  it("holds back no more than a possible beginning of the end while streaming", async () => {
    const { chunks } = await run([encoder.encode("<p>a</p></bo"), encoder.encode("x</p>"), encoder.encode("</body></html>")]);
    expect(chunks).toEqual(["<p>a</p>", "</box</p>", "</body></html>"]);
  });

  it("leaves a body without the end as it is", async () => {
    expect((await run(pieces('{"ok":true}</bo', 4))).text).toBe('{"ok":true}</bo');
    expect((await run([])).text).toBe("");
  });
});
