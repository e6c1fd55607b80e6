// Production server: opens the database before listening (server/app-server.js says what
// answers a request); closes it on SIGTERM/SIGINT.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installModulePatches } from "./server/module-patches.js";

// Remix's route matching remembered (decision 070) and React's writer encoding once a flush
// (decision 074): before any Remix or React module loads.
for (const patch of installModulePatches()) {
  if (!patch.installed) console.warn(`[server] ${patch.name} is used unchanged: ${patch.why}`);
}
const { createAppServer } = await import("./server/app-server.js");

process.env.NODE_ENV ??= "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);

try {
  await build.entry.module.startup();
} catch (error) {
  console.error("[server] could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = createAppServer({ build, mode: process.env.NODE_ENV });
server.listen(port, host, () => {
  console.log(`[server] listening on http://localhost:${port}`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeAllConnections?.();
  try {
    await build.entry.module.shutdown();
  } catch (error) {
    console.error("[server] shutdown:", error);
  }
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
