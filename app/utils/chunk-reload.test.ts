import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkError, reloadForChunkError } from "./chunk-reload";

function fakeWindow() {
  const store = new Map<string, string>();
  return {
    location: { reload: vi.fn() },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
  };
}

describe("chunk reload guard", () => {
  it("recognises chunk load failures", () => {
    expect(isChunkError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkError(new Error("something else"))).toBe(false);
  });

  it("reloads at most once per 60 s", () => {
    const win = fakeWindow();
    expect(reloadForChunkError(win as never, 1_000_000)).toBe(true);
    expect(reloadForChunkError(win as never, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadForChunkError(win as never, 1_000_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });
});
