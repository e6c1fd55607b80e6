import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the loopback fakes (WeChat, Alipay, UnionPay) share: reading a body, answering a page, listening and closing. */

export function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendPage(res: ServerResponse, status: number, body: string, type = "text/html") {
  res.writeHead(status, { "Content-Type": `${type}; charset=utf-8` });
  res.end(body);
}

const escapeHtml = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A gateway's cashier page: a heading, lines of text, and one form of hidden fields posted by one button. */
export function cashierPage(page: { heading: string; lines: string[]; action: string; fields: Record<string, string>; button: string }) {
  const fields = Object.entries(page.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const lines = page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
  return `<h1>${escapeHtml(page.heading)}</h1>${lines}<form method="post" action="${escapeHtml(page.action)}">${fields}<button>${escapeHtml(page.button)}</button></form>`;
}

/** Serves `handle` on 127.0.0.1 (`port` 0 picks a free one); a thrown error answers 500 with its message. */
export async function listenOnLoopback(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | unknown, port = 0) {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((error: Error) => sendPage(res, 500, error.message, "text/plain"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers keep connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
