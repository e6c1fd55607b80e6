import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { type FunctionComponent, createElement as h, type ReactNode, Suspense } from "react";
import { describe, expect, it } from "vitest";
import {
  installModulePatches,
  joiningWriterSource,
  keptResolvedPathsSource,
  PATCHED_MODULES,
  plainValuesFlattenSource,
  rememberingRouterSource,
  rememberingServerRoutesSource,
  valueNamespaceRouterDomSource,
} from "./module-patches.js";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type Router = {
  matchRoutes(routes: Route[], location: string): Match[] | null;
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): unknown;
  UNSAFE_convertRoutesToDataRoutes(routes: Route[], map: (route: Route) => object, parentPath?: string[], manifest?: Record<string, Route>): Route[];
};

const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router");

/** A fresh copy of a CommonJS file compiled from the given source (not Node's cached one). */
function load<T = Router>(source: string, at = file): T {
  const module = new Module(at) as Module & { _compile(source: string, file: string): void; paths: string[] };
  module.filename = at;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(at));
  module._compile(source, at);
  return module.exports as T;
}

/** A change applies to the source as installed, leaves `marker` in it, and refuses its own output and a foreign source. */
function expectAppliesOnce(change: (source: string) => string | null, patched: string | null, marker: string) {
  expect(patched).not.toBeNull();
  expect(patched).toContain(marker);
  expect(change(patched!)).toBeNull();
  expect(change("module.exports = {};")).toBeNull();
}

// A tree shaped like the app's: a layout with index, static, dynamic, optional, splat and
// case-sensitive routes, nested layouts, and static routes that outrank dynamic ones.
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "search", path: "search" },
      { id: "conference", path: ":id" },
      { id: "attend", path: "attend/:id?" },
      {
        id: "manage",
        path: "manage",
        children: [
          { id: "manage-index", index: true },
          { id: "applicants", path: "applicant/:id" },
          { id: "edit", path: "edit/:id" },
        ],
      },
      { id: "exact", path: "ExactCase", caseSensitive: true },
      { id: "files", path: "files/*" },
      { id: "splat", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/search",
  "/search/",
  "/489",
  "/%E5%8C%97%E4%BA%AC",
  "/attend",
  "/attend/3",
  "/manage",
  "/manage/applicant/1",
  "/manage/edit/7/",
  "/ExactCase",
  "/exactcase",
  "/files/a/b.pdf",
  "/nothing/here",
  "/SEARCH",
];

const summary = (matches: Match[] | null) => matches?.map((match) => [match.route.id, match.pathname, match.pathnameBase, match.params]) ?? null;

