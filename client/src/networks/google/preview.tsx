// Google's parts of its preview (docs/product.md#posts), laid out as Google shows a Business Profile post:
// above the text the kind of post with an event's or offer's title and dates, below it the coupon, the
// terms and the button.
import type { GooglePostOptions } from "@sufra/schema";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { COMPOSER_NS } from "../i18n.ts";
import "./i18n.ts";
import "./composer.css";

const isInstant = (v: string | null | undefined): v is string => !!v && !Number.isNaN(Date.parse(v));

/** The kind of post, an event's or offer's title and its dates in Kuwait. */
export function GooglePreviewHead({ google }: { google: GooglePostOptions }) {
  const { t } = useTranslation(COMPOSER_NS);
  const locale = useLocale();
  return (
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
  );
}

/** An offer's coupon, terms and redeem link, and the button; nothing when the post has none. */
export function GooglePreviewFoot({ google }: { google: GooglePostOptions }) {
  const { t } = useTranslation(COMPOSER_NS);
  if (!(google.offer?.couponCode || google.offer?.terms || google.offer?.redeemUrl || google.cta)) return null;
  return (
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
  );
}
