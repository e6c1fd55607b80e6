import { describe, expect, it } from "vitest";
import { writeMemo } from "./memo";

/** A memo on a clock the test moves, with a counter of loads per key. */
function setup(size?: number) {
  let at = Date.parse("2026-11-21T08:00:00Z");
  const changes = { count: 0 };
  const memo = writeMemo(() => new Date(at), changes, 60, size);
  const loads: Record<string, number> = {};
  const counted = (key: string, value: unknown, wait?: Promise<void>) =>
    memo(key, async () => {
      loads[key] = (loads[key] ?? 0) + 1;
      await wait;
      return value;
    });
  return { memo, changes, loads, counted, advance: (ms: number) => (at += ms) };
}

/** A promise the test settles when it wants. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("writeMemo", () => {
  it("keeps a value for its seconds by the platform's clock, and until this instance answers a write", async () => {
    const { counted, loads, advance, changes } = setup();
    expect(await counted("a", 1)).toBe(1);
    expect(await counted("a", 2)).toBe(1);
    advance(59_000);
    expect(await counted("a", 3)).toBe(1);
    advance(2_000);
    expect(await counted("a", 4)).toBe(4);
    changes.count++;
    expect(await counted("a", 5)).toBe(5);
    expect(loads.a).toBe(3);
  });

  it("lets callers that miss while a load is under way wait for that load (one load under load)", async () => {
    const { counted, loads } = setup();
    const slow = gate();
    const answers = Promise.all(Array.from({ length: 10 }, (_, i) => counted("page", `first ${i}`, slow.promise)));
    slow.open();
    expect(await answers).toEqual(Array.from({ length: 10 }, () => "first 0"));
    expect(loads.page).toBe(1);
    expect(await counted("other", "x")).toBe("x");
    expect(loads.other).toBe(1);
  });

  it("does not hand a load that a write overtook to callers after the write, nor keep it", async () => {
    const { counted, loads, changes } = setup();
    const slow = gate();
    const before = counted("list", "before the write", slow.promise);
    changes.count++;
    const after = counted("list", "after the write");
    expect(await after).toBe("after the write");
    slow.open();
    expect(await before).toBe("before the write");
    // The overtaken load was not kept over the newer one.
    expect(await counted("list", "again")).toBe("again");
    expect(loads.list).toBe(3);
  });

  it("keeps nothing of a failed load: the next caller loads again", async () => {
    const { memo } = setup();
    await expect(memo("broken", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await memo("broken", async () => "back")).toBe("back");
  });

  it("keeps at most its size, dropping the oldest first", async () => {
    const { counted, loads } = setup(2);
    await counted("one", 1);
    await counted("two", 2);
    await counted("three", 3);
    await counted("three", 3);
    await counted("two", 2);
    expect(loads).toEqual({ one: 1, two: 1, three: 1 });
    await counted("one", 1);
    expect(loads.one).toBe(2);
  });
});