describe("remembered route matching (decision 070)", () => {
  const original = fs.readFileSync(file, "utf8");
  const patched = rememberingRouterSource(original);

  it("applies to the router this project installs (a new version is caught here)", () => {
    expect(patched).not.toBeNull();
    expect(patched).toContain("rankedBranches(routes)");
    expect(patched).toContain("function compilePathUncached(");
  });

  it("refuses a source it was not written for, and applies only once", () => {
    expect(rememberingRouterSource("module.exports = {};")).toBeNull();
    expect(rememberingRouterSource(patched!)).toBeNull();
  });

  it("matches every path as the router itself does, on first and later calls", () => {
    const before = load(original);
    const after = load(patched!);
    const routes = tree();
    for (const pathname of paths) {
      const expected = summary(before.matchRoutes(tree(), pathname));
      expect(summary(after.matchRoutes(routes, pathname)), pathname).toEqual(expected);
      expect(summary(after.matchRoutes(routes, pathname)), `${pathname}, again`).toEqual(expected);
    }
    expect(summary(after.matchRoutes(routes, "/manage/applicant/1"))!.map(([id]) => id)).toEqual(["root", "manage", "applicants"]);
    expect(summary(after.matchRoutes(routes, "/ExactCase"))!.at(-1)![0]).toBe("exact");
    expect(summary(after.matchRoutes(routes, "/exactcase"))!.at(-1)![0]).toBe("conference");
  });

  it("remembers per route tree: another tree gets its own matches", () => {
    const after = load(patched!);
    expect(summary(after.matchRoutes(tree(), "/search"))!.at(-1)![0]).toBe("search");
    const other: Route[] = [{ id: "other-root", path: "", children: [{ id: "other-search", path: "search" }] }];
    expect(summary(after.matchRoutes(other, "/search"))!.at(-1)![0]).toBe("other-search");
    expect(after.matchRoutes(other, "/489")).toBeNull();
    expect(after.matchRoutes(other, "/489"), "a known miss").toBeNull();
    expect(summary(after.matchRoutes(other, "/search"))!.at(-1)![0], "a known match").toBe("other-search");
  });

  it("matches long paths, which it does not keep, as the router does", () => {
    const before = load(original);
    const after = load(patched!);
    const routes = tree();
    const long = `/files/${"a/".repeat(150)}b.pdf`;
    for (let i = 0; i < 2; i++) expect(summary(after.matchRoutes(routes, long))).toEqual(summary(before.matchRoutes(tree(), long)));
  });

  it("keeps case sensitivity and the end flag apart in remembered paths", () => {
    const before = load(original);
    const after = load(patched!);
    const cases = [
      [{ path: "/Manage/:id", caseSensitive: true, end: true }, "/manage/1"],
      [{ path: "/Manage/:id", caseSensitive: false, end: true }, "/manage/1"],
      [{ path: "/manage", end: true }, "/manage/1"],
      [{ path: "/manage", end: false }, "/manage/1"],
    ] as const;
    for (const [pattern, pathname] of cases) {
      expect(after.matchPath({ ...pattern }, pathname), JSON.stringify(pattern)).toEqual(before.matchPath({ ...pattern }, pathname));
    }
    expect(after.matchPath({ path: "/Manage/:id", caseSensitive: true }, "/manage/1")).toBeNull();
    expect(after.matchPath({ path: "/manage", end: false }, "/manage/1")).not.toBeNull();
  });

  it("converts a tree into data routes as the router does, once per tree, filling each caller's manifest", () => {
    const before = load(original);
    const after = load(patched!);
    const map = (route: Route) => ({ hasErrorBoundary: route.id === "root" });
    const routes = tree();
    const expectedManifest: Record<string, Route> = {};
    const expected = before.UNSAFE_convertRoutesToDataRoutes(tree(), map, undefined, expectedManifest);
    const first: Record<string, Route> = {};
    const second: Record<string, Route> = {};
    const converted = after.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, first);
    expect(converted).toEqual(expected);
    expect(first).toEqual(expectedManifest);
    expect(after.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, second)).toBe(converted);
    expect(second).toEqual(first);
    expect(second.applicants).toBe(first.applicants);
    // Matching the kept data routes finds the kept ranked branches, and the same matches.
    expect(summary(after.matchRoutes(converted, "/manage/applicant/1"))).toEqual(summary(before.matchRoutes(expected, "/manage/applicant/1")));
    // Another tree, another mapper, or a manifest that already holds routes: converted afresh.
    expect(after.UNSAFE_convertRoutesToDataRoutes(tree(), map, undefined, {})).not.toBe(converted);
    expect(after.UNSAFE_convertRoutesToDataRoutes(routes, (route) => map(route), undefined, {})).not.toBe(converted);
    expect(() => after.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, { root: routes[0] })).toThrow(/collision/);
  });
});

type ServerRoute = { id: string; path?: string; index?: boolean; handle?: unknown; children?: ServerRoute[] };
type ServerRoutes = { createServerRoutes(manifest: object, modules: object, future: object, isSpaMode: boolean): ServerRoute[] };

