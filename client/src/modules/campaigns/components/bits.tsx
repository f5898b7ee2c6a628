// Small pieces the campaign screens share: the GraphQL <-> @sufra/schema name conversions, the goal
// and phase tags, a campaign's dates in Gregorian with the Hijri dates beside them, money from fils,
// and the progress toward the goal.
import {
  CAMPAIGN_GOALS,
  CAMPAIGN_METRICS,
  campaignDays,
  CONTENT_OCCASIONS,
  isContentOccasionKey,
  kuwaitDate,
  type CampaignGoal as GoalKey,
  type CampaignMetric as MetricKey,
  type CampaignPhase,
  type ContentOccasionKey,
  type Locale,
} from "@sufra/schema";
import { Progress, theme, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import type { TagTone } from "../../../shared/tagColors.ts";
import type { CampaignGoal, CampaignMetric, ContentOccasion } from "../../../graphql/graphql.ts";
import { formatDate, formatHijri, formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { CAMPAIGNS_NS } from "../i18n.ts";
import {
  campaignGoalFromKey,
  campaignGoalKeyOf,
  campaignMetricKeyOf,
  contentOccasionFromKey,
  contentOccasionKeyOf,
} from "../../../graphql/enumKeys.ts";

export const goalKey = (g: CampaignGoal | GoalKey): GoalKey => campaignGoalKeyOf(g) ?? (g as GoalKey);
export const gqlGoal = (g: GoalKey): CampaignGoal => campaignGoalFromKey[g];
export const metricKey = (m: CampaignMetric | MetricKey): MetricKey => campaignMetricKeyOf(m) ?? (m as MetricKey);
export const occasionKey = (o: ContentOccasion | string | null | undefined): ContentOccasionKey | null => {
  const k = contentOccasionKeyOf(o) ?? o;
  return isContentOccasionKey(k) ? k : null;
};
export const gqlOccasion = (o: ContentOccasionKey): ContentOccasion => contentOccasionFromKey[o];

export const goalLabel = (g: CampaignGoal | GoalKey, locale: Locale) => CAMPAIGN_GOALS[goalKey(g)][locale];
export const metricLabel = (m: CampaignMetric | MetricKey, locale: Locale) => CAMPAIGN_METRICS[metricKey(m)][locale];
export const occasionLabel = (o: ContentOccasion | string | null | undefined, locale: Locale) => {
  const k = occasionKey(o);
  return k ? CONTENT_OCCASIONS[k][locale] : null;
};

/** A Kuwait date (YYYY-MM-DD) as noon that day in Kuwait, so no time zone moves it to a neighbouring day. */
export const dayInstant = (iso: string) => `${iso}T12:00:00+03:00`;

const PHASE_TONES: Record<CampaignPhase, TagTone | null> = { upcoming: "neutral", running: "success", ended: null };

const phaseOf = (c: { startDate: string; endDate: string }) => campaignDays(c.startDate, c.endDate, kuwaitDate()).phase;

export function PhaseTag({ campaign }: { campaign: { startDate: string; endDate: string } }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const phase = phaseOf(campaign);
  return (
    <ToneTag tone={PHASE_TONES[phase]} testId="campaign-phase">
      {t(`phase.${phase}`)}
    </ToneTag>
  );
}

/** "8 Feb 2027 – 9 Mar 2027" with "20 Shaʻban – 20 Ramadan 1448 AH" beside it: planning is done in both calendars. */
export function CampaignDates({
  startDate,
  endDate,
  hijri = true,
}: {
  startDate: string;
  endDate: string;
  hijri?: boolean;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  return (
    <span className="sufra-campaign-dates" data-testid="campaign-dates">
      <span>
        <time dateTime={startDate}>{formatDate(dayInstant(startDate), locale)}</time>
        {" – "}
        <time dateTime={endDate}>{formatDate(dayInstant(endDate), locale)}</time>
      </span>
      {hijri && (
        <Typography.Text type="secondary" className="sufra-campaign-hijri" data-testid="campaign-hijri">
          {t("hijri", {
            from: formatHijri(dayInstant(startDate), locale).replace(/\s*(AH|هـ)$/u, ""),
            to: formatHijri(dayInstant(endDate), locale).replace(/\s*(AH|هـ)$/u, ""),
          })}
        </Typography.Text>
      )}
    </span>
  );
}

export interface ProgressShape {
  metric: CampaignMetric;
  target: number | null;
  actual: number | null;
  percent: number | null;
}

/** The goal's progress bar and its words ("5,000 of 10,000 Reach"); over 100% shows as a full bar with the real figure. */
export function GoalProgress({ progress, size = "default" }: { progress: ProgressShape; size?: "small" | "default" }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { token } = theme.useToken();
  const metric = metricLabel(progress.metric, locale);
  if (progress.target === null) return <Typography.Text type="secondary">{t("noTarget")}</Typography.Text>;
  if (progress.actual === null || progress.percent === null)
    return <Typography.Text type="secondary">{t("resultMissing", { metric })}</Typography.Text>;
  const label = t("progressOf", {
    actual: formatNumber(progress.actual, locale),
    target: formatNumber(progress.target, locale),
    metric,
  });
  return (
    <div className="sufra-campaign-progress" data-testid="campaign-progress">
      <Progress
        percent={Math.min(100, progress.percent)}
        // a reached goal shows in a green bar; its figure keeps the text colour (antd's success status
        // writes it in light green, under the contrast a figure needs)
        status="normal"
        strokeColor={progress.percent >= 100 ? token.colorSuccess : undefined}
        size={size === "small" ? "small" : undefined}
        format={() => <bdi>{formatPercent(progress.percent!, locale)}</bdi>}
        aria-label={label}
      />
      <Typography.Text type="secondary" className="sufra-campaign-progress-text">
        {label}
      </Typography.Text>
    </div>
  );
}
