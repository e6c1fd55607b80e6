// The benchmark's baseline: a bare node:http server that answers each known path with bytes
// captured from the real server (already gzipped, with the same headers). Run as a child process
// so it does not share an event loop with the load generator.
//
//   node scripts/bench/static-server.mjs <routes.json>
// routes.json: { "<path>": { "status": 200, "headers": {...}, "body": "<file with the bytes>" } }
// Prints `listening <port>` once ready; stops on SIGTERM/SIGINT.
import fs from "node:fs";
import http from "node:http";

const routes = new Map();
for (const [url, route] of Object.entries(JSON.parse(fs.readFileSync(process.argv[2], "utf8")))) {
  const body = fs.readFileSync(route.body);
  routes.set(url, { status: route.status, headers: { ...route.headers, "content-length": String(body.length) }, body });
}

const server = http.createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(404, { "content-length": "0" });
    res.end();
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});

server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
const stop = () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