describe("the server render's route tree kept per manifest (decision 070)", () => {
  const file = PATCHED_MODULES.find((patch) => patch.name === "@remix-run/react routes")!.file();
  const original = fs.readFileSync(file, "utf8");
  const patched = rememberingServerRoutesSource(original);
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, hasLoader: true },
    "routes/$conferenceId": { id: "routes/$conferenceId", parentId: "root", path: ":conferenceId", hasLoader: true },
    "routes/manage": { id: "routes/manage", parentId: "root", path: "manage" },
    "routes/manage.applicant.$id": { id: "routes/manage.applicant.$id", parentId: "routes/manage", path: "applicant/:id", hasLoader: true },
  };
  const component = () => null;
  const modules = () => Object.fromEntries(Object.keys(manifest).map((id) => [id, { default: component, handle: { id } }]));
  const future = {};
  const shape = (routes: ServerRoute[]): unknown => routes.map((route) => [route.id, route.path, route.index, route.handle, shape(route.children ?? [])]);

  it("applies to the @remix-run/react this project installs, and only once", () => {
    expect(patched).not.toBeNull();
    expect(rememberingServerRoutesSource(patched!)).toBeNull();
  });

  it("builds the tree Remix builds, once while the modules stay the same", () => {
    const before = load<ServerRoutes>(original, file);
    const after = load<ServerRoutes>(patched!, file);
    const kept = modules();
    const routes = after.createServerRoutes(manifest, kept, future, false);
    expect(shape(routes)).toEqual(shape(before.createServerRoutes(manifest, kept, future, false)));
    expect(shape(routes)).toEqual([["root", "", undefined, { id: "root" }, expect.any(Array)]]);
    // A new modules object per request (as Remix makes it) with the same modules: the same tree.
    expect(after.createServerRoutes(manifest, { ...kept }, future, false)).toBe(routes);
    // A module replaced: built again, with the new module's handle.
    const changed = { ...kept, "routes/manage": { default: component, handle: { id: "new" } } };
    const rebuilt = after.createServerRoutes(manifest, changed, future, false);
    expect(rebuilt).not.toBe(routes);
    expect(JSON.stringify(shape(rebuilt))).toContain('{"id":"new"}');
  });
});

type Renderer = {
  renderToReadableStream(
    children: unknown,
    options?: { onError?: (error: unknown) => void; nonce?: string },
  ): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
};

describe("React's writer encoding once a flush (decision 074)", () => {
  const reactFile = PATCHED_MODULES.find((patch) => patch.name === "react-dom/server.browser")!.file();
  const original = fs.readFileSync(reactFile, "utf8");
  const patched = joiningWriterSource(original);

  // Chinese, astral and joined emoji text after 0..63 ASCII characters, so that characters meet
  // every offset of the old writer's 512-byte views; long strings, empty ones and a Suspense
  // boundary whose content streams in after the shell.
  const CJK = "北京国际会议中心·研究进展，𠮷野家👩‍🔬。";
  function page(late: Promise<void>, ready: () => boolean) {
    function Late() {
      if (!ready()) throw late;
      return h("section", { title: CJK }, CJK.repeat(40), h("textarea", { defaultValue: `\n${CJK}` }));
    }
    return h(
      "html",
      { lang: "zh" },
      h("head", null, h("title", null, CJK.repeat(3)), h("meta", { name: "description", content: "" })),
      h(
        "body",
        null,
        Array.from({ length: 64 }, (_, pad) => {
          const value = `${"x".repeat(pad)}${CJK.repeat(pad % 7)}`;
          return h(
            "form",
            { key: pad, "aria-label": value },
            h("input", { name: `v${pad}`, defaultValue: value }),
            h("p", { className: `c${pad}` }, value, "", pad),
          );
        }),
        h(Suspense, { fallback: h("p", null, "加载中") }, h(Late)),
        h("script", { dangerouslySetInnerHTML: { __html: `window.x=${JSON.stringify("x".repeat(3000))}` } }),
      ),
    );
  }

  async function render(renderer: Renderer) {
    let resolve = () => {};
    let ready = false;
    const late = new Promise<void>((done) => (resolve = () => ((ready = true), done())));
    const stream = await renderer.renderToReadableStream(
      page(late, () => ready),
      { nonce: "n0" },
    );
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    resolve();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    return chunks;
  }

  it("applies to the react-dom this project installs (a new version is caught here), and only once", () => {
    expectAppliesOnce(joiningWriterSource, patched, "htmlWritten+=b");
  });

  it("writes the same bytes as React's own writer, in one chunk for the shell and one for what streams in later", async () => {
    const before = await render(load<Renderer>(original, reactFile));
    const after = await render(load<Renderer>(patched!, reactFile));
    const bytes = (chunks: Uint8Array[]) => Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)));
    expect(bytes(after).equals(bytes(before))).toBe(true);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes(after));
    expect(html).not.toContain("\0");
    expect(html).not.toContain("\uFFFD");
    expect(html).toContain(`<section title="${CJK}">`);
    expect(before.length).toBeGreaterThan(20);
    expect(after).toHaveLength(2);
  });

  it("keeps renders apart and gives every chunk a buffer of its own", async () => {
    const renderer = load<Renderer>(patched!, reactFile);
    const [a, b] = await Promise.all([render(renderer), render(renderer)]);
    expect(Buffer.concat(a).equals(Buffer.concat(b))).toBe(true);
    const buffers = new Set([...a, ...b].map((chunk) => chunk.buffer));
    expect(buffers.size).toBe(4);
  });
});

