// Guests: what they wrote (reviews and comments) and how the business answered. Response rate and
// median response time per source and per branch (tables), average stars over time (a line), and the
// topics that came up more or less than in the period before (arrows that mirror in Arabic, as the
// change badges do). The figures are the business's, whatever the campaign (docs/product.md#analytics-figures).
import { FallOutlined, MinusOutlined, RiseOutlined } from "@ant-design/icons";
import { useQuery } from "@apollo/client/react";
import { Card, Empty, Skeleton, Statistic, Table, Typography } from "antd";
import {
  NO_BRANCH_LABELS,
  REVIEW_SOURCES,
  REVIEW_TOPICS,
  RESPONSE_TIME_UNITS,
  responseTimeParts,
  type Locale,
} from "@sufra/schema";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SufraChart } from "../../../shared/charts/index.ts";
import { AnalyticsGuestsViewDocument, type AnalyticsGuestsViewQuery } from "../../../graphql/graphql.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import { formatDay } from "../model.ts";
import type { RangeVariables } from "../model.ts";
import { analyticsGuestTrendKey } from "../../../graphql/enumKeys.ts";

type Guests = AnalyticsGuestsViewQuery["analyticsGuests"];
type Response = Guests["total"];
type Row = Response & { key: string; name: string };

/** A median response time in the person's language and digits: "45 min", "2.5 h", "3 d". */
function formatResponseTime(seconds: number | null | undefined, locale: Locale): string {
  if (seconds == null) return "—";
  const { value, unit } = responseTimeParts(seconds);
  return RESPONSE_TIME_UNITS[unit][locale].replace("{n}", formatNumber(value, locale));
}

const sourceName = (key: string, locale: Locale) =>
  (REVIEW_SOURCES as Record<string, Record<Locale, string>>)[key]?.[locale] ?? key;
const topicName = (key: string, locale: Locale) =>
  (REVIEW_TOPICS as Record<string, Record<Locale, string>>)[key]?.[locale] ?? key;
const rate = (r: number | null | undefined, locale: Locale) => (r == null ? "—" : formatPercent(r * 100, locale));

function ResponseTable({
  rows,
  nameTitle,
  label,
  testId,
}: {
  rows: Row[];
  nameTitle: string;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <Table<Row>
      aria-label={label}
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: 520 }}
      dataSource={rows}
      data-testid={testId}
      columns={[
        { key: "name", title: nameTitle, render: (_, r) => <bdi>{r.name}</bdi> },
        { key: "items", title: t("guests.items"), align: "end", render: (_, r) => formatNumber(r.items, locale) },
        {
          key: "answered",
          title: t("guests.answered"),
          align: "end",
          render: (_, r) => formatNumber(r.answered, locale),
        },
        { key: "rate", title: t("guests.rate"), align: "end", render: (_, r) => rate(r.responseRate, locale) },
        {
          key: "median",
          title: t("guests.median"),
          align: "end",
          render: (_, r) => formatResponseTime(r.medianResponseSeconds, locale),
        },
      ]}
    />
  );
}

