// Six files of the production server's dependencies do more work per request than their result
// needs (decisions 070, 074, 078 and 079): Remix's router, Remix's route modules, React Router,
// React Router DOM, React's server writer and turbo-stream's encoder. Each CommonJS file is
// compiled from its own source with a small change before anything requires it; a source that is
// not what this file expects (another version) is left as it is, and the answer says why.
// server.mjs installs them before it loads any Remix module.
//
// Remix's router (@remix-run/router 1.x) matches a URL against the route tree from scratch on
// every call: it flattens and ranks the ~100 routes, then compiles a RegExp for each route path
// it tries. A page request calls it four times or more (the server's match, the data query, the
// lazy-discovery manifest per path segment, React Router's render). The route tree of a running
// server never changes, so the ranked branches are kept per routes array (a WeakMap: the arrays
// made per request are freed), the compiled path per (path, case sensitivity, end), and which
// branch a path matched, all bounded.
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
// Which ranked branch a path matched (its index, -1 for none), per branches array: a call for a
// known path tries that branch alone instead of every branch ranked before it. Paths longer than
// 200 characters are not kept, and at most 2,000 per array, so odd URLs cannot grow it.
const matchedBranches = new WeakMap();
function branchKey(decoded, allowPartial) {
  return decoded.length > 200 ? null : (allowPartial ? "p" : "w") + decoded;
}
function knownBranch(branches, decoded, allowPartial) {
  const key = branchKey(decoded, allowPartial);
  return key === null ? undefined : matchedBranches.get(branches)?.get(key);
}
function rememberBranch(branches, decoded, allowPartial, index) {
  const key = branchKey(decoded, allowPartial);
  if (key === null) return;
  let known = matchedBranches.get(branches);
  if (!known) matchedBranches.set(branches, (known = new Map()));
  if (known.size >= 2000) known.clear();
  known.set(key, index);
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

// A render's static router converts Remix's route tree into "data routes" afresh (and so its
// matching found no ranked branches to reuse): a whole tree converted into a caller's empty
// manifest is kept per (routes array, property mapper), and the caller's manifest filled from it.
const DATA_ROUTES_HELPERS = `
const dataRoutesByRoutes = new WeakMap();
function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
  if (parentPath !== undefined || manifest === undefined || Object.keys(manifest).length > 0) {
    return convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest);
  }
  let kept = dataRoutesByRoutes.get(routes);
  if (!kept || kept.mapRouteProperties !== mapRouteProperties) {
    const converted = convertRoutesToDataRoutesUncached(routes, mapRouteProperties, undefined, manifest);
    kept = { mapRouteProperties, dataRoutes: converted, manifest: { ...manifest } };
    dataRoutesByRoutes.set(routes, kept);
    return converted;
  }
  Object.assign(manifest, kept.manifest);
  return kept.dataRoutes;
}
`;

/** The router's source with matching remembered, or null when it does not have the expected shape. */
export function rememberingRouterSource(source) {
  return replacedOnce(
    source,
    [
      [
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n" +
          "  for (let i = 0; matches == null && i < branches.length; ++i) {\n",
        "  let branches = rankedBranches(routes);\n  let matches = null;\n  let decoded = decodePath(pathname);\n" +
          "  const known = knownBranch(branches, decoded, allowPartial);\n" +
          "  if (known !== undefined) return known < 0 ? null : matchRouteBranch(branches[known], decoded, allowPartial);\n" +
          "  let i = 0;\n  for (; matches == null && i < branches.length; ++i) {\n",
      ],
      [
        "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
        "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  rememberBranch(branches, decoded, allowPartial, matches == null ? -1 : i - 1);\n  return matches;\n}\n",
      ],
      ["function compilePath(path, caseSensitive, end) {\n", "function compilePathUncached(path, caseSensitive, end) {\n"],
      [
        "function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {\n",
        "function convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest) {\n",
      ],
    ],
    ROUTER_HELPERS + DATA_ROUTES_HELPERS,
  );
}

// Remix's server render builds its route tree from the build's manifest on every request
// (`createServerRoutes`, grouping the ~100 routes by parent first). The manifest of a running
// server never changes: the tree is kept per manifest, and used while every route's module is
// the one it was built from.
const SERVER_ROUTES_HELPERS = `
// ── Added by server/module-patches.js (decision 070) ──
const serverRoutesByManifest = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...more) {
  if (more.length > 0 || isSpaMode) return createServerRoutesUncached(manifest, routeModules, future, isSpaMode, ...more);
  const kept = serverRoutesByManifest.get(manifest);
  if (kept && kept.future === future && Object.keys(kept.modules).every((id) => kept.modules[id] === routeModules[id])) return kept.routes;
  const routes = createServerRoutesUncached(manifest, routeModules, future, isSpaMode);
  const modules = {};
  for (const id of Object.keys(manifest)) modules[id] = routeModules[id];
  serverRoutesByManifest.set(manifest, { future, modules, routes });
  return routes;
}
`;

/** Remix's route modules with the server render's route tree kept, or null when the source is not the expected one. */
export function rememberingServerRoutesSource(source) {
  return replacedOnce(
    source,
    [
      [
        'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "", ',
        'function createServerRoutesUncached(manifest, routeModules, future, isSpaMode, parentId = "", ',
      ],
      [
        "    let children = createServerRoutes(manifest, routeModules, future, isSpaMode, route.id, routesByParentId, spaModeLazyPromise);\n",
        "    let children = createServerRoutesUncached(manifest, routeModules, future, isSpaMode, route.id, routesByParentId, spaModeLazyPromise);\n",
      ],
    ],
    SERVER_ROUTES_HELPERS,
  );
}

// React's Web-streams writer (react-dom 18.3, decision 015; decision 074 for this change) encodes
// every string it writes (each tag name, attribute, class and text) with its own
// `TextEncoder.encode` call, copies the bytes into 512-byte views and hands each full view to the
// stream: ~3,000 encodes and ~130 stream chunks for a 64 KB page, each chunk then passing through
// every stage behind it (our transform, Remix's adapter, compression). Changed: chunks stay
// strings, a flush joins what it wrote, and the flush's end encodes it once into a new buffer,
// so the stream gets one chunk a flush. Whole strings are encoded, so no byte is ever sent
// unwritten (the Node writer's fault, decision 015), and each buffer is new, so the byte
// stream's transfer of what it is given never detaches a buffer React would reuse.
const WRITER_STATE = "var l=null,n=0;\n";
const WRITER_FUNCTIONS =
  "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);" +
  "else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);" +
  "l.set(b,n);n+=b.length}}function t(a,b){p(a,b);return!0}function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}" +
  "var ca=new TextEncoder;function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}";

/** React's browser server renderer with a writer that encodes once a flush, or null when the source is not the expected one. */
export function joiningWriterSource(source) {
  return replacedOnce(source, [
    [WRITER_STATE, 'var l=null,n=0,htmlWritten="";\n'],
    [
      WRITER_FUNCTIONS,
      "function p(a,b){htmlWritten+=b}function t(a,b){htmlWritten+=b;return!0}" +
        'function ba(a){0<htmlWritten.length&&(a.enqueue(ca.encode(htmlWritten)),htmlWritten="")}' +
        "var ca=new TextEncoder;function u(a){return a}function w(a){return a}",
    ],
  ]);
}

// turbo-stream (2.4, which Remix's single fetch encodes every page's and every `.data` answer's
// loader data with; this change is decision 078) writes each value through a general routine:
// per value it makes a work stack and a closure, runs the plugins, and joins an object's fields
// through `Object.keys().map().join()`. Its time grows with the data: ~12 % of the server's busy
// time on an uncached `/`. Changed: strings, numbers, booleans, arrays and plain objects that no
// plugin claims are written by a short routine first; every other value (a date, a map, a promise,
// an error, a class's instance, whatever a plugin claims) still takes turbo-stream's own. Each
// value still goes through turbo-stream's `flatten`, which numbers it and finds a value written
// before, so the text is the same, byte for byte; written twice as fast.
const PLAIN_VALUES_HELPERS = `
// ── Added by server/module-patches.js (decision 078) ──
function stringifiedPlainly(encoder, input, index) {
  switch (typeof input) {
    case "string":
    case "number":
    case "boolean":
      encoder.stringified[index] = JSON.stringify(input);
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (input === null) return false;
  if (Array.isArray(input)) {
    let result = "[";
    for (let i = 0; i < input.length; i++) result += (i ? "," : "") + (i in input ? plainReference(encoder, input[i]) : "-1");
    encoder.stringified[index] = result + "]";
    return true;
  }
  if (Object.getPrototypeOf(input) !== Object.prototype) return false;
  const plugins = encoder.plugins;
  if (plugins) for (const plugin of plugins) if (Array.isArray(plugin(input))) return false;
  const keys = Object.keys(input);
  let result = "{";
  for (let i = 0; i < keys.length; i++) result += (i ? ',"_' : '"_') + plainReference(encoder, keys[i]) + '":' + plainReference(encoder, input[keys[i]]);
  encoder.stringified[index] = result + "}";
  return true;
}
function plainReference(encoder, value) {
  const id = flatten.call(encoder, value);
  return typeof id === "number" ? id : id[0];
}
`;

/** turbo-stream's flatten with plain values written by a short routine first, or null when the source is not the expected one. */
export function plainValuesFlattenSource(source) {
  return replacedOnce(
    source,
    [
      [
        "function stringify(input, index) {\n    const { deferred, plugins, postPlugins } = this;\n",
        "function stringify(input, index) {\n    if (stringifiedPlainly(this, input, index))\n        return;\n    const { deferred, plugins, postPlugins } = this;\n",
      ],
    ],
    PLAIN_VALUES_HELPERS,
  );
}

// React Router (6.30, decision 079 for this change) resolves a link's `to` against the route it
// is rendered in with `useResolvedPath`, and every link calls it twice (its address, and its
// click handler's "is this the current page"): each call writes the route's path names as JSON,
// reads them back, and resolves the path anew (~40 links on the home page, ~5 % of its render).
// Changed: the JSON is kept per matches array (a render's links share one; the arrays made per
// request are freed), and a resolved path per (to, route path names, location, relative), at
// most 2,000; each caller gets a copy of its own.
const RESOLVED_PATH_HELPERS = `
// ── Added by server/module-patches.js (decision 079) ──
const resolveToMatchesJson = new WeakMap();
function keptResolveToMatches(router, matches, v7RelativeSplatPath) {
  let kept = resolveToMatchesJson.get(matches);
  if (!kept) resolveToMatchesJson.set(matches, (kept = {}));
  const flag = v7RelativeSplatPath ? "splat" : "base";
  return (kept[flag] ??= JSON.stringify(router.UNSAFE_getResolveToMatches(matches, v7RelativeSplatPath)));
}
// Route path names (the kept JSON, one string per route: its hash is kept with it) → "to", the
// location and relative → the resolved path; at most 2,000 paths in all, cleared when full.
const resolvedPaths = new Map();
let resolvedPathCount = 0;
function keptResolvedPath(router, to, routePathnamesJson, locationPathname, isPathRelative) {
  if (typeof to !== "string") return router.resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, isPathRelative);
  let paths = resolvedPaths.get(routePathnamesJson);
  if (!paths) resolvedPaths.set(routePathnamesJson, (paths = new Map()));
  const key = (isPathRelative ? "p" : "r") + locationPathname + "\\u0000" + to;
  let path = paths.get(key);
  if (!path) {
    path = router.resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, isPathRelative);
    if (resolvedPathCount >= 2000) {
      resolvedPaths.clear();
      resolvedPaths.set(routePathnamesJson, (paths = new Map()));
      resolvedPathCount = 0;
    }
    paths.set(key, path);
    resolvedPathCount++;
  }
  return { ...path };
}
`;

// The bundles of React Router and React Router DOM read React (and React DOM) through a namespace
// object whose every member is a getter (`React.useContext` is a function call that returns
// `React.useContext`), made by their bundler for ES-module interop; a render calls thousands.
// React's and React DOM's CommonJS exports are set once, as each loads, and never change: the
// namespace holds their values instead (decision 079).
const REACT_ROUTER_NAMESPACE = ["n.get?n:{enumerable:!0,get:function(){return e[r]}}", "n.get?n:{enumerable:!0,value:e[r]}"];
const REACT_ROUTER_DOM_NAMESPACE = ["r.get?r:{enumerable:!0,get:function(){return e[n]}}", "r.get?r:{enumerable:!0,value:e[n]}"];

/** React Router DOM reading React and React DOM through a namespace of values, or null when the source is not the expected one. */
export function valueNamespaceRouterDomSource(source) {
  return replacedOnce(source, [REACT_ROUTER_DOM_NAMESPACE]);
}

/** React Router with resolved paths kept and React read through values, or null when the source is not the expected one. */
export function keptResolvedPathsSource(source) {
  return replacedOnce(
    source,
    [
      [
        'l=JSON.stringify(r.UNSAFE_getResolveToMatches(i,o.v7_relativeSplatPath));return a.useMemo(()=>r.resolveTo(e,JSON.parse(l),u,"path"===n),[e,l,u,n])',
        'l=keptResolveToMatches(r,i,o.v7_relativeSplatPath);return a.useMemo(()=>keptResolvedPath(r,e,l,u,"path"===n),[e,l,u,n])',
      ],
      REACT_ROUTER_NAMESPACE,
    ],
    RESOLVED_PATH_HELPERS,
  );
}

const reactDomFile = (name) => path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", name);

export const PATCHED_MODULES = [
  // The turbo-stream Remix's server runtime requires (not a dependency of ours), first: compiling
  // the others runs them, and Remix's route modules load turbo-stream.
  {
    name: "turbo-stream flatten",
    file: () => path.join(path.dirname(createRequire(require.resolve("@remix-run/server-runtime")).resolve("turbo-stream")), "flatten.js"),
    change: plainValuesFlattenSource,
  },
  { name: "@remix-run/router", file: () => require.resolve("@remix-run/router"), change: rememberingRouterSource },
  {
    name: "react-router",
    file: () => path.join(path.dirname(require.resolve("react-router")), "umd", "react-router.production.min.js"),
    change: keptResolvedPathsSource,
  },
  {
    name: "react-router-dom",
    file: () => path.join(path.dirname(require.resolve("react-router-dom")), "umd", "react-router-dom.production.min.js"),
    change: valueNamespaceRouterDomSource,
  },
  {
    name: "@remix-run/react routes",
    file: () => path.join(path.dirname(require.resolve("@remix-run/react")), "routes.js"),
    change: rememberingServerRoutesSource,
  },
  { name: "react-dom/server.browser", file: () => reactDomFile("react-dom-server.browser.production.min.js"), change: joiningWriterSource },
];

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
