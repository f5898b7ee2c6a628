// The frame of every auth screen: the brand (back to "/") and the language switch on top, a centred
// card with the screen's title and subtitle. Mobile first (360 px), logical CSS only.
// The card, title and subtitle are plain elements drawn with the theme's tokens (antd's Card and Typography
// would add their code to every auth page's first download for a border and two text styles).
import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router-dom";
import { LanguageSwitch } from "../../shared/LanguageSwitch.tsx";
import { useAuthText } from "./shared.tsx";
import "./auth.css";

export function AuthLayout({ title, subtitle, wide, children, footer }: { title: ReactNode; subtitle?: ReactNode; wide?: boolean; children: ReactNode; footer?: ReactNode }) {
  const { t } = useAuthText();
  const { token } = theme.useToken();
  // what antd's Card (outlined) and Typography's title and secondary paragraph take from the theme
  const look = {
    "--auth-card-bg": token.colorBgContainer,
    "--auth-card-border": token.colorBorderSecondary,
    "--auth-card-radius": `${token.borderRadiusLG}px`,
    "--auth-heading": token.colorTextHeading,
    "--auth-heading-weight": token.fontWeightStrong,
    "--auth-heading-line": token.lineHeightHeading1,
    "--auth-secondary": token.colorTextSecondary,
  } as CSSProperties;
  return (
    <div className="auth-page">
      <header className="auth-top">
        <Link to="/" className="auth-brand" aria-label={t("layout.home")} style={{ color: token.colorPrimary }}>
          {t("brand", { ns: "common" })}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth-main" aria-label={t("layout.main")}>
        <div className={wide ? "auth-card auth-card-wide" : "auth-card"} style={look}>
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

export default AuthLayout;