function Topics({ topics, previous }: { topics: Guests["topics"]; previous: Guests["previous"] }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const shown = topics.filter((x) => x.count > 0 || x.previous > 0);
  if (!shown.length) return <Typography.Text type="secondary">{t("guests.noTopics")}</Typography.Text>;
  const since = { from: formatDay(previous.from, locale), to: formatDay(previous.to, locale) };
  return (
    <ul className="sufra-guest-topics" aria-label={t("guests.topics")} data-testid="guests-topics">
      {shown.map((x) => {
        const trend = analyticsGuestTrendKey[x.trend];
        const icon =
          trend === "up" ? (
            <RiseOutlined className="sufra-dir-icon" />
          ) : trend === "down" ? (
            <FallOutlined className="sufra-dir-icon" />
          ) : (
            <MinusOutlined />
          );
        const sentence = t(`guests.trend.${trend}`, {
          n: formatNumber(x.count, locale),
          previous: formatNumber(x.previous, locale),
          ...since,
        });
        return (
          <li key={x.topic} data-testid={`topic-${x.topic}`} data-trend={trend}>
            <span className={`sufra-change is-${trend === "flat" ? "same" : trend}`} aria-hidden="true">
              {icon}
            </span>{" "}
            <strong>{topicName(x.topic, locale)}</strong> <Typography.Text type="secondary">{sentence}</Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

/** Review requests (docs/architecture.md#review-requests): QR scans against new Google reviews, per branch and in all. */
function ReviewRequests({ figures }: { figures: Guests["reviewRequests"] }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  if (!figures.requests && !figures.received) return null;
  const rows = [
    ...figures.byBranch.map((b) => ({ ...b, key: b.locationId, name: b.branch })),
    { key: "all", name: t("guests.all"), requests: figures.requests, received: figures.received },
  ];
  return (
    <>
      <Typography.Title level={3}>{t("guests.reviewRequests")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("guests.reviewRequestsHint")}</Typography.Paragraph>
      <Table
        aria-label={t("guests.reviewRequests")}
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="guests-review-requests"
        columns={[
          {
            key: "name",
            title: t("guests.branch"),
            render: (_: unknown, r: (typeof rows)[number]) => <bdi dir="auto">{r.name}</bdi>,
          },
          { key: "requests", title: t("guests.scans"), render: (_: unknown, r) => formatNumber(r.requests, locale) },
          { key: "received", title: t("guests.received"), render: (_: unknown, r) => formatNumber(r.received, locale) },
        ]}
      />
    </>
  );
}

export function GuestsCard({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  // what guests write is about the café, whatever the campaign
  const { campaignId: _campaign, ...rest } = variables;
  const { data, previousData, error, refetch } = useQuery(AnalyticsGuestsViewDocument, {
    variables: rest,
    fetchPolicy: "cache-and-network",
  });
  const g = (data ?? previousData)?.analyticsGuests;

  let body;
  if (error && !g)
    body = <LoadError title={t("guests.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!g) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (g.total.items === 0)
    body = (
      <>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("guests.none")} />
        {/* scans come before any review does */}
        <ReviewRequests figures={g.reviewRequests} />
      </>
    );
  else {
    const sources: Row[] = [
      ...g.bySource.map((s) => ({ ...s, key: s.source, name: sourceName(s.source, locale) })),
      { ...g.total, key: "all", name: t("guests.all") },
    ];
    const branches: Row[] = g.byBranch.map((b) => ({
      ...b,
      key: b.locationId ?? "none",
      name: b.branch ?? NO_BRANCH_LABELS[locale],
    }));
    const weekly = g.rating.interval === "WEEK";
    body = (
      <div className="sufra-analytics">
        <div className="sufra-analytics-grid">
          <Statistic title={t("guests.rate")} value={rate(g.total.responseRate, locale)} data-testid="guests-rate" />
          <Statistic
            title={t("guests.median")}
            value={formatResponseTime(g.total.medianResponseSeconds, locale)}
            data-testid="guests-median"
          />
          <Statistic
            title={t("guests.average")}
            value={g.rating.average == null ? "—" : formatNumber(g.rating.average, locale)}
            data-testid="guests-average"
          />
        </div>
        <Typography.Paragraph type="secondary">{t("guests.medianNote")}</Typography.Paragraph>
        <ResponseTable
          rows={sources}
          nameTitle={t("guests.source")}
          label={t("guests.bySource")}
          testId="guests-sources"
        />
        <ResponseTable
          rows={branches}
          nameTitle={t("guests.branch")}
          label={t("guests.byBranch")}
          testId="guests-branches"
        />
        {g.rating.count > 0 ? (
          <SufraChart
            kind="line"
            title={t(weekly ? "guests.ratingWeekly" : "guests.ratingDaily")}
            description={t("guests.ratingHint", { count: g.rating.count, n: formatNumber(g.rating.count, locale) })}
            xLabel={t(weekly ? "guests.week" : "guests.day")}
            xType="date"
            yLabel={t("guests.average")}
            data={g.rating.points.map((p) => ({ x: p.date, y: p.average ?? null }))}
            height={240}
            data-testid="guests-rating"
          />
        ) : (
          <Typography.Text type="secondary">{t("guests.noRatings")}</Typography.Text>
        )}
        <Typography.Title level={3}>{t("guests.topics")}</Typography.Title>
        <Topics topics={g.topics} previous={g.previous} />
        <ReviewRequests figures={g.reviewRequests} />
      </div>
    );
  }

  return (
    <Card className="sufra-analytics-section" title={t("guests.title")} data-testid="guests">
      {body}
    </Card>
  );
}
