// The public site's header (landing, terms, privacy): brand, the eight navigation entries of docs/product.md#landing-page
// and the language switch. Plain React and CSS, no antd: the public pages stay light. Below 64rem the
// entries fold behind a menu button (aria-expanded, Escape closes it and gives focus back).
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { SUPPORT_EMAIL } from "./i18n.ts";
import "./brand-fonts.css";
import "./site.css";

/** The landing page's sections, in the order the navigation lists them. */
export const SECTIONS = ["features", "pricing", "about", "contact"] as const;

export function BrandMark() {
  // a round tray seen from above, with three dishes: the spread (sufra) the brand is named after
  return (
    <svg className="site-brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--saffron-ink)" />
      <circle cx="16" cy="16" r="11" fill="none" stroke="#fff" strokeWidth="1.5" opacity="0.6" />
      <circle cx="16" cy="11" r="3.2" fill="#fff" />
      <circle cx="11.5" cy="19" r="3.2" fill="#fff" />
      <circle cx="20.5" cy="19" r="3.2" fill="#fff" />
    </svg>
  );
}

function LanguageButton() {
  const { t, i18n } = useTranslation("landing");
  const next = i18n.resolvedLanguage === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className="site-lang"
      data-testid="lang-switch"
      onClick={() => void i18n.changeLanguage(next)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="site-lang-icon">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <span className="site-sr-only">{t("language.label", { ns: "common" })}: </span>
      <span lang={next}>{t("language.switchTo", { ns: "common" })}</span>
    </button>
  );
}

/** `onLanding`: the section entries are in-page anchors; elsewhere they lead to the landing page's sections. */
export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  const { t } = useTranslation("landing");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => setOpen(false);
  const home = () => {
    close();
    // already home: go back to the top (react-router would not move)
    if (pathname === "/") document.body.scrollIntoView?.({ block: "start" });
  };
  const section = (id: (typeof SECTIONS)[number]) =>
    onLanding ? (
      <a href={`#${id}`} onClick={close}>
        {t(`site.nav.${id}`)}
      </a>
    ) : (
      <Link to={`/#${id}`} onClick={close}>
        {t(`site.nav.${id}`)}
      </Link>
    );

  return (
    <header className="site-header">
      <a className="site-skip" href="#main">
        {t("site.skip")}
      </a>
      <div className="site-container site-header-inner">
        <Link to="/" className="site-brand" onClick={home} aria-label={t("site.home")}>
          <BrandMark />
          <span className="site-brand-name">{t("brand", { ns: "common" })}</span>
        </Link>
        <nav className="site-nav" aria-label={t("site.nav.label")} data-open={open}>
          <button
            ref={button}
            type="button"
            className="site-menu-btn"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            data-testid="menu-button"
          >
            <span className="site-menu-icon" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span>{t("site.menu.show")}</span>
          </button>
          <ul className="site-nav-list" id={listId}>
            <li>
              <Link to="/" onClick={home}>
                {t("site.nav.home")}
              </Link>
            </li>
            {SECTIONS.map((id) => (
              <li key={id}>{section(id)}</li>
            ))}
            <li>
              <Link to="/login" onClick={close}>
                {t("site.nav.clientLogin")}
              </Link>
            </li>
            <li>
              <Link to="/admin/login" onClick={close}>
                {t("site.nav.adminLogin")}
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} onClick={close}>
                {t("site.nav.support")}
              </a>
            </li>
          </ul>
        </nav>
        <LanguageButton />
      </div>
    </header>
  );
}
