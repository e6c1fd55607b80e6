import { useRef } from "react";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import type { PortalBanner } from "./types";

/** The demo banners are 1152×360; other sizes are scaled into the same box. */
export const BANNER_WIDTH = 1152;
export const BANNER_HEIGHT = 360;

/**
 * The home page's banners: a strip that scrolls sideways, one banner at a time (CSS scroll
 * snapping), with a numbered link to each. Without JavaScript the links jump to their banner;
 * with it they scroll the strip only, not the page. No automatic rotation: nothing moves unless
 * the visitor asks.
 */
export function PortalBanners({ banners }: { banners: PortalBanner[] }) {
  const { t, i18n } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  if (banners.length === 0) return null;
  const lang = i18n.language;
  return (
    <section className="ui-portal-banners" aria-label={t("portal.home.featured")}>
      <ul className="ui-portal-banner-track" ref={track} data-testid="banners">
        {banners.map((banner, i) => {
          const title = pick(lang, banner.titleZh, banner.titleEn);
          const body = (
            <>
              {/* The first banner is the page's largest image: fetched at once and first; the others when scrolled to. */}
              <img
                className="ui-portal-banner-image"
                src={banner.image}
                alt=""
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                loading={i === 0 ? "eager" : "lazy"}
                decoding={i === 0 ? "sync" : "async"}
                // React 18 passes the attribute through only in lower case (Lighthouse: the LCP image).
                {...(i === 0 ? { fetchpriority: "high" } : {})}
              />
              {title && <span className="ui-portal-banner-caption">{title}</span>}
            </>
          );
          return (
            <li key={banner.id} id={`portal-banner-${i + 1}`} className="ui-portal-banner">
              {banner.url ? (
                <a className="ui-portal-banner-link" href={banner.url}>
                  {body}
                </a>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
      {banners.length > 1 && (
        <ol className="ui-portal-banner-dots">
          {banners.map((banner, i) => (
            <li key={banner.id}>
              <a
                className="ui-portal-banner-dot"
                href={`#portal-banner-${i + 1}`}

                onClick={(event) => {
                  const strip = track.current;
                  const slide = strip?.children[i] as HTMLElement | undefined;
                  if (!strip || !slide) return;
                  event.preventDefault();
                  strip.scrollTo({ left: slide.offsetLeft, behavior: "smooth" });
                }}
              >
                <NamedControl shown={i + 1} name={t("portal.home.slide", { n: i + 1, title: ENTERED })} entered={pick(lang, banner.titleZh, banner.titleEn)} />
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
