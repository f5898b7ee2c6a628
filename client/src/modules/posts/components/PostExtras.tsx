// What a post offers beyond its text, shared by the posts list and the calendar: a small thumbnail of
// its first photo or video, the link to each network's copy once published, and making a new draft from
// it (duplicate, or only its media) that opens in the composer.
import { PictureOutlined, PlayCircleFilled, VideoCameraOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PostsDuplicateDocument, type MediaKind, type Platform, type TargetStatus } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { platformLabel } from "../../../shared/platformMeta.tsx";
import { POSTS_NS } from "../i18n.ts";
import "./postExtras.css";

export interface ThumbMedia {
  id: string;
  kind: MediaKind;
  /** The small variant (a WebP of at most 320 px, or a video's poster); the full-size file is never loaded here. */
  thumbnailUrl?: string | null;
}

const shortCaption = (text: string, max = 60) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
};

/** The thumbnail's description: which kind of file, and the post it belongs to. */
export function thumbAlt(
  t: (key: string, opts?: Record<string, unknown>) => string,
  kind: MediaKind,
  caption?: string | null,
) {
  const video = kind === "VIDEO";
  const text = caption ? shortCaption(caption) : "";
  return text
    ? t(video ? "thumb.video" : "thumb.photo", { caption: text })
    : t(video ? "thumb.videoNoCaption" : "thumb.photoNoCaption");
}

/**
 * The first photo or video of a post, small and lazily loaded, with "+2" when there are more. A file
 * without a small variant shows an icon (never the full-size file). Nothing for a post without media.
 */
export function PostThumb({
  media,
  caption,
  size = 48,
}: {
  media: readonly ThumbMedia[];
  caption?: string | null;
  size?: number;
}) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const first = media[0];
  if (!first) return null;
  const alt = thumbAlt(t, first.kind, caption);
  const more = media.length - 1;
  return (
    <span className="sufra-post-thumb" style={{ inlineSize: size, blockSize: size }} data-testid="post-thumb">
      {first.thumbnailUrl ? (
        <img src={first.thumbnailUrl} alt={alt} loading="lazy" decoding="async" width={size} height={size} />
      ) : (
        <span className="sufra-post-thumb-icon" role="img" aria-label={alt}>
          {first.kind === "VIDEO" ? <VideoCameraOutlined /> : <PictureOutlined />}
        </span>
      )}
      {first.kind === "VIDEO" && first.thumbnailUrl && (
        <PlayCircleFilled className="sufra-post-thumb-play" aria-hidden />
      )}
      {more > 0 && (
        <span className="sufra-post-thumb-more">
          <span aria-hidden>+{formatNumber(more, locale)}</span>
          <span className="sufra-visually-hidden">{t("thumb.more", { n: formatNumber(more, locale) })}</span>
        </span>
      )}
    </span>
  );
}

/** Only a real web address is offered as a link (a network's permalink). */
const isWebLink = (url: string | null | undefined): url is string => !!url && /^https?:\/\/\S+$/i.test(url);

/**
 * Where a published network copy can be seen: a link to the network's own page for it, or, on the
 * simulated (practice/demo) network, a plain label saying it is not on the real network. Nothing while
 * it is not published or the network gave no address.
 */
export function NetworkLink({
  target,
}: {
  target: { id: string; platform: Platform; status: TargetStatus; permalink?: string | null; demo: boolean };
}) {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  if (target.status !== "PUBLISHED") return null;
  const platform = platformLabel(target.platform, locale);
  if (target.demo)
    return (
      <span className="sufra-network-simulated" data-testid={`simulated-${target.id}`}>
        {t("view.simulated", { platform })}
      </span>
    );
  if (!isWebLink(target.permalink)) return null;
  return (
    <a
      className="sufra-network-link"
      href={target.permalink}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={`view-${target.id}`}
    >
      {t("view.on", { platform })}
      <span className="sufra-visually-hidden"> {t("view.newTab")}</span>
    </a>
  );
}

/** Makes a new draft from a post (or only its media) and opens it in the composer. */
export function useDuplicatePost() {
  const { t } = useTranslation(POSTS_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [duplicate, state] = useMutation(PostsDuplicateDocument);
  const run = async (id: string, mediaOnly = false) => {
    let created;
    try {
      created = (await duplicate({ variables: mediaOnly ? { id, mediaOnly } : { id } })).data?.duplicatePost;
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    if (!created) return;
    void message.success(t(mediaOnly ? "duplicate.reused" : "duplicate.done"));
    void navigate(`/posts/${created.id}/edit`);
  };
  return [run, state.loading] as const;
}
