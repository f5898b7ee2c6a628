// TikTok's preview body (docs/product.md#posts): a 9:16 frame with the side icons, the handle, a photo
// post's title and the caption over the bottom.
import { Phone, shownText, SideIcons, type PreviewBody } from "../frame.tsx";
import "./i18n.ts";

export const tiktokPreview: PreviewBody = ({ preview, options, media, handle, t }) => {
  const text = shownText(preview);
  return (
    <Phone kind="tiktok" label={t("preview.tiktok")} media={media}>
      <SideIcons />
      <span className="sufra-phone-bottom">
        {handle && (
          <bdi dir="ltr" className="sufra-phone-handle">
            @{handle}
          </bdi>
        )}
        {options?.tiktok?.title && (
          <strong dir="auto" className="sufra-phone-title" data-testid="preview-tiktok-title">
            {options.tiktok.title}
          </strong>
        )}
        {text && (
          <span className="sufra-phone-caption" dir="auto" data-testid="preview-text-tiktok">
            {text}
          </span>
        )}
      </span>
    </Phone>
  );
};