describe("React Router keeping resolved paths (decision 079)", () => {
  const routerFile = PATCHED_MODULES.find((patch) => patch.name === "react-router")!.file();
  const original = fs.readFileSync(routerFile, "utf8");
  const patched = keptResolvedPathsSource(original);
  type Path = { pathname: string; search: string; hash: string };
  type ReactRouter = {
    MemoryRouter: FunctionComponent<{ initialEntries: string[]; children?: ReactNode }>;
    Routes: FunctionComponent<{ children?: ReactNode }>;
    Route: FunctionComponent<{ path?: string; index?: boolean; element?: ReactNode; children?: ReactNode }>;
    Outlet: FunctionComponent;
    useResolvedPath(to: string | Partial<Path>, options?: { relative?: "route" | "path" }): Path;
    useHref(to: string | Partial<Path>, options?: { relative?: "route" | "path" }): string;
  };

  const { renderToString } = require("react-dom/server") as { renderToString(node: ReactNode): string };

  // Links of every kind: absolute, relative, up a route and up a path, only a query or a hash,
  // empty, with trailing slashes, Chinese, and objects.
  const targets: Array<string | Partial<Path>> = [
    "/",
    "/489",
    "/search?keyword=%E5%8C%97%E4%BA%AC#top",
    "/manage/applicant/1/",
    "edit",
    "edit/",
    "./schedules?section=a",
    "..",
    "../..",
    "../other",
    ".",
    "",
    "?actions=22#apl-row-22",
    "#add",
    "北京/会议",
    { pathname: "/x", search: "?y=1" },
    { search: "?only" },
  ];
  function render(router: ReactRouter, at: string) {
    const { MemoryRouter, Routes, Route, Outlet, useResolvedPath, useHref } = router;
    function Links() {
      const lines = targets.flatMap((to) =>
        (["route", "path"] as const).map((relative) => {
          const path = useResolvedPath(to, { relative });
          return `${JSON.stringify(to)} ${relative}: ${path.pathname}|${path.search}|${path.hash} ${useHref(to, { relative })}`;
        }),
      );
      return h("pre", null, lines.join("\n"));
    }
    return renderToString(
      h(
        MemoryRouter,
        { initialEntries: [at] },
        h(
          Routes,
          null,
          h(Route, { path: "/", element: h(Links) }),
          h(Route, { path: "/manage", element: h("div", null, h(Links), h(Outlet)) }, h(Route, { path: "applicant/:id", element: h(Links) })),
          h(Route, { path: "/manage/edit/:id/*", element: h(Links) }),
          h(Route, { path: "*", element: h(Links) }),
        ),
      ),
    );
  }
  const locations = ["/", "/manage/applicant/1", "/manage/applicant/1/", "/manage/edit/7/schedules/3", "/%E5%8C%97%E4%BA%AC/x", "/a/b/c?q=1"];

  it("applies to the react-router this project installs (a new version is caught here), and only once", () => {
    expectAppliesOnce(keptResolvedPathsSource, patched, "keptResolvedPath(r,e,l,u,");
  });

  it("resolves every link as React Router does, at every location, first and again", () => {
    const before = load<ReactRouter>(original, routerFile);
    const after = load<ReactRouter>(patched!, routerFile);
    for (const at of locations) {
      const expected = render(before, at);
      expect(render(after, at), at).toBe(expected);
      expect(render(after, at), `${at}, again`).toBe(expected);
    }
    // In the nested route, ".." goes up a route or up a path segment.
    expect(render(after, "/manage/applicant/1")).toContain("&quot;..&quot; route: /manage|| /manage\n");
    expect(render(after, "/manage/applicant/1")).toContain("&quot;..&quot; path: /manage/applicant|| /manage/applicant\n");
  });

  it("gives each caller a path of its own", () => {
    const after = load<ReactRouter>(patched!, routerFile);
    const seen: Path[] = [];
    function Grab() {
      seen.push(after.useResolvedPath("/489?x=1"));
      return null;
    }
    renderToString(h(after.MemoryRouter, { initialEntries: ["/"] }, h(Grab), h(Grab)));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({ pathname: "/489", search: "?x=1", hash: "" });
    expect(seen[0]).not.toBe(seen[1]);
    seen[0].pathname = "/changed";
    renderToString(h(after.MemoryRouter, { initialEntries: ["/"] }, h(Grab)));
    expect(seen[2].pathname).toBe("/489");
  });

  it("reads React through values, not getters, in React Router and React Router DOM, rendering the same links", () => {
    expect(patched).toContain("n.get?n:{enumerable:!0,value:e[r]}");
    const domFile = PATCHED_MODULES.find((patch) => patch.name === "react-router-dom")!.file();
    const domOriginal = fs.readFileSync(domFile, "utf8");
    const domPatched = valueNamespaceRouterDomSource(domOriginal);
    expectAppliesOnce(valueNamespaceRouterDomSource, domPatched, "r.get?r:{enumerable:!0,value:e[n]}");
    type Dom = {
      MemoryRouter: FunctionComponent<{ initialEntries: string[]; children?: ReactNode }>;
      Link: FunctionComponent<{ to: string; children?: ReactNode }>;
      NavLink: FunctionComponent<{ to: string; end?: boolean; children?: ReactNode }>;
    };
    const links = (dom: Dom) =>
      renderToString(
        h(
          dom.MemoryRouter,
          { initialEntries: ["/manage/applicant/1?x=1"] },
          ["/", "/manage/applicant/1", "edit", "?actions=2#row", "/北京"].map((to) =>
            h("p", { key: to }, h(dom.Link, { to }, to), h(dom.NavLink, { to, end: true }, to)),
          ),
        ),
      );
    const expected = links(load<Dom>(domOriginal, domFile));
    expect(links(load<Dom>(domPatched!, domFile))).toBe(expected);
    expect(expected).toContain('aria-current="page"');
  });
});

