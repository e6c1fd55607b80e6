import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { processIdentity, takeLock } from "./index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
const lockPath = path.join(dir, ".lock");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  fs.rmSync(lockPath, { force: true });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A live process that is not us. */
function sleeper() {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/**
 * The pid of a process that has exited but was never reaped: its parent (`sleep`) never waits.
 * The child outlives the shell's `exec` (a shell could reap a child that ended before it): it ends
 * half a second later, under the `sleep` that took the shell's place.
 */
async function zombie(): Promise<number> {
  const parent = spawn("sh", ["-c", "sleep 0.5 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) => parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0], { timeout: 10_000 }).toBe("Z");
  return pid;
}

describe.runIf(fs.existsSync("/proc/self/stat"))("the data directory's lock", () => {
  it("keeps a second server off while the first runs", () => {
    const pid = sleeper();
    fs.writeFileSync(lockPath, JSON.stringify(processIdentity(pid)));
    expect(() => takeLock(lockPath)).toThrow(`is in use by process ${pid}`);
  });

  it("is taken over at once from a killed server, also while its pid is a zombie", async () => {
    // As a server before this one wrote it: the bare pid.
    fs.writeFileSync(lockPath, String(await zombie()));
    const release = takeLock(lockPath);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8"))).toEqual(processIdentity(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("is taken over when the recorded pid now belongs to another process", () => {
    const pid = sleeper();
    fs.writeFileSync(lockPath, JSON.stringify({ ...processIdentity(pid), start: "0" }));
    takeLock(lockPath)();
  });

  it("is taken over from a pid that is gone, and from an unreadable file", () => {
    const child = spawn("true");
    fs.writeFileSync(lockPath, JSON.stringify({ pid: child.pid, start: "1" }));
    return new Promise<void>((resolve) =>
      child.on("exit", () => {
        takeLock(lockPath)();
        fs.writeFileSync(lockPath, "garbage");
        takeLock(lockPath)();
        resolve();
      }),
    );
  });
});
