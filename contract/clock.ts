/**
 * Time in the product. The platform's rules and stored times read one clock, `PlatformDeps.now`
 * (tests inject their own); the database's `now()` is never used. `systemClock` is what the
 * running platform injects: the only place the machine's time enters.
 *
 * The product's days are China's (Asia/Shanghai: UTC+8, no daylight saving): a deadline, "today",
 * a report's range or a chart's day turn at midnight there, not at midnight UTC.
 */
export const systemClock = () => new Date();

export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The calendar day in China (`YYYY-MM-DD`) of an instant.
 * @example chinaDay(new Date("2027-12-31T23:30:00Z")) // "2028-01-01"
 */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant a China day (`YYYY-MM-DD`) starts; `plusDays` moves by whole days.
 * @example chinaDayStart("2028-01-01") // 2027-12-31T16:00:00.000Z
 */
export function chinaDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS + plusDays * DAY_MS);
}
