// The frames network previews share (docs/product.md#posts): a 9:16 phone with the post's first picture
// behind what a network draws on it, the profile chip, the icons down a vertical video's side, and the
// props every pack's preview body reads. The frames use logical properties, so they mirror in Arabic.
import { BookFilled, HeartFilled, MessageFilled, ShareAltOutlined } from "@ant-design/icons";
import type { Locale, NetworkOptions, PlatformPreview } from "@sufra/schema";
import { Avatar } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NETWORKS_NS } from "./i18n.ts";
import type { PostMedia } from "./types.ts";
import "./frame.css";

/** What a pack's preview body reads: the preview, the post's options, its media, the account. */
export interface PreviewProps {
  preview: PlatformPreview;
  options: NetworkOptions | null;
  media: readonly PostMedia[];
  handle?: string | null;
  /** the account's shown name where the network shows one (a Page's name) */
  displayName?: string | null;
}

/** A pack's preview body, given the networks namespace's texts and the language; null: the card's usual body. */
export type PreviewBody = (p: PreviewProps & { t: TFunction; locale: Locale }) => ReactNode;

/** previewPost's text, cut where the network cuts it. */
export const shownText = (preview: PlatformPreview) => (preview.overLimit ? preview.truncated : preview.text);

export const picture = (m: PostMedia | undefined) => m?.thumbnailUrl ?? (m?.kind === "IMAGE" ? m.url : null) ?? null;
export function Chip({ handle }: { handle?: string | null }) {
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
export function SideIcons() {
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
export function Phone({
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
