// The body of a network's preview where the network shows a post its own way (docs/product.md#posts):
// an Instagram story (a 9:16 frame, its progress bar and the profile chip, no caption), a reel and a
// TikTok post (9:16, the caption over the bottom, the side icons, a reel's sound), a Facebook Page post
// (the page's name, the text, a grid of photos or the link's card) and an X thread (the posts stacked,
// numbered as xPostParts numbers them, the link's reply last). The text is previewPost's (@sufra/schema), cut where the network cuts it; the frames
// are drawn with logical properties, so they mirror in Arabic.
import { BookFilled, HeartFilled, MessageFilled, ShareAltOutlined, SoundOutlined } from "@ant-design/icons";
import type { NetworkOptions, PlatformPreview } from "@sufra/schema";
import { Avatar, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, joinParts } from "../../../../lib/format.ts";
import { useLocale } from "../../../../lib/useLocale.ts";
import type { PostMedia } from "../../upload.ts";
import { NETWORKS_NS } from "./networks.i18n.ts";

interface Props {
  preview: PlatformPreview;
  options: NetworkOptions | null;
  media: readonly PostMedia[];
  handle?: string | null;
  /** the account's shown name (a Facebook Page's name) */
  displayName?: string | null;
}

const picture = (m: PostMedia | undefined) => m?.thumbnailUrl ?? (m?.kind === "IMAGE" ? m.url : null) ?? null;
const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

function Chip({ handle }: { handle?: string | null }) {
  return (
    <span className="sufra-phone-chip">
      <Avatar size={24} aria-hidden>
        {(handle ?? "?")[0]?.toUpperCase()}
      </Avatar>
      {handle && <bdi dir="ltr">{handle}</bdi>}
    </span>
  );
}

/** The icons down the side of a vertical video, as decoration with one label for readers. */
function SideIcons() {
  const { t } = useTranslation(NETWORKS_NS);
  return (
    <span className="sufra-phone-side" role="img" aria-label={t("preview.sideIcons")}>
      <HeartFilled aria-hidden />
      <MessageFilled aria-hidden />
      <BookFilled aria-hidden />
      <ShareAltOutlined aria-hidden />
    </span>
  );
}

/** A 9:16 frame with the post's first picture behind what is drawn on it. */
function Phone({
  kind,
  label,
  media,
  children,
}: {
  kind: string;
  label: string;
  media: readonly PostMedia[];
  children: ReactNode;
}) {
  const bg = picture(media.find((m) => m.kind === "VIDEO") ?? media[0]);
  return (
    <figure className={`sufra-phone sufra-phone-${kind}`} data-testid={`phone-${kind}`}>
      {bg ? (
        <img className="sufra-phone-media" src={bg} alt="" loading="lazy" />
      ) : (
        <span className="sufra-phone-media" />
      )}
      {children}
      <figcaption className="sufra-visually-hidden">{label}</figcaption>
    </figure>
  );
}

/** The preview's body when the network shows the post its own way (a hook: it reads the language); null: the card's usual body. */
export function useNetworkPreviewBody({ preview, options, media, handle, displayName }: Props): ReactNode {
  const { t } = useTranslation(NETWORKS_NS);
  const locale = useLocale();
  const p = preview.platform;
  const text = preview.overLimit ? preview.truncated : preview.text;

  if (p === "instagram" && options?.instagram?.format === "story")
    return (
      <Phone kind="story" label={t("preview.story")} media={media}>
        <span className="sufra-phone-progress" aria-hidden>
          {(media.length ? media : [null]).map((_, i) => (
            <span key={i} className="sufra-phone-progress-bar" />
          ))}
        </span>
        <span className="sufra-phone-top">
          <Chip handle={handle} />
        </span>
        {/* the figure's caption says the same to screen readers */}
        <Typography.Text className="sufra-phone-note" aria-hidden>
          {t("preview.story")}
        </Typography.Text>
      </Phone>
    );

  if ((p === "instagram" && options?.instagram?.format === "reel") || p === "tiktok") {
    const audio = p === "instagram" ? options?.instagram?.reel?.audioName : null;
    return (
      <Phone
        kind={p === "tiktok" ? "tiktok" : "reel"}
        label={p === "tiktok" ? t("preview.tiktok") : t("preview.reel")}
        media={media}
      >
        <SideIcons />
        <span className="sufra-phone-bottom">
          {handle && (
            <bdi dir="ltr" className="sufra-phone-handle">
              @{handle}
            </bdi>
          )}
          {p === "tiktok" && options?.tiktok?.title && (
            <strong dir="auto" className="sufra-phone-title" data-testid="preview-tiktok-title">
              {options.tiktok.title}
            </strong>
          )}
          {text && (
            <span className="sufra-phone-caption" dir="auto" data-testid={`preview-text-${p}`}>
              {text}
            </span>
          )}
          {p === "instagram" && (
            <span className="sufra-phone-audio" data-testid="preview-reel-audio">
              <SoundOutlined aria-hidden />{" "}
              <bdi dir="auto">{audio || joinParts([handle, t("preview.audio")], locale)}</bdi>
            </span>
          )}
        </span>
      </Phone>
    );
  }

  if (p === "facebook") {
    const link = options?.facebook?.link;
    const shown = media.slice(0, 4);
    return (
      <article className="sufra-fb" aria-label={t("preview.facebook")} data-testid="preview-facebook-card">
        <header className="sufra-fb-head">
          <Avatar size={32} aria-hidden>
            {(displayName ?? handle ?? "?")[0]?.toUpperCase()}
          </Avatar>
          <span className="sufra-fb-name">
            <bdi dir="auto">{displayName ?? handle}</bdi>
            <Typography.Text type="secondary">{t("preview.now")}</Typography.Text>
          </span>
        </header>
        {text && (
          <p className="sufra-preview-text" dir="auto" data-testid="preview-text-facebook">
            {text}
          </p>
        )}
        {shown.length > 0 ? (
          <div className={`sufra-fb-grid sufra-fb-grid-${shown.length}`}>
            {shown.map((m, i) => (
              <span key={m.id} className="sufra-fb-cell">
                {picture(m) && <img src={picture(m)!} alt="" loading="lazy" />}
                {i === 3 && media.length > 4 && (
                  <span className="sufra-fb-more">+{formatNumber(media.length - 4, locale)}</span>
                )}
              </span>
            ))}
          </div>
        ) : (
          link && (
            <div className="sufra-fb-link" data-testid="preview-facebook-link">
              <bdi dir="ltr" className="sufra-fb-link-host">
                {hostOf(link).toUpperCase()}
              </bdi>
              <bdi dir="ltr" className="sufra-fb-link-url">
                {link}
              </bdi>
            </div>
          )
        )}
      </article>
    );
  }

  if (p === "twitter" && preview.thread && preview.thread.length > 1) {
    const first = picture(media[0]);
    return (
      <ol className="sufra-x-thread" aria-label={t("preview.thread")} data-testid="preview-x-thread">
        {preview.thread.map((part, i) => (
          <li key={i} className="sufra-x-post" data-testid="preview-x-part">
            <Avatar size={28} aria-hidden>
              {(handle ?? "?")[0]?.toUpperCase()}
            </Avatar>
            <div className="sufra-x-body">
              {handle && (
                <bdi dir="ltr" className="sufra-preview-handle">
                  @{handle}
                </bdi>
              )}
              <p className="sufra-preview-text" dir="auto">
                {part}
              </p>
              {i === 0 && first && <img className="sufra-preview-media" src={first} alt="" loading="lazy" />}
            </div>
          </li>
        ))}
      </ol>
    );
  }
  return null;
}
