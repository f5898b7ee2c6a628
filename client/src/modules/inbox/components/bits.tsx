// Small pieces of the reviews screen: the stars, the source, sentiment, status and topic tags, the
// review's date, and the GraphQL <-> @sufra/schema name conversions.
import { REVIEW_SENTIMENTS, REVIEW_SOURCES, REVIEW_STATUSES, REVIEW_TOPICS, type ReviewSentiment as SchemaSentiment, type ReviewSource as SchemaSource, type ReviewStatus as SchemaStatus, type ReviewTopic as SchemaTopic } from "@sufra/schema";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { TagTone } from "../../../shared/tagColors.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import type { ReviewSentiment, ReviewSource, ReviewStatus, ReviewTopic } from "../../../graphql/graphql.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";

export const sourceName = (s: ReviewSource): SchemaSource => s.toLowerCase() as SchemaSource;
export const gqlSource = (s: SchemaSource): ReviewSource => s.toUpperCase() as ReviewSource;
const lower = <T extends string>(s: string) => s.toLowerCase() as T;

/** The source's name in the person's language (Latin brand names stay left-to-right in Arabic). */
export const sourceLabel = (s: ReviewSource, locale: "en" | "ar") => REVIEW_SOURCES[sourceName(s)][locale];

/** ★★★★☆ with "4 out of 5 stars" for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="sufra-stars" role="img" aria-label={t("stars", { n: formatNumber(n, locale) })} data-testid="review-stars">
      <span aria-hidden className="sufra-stars-on">
        {"★".repeat(n)}
      </span>
      <span aria-hidden className="sufra-stars-off">
        {"★".repeat(5 - n)}
      </span>
    </span>
  );
}

export function SourceTag({ source }: { source: ReviewSource }) {
  const locale = useLocale();
  return (
    <Tag data-testid="review-source">
      <bdi>{sourceLabel(source, locale)}</bdi>
    </Tag>
  );
}


const SENTIMENT_TONES: Record<SchemaSentiment, TagTone | null> = { positive: "success", neutral: null, negative: "danger" };
const STATUS_TONES: Record<SchemaStatus, TagTone | null> = { new: "warning", approved: "neutral", replied: "success" };

export function SentimentTag({ sentiment }: { sentiment: ReviewSentiment }) {
  const locale = useLocale();
  const s = lower<SchemaSentiment>(sentiment);
  return (
    <ToneTag tone={SENTIMENT_TONES[s]} testId="review-sentiment">
      {REVIEW_SENTIMENTS[s][locale]}
    </ToneTag>
  );
}

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const locale = useLocale();
  const s = lower<SchemaStatus>(status);
  return (
    <ToneTag tone={STATUS_TONES[s]} testId="review-status">
      {REVIEW_STATUSES[s][locale]}
    </ToneTag>
  );
}

export function TopicTags({ topics }: { topics: readonly ReviewTopic[] }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  if (!topics.length) return <span className="sufra-muted">{t("drawer.noTopics")}</span>;
  return (
    <span className="sufra-review-topics" data-testid="review-topics">
      {topics.map((x) => (
        <Tag key={x}>{REVIEW_TOPICS[lower<SchemaTopic>(x)][locale]}</Tag>
      ))}
    </span>
  );
}

/** A review's day (YYYY-MM-DD) in the person's locale; noon in Kuwait, so no zone moves the day. */
export function ReviewDate({ value }: { value: string }) {
  const locale = useLocale();
  return <time dateTime={value}>{formatDate(`${value}T12:00:00+03:00`, locale)}</time>;
}

export const excerpt = (text: string, max = 160) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
};