describe("turbo-stream writing plain values by a short routine (decision 078)", () => {
  const flattenFile = PATCHED_MODULES.find((patch) => patch.name === "turbo-stream flatten")!.file();
  const original = fs.readFileSync(flattenFile, "utf8");
  const patched = plainValuesFlattenSource(original);
  type Encoder = {
    deferred: Record<number, unknown>;
    index: number;
    indices: Map<unknown, number>;
    stringified: string[];
    plugins?: Plugin[];
    postPlugins?: Plugin[];
  };
  type Plugin = (value: unknown) => unknown[] | undefined;
  type Flatten = { flatten(this: Encoder, value: unknown): number | [number] };

  // Plugins as Remix's single fetch gives them: errors, a redirect marked by a symbol field (on a
  // plain object), class instances as their fields, and a fallback.
  const REDIRECT = Symbol("redirect");
  class Point {
    constructor(
      public x: number,
      public y: number,
    ) {}
  }
  const plugins: Plugin[] = [
    (value) => (value instanceof Error ? ["SanitizedError", value.name, value.message] : undefined),
    (value) => (value && typeof value === "object" && REDIRECT in value ? ["SingleFetchRedirect", (value as Record<symbol, unknown>)[REDIRECT]] : undefined),
  ];
  const postPlugins: Plugin[] = [
    (value) => (value && typeof value === "object" ? ["SingleFetchClassInstance", { ...value }] : undefined),
    () => ["SingleFetchFallback"],
  ];

  function encoded(module: Flatten, value: unknown) {
    const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins, postPlugins };
    const id = module.flatten.call(encoder, value);
    return { id, text: encoder.stringified.join(","), deferred: Object.keys(encoder.deferred), next: encoder.index };
  }

  const shared = { nameZh: "北京", nameEn: "Beijing" };
  const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const root: Record<string, unknown> = { title: "会议" };
  root.self = root;
  const cases: Array<[string, unknown]> = [
    [
      "a page's loader data",
      {
        root: { lang: "zh", session: { isLogin: false, auth: null } },
        page: { list: [shared, shared, { ...shared, id: 2 }], total: 2, cities: ["北京", "北京", "上海"] },
      },
    ],
    ["strings that need escaping", ['"quoted"', "back\\slash", "line\nbreak", "\u2028", "𠮷👩‍🔬", "", "</script>"]],
    ["numbers, repeated and special", [0, -0, 0, 1, 1, 1.5, -2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER]],
    ["-0 before 0", [-0, 0, -0]],
    ["booleans, null and undefined", [true, false, true, null, undefined, { a: undefined, b: null }]],
    ["a sparse array", sparse],
    ["keys that look like numbers, and __proto__ as a field", JSON.parse('{"b":1,"2":2,"1":3,"__proto__":{"x":4},"a":[]}')],
    ["nested arrays and empty values", [[], [[]], {}, { a: {} }, [{}, {}]]],
    ["a value met again, and the root met inside itself", root],
    [
      "the types turbo-stream writes itself",
      [new Date(0), new URL("https://example.org/a?b=1"), /a+/gi, new Set([1, "1"]), new Map([["k", shared]]), 10n, Symbol.for("s")],
    ],
    ["an object without a prototype", Object.assign(Object.create(null), { a: 1, b: shared })],
    ["what the plugins claim", [new TypeError("bad"), { [REDIRECT]: "/login", other: 1 }, new Point(1, 2)]],
    ["a promise", { later: Promise.resolve(1) }],
    ["a plain value at the root", "北京"],
  ];

  it("applies to the turbo-stream Remix installs (a new version is caught here), and only once", () => {
    expectAppliesOnce(plainValuesFlattenSource, patched, "stringifiedPlainly(this, input, index)");
  });

  it("writes what turbo-stream writes, byte for byte, for values of every kind", () => {
    const before = load<Flatten>(original, flattenFile);
    const after = load<Flatten>(patched!, flattenFile);
    for (const [name, value] of cases) expect(encoded(after, value), name).toEqual(encoded(before, value));
    // The page's data as text, to show what is compared.
    expect(encoded(after, cases[0][1]).text).toContain('"北京"');
  });

  it("writes what turbo-stream writes for 500 random values", () => {
    const before = load<Flatten>(original, flattenFile);
    const after = load<Flatten>(patched!, flattenFile);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pool = ["北京", "a", "", "会议", '"', "x".repeat(40)];
    const kept: unknown[] = [];
    const make = (depth: number): unknown => {
      const pick = Math.floor(random() * (depth > 3 ? 6 : 10));
      if (pick === 0) return pool[Math.floor(random() * pool.length)];
      if (pick === 1) return [0, -0, 1, 2.5, -7, Number.NaN][Math.floor(random() * 6)];
      if (pick === 2) return [true, false, null, undefined][Math.floor(random() * 4)];
      if (pick === 3 && kept.length > 0) return kept[Math.floor(random() * kept.length)];
      if (pick === 4) return new Date(Math.floor(random() * 1e12));
      if (pick === 5) return pool[Math.floor(random() * pool.length)] + String(Math.floor(random() * 3));
      const length = Math.floor(random() * 5);
      const value: unknown =
        pick % 2 === 0
          ? Array.from({ length }, () => make(depth + 1))
          : Object.fromEntries(Array.from({ length }, (_, i) => [pool[i % pool.length] + i, make(depth + 1)]));
      kept.push(value);
      return value;
    };
    for (let i = 0; i < 500; i++) {
      const value = make(0);
      expect(encoded(after, value)).toEqual(encoded(before, value));
    }
  });
});

describe("installing the patches", () => {
  it("names the modules, and reports them already loaded instead of changing them", () => {
    expect(PATCHED_MODULES.map((patch) => patch.name)).toEqual([
      "turbo-stream flatten",
      "@remix-run/router",
      "react-router",
      "react-router-dom",
      "@remix-run/react routes",
      "react-dom/server.browser",
    ]);
    for (const patch of PATCHED_MODULES) expect(fs.existsSync(patch.file())).toBe(true);
    // Already loaded in this process (as it would be if server.mjs imported Remix first): left as
    // it is, and the answer says so.
    require("@remix-run/router");
    for (const patch of PATCHED_MODULES) require(patch.file());
    for (const result of installModulePatches()) {
      expect(result.installed, result.name).toBe(false);
      expect(result.why).toContain("was loaded before");
    }
  });
});
