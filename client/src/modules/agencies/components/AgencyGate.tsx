// A page the café has not opened to the person's agency (its billing, team, API keys or webhooks, by the
// grants of me.agencyAccess): a clear message instead of the page, which the server would refuse anyway.
import { Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { LinkButton } from "../../../shared/RouteButton.tsx";
import { useAgencyAccess } from "../data.ts";
import { AGENCIES_NS } from "../i18n.ts";
import { agencyMayOpen } from "../model.ts";

export function AgencyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(AGENCIES_NS);
  const access = useAgencyAccess();
  const { pathname } = useLocation();
  if (agencyMayOpen(access, pathname)) return children;
  return (
    <Result
      status="403"
      title={t("gate.title")}
      subTitle={t("gate.text")}
      extra={<LinkButton to="/dashboard">{t("gate.home")}</LinkButton>}
      data-testid="agency-gate"
    />
  );
}
