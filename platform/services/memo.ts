/** Entries a memo keeps unless told otherwise; the oldest goes first. */
const ENTRIES = 400;

export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A per-instance memo of what many visitors read and few change (the portal's directory data,
 * aggregates): an entry holds for `seconds` by the platform's clock, and only until this instance
 * answers a write (`changes`, moved on by platform/app.ts), so a visitor never sees this
 * instance's own data older than its last write. Another instance's writes show within `seconds`.
 * A load that a write overtakes is returned but not kept. Callers that miss while a load of the
 * same key is under way (a page under load) wait for that load instead of starting their own.
 */
export function writeMemo(now: () => Date, changes: { count: number }, seconds: number, size = ENTRIES): Memo {
  const entries = new Map<string, { expires: number; changes: number; value: unknown }>();
  const loading = new Map<string, { changes: number; value: Promise<unknown> }>();
  return async function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = now().getTime();
    const hit = entries.get(key);
    if (hit && hit.expires > at && hit.changes === changes.count) return hit.value as T;
    const under = loading.get(key);
    if (under && under.changes === changes.count) return under.value as Promise<T>;
    const seen = changes.count;
    const pending = load();
    loading.set(key, { changes: seen, value: pending });
    try {
      const value = await pending;
      entries.delete(key);
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: at + seconds * 1000, changes: seen, value });
      return value;
    } finally {
      if (loading.get(key)?.value === pending) loading.delete(key);
    }
  };
}
