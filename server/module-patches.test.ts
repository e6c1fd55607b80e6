import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installModulePatches, PATCHED_MODULES, rememberingRouterSource } from "./module-patches.js";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type Router = {
  matchRoutes(routes: Route[], location: string): Match[] | null;
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): unknown;
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
});

describe("installing the patches", () => {
  it("names the router, and reports it already loaded instead of changing it", () => {
    expect(PATCHED_MODULES.map((patch) => patch.name)).toEqual(["@remix-run/router"]);
    for (const patch of PATCHED_MODULES) expect(fs.existsSync(patch.file())).toBe(true);
    // Already loaded in this process (as it would be if server.mjs imported Remix first): left as
    // it is, and the answer says so.
    require("@remix-run/router");
    for (const result of installModulePatches()) {
      expect(result.installed, result.name).toBe(false);
      expect(result.why).toContain("was loaded before");
    }
  });
});
