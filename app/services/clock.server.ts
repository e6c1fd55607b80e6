import { systemClock } from "#contract/clock";
import { appEnv } from "./env.server";

/**
 * The time for a loader or an action: the platform's clock (`PlatformDeps.now`) when the platform
 * runs in this process, so that a screen's "today" and the platform's rules never disagree; the
 * machine's clock when the platform is reached over HTTP (PLATFORM_API_URL). Pure helpers take
 * this time as a parameter (`chinaToday(now)`), so tests pass any date they like.
 */
export async function appNow(): Promise<Date> {
  if (appEnv().PLATFORM_API_URL) return systemClock();
  const { getPlatform } = await import("#platform/runtime");
  // A platform that cannot start is reported by the calls that need it; a page that needs only
  // the time (the footer's year) still renders, with the clock the platform would have injected.
  const platform = await getPlatform().catch(() => null);
  return platform ? platform.deps.now() : systemClock();
}
