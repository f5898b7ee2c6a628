// /admin (docs/product.md#admin-dashboard): tabs Overview, Billing (docs/product.md#subscriptions-and-billing), Agencies
// (the cafés each agency serves, docs/architecture.md#agencies), Translations, Holidays (correcting
// the dates of Kuwait's occasions) and AI writer (the studio's writer). The translations editor comes in
// a later issue; its tab says so.
import { Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import AgenciesTab from "./components/AgenciesTab.tsx";
import AiWriterTab from "./components/AiWriterTab.tsx";
import BillingTab from "./components/BillingTab.tsx";
import HolidaysTab from "./components/HolidaysTab.tsx";
import { Overview } from "./components/Overview.tsx";
import { TranslationsTab } from "../translations/index.ts";
import "./i18n.ts";
import "./admin.css";

const TABS = ["overview", "billing", "agencies", "translations", "holidays", "ai"] as const;

export default function AdminPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get("tab")) ?? "overview";
  return (
    <div className="sufra-admin">
      <Typography.Title level={1} className="sufra-page-title">
        {t("title")}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "overview" ? {} : { tab: key }, { replace: true })}
        items={[
          { key: "overview", label: t("tabs.overview"), children: <Overview /> },
          { key: "billing", label: t("tabs.billing"), children: <BillingTab /> },
          { key: "agencies", label: t("tabs.agencies"), children: <AgenciesTab /> },
          { key: "translations", label: t("tabs.translations"), children: <TranslationsTab /> },
          { key: "holidays", label: t("tabs.holidays"), children: <HolidaysTab /> },
          { key: "ai", label: t("tabs.ai"), children: <AiWriterTab /> },
        ]}
      />
    </div>
  );
}
