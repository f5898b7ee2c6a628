// One network's preview, a little like that network shows a post: the account, the first picture, the
// caption as published (cut where the network would cut it), the count as the network counts it, the
// hashtags, and what stops or weakens the post there, in the person's language. Computed in the
// browser by @sufra/schema's previewPost, the same function the server runs before it publishes.
import { PLATFORM_LABELS, postIssueText, type PlatformPreview } from "@sufra/schema";
import { Card, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";
import type { PostMedia } from "../upload.ts";
import { PlatformIcon } from "../../../shared/postBits.tsx";

interface Props {
  preview: PlatformPreview;
  handle?: string | null;
  demo?: boolean;
  media?: PostMedia;
  /** Instagram: the crop chosen for the first picture */
  thumbnail?: string | null;
}

export function PreviewCard({ preview, handle, demo, media, thumbnail }: Props) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const p = preview.platform;
  const n = (v: number) => formatNumber(v, locale);
  const name = PLATFORM_LABELS[p][locale];
  const picture = thumbnail ?? media?.thumbnailUrl ?? null;
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
        <span className={`sufra-counter${preview.overLimit ? " is-over" : ""}`} aria-label={t("composer.counterLabel", { platform: name })} data-testid={`counter-${p}`}>
          <bdi dir="ltr">{t("composer.counter", { length: n(preview.length), limit: n(preview.limit) })}</bdi>
        </span>
      }
    >
      {picture && <img className="sufra-preview-media" src={picture} alt="" loading="lazy" />}
      {preview.text && (
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
      <div className="sufra-preview-meta">
        <Typography.Text type="secondary">
          {preview.hashtagLimit === null ? t("composer.hashtagCount", { n: n(preview.hashtagCount) }) : t("composer.hashtagCountOf", { n: n(preview.hashtagCount), limit: n(preview.hashtagLimit) })}
        </Typography.Text>
        {preview.overLimit && (
          <Typography.Text type="danger" data-testid={`over-${p}`}>
            {t("composer.overLimit", { n: n(-preview.remaining) })}
          </Typography.Text>
        )}
      </div>
      {(preview.errors.length > 0 || preview.warnings.length > 0) && (
        <ul className="sufra-issues" data-testid={`issues-${p}`}>
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
