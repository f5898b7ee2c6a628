// X's preview body (docs/product.md#posts): a thread as its posts stacked, numbered as xPostParts numbers
// them, the link's reply last; a single post keeps the card's usual body.
import { Avatar } from "antd";
import { picture, type PreviewBody } from "../frame.tsx";
import "./i18n.ts";
import "./composer.css";

export const xPreview: PreviewBody = ({ preview, media, handle, t }) => {
  if (!preview.thread || preview.thread.length < 2) return null;
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
};
