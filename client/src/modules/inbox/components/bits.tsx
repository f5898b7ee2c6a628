// Small pieces of the inbox: the stars, the source with its icon, the branch, the sentiment, status and
// topic tags, the day it was written, the demo label, and the GraphQL <-> @sufra/schema name conversions.
import {
  CoffeeOutlined,
  EditOutlined,
  FacebookOutlined,
  GoogleOutlined,
  InstagramOutlined,
  MessageOutlined,
  ShopOutlined,
} from "@ant-design/icons";
import {
  REVIEW_INTENTS,
  REVIEW_SENTIMENTS,
  REVIEW_SOURCES,
  REVIEW_STATUSES,
  REVIEW_TOPICS,
  type Locale,
  type ReviewIntent,
  type ReviewSentiment,
  type ReviewSource,
  type ReviewStatus,
  type ReviewTopic,
} from "@sufra/schema";
import { Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TagTone } from "../../../shared/tagColors.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { formatDate, formatDateTime, formatNumber, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";

/** The source's name in the person's language (Latin brand names stay left-to-right in Arabic). */
export const sourceLabel = (s: ReviewSource, locale: Locale) => REVIEW_SOURCES[s][locale];

const SOURCE_ICONS: Partial<Record<ReviewSource, ReactNode>> = {
  google: <GoogleOutlined />,
  instagram: <InstagramOutlined />,
  facebook: <FacebookOutlined />,
  talabat: <ShopOutlined />,
  deliveroo: <ShopOutlined />,
  carriage: <ShopOutlined />,
  tripadvisor: <CoffeeOutlined />,
  manual: <EditOutlined />,
};

/** ★★★★☆ with "4 out of 5 stars" for screen readers; nothing for a comment (it has no stars). */
export function Stars({ rating }: { rating: number | null }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  if (rating === null) return null;
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span
      className="sufra-stars"
      role="img"
      aria-label={t("stars", { n: formatNumber(n, locale) })}
      data-testid="review-stars"
    >
      <span aria-hidden className="sufra-stars-on">
        {"★".repeat(n)}
      </span>
      <span aria-hidden className="sufra-stars-off">
        {"★".repeat(5 - n)}
      </span>
    </span>
  );
}

export function SourceTag({ source, comment }: { source: ReviewSource; comment?: boolean }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  return (
    <Tag data-testid="review-source" icon={SOURCE_ICONS[source] ?? <MessageOutlined />} className="sufra-source-tag">
      <bdi>{sourceLabel(source, locale)}</bdi>
      {comment && (
        <span className="sufra-kind">
          {partSeparator(locale)}
          {t("kind.comment")}
        </span>
      )}
    </Tag>
  );
}

export function BranchTag({ branch }: { branch: { title: string } | null }) {
  if (!branch) return null;
  return (
    <Tag data-testid="review-branch" icon={<ShopOutlined />}>
      <bdi>{branch.title}</bdi>
    </Tag>
  );
}

export function DemoTag({ demo }: { demo: boolean }) {
  const { t } = useTranslation(INBOX_NS);
  if (!demo) return null;
  return (
    <ToneTag tone="neutral" testId="review-demo">
      {t("demo")}
    </ToneTag>
  );
}

const SENTIMENT_TONES: Record<ReviewSentiment, TagTone | null> = {
  positive: "success",
  neutral: null,
  negative: "danger",
};
const STATUS_TONES: Record<ReviewStatus, TagTone | null> = { new: "warning", approved: "neutral", replied: "success" };

export function SentimentTag({ sentiment }: { sentiment: ReviewSentiment }) {
  const locale = useLocale();
  return (
    <ToneTag tone={SENTIMENT_TONES[sentiment]} testId="review-sentiment">
      {REVIEW_SENTIMENTS[sentiment][locale]}
    </ToneTag>
  );
}

/**
 * What the guest asks, when it is something to act on: a question to answer, or an order or booking
 * (a complaint and praise already show as the sentiment; "other" shows nothing).
 */
export function IntentTag({ intent }: { intent: ReviewIntent }) {
  const locale = useLocale();
  if (intent !== "question" && intent !== "order") return null;
  return (
    <ToneTag tone="neutral" testId="review-intent">
      {REVIEW_INTENTS[intent][locale]}
    </ToneTag>
  );
}

/** New, approved, or answered; an answered item says how (sent from Sufra, answered on the network, marked handled). */
export function ReviewStatusTag({ status, via }: { status: ReviewStatus; via?: "sent" | "network" | "marked" | null }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  return (
    <ToneTag tone={STATUS_TONES[status]} testId="review-status">
      {status === "replied" && via ? t(`via.${via}`) : REVIEW_STATUSES[status][locale]}
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
        <Tag key={x}>{REVIEW_TOPICS[x][locale]}</Tag>
      ))}
    </span>
  );
}

/** When it was written: a day (typed and imported reviews, noon in Kuwait so no zone moves it) or an instant. */
export function ReviewDate({ value }: { value: string }) {
  const locale = useLocale();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <time dateTime={value}>{day ? formatDate(`${value}T12:00:00+03:00`, locale) : formatDateTime(value, locale)}</time>
  );
}

export const excerpt = (text: string, max = 160) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
};
