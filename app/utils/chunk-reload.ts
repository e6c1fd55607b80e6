/** At most one reload per this many ms for a failed script chunk (spec §4, §9). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "chunk-reload-at";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk .* failed/i;

export function isChunkError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return CHUNK_ERROR.test(message);
}

/**
 * Reloads the page when a script chunk fails to load (usually a new deployment), but never
 * twice within the guard window, so a broken asset can't loop. Returns true when it reloaded.
 */
export function reloadForChunkError(win: Pick<Window, "location" | "sessionStorage">, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(win.sessionStorage.getItem(KEY) ?? 0);
  } catch {
    /* storage blocked: fall through with no memory */
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    win.sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  win.location.reload();
  return true;
}

export function installChunkReloadGuard(win: Window) {
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkError(event.reason)) reloadForChunkError(win);
  });
  win.addEventListener(
    "error",
    (event) => {
      const target = event.target as HTMLElement | null;
      const failedScript = target instanceof HTMLScriptElement || (target instanceof HTMLLinkElement && target.rel === "modulepreload");
      if (failedScript || isChunkError(event.error)) reloadForChunkError(win);
    },
    true,
  );
}
