// Loads the person and their business, and shows the dashboard only with real data: a skeleton while
// the first answer comes, the server's message and a retry when it fails. With `early`, the cards are
// mounted (hidden) while the person loads, so that their queries go in the same HTTP request as the
// person's (docs/architecture.md#how-a-request-flows), and stay mounted, not asked again, once shown.
import { Loading } from "../../../shared/LoadError.tsx";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useDashboardMe, type DashboardMe } from "../data.ts";
import "../dashboard.css";

type FrameProps =
  | { early?: false; children: (me: DashboardMe) => ReactNode }
  | { early: true; children: (me: DashboardMe | null) => ReactNode };

export function DashboardFrame(props: FrameProps) {
  const { data, error, refetch } = useDashboardMe();
  const me = data?.me ?? null;
  const status = <FrameStatus error={error} onRetry={() => void refetch().catch(() => {})} />;
  if (!props.early) return me ? <div className="sufra-dashboard">{props.children(me)}</div> : status;
  // the same two slots whether the person has loaded or not: the cards keep their place, and their queries
  return (
    <>
      {!me && status}
      <div className="sufra-dashboard" hidden={!me}>
        {props.children(me)}
      </div>
    </>
  );
}

/** While the person loads: a skeleton; when that failed, the server's message and a retry. */
function FrameStatus({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("dashboard");
  if (error)
    return (
      <Result
        status="warning"
        title={t("loadFailed")}
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  return <Loading rows={6} />;
}
