import { Form, Link, useLocation } from "@remix-run/react";
import type { SessionState } from "~/services/account.server";
import type { SiteLinks } from "~/services/env.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { usePrefetch } from "~/utils/prefetch";
import { BellIcon, LogoMark, MenuIcon, SearchIcon } from "./icons";
import { useNotices } from "./Notices";

type Props = { session: SessionState; links: SiteLinks & { groupDetail: string | null }; lang: "zh" | "en"; slim?: boolean };

/** The header of spec §2. Every part works without JavaScript; JavaScript only adds the blocked-window warning. */
export function Header({ session, links, lang, slim }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const prefetch = usePrefetch();
  const here = location.pathname + location.search;
  const showSearch = !location.pathname.includes("reference");
  const unread = session.noticesUnread > 0 || session.messagesUnread > 0;

  return (
    <header className="ui-header">
      <div className="ui-header-inner">
        <a className="ui-logo" href={links.home}>
          <LogoMark />
          <span>{t("meta.siteName")}</span>
        </a>
        {!slim && (
          <>
            <input type="checkbox" id="nav-toggle" className="ui-nav-toggle ui-visually-hidden" />
            <label htmlFor="nav-toggle" className="ui-nav-toggle-label" title={t("header.menu")}>
              <MenuIcon />
              <span className="ui-visually-hidden">{t("header.menu")}</span>
            </label>
          </>
        )}
        <nav className="ui-nav" aria-label={t("header.menu")}>
          {!slim && (
            <div className="ui-nav-links">
              <a className="ui-nav-link ui-nav-extra" href={links.home}>
                {t("header.homeSite")}
              </a>
              <a className="ui-nav-link ui-nav-extra" href={links.group}>
                {t("header.groupSite")}
              </a>
              <Link className="ui-nav-link" to="/" prefetch={prefetch} aria-current={location.pathname === "/" ? "page" : undefined}>
                {t("header.conferences")}
              </Link>
              <Link
                className="ui-nav-link"
                to="/liveStreaming"
                prefetch={prefetch}
                aria-current={location.pathname.startsWith("/liveStreaming") ? "page" : undefined}
              >
                {t("header.liveStreaming")}
              </Link>
            </div>
          )}
          <div className="ui-nav-tools">
            {!slim && showSearch && <SearchBox />}
            {session.isLogin && (
              <a
                className="ui-icon-button"
                href={links.accountMessages}
                target="_blank"
                rel="noopener"
                aria-label={unread ? `${t("header.notifications")} (${t("header.unread")})` : t("header.notifications")}
                title={t("header.notifications")}
                data-testid="bell"
              >
                <BellIcon />
                {unread && <span className="ui-unread-dot" data-testid="unread-dot" />}
              </a>
            )}
            <Form method="post" action="/language" reloadDocument>
              <input type="hidden" name="lang" value={lang === "en" ? "zh" : "en"} />
              <input type="hidden" name="redirectTo" value={here} />
              <button type="submit" className="ui-lang-switch" aria-label={t("header.languageLabel")}>
                {/* The other language's name, in that language. */}
                <span lang={lang === "en" ? "zh-CN" : "en"}>{t("header.language")}</span>
              </button>
            </Form>
            {session.isLogin && session.auth ? (
              <AvatarMenu session={session} links={links} />
            ) : (
              <a className="ui-login-link" href={links.ownAccountSite ? loginHref(here) : links.accountLogin}>
                {t("header.loginRegister")}
              </a>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}

function loginHref(here: string) {
  return here === "/" || here.startsWith("/login") ? "/login" : `/login?redirect=${encodeURIComponent(here)}`;
}

function SearchBox() {
  const { t } = useTranslation();
  const { notify } = useNotices();
  return (
    <form
      className="ui-search-form"
      role="search"
      action="/search"
      method="get"
      target="_blank"
      onSubmit={(event) => {
        // Opening the tab ourselves lets us tell the user when the browser blocks it (spec §8).
        event.preventDefault();
        const keyword = new FormData(event.currentTarget).get("keyword")?.toString().trim() ?? "";
        const opened = window.open(`/search?keyword=${encodeURIComponent(keyword)}`, "_blank");
        if (!opened) notify({ content: t("common.browserNotSupport"), color: "warning", duration: 5000 });
      }}
    >
      <input
        className="ui-search-input"
        type="search"
        name="keyword"
        placeholder={t("header.searchPlaceholder")}
        aria-label={t("header.search")}
        maxLength={100}
      />
      <button type="submit" className="ui-search-button" aria-label={t("header.search")} title={t("header.search")}>
        <SearchIcon />
      </button>
    </form>
  );
}

function AvatarMenu({ session, links }: { session: SessionState; links: Props["links"] }) {
  const { t } = useTranslation();
  const auth = session.auth!;
  const initial = (auth.name || auth.mobile).slice(0, 1).toUpperCase();
  return (
    <details className="ui-menu" data-testid="avatar-menu">
      <summary className="ui-menu-summary" aria-label={t("header.accountMenu")}>
        {auth.avatar ? (
          <img className="ui-avatar" src={auth.avatar} alt="" width={34} height={34} />
        ) : (
          <span className="ui-avatar" {...enteredLang(initial)}>
            {initial}
          </span>
        )}
      </summary>
      <ul className="ui-menu-list">
        <li>
          <a className="ui-menu-item" href={links.personalCenter}>
            {t("header.personalCenter")}
          </a>
        </li>
        {session.groupId !== null && links.groupDetail && (
          <li>
            <a className="ui-menu-item" href={links.groupDetail}>
              {t("header.groupHome")}
            </a>
          </li>
        )}
        {!auth.hasClaimed && (
          <li>
            <Link className="ui-menu-item" to="/attend">
              {t("header.claim")}
            </Link>
          </li>
        )}
        <li>
          <Link className="ui-menu-item" to="/manage">
            {t("header.manage")}
          </Link>
        </li>
        <li>
          <Link className="ui-menu-item" to="/organization">
            {t("header.organization")}
          </Link>
        </li>
        <li>
          <Link className="ui-menu-item" to="/form/administrator">
            {t("forms.menu")}
          </Link>
        </li>
        {auth.isPlatformAdmin && (
          <li>
            <Link className="ui-menu-item" to="/admin">
              {t("header.platformAdmin")}
            </Link>
          </li>
        )}
        <li className="ui-menu-group-start">
          <a className="ui-menu-item" href={links.feedback}>
            {t("header.feedback")}
          </a>
        </li>
        <li>
          <a className="ui-menu-item" href={links.help}>
            {t("header.help")}
          </a>
        </li>
        <li>
          <a className="ui-menu-item" href={links.accountSettings}>
            {t("header.settings")}
          </a>
        </li>
        <li className="ui-menu-group-start">
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="ui-menu-item">
              {t("header.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
