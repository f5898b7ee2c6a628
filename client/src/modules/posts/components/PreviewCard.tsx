// One network's preview, a little like that network shows a post: the account, the first picture, the
// caption as published (cut where the network would cut it), the count as the network counts it, the
// hashtags, and what stops or weakens the post there, in the person's language. Computed in the
// browser by @sufra/schema's previewPost, the same function the server runs before it publishes.
// Where a network shows a post its own way (a story, a reel, TikTok, a Facebook Page, an X thread),
// that network's pack draws it so (client/src/networks/<network>/preview.tsx), as it draws Google's
// kind, offer and button.
import {
  PLATFORM_LABELS,
  postIssueText,
  type GooglePostOptions,
  type NetworkOptions,
  type PlatformPreview,
} from "@sufra/schema";
import { Card, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";
import { PlatformIcon } from "../../../shared/postBits.tsx";
import { networkPack, useNetworkPreviewBody, type PostMedia } from "../../../networks/index.ts";

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
  const pack = networkPack(p);
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
      {pack.PreviewHead && google && <pack.PreviewHead google={google} />}
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
      {pack.PreviewFoot && google && <pack.PreviewFoot google={google} />}
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
