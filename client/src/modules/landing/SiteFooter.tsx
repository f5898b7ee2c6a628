// The public site's footer (docs/product.md#landing-page: sign-up, client login, admin, support, and the support contact),
// with the terms and the privacy policy. Shared by the landing and legal pages.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatYear } from "../../lib/format.ts";
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "./i18n.ts";
import { BrandMark } from "./SiteHeader.tsx";

const yearIn = (ar: boolean) => formatYear(new Date(), ar ? "ar" : "en");

export function SiteFooter() {
  const { t, i18n } = useTranslation("landing");
  return (
    <footer className="site-footer">
      <div className="site-container site-footer-grid">
        <div className="site-footer-brand">
          <p className="site-footer-name">
            <BrandMark />
            <span>{t("brand", { ns: "common" })}</span>
          </p>
          <p>{t("site.footer.tagline")}</p>
        </div>
        <nav aria-label={t("site.footer.label")} className="site-footer-nav">
          <div>
            <h2 className="site-footer-title">{t("site.footer.start")}</h2>
            <ul>
              <li>
                <Link to="/signup">{t("site.footer.signup")}</Link>
              </li>
              <li>
                <Link to="/login">{t("site.footer.clientLogin")}</Link>
              </li>
              <li>
                <Link to="/admin/login">{t("site.footer.admin")}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer-title">{t("site.footer.help")}</h2>
            <ul>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`}>{t("site.footer.support")}</a>
              </li>
              <li>
                <Link to="/terms">{t("site.footer.terms")}</Link>
              </li>
              <li>
                <Link to="/privacy">{t("site.footer.privacy")}</Link>
              </li>
            </ul>
          </div>
        </nav>
        <div>
          <h2 className="site-footer-title">{t("site.footer.contact")}</h2>
          <address className="site-footer-contact">
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <bdi>{SUPPORT_EMAIL}</bdi>
            </a>
            <a href={SUPPORT_PHONE_HREF}>
              <bdi dir="ltr">{SUPPORT_PHONE}</bdi>
            </a>
            <span>{t("site.footer.hours")}</span>
          </address>
        </div>
      </div>
      <div className="site-container site-footer-bottom">
        <p>{t("site.footer.rights", { year: yearIn(i18n.resolvedLanguage === "ar") })}</p>
      </div>
    </footer>
  );
}
