// Instagram's preview bodies (docs/product.md#posts): a story as a 9:16 frame with its progress bar and
// the profile chip (Instagram shows no caption on it), and a reel as a 9:16 frame with the caption over
// the bottom, the side icons and the reel's sound. A feed post keeps the card's usual body.
import { SoundOutlined } from "@ant-design/icons";
import { Typography } from "antd";
import { joinParts } from "../../lib/format.ts";
import { Chip, Phone, shownText, SideIcons, type PreviewBody } from "../frame.tsx";
import "./i18n.ts";
import "./preview.css";

export const instagramPreview: PreviewBody = ({ preview, options, media, handle, t, locale }) => {
  const format = options?.instagram?.format;
  if (format === "story")
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
  if (format !== "reel") return null;
  const text = shownText(preview);
  const audio = options?.instagram?.reel?.audioName;
  return (
    <Phone kind="reel" label={t("preview.reel")} media={media}>
      <SideIcons />
      <span className="sufra-phone-bottom">
        {handle && (
          <bdi dir="ltr" className="sufra-phone-handle">
            @{handle}
          </bdi>
        )}
        {text && (
          <span className="sufra-phone-caption" dir="auto" data-testid="preview-text-instagram">
            {text}
          </span>
        )}
        <span className="sufra-phone-audio" data-testid="preview-reel-audio">
          <SoundOutlined aria-hidden /> <bdi dir="auto">{audio || joinParts([handle, t("preview.audio")], locale)}</bdi>
        </span>
      </span>
    </Phone>
  );
};
