// One network's preview, a little like that network shows a post: the account, the first picture, the
// caption as published (cut where the network would cut it), the count as the network counts it, the
// hashtags, and what stops or weakens the post there, in the person's language. Computed in the
// browser by @sufra/schema's previewPost, the same function the server runs before it publishes.
// Where a network shows a post its own way (a story, a reel, TikTok, a Facebook Page, an X thread),
// networks/NetworkPreview draws it so.
import {
  PLATFORM_LABELS,
  postIssueText,
  type GooglePostOptions,
  type NetworkOptions,
  type PlatformPreview,
} from "@sufra/schema";
import { Card, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";
import type { PostMedia } from "../upload.ts";
import { PlatformIcon } from "../../../shared/postBits.tsx";
import { useNetworkPreviewBody } from "./networks/NetworkPreview.tsx";

interface Props {
  preview: PlatformPreview;
  handle?: string | null;
  demo?: boolean;
  media?: PostMedia;
  /** Instagram: the crop chosen for the first picture */
  thumbnail?: string | null;
  /** Google: the post's kind, title, dates, offer and button, shown as Google lays them out */
  google?: GooglePostOptions | null;
  /** the post's options on every network (the shared rule's shape) */
  options?: NetworkOptions | null;
  /** every photo and video of the post, in order */
  allMedia?: readonly PostMedia[];
  /** the account's shown name (a Facebook Page's name) */
  displayName?: string | null;
  /** problems the composer found beyond previewPost's (TikTok's creator settings), in the person's language */
  extraErrors?: readonly string[];
}

const isInstant = (v: string | null | undefined): v is string => !!v && !Number.isNaN(Date.parse(v));

export function PreviewCard({
  preview,
  handle,
  demo,
  media,
  thumbnail,
  google,
  options = null,
  allMedia,
  displayName,
  extraErrors = [],
}: Props) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const p = preview.platform;
  const n = (v: number) => formatNumber(v, locale);
  const name = PLATFORM_LABELS[p][locale];
  const picture = thumbnail ?? media?.thumbnailUrl ?? null;
  const own = useNetworkPreviewBody({
    preview,
    options,
    media: allMedia ?? (media ? [media] : []),
    handle,
    displayName,
  });
  return (
    <Card
      size="small"
      className={`sufra-preview sufra-preview-${p}${preview.overLimit ? " sufra-preview-over" : ""}`}
      data-testid={`preview-${p}`}
      title={
        <span className="sufra-preview-head">
          <PlatformIcon platform={p} />
          <bdi>{name}</bdi>
          {handle && (
            <bdi dir="ltr" className="sufra-preview-handle">
              @{handle}
            </bdi>
          )}
          {demo && <Tag>{t("demo")}</Tag>}
        </span>
      }
      extra={
        <span
          className={`sufra-counter${preview.overLimit ? " is-over" : ""}`}
          aria-label={t("composer.counterLabel", { platform: name })}
          data-testid={`counter-${p}`}
        >
          <bdi dir="ltr">{t("composer.counter", { length: n(preview.length), limit: n(preview.limit) })}</bdi>
        </span>
      }
    >
      {own}
      {!own && picture && <img className="sufra-preview-media" src={picture} alt="" loading="lazy" />}
      {p === "google" && google && (
        <div className="sufra-preview-google-head" data-testid="preview-google-head">
          <Tag>{t(`google.types.${google.type}`)}</Tag>
          {google.event?.title && (
            <Typography.Text strong dir="auto" data-testid="preview-google-title">
              {google.event.title}
            </Typography.Text>
          )}
          {isInstant(google.event?.startsAt) && isInstant(google.event?.endsAt) && (
            <Typography.Text type="secondary" data-testid="preview-google-dates">
              {t("google.runs", {
                from: formatDateTime(google.event.startsAt, locale),
                to: formatDateTime(google.event.endsAt, locale),
              })}
            </Typography.Text>
          )}
        </div>
      )}
      {!own && preview.text && (
        <>
          {preview.overLimit && (
            <Typography.Text type="secondary" className="sufra-preview-cut-label">
              {t("composer.cutHere", { platform: name })}
            </Typography.Text>
          )}
          <p className="sufra-preview-text" dir="auto" data-testid={`preview-text-${p}`}>
            {preview.overLimit ? preview.truncated : preview.text}
          </p>
        </>
      )}
      {p === "google" &&
        google &&
        (google.offer?.couponCode || google.offer?.terms || google.offer?.redeemUrl || google.cta) && (
          <div className="sufra-preview-google-foot" data-testid="preview-google-foot">
            {google.offer?.couponCode && (
              <div className="sufra-preview-coupon">
                {t("google.couponShown")} <bdi dir="ltr">{google.offer.couponCode}</bdi>
              </div>
            )}
            {google.offer?.terms && (
              <Typography.Text type="secondary" dir="auto">
                {google.offer.terms}
              </Typography.Text>
            )}
            {google.offer?.redeemUrl && <span className="sufra-preview-cta">{t("google.redeemOnline")}</span>}
            {google.cta && <span className="sufra-preview-cta">{t(`google.actions.${google.cta.action}`)}</span>}
          </div>
        )}
      <div className="sufra-preview-meta">
        <Typography.Text type="secondary">
          {preview.hashtagLimit === null
            ? t("composer.hashtagCount", { n: n(preview.hashtagCount) })
            : t("composer.hashtagCountOf", { n: n(preview.hashtagCount), limit: n(preview.hashtagLimit) })}
        </Typography.Text>
        {preview.overLimit && (
          <Typography.Text type="danger" data-testid={`over-${p}`}>
            {t("composer.overLimit", { n: n(-preview.remaining) })}
          </Typography.Text>
        )}
      </div>
      {(preview.errors.length > 0 || preview.warnings.length > 0 || extraErrors.length > 0) && (
        <ul className="sufra-issues" data-testid={`issues-${p}`}>
          {extraErrors.map((text, i) => (
            <li key={`x${i}`} className="sufra-issue is-error">
              <Typography.Text type="danger">{text}</Typography.Text>
            </li>
          ))}
          {preview.errors.map((issue, i) => (
            <li key={`e${i}`} className="sufra-issue is-error">
              <Typography.Text type="danger">{postIssueText(issue, locale, n)}</Typography.Text>
            </li>
          ))}
          {preview.warnings.map((issue, i) => (
            <li key={`w${i}`} className="sufra-issue is-warning">
              <Typography.Text type="warning">{postIssueText(issue, locale, n)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
