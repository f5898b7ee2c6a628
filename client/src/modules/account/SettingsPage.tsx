// /settings: language, theme and digits for everyone; business details, the business profile (what
// the AI writer composes from) and connected accounts for clients and owners.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.ts";
import { ConnectedAccounts } from "../platforms/ConnectedAccounts.tsx";
import { BusinessProfileCard } from "../business-profile/BusinessProfileCard.tsx";
import { BusinessForm } from "./components/BusinessForm.tsx";
import { PreferencesCard } from "./components/PreferencesCard.tsx";
import "./i18n.ts";
import "./account.css";

export default function SettingsPage() {
  const { t } = useTranslation("account");
  const { user } = useSession();
  return (
    <div className="sufra-account-page">
      <Typography.Title level={1} className="sufra-page-title">
        {t("settings.title")}
      </Typography.Title>
      <PreferencesCard />
      {user && user.role !== "admin" && <BusinessForm />}
      {user && user.role !== "admin" && user.business_id && <BusinessProfileCard />}
      {user && user.role !== "admin" && <ConnectedAccounts />}
    </div>
  );
}
