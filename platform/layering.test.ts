import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The platform's layers (issue 15, decision 043): routes guard, parse and answer; services take
 * (deps, actor, input), hold the transactions and never see the request; only
 * services/audit.ts writes the audit log. A source scan, so a shortcut fails here at once.
 */
const PLATFORM = import.meta.dirname;
const AUDIT_WRITER = "services/audit.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Comments dropped, so a sentence about a transaction is not one. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** What one file breaks, by its place: `routes/x.ts`, `services/y.ts`, anything else. */
function layeringProblems(path: string, text: string): string[] {
  const source = code(text);
  const problems: string[] = [];
  if (path.startsWith("routes/")) {
    if (/\.transaction\s*\(/.test(source)) problems.push(`${path} opens a transaction (move it into a service)`);
    if (/\brecordAudit(From)?\s*\(/.test(source)) problems.push(`${path} writes the audit log (a service does, in the change's transaction)`);
  }
  if (path !== AUDIT_WRITER) {
    if (/\.insert\s*\(\s*auditLog\b/.test(source) || /insert\s+into\s+(\$\{\s*auditLog\s*\}|"?audit_log"?)/i.test(source)) {
      problems.push(`${path} inserts into the audit log (use recordAudit)`);
    }
  }
  if (path.startsWith("services/")) {
    if (/from\s+["']hono(\/[^"']*)?["']/.test(source)) problems.push(`${path} imports hono`);
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+["']\.\.\/context["']/g)) {
      const names = match[2]
        .split(",")
        .map((name) => name.replace(/\btype\b/, "").trim())
        .filter(Boolean);
      // The deps' type is all a service may take from there: never the request, its reader or its guards.
      const request = names.filter((name) => name !== "PlatformDeps");
      if (request.length) problems.push(`${path} imports the request context (${request.join(", ")})`);
    }
    if (/\bc\.(req|get|header|json|body)\b/.test(source)) problems.push(`${path} reads a request`);
  }
  return problems;
}

describe("platform layering", () => {
  const files = sourceFiles(PLATFORM).map((file) => ({ path: relative(PLATFORM, file).replaceAll("\\", "/"), text: readFileSync(file, "utf8") }));

  it("scans the routes and the services", () => {
    expect(files.filter((f) => f.path.startsWith("routes/")).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.path.startsWith("services/")).length).toBeGreaterThan(20);
    expect(files.some((f) => f.path === AUDIT_WRITER)).toBe(true);
  });

  it("holds in every platform file", () => {
    expect(files.flatMap((f) => layeringProblems(f.path, f.text))).toEqual([]);
  });

  it("catches each shortcut", () => {
    expect(layeringProblems("routes/x.ts", "const row = await deps.db.transaction(async (tx) => {});")).toHaveLength(1);
    expect(layeringProblems("routes/x.ts", "await recordAudit(tx, entry);")).toHaveLength(1);
    expect(layeringProblems("routes/x.ts", "await tx.insert(auditLog).values(row);")).toHaveLength(1);
    expect(layeringProblems("services/x.ts", "await tx.insert(auditLog).values(row);")).toHaveLength(1);
    expect(layeringProblems("services/x.ts", "sql`with a as (insert into ${auditLog} (action) select 'x')`")).toHaveLength(1);
    expect(layeringProblems("services/x.ts", 'import type { Context } from "hono";')).toHaveLength(1);
    expect(layeringProblems("services/x.ts", 'import { type Ctx, type PlatformDeps } from "../context";')).toHaveLength(1);
    expect(layeringProblems("services/x.ts", "const id = c.req.param('id');")).toHaveLength(1);
  });

  it("lets pass what is allowed", () => {
    expect(layeringProblems("services/x.ts", "return deps.db.transaction(async (tx) => recordAudit(tx, entry));")).toEqual([]);
    expect(layeringProblems("services/x.ts", 'import type { PlatformDeps } from "../context";')).toEqual([]);
    expect(layeringProblems("routes/x.ts", "// each change in its own transaction(s)\nconst a = 1;")).toEqual([]);
    expect(layeringProblems(AUDIT_WRITER, "await db.insert(auditLog).values(row);")).toEqual([]);
  });
});
