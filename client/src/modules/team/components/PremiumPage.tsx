// The frame of a Premium feature's page (team, API keys): its title and intro, then the page's body
// once its query has answered, or the load failure with Retry, or a skeleton while it loads. The texts
// are the page's namespace's `title`, `intro` and `loadFailed`.
import { Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import "../team.css";

interface Props<T> {
  ns: string;
  data: T | undefined;
  error: unknown;
  onRetry: () => unknown;
  body: (data: T) => ReactNode;
  /** after the body, whatever the query's state (a modal) */
  children?: ReactNode;
}

export function PremiumPage<T>({ ns, data, error, onRetry, body, children }: Props<T>) {
  const { t } = useTranslation(ns);
  return (
    <div className="sufra-team">
      <Typography.Title level={1} className="sufra-page-title">
        {t("title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {data ? (
        body(data)
      ) : error ? (
        <LoadError title={t("loadFailed")} error={error} onRetry={onRetry} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
      {children}
    </div>
  );
}
