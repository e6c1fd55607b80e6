/**
 * The bench's signed-in visitor (issue 16): an account signed in through the platform API as a
 * browser would be (a ticket, a code from the data directory's SMS outbox, the login), and the
 * Cookie header its browser then sends: the token signed with the server's SESSION_SECRETS.
 */
import path from "node:path";
import { signCookieValue } from "../../app/services/signed-cookie.server";
import { lastOutboxCode } from "../../platform/providers/sms-outbox";

/** The secret the bench's server signs its cookies with (passed to it as SESSION_SECRETS). */
export const BENCH_SESSION_SECRET = "bench-session-secret-not-for-production";

type Envelope<T> = { code: number; message?: string; data: T };

async function call<T>(base: string, method: "GET" | "POST", url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      "Client-Type": "web",
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !payload || payload.code !== 0) throw new Error(`${method} /api${url}: HTTP ${response.status} ${payload?.message ?? ""}`);
  return payload.data;
}

/** Signs `mobile` in: its API token and the Cookie header of its browser. */
export async function signedIn(base: string, dataDir: string, mobile: string): Promise<{ token: string; cookie: string }> {
  const { ticket } = await call<{ ticket: string }>(base, "GET", "/login/ticket?scope=send");
  await call(base, "GET", `/login?${new URLSearchParams({ mobile, ticket })}`);
  const code = await lastOutboxCode(path.join(dataDir, "sms-outbox.jsonl"), mobile);
  if (!code) throw new Error(`no code for ${mobile} in the SMS outbox of ${dataDir}`);
  const { token } = await call<{ token: string }>(base, "POST", "/login", { mobile, code, rememberMe: false });
  return {
    token,
    cookie: `ACCESS_TOKEN=${signCookieValue("ACCESS_TOKEN", token, BENCH_SESSION_SECRET)}; isEnglish=${signCookieValue("isEnglish", "0", BENCH_SESSION_SECRET)}`,
  };
}

/** The registration list's page size (app/routes/manage.applicant.$conferenceId.tsx): the list is measured full. */
export const APPLICANT_PAGE = 20;

/**
 * Fills the first page of a conference's registration list as its organiser would, by adding
 * attendees by hand (`POST /user/admin`) until it holds `count`; returns how many it holds. The
 * demo set has none for the showcase, and an empty list is not the page organisers work with.
 */
export async function filledApplicantList(base: string, token: string, conferenceId: number, count: number): Promise<number> {
  const { total } = await call<{ total: number }>(base, "GET", `/user/manage/${conferenceId}?pageSize=1`, undefined, token);
  const { identities } = await call<{ identities: Array<{ id: number }> }>(base, "GET", `/user/manage/${conferenceId}/options`, undefined, token);
  for (let i = total; i < count; i++) {
    await call(
      base,
      "POST",
      "/user/admin",
      {
        conferenceId,
        identityId: identities[i % identities.length]?.id,
        name: `性能测试参会人${i + 1}`,
        mobile: `1370000${String(i).padStart(4, "0")}`,
        email: `bench${i + 1}@example.org`,
        institution: "基准测试大学",
        answers: {},
      },
      token,
    );
  }
  return Math.max(total, count);
}
