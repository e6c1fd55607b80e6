import { platformNow } from "./platform.server";

/**
 * The time for a loader or an action: the platform's clock when the platform runs in this
 * process (what its runtime injects, read through the one plug), so that a screen's "today" and
 * the platform's rules never disagree; the machine's clock when the platform is reached over HTTP
 * (PLATFORM_API_URL). Pure helpers take this time as a parameter (`chinaToday(now)`), so tests
 * pass any date they like.
 */
export async function appNow(): Promise<Date> {
  return platformNow();
}
