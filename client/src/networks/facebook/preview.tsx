// Facebook's preview body (docs/product.md#posts): a Page's post with the page's name, the text, a grid
// of up to four photos (the rest counted on the last), or, without photos, the link's card.
import { Avatar, Typography } from "antd";
import { formatNumber } from "../../lib/format.ts";
import { picture, shownText, type PreviewBody } from "../frame.tsx";
import "./i18n.ts";
import "./composer.css";

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

export const facebookPreview: PreviewBody = ({ preview, options, media, handle, displayName, t, locale }) => {
  const text = shownText(preview);
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
};
