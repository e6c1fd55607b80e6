// Remix's router (@remix-run/router 1.x) matches a URL against the route tree from scratch on
// every call: it flattens and ranks the ~100 routes, then compiles a RegExp for each route path
// it tries. A server request calls it four times (the server's match, the data query, the
// lazy-discovery manifest per path segment, React Router's render), ~2 ms of CPU per page on
// this machine (a tenth of an uncached render; decision 070). The route tree of a running
// server never changes, so both steps can be remembered:
// - the ranked branches per routes array (a WeakMap: the arrays made per request are freed);
// - the compiled path per (path, case sensitivity, end), bounded.
// The router's CommonJS file is compiled from its own source with those two changes before
// anything requires it; if its source is not what this file expects (another version), it is
// left as it is and the answer says why. server.mjs installs it before it loads any Remix module.
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

const RANK_CALL = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
const COMPILE_HEAD = "function compilePath(path, caseSensitive, end) {\n";

const HELPERS = `
// ── Added by server/route-matching.js (decision 070) ──
const rankedBranchesByRoutes = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesByRoutes.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + (caseSensitive === true) + "\\u0000" + (end !== false);
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
`;

/**
 * The router's source with matching remembered, or null when the source does not have the
 * shape this was written for (each change must apply exactly once).
 */
export function rememberingRouterSource(source) {
  if (source.split(RANK_CALL).length !== 2 || source.split(COMPILE_HEAD).length !== 2) return null;
  return (
    source
      .replace(RANK_CALL, "  let branches = rankedBranches(routes);\n")
      .replace(COMPILE_HEAD, "function compilePathUncached(path, caseSensitive, end) {\n") + HELPERS
  );
}

/** Puts the remembering router in Node's module cache; call before anything requires the router. */
export function installRouteMatching() {
  const file = require.resolve("@remix-run/router");
  if (require.cache[file]) return { installed: false, why: "the router was loaded before server/route-matching.js" };
  const source = rememberingRouterSource(fs.readFileSync(file, "utf8"));
  if (!source) return { installed: false, why: `${file} is not the source this was written for` };
  const module = new Module(file);
  module.filename = file;
  module.paths = Module._nodeModulePaths(path.dirname(file));
  module._compile(source, file);
  module.loaded = true;
  require.cache[file] = module;
  return { installed: true, file };
}
