// The frame of every auth screen: the brand (back to "/") and the language switch on top, a centred
// card with the screen's title and subtitle. Mobile first (360 px), logical CSS only.
// Plain elements drawn by auth.css with the theme's colours: no antd here, so the login page, which
// uses only this frame and plain controls, downloads no component library.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuthText } from "./forms.ts";
import "./auth.css";

/** English | العربية, as a plain button (the antd one in shared/ would bring antd and its icons along). */
function LanguageButton() {
  const { t, i18n } = useTranslation();
  const next = i18n.resolvedLanguage === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className="auth-lang"
      onClick={() => void i18n.changeLanguage(next)}
      lang={next}
      aria-label={`${t("language.label")}: ${t(`language.${next}`)}`}
      data-testid="lang-switch"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
      </svg>
      <span>{t("language.switchTo")}</span>
    </button>
  );
}

export function AuthLayout({
  title,
  subtitle,
  wide,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useAuthText();
  return (
    <div className="auth-page">
      <header className="auth-top">
        <Link to="/" className="auth-brand" aria-label={t("layout.home")}>
          {t("brand", { ns: "common" })}
        </Link>
        <LanguageButton />
      </header>
      <main className="auth-main" aria-label={t("layout.main")}>
        <div className={wide ? "auth-card auth-card-wide" : "auth-card"}>
          <h1 className="auth-title">{title}</h1>
          {subtitle && (
            <p className="auth-subtitle" data-testid="auth-subtitle">
              {subtitle}
            </p>
          )}
          {children}
        </div>
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
