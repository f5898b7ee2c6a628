// The last 24 hours and what is going out now, live: the analyticsRealtime subscription sends a fresh
// view after each of the business's post changes and metrics collections, from any server process;
// while the socket is down the view is asked for again every minute.
import { useQuery, useSubscription } from "@apollo/client/react";
import { Card, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSocketConnected } from "../../../app/apollo.ts";
import { LoadError } from "../../../shared/LoadError.tsx";
import {
  AnalyticsRealtimeLiveDocument,
  AnalyticsRealtimeNowDocument,
  type AnalyticsRealtimeFieldsFragment,
} from "../../../graphql/graphql.ts";
import { formatClock, formatNumber, formatPercent, formatRelative, localDigits } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { ANALYTICS_NS } from "../i18n.ts";
import { useSimulatedKind } from "../../../shared/simulated.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";

const REALTIME_POLL_MS = 60_000;
const FIGURES = ["posts", "reach", "views", "likes", "comments", "shares"] as const;
type Target = AnalyticsRealtimeFieldsFragment["publishing"][number];

const kuwaitClock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Kuwait",
  }).format(new Date(iso));

function TargetLine({ target, kind }: { target: Target; kind: "publishing" | "dueSoon" }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const simKind = useSimulatedKind();
  const locale = useLocale();
  return (
    <li>
      <PlatformIcon platform={target.platform} label={platformLabel(target.platform, locale)} />
      <ToneTag tone={kind === "publishing" ? "neutral" : null}>{t(`realtime.${kind}`)}</ToneTag>
      {kind === "dueSoon" && target.dueAt && (
        <time dateTime={target.dueAt}>{formatClock(kuwaitClock(target.dueAt), locale)}</time>
      )}
      <Typography.Text dir="auto">{target.excerpt}</Typography.Text>
      {target.simulated && <Tag>{t(`realtime.demo.${simKind}`)}</Tag>}
    </li>
  );
}

export function RealtimeStrip({
  clientId,
  includeSimulated,
}: {
  clientId: string;
  includeSimulated: boolean | undefined;
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const live = useSocketConnected();
  const variables = { clientId, ...(includeSimulated === undefined ? {} : { includeSimulated }) };
  const { data, error, refetch } = useQuery(AnalyticsRealtimeNowDocument, {
    variables,
    pollInterval: live ? 0 : REALTIME_POLL_MS,
    fetchPolicy: "cache-and-network",
  });
  // each pushed view replaces the cached one, so the strip updates at once
  useSubscription(AnalyticsRealtimeLiveDocument, {
    variables,
    onData: ({ client, data: pushed }) => {
      if (pushed.data)
        client.cache.writeQuery({
          query: AnalyticsRealtimeNowDocument,
          variables,
          data: { analyticsRealtime: pushed.data.analyticsRealtime },
        });
    },
  });
  const r = data?.analyticsRealtime;

  let body;
  if (error && !r)
    body = <LoadError title={t("realtime.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!r) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else {
    const going = [
      ...r.publishing.map((x) => ({ x, kind: "publishing" as const })),
      ...r.dueSoon.map((x) => ({ x, kind: "dueSoon" as const })),
    ];
    body = (
      <div className="sufra-realtime">
        <ul className="sufra-realtime-figures" data-testid="realtime-figures">
          {FIGURES.map((f) => (
            <li key={f}>
              <strong>{formatNumber(r.totals[f], locale)}</strong>
              <span>{t(`metrics.${f}`)}</span>
            </li>
          ))}
          <li>
            <strong>{r.totals.engagementRate == null ? "—" : formatPercent(r.totals.engagementRate, locale)}</strong>
            <span>{t("metrics.engagementRate")}</span>
          </li>
        </ul>
        {going.length ? (
          <ul className="sufra-realtime-list" data-testid="realtime-going">
            {going.map(({ x, kind }) => (
              <TargetLine key={`${kind}-${x.targetId}`} target={x} kind={kind} />
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t("realtime.nothingPublishing")}</Typography.Text>
        )}
        <Typography.Text type="secondary">
          {r.metricsAt
            ? t("realtime.collected", { when: formatRelative(r.metricsAt, locale) })
            : localDigits(t("realtime.notCollected"), locale)}
        </Typography.Text>
      </div>
    );
  }

  return (
    <Card
      size="small"
      className="sufra-analytics-section"
      title={t("realtime.title", { n: formatNumber(24, locale) })}
      extra={
        <Typography.Text type="secondary" data-testid="realtime-mode">
          {live ? (
            <>
              <span className="sufra-live-dot" aria-hidden="true" />
              {t("realtime.live")}
            </>
          ) : (
            t("realtime.polling")
          )}
        </Typography.Text>
      }
      data-testid="realtime"
    >
      {body}
    </Card>
  );
}
