/** Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): self time by package and by function. */
import fs from "node:fs";
import path from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type ProfileSummary = {
  totalMs: number;
  byPackage: Array<{ name: string; ms: number; share: number }>;
  byFunction: Array<{ name: string; ms: number; share: number }>;
};

/** Where a frame's code comes from: an npm package, the app bundle, node itself, or V8's own buckets. */
function origin(url: string, functionName: string): string {
  if (!url) {
    if (functionName.startsWith("(")) return functionName; // (garbage collector), (idle), (program)
    return "(native)";
  }
  if (url.startsWith("wasm://")) return "PGlite (wasm)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes("/build/server/")) return "app (build/server)";
  if (url.endsWith("server.mjs")) return "server.mjs";
  return path.basename(url);
}

export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    const pkg = origin(frame.url, frame.functionName);
    if (pkg === "(idle)") continue;
    total += micros;
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
    const where = frame.url ? `${pkg} ${path.basename(frame.url)}:${frame.lineNumber + 1}` : pkg;
    const name = `${frame.functionName || "(anonymous)"} — ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, share: total ? micros / total : 0 }));
  return { totalMs: total / 1000, byPackage: rank(packages), byFunction: rank(functions) };
}
