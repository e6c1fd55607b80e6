// A dependency of the production server redoes, on every request, work whose result never
// changes (decision 070). Its CommonJS file is compiled from its own source with a small change
// before anything requires it; a source that is not what this file expects (another version) is
// left as it is, and the answer says why. server.mjs installs it before it loads any Remix module.
//
// Remix's router (@remix-run/router 1.x) matches a URL against the route tree from scratch on
// every call: it flattens and ranks the ~100 routes, then compiles a RegExp for each route path
// it tries. A page request calls it four times or more (the server's match, the data query, the
// lazy-discovery manifest per path segment, React Router's render). The route tree of a running
// server never changes, so the ranked branches are kept per routes array (a WeakMap: the arrays
// made per request are freed) and the compiled path per (path, case sensitivity, end), bounded.
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** `source` with each [from, to] made exactly once, or null when one does not occur exactly once. */
function replacedOnce(source, replacements, tail = "") {
  let result = source;
  for (const [from, to] of replacements) {
    if (result.split(from).length !== 2) return null;
    result = result.replace(from, () => to);
  }
  return result + tail;
}

const ROUTER_HELPERS = `
// ── Added by server/module-patches.js (decision 070) ──
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

/** The router's source with matching remembered, or null when it does not have the expected shape. */
export function rememberingRouterSource(source) {
  return replacedOnce(
    source,
    [
      ["  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n", "  let branches = rankedBranches(routes);\n"],
      ["function compilePath(path, caseSensitive, end) {\n", "function compilePathUncached(path, caseSensitive, end) {\n"],
    ],
    ROUTER_HELPERS,
  );
}

export const PATCHED_MODULES = [{ name: "@remix-run/router", file: () => require.resolve("@remix-run/router"), change: rememberingRouterSource }];

/** Puts the changed modules in Node's module cache; call before anything requires them. */
export function installModulePatches() {
  return PATCHED_MODULES.map(({ name, file: resolve, change }) => {
    const file = resolve();
    if (require.cache[file]) return { name, installed: false, why: `${name} was loaded before server/module-patches.js` };
    const source = change(fs.readFileSync(file, "utf8"));
    if (!source) return { name, installed: false, why: `${file} is not the source this was written for` };
    const module = new Module(file);
    module.filename = file;
    module.paths = Module._nodeModulePaths(path.dirname(file));
    module._compile(source, file);
    module.loaded = true;
    require.cache[file] = module;
    return { name, installed: true };
  });
}
