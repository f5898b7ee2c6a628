// Loads the person and their business, and shows the dashboard only with real data: a skeleton while
// the first answer comes, the server's message and a retry when it fails.
import { Loading } from "../../../shared/LoadError.tsx";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useDashboardMe, type DashboardMe } from "../data.ts";
import "../dashboard.css";

export function DashboardFrame({ children }: { children: (me: DashboardMe) => ReactNode }) {
  const { t } = useTranslation("dashboard");
  const { data, error, refetch } = useDashboardMe();
  if (data?.me) return <div className="sufra-dashboard">{children(data.me)}</div>;
  if (error)
    return (
      <Result
        status="warning"
        title={t("loadFailed")}
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={() => void refetch().catch(() => {})}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  return <Loading rows={6} />;
}
