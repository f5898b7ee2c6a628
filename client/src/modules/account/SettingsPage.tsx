// /settings: language, theme and digits for everyone; business details, the business profile (what
// the AI writer composes from) and connected accounts for clients and owners.
import { Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useSession } from "../../lib/session.ts";
import { ConnectedAccounts } from "../platforms/index.ts";
import { BusinessProfileCard } from "../business-profile/index.ts";
import { LinkPageCard } from "../link-page/index.ts";
import { BusinessForm } from "./components/BusinessForm.tsx";
import { PreferencesCard } from "./components/PreferencesCard.tsx";
import "./i18n.ts";
import "./account.css";

/** Sections other screens link to (the dashboard's getting-started checklist): /settings#<id>. */
const SETTINGS_SECTIONS = {
  businessProfile: "business-profile",
  connectedAccounts: "connected-accounts",
  linkPage: "link-page",
} as const;

export default function SettingsPage() {
  const { t } = useTranslation("account");
  const { user } = useSession();
  const { hash } = useLocation();
  // the router does not scroll to a #section by itself
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: "start" });
  }, [hash]);
  return (
    <div className="sufra-account-page">
      <Typography.Title level={1} className="sufra-page-title">
        {t("settings.title")}
      </Typography.Title>
      <PreferencesCard />
      {user && user.role !== "admin" && <BusinessForm />}
      {user && user.role !== "admin" && user.business_id && (
        <div id={SETTINGS_SECTIONS.businessProfile}>
          <BusinessProfileCard />
        </div>
      )}
      {user && user.role !== "admin" && user.business_id && (
        <div id={SETTINGS_SECTIONS.linkPage}>
          <LinkPageCard />
        </div>
      )}
      {user && user.role !== "admin" && (
        <div id={SETTINGS_SECTIONS.connectedAccounts}>
          <ConnectedAccounts />
        </div>
      )}
    </div>
  );
}
