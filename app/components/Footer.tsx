import { Link } from "@remix-run/react";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";

export type Contact = { phone: string; email: string; icp: string };

/** The footer of spec §1: contact, support hours, copyright, icp filing line and social media images. */
export function Footer({ contact, year }: { contact: Contact; year: string }) {
  const { t } = useTranslation();
  return (
    <footer className="ui-footer">
      <div className="ui-footer-inner">
        <div>
          <p className="ui-footer-title">{t("footer.contact")}</p>
          <p>{t("footer.phone", { phone: contact.phone })}</p>
          <p>{t("footer.email", { email: contact.email })}</p>
          <p>{t("footer.hours")}</p>
        </div>
        <div>
          <p className="ui-footer-title">{t("footer.follow")}</p>
          <div className="ui-footer-social">
            <img className="ui-footer-qr" src="/social/wechat.svg" alt={t("footer.wechatQr")} width={88} height={88} loading="lazy" />
            <img className="ui-footer-qr" src="/social/weibo.svg" alt={t("footer.weiboQr")} width={88} height={88} loading="lazy" />
          </div>
        </div>
      </div>
      <div className="ui-footer-bottom">
        <span>{t("footer.copyright", { year })}</span>
        <span className="ui-footer-links">
          <Link to="/agreement">{t("footer.agreement")}</Link>
          <Link to="/privacy">{t("footer.privacy")}</Link>
          <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer" target="_blank" {...enteredLang(contact.icp)}>
            {contact.icp}
          </a>
        </span>
      </div>
    </footer>
  );
}
