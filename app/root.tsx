import { type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, data } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { ErrorPage, errorTitleKey } from "~/components/ErrorPage";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { LateScripts } from "~/components/LateScripts";
import { useNonce } from "~/components/Nonce";
import { NoticeProvider } from "~/components/Notices";
import { ProgressBar } from "~/components/ProgressBar";
import { switchLanguage } from "~/locales/load";
import { loadSession, type SessionState } from "~/services/account.server";
import { appNow } from "~/services/clock.server";
import { appEnv, siteLinks } from "~/services/env.server";
import { chinaToday } from "~/services/portal.server";
import { getLang, readNotices, setLangCookie } from "~/services/session.server";
import stylesheet from "~/styles/generated/app.css?url";
import { useTranslation } from "~/use-translation";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export type Layout = "default" | "detail" | "create" | "bare";
export type RouteHandle = {
  layout?: Layout;
  /** Seconds after which the page reloads itself when JavaScript is off (a live screen that fetches in place with it). */
  reloadWithoutJs?: number;
  /**
   * Constant CSS for this page, from its loader data, put in <head> (a <style> in <body> may only
   * style what follows it, and the header comes first). Never put user data in it.
   */
  headStyle?: (data: unknown) => string | null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang, present } = getLang(request);
  const [{ session, setCookie }, notices] = await Promise.all([loadSession(request), readNotices(request)]);
  const headers = new Headers();
  // First visit: the language cookie is set to Chinese (spec §2 Language).
  if (!present) headers.append("Set-Cookie", setLangCookie(request, lang));
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (notices.clear) headers.append("Set-Cookie", notices.clear);
  const env = appEnv();
  const allLinks = siteLinks();
  const { groupDetail, ...plainLinks } = allLinks;
  return data(
    {
      lang,
      session,
      links: { ...plainLinks, groupDetail: session.groupId !== null ? groupDetail(session.groupId) : null },
      notices: notices.list,
      contact: { phone: env.CONTACT_PHONE, email: env.CONTACT_EMAIL, icp: env.ICP_FILING },
      // The copyright year is China's, from the app's clock, like every other date on the page.
      year: chinaToday(await appNow()).slice(0, 4),
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { i18n: "common" };

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const lang = root?.lang ?? (i18n.language === "en" ? "en" : "zh");
  const nonce = useNonce();
  useLanguage(lang);
  // Set when the root ErrorBoundary renders: no route's meta runs then, and a document needs a title.
  const error = useRouteError();
  const reload = useHandle("reloadWithoutJs")?.value;
  const style = useHandle("headStyle");
  const headStyle = style && style.data !== undefined ? style.value(style.data) : null;
  return (
    <html lang={lang === "en" ? "en" : "zh-CN"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {reload !== undefined && (
          // A refresh <meta> belongs in <head>, the one place where <noscript> may hold it.
          <noscript>
            <meta httpEquiv="refresh" content={String(reload)} />
          </noscript>
        )}
        {headStyle && <style>{headStyle}</style>}
        {error != null && <title>{`${t(errorTitleKey(isRouteErrorResponse(error) ? error.status : 500))} - ${t("meta.siteName")}`}</title>}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <LateScripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The browser loads only the first page's language. When a later navigation brings another one
 * (signing in to an English account, saving English as default language), load it and switch.
 */
function useLanguage(lang: "zh" | "en") {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== lang) void switchLanguage(i18n, lang);
  }, [i18n, lang]);
}

/** The deepest route that sets a handle field: the field's value and that route's loader data. */
function useHandle<K extends keyof RouteHandle>(key: K): { value: NonNullable<RouteHandle[K]>; data: unknown } | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = (matches[i].handle as RouteHandle | undefined)?.[key];
    if (value !== undefined) return { value, data: matches[i].data };
  }
  return undefined;
}

function useLayout(): Layout {
  return useHandle("layout")?.value ?? "default";
}

function Frame({ layout, children }: { layout: Layout; children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const session: SessionState = root?.session ?? { isLogin: false, auth: null, certification: false, groupId: null, noticesUnread: 0, messagesUnread: 0 };
  const lang = root?.lang ?? "zh";
  // Statistics pages hide header and footer (spec §2 Layouts).
  if (layout === "bare") {
    return (
      <NoticeProvider initial={root?.notices ?? []}>
        <main className="ui-main-bare">{children}</main>
      </NoticeProvider>
    );
  }
  return (
    <NoticeProvider initial={root?.notices ?? []}>
      <div className="ui-page">
        <a className="ui-skip-link" href="#main">
          {t("header.skipToContent")}
        </a>
        <ProgressBar />
        {root && <Header session={session} links={root.links} lang={lang} slim={layout === "create"} />}
        <main id="main" className="ui-main">
          {layout === "detail" ? children : <div className="ui-container">{children}</div>}
        </main>
        {layout !== "create" && root && <Footer contact={root.contact} year={root.year} />}
      </div>
    </NoticeProvider>
  );
}

export default function App() {
  const layout = useLayout();
  return (
    <Frame layout={layout}>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Frame layout="default">
      <ErrorPage status={status} message={message} />
    </Frame>
  );
}
