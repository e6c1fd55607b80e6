/**
 * Asking for an SMS code as a browser does (decision 024): render a sign-in page, read the send
 * ticket it rendered for this client, and give it with the number. Nothing here bypasses the
 * platform's checks: a test gets its code the way a person does.
 */
type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

/** The send ticket `page` rendered for this client (its hidden `ticket` field); any client that can GET a page and read its text. */
export async function pageTicket(fetcher: (path: string, init?: RequestInit) => Promise<{ text(): Promise<string> }>, page = "/login") {
  const html = await (await fetcher(page, { headers: { Accept: "text/html" } })).text();
  const ticket = /<input type="hidden" name="ticket" value="([^"]+)"/.exec(html)?.[1];
  if (!ticket) throw new Error(`${page} rendered no send ticket`);
  return ticket;
}

/** `GET /api/login?mobile=&ticket=` with a ticket the login page rendered for this client. */
export async function requestCode(fetcher: Fetcher, mobile: string, headers: Record<string, string> = {}) {
  const ticket = await pageTicket(fetcher);
  return fetcher(`/api/login?${new URLSearchParams({ mobile, ticket })}`, { headers: { "Client-Type": "web", ...headers } });
}
