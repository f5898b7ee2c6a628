// The frame of every auth screen: the brand (back to "/") and the language switch on top, a centred
// card with the screen's title and subtitle. Mobile first (360 px), logical CSS only.
import { Card, theme, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { LanguageSwitch } from "../../shared/LanguageSwitch.tsx";
import { useAuthText } from "./shared.tsx";
import "./auth.css";

export function AuthLayout({ title, subtitle, wide, children, footer }: { title: ReactNode; subtitle?: ReactNode; wide?: boolean; children: ReactNode; footer?: ReactNode }) {
  const { t } = useAuthText();
  const { token } = theme.useToken();
  return (
    <div className="auth-page">
      <header className="auth-top">
        <Link to="/" className="auth-brand" aria-label={t("layout.home")} style={{ color: token.colorPrimary }}>
          {t("brand", { ns: "common" })}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth-main" aria-label={t("layout.main")}>
        <Card className={wide ? "auth-card auth-card-wide" : "auth-card"}>
          <Typography.Title level={1} className="auth-title">
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" className="auth-subtitle" data-testid="auth-subtitle">
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </Card>
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}

export default AuthLayout;
