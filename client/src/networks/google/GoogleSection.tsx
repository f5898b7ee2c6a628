// The composer's Google part (docs/product.md#posts), shown when Google is a chosen network: what kind of
// post it is on Google Business Profile (What's new, offer, event), the button under it with its link,
// an offer's coupon, redeem link and terms, and an event's or offer's title and time in Kuwait. The
// limits are Google's, from @sufra/schema (google.ts), whose rule the server applies to the same fields.
import {
  GOOGLE_COUPON_MAX_LENGTH,
  GOOGLE_CTA_ACTIONS,
  GOOGLE_POST_TYPES,
  GOOGLE_TERMS_MAX_LENGTH,
  GOOGLE_TITLE_MAX_LENGTH,
  googleCtaNeedsUrl,
  googlePostHasButton,
  googlePostHasEvent,
  type GoogleCtaAction,
  type GooglePostType,
} from "@sufra/schema";
import { Form, Input, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { COMPOSER_NS } from "../i18n.ts";
import type { GoogleDraft } from "./draft.ts";
import "./i18n.ts";
import type { ComponentType } from "react";
import "./composer.css";

interface Props {
  value: GoogleDraft;
  onChange: (next: GoogleDraft) => void;
  /** problems by the rule's path ("cta.url", "event.title", "offer.couponCode", ...), already in the person's language */
  errors: Record<string, string | undefined>;
  /** the composer's field for a time in Kuwait (an ISO instant or null), without suggested times */
  TimeField: ComponentType<TimeFieldProps>;
}

export interface TimeFieldProps {
  id: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  testId: string;
  status?: "error";
}

export function GoogleSection({ value, onChange, errors, TimeField }: Props) {
  const { t } = useTranslation(COMPOSER_NS);
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const set = (patch: Partial<GoogleDraft>) => onChange({ ...value, ...patch });
  const counter = (max: number) => ({
    max,
    show: ({ count }: { count: number }) => (
      <bdi dir="ltr">{t("composer.counter", { length: n(count), limit: n(max) })}</bdi>
    ),
  });
  const err = (path: string) => (errors[path] ? { validateStatus: "error" as const, help: errors[path] } : {});
  const hasEvent = googlePostHasEvent(value.type);

  return (
    <section className="sufra-google-section" aria-labelledby="google-section-title" data-testid="google-section">
      <Typography.Title level={3} id="google-section-title" className="sufra-section-title">
        {t("google.title")}
      </Typography.Title>
      <Form.Item label={t("google.type")} {...err("type")}>
        <Radio.Group
          optionType="button"
          value={value.type}
          onChange={(e) => set({ type: e.target.value as GooglePostType })}
          options={GOOGLE_POST_TYPES.map((type) => ({ value: type, label: t(`google.types.${type}`) }))}
          aria-label={t("google.type")}
          data-testid="google-type"
        />
      </Form.Item>
      {googlePostHasButton(value.type) ? (
        <>
          <Form.Item label={t("google.button")} htmlFor="google-cta" {...err("cta.action")}>
            <Select
              id="google-cta"
              value={value.cta ?? "none"}
              onChange={(v: string) => set({ cta: v === "none" ? null : (v as GoogleCtaAction) })}
              options={[
                { value: "none", label: t("google.noButton") },
                ...GOOGLE_CTA_ACTIONS.map((a) => ({ value: a, label: t(`google.actions.${a}`) })),
              ]}
              data-testid="google-cta"
            />
          </Form.Item>
          {value.cta && googleCtaNeedsUrl(value.cta) && (
            <Form.Item label={t("google.url")} htmlFor="google-url" extra={t("google.urlHint")} {...err("cta.url")}>
              <Input
                id="google-url"
                dir="ltr"
                inputMode="url"
                value={value.url}
                onChange={(e) => set({ url: e.target.value })}
                placeholder="https://"
                data-testid="google-url"
              />
            </Form.Item>
          )}
          {value.cta === "call" && <Typography.Paragraph type="secondary">{t("google.callHint")}</Typography.Paragraph>}
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="google-offer-no-button">
          {t("google.offerNoButton")}
        </Typography.Paragraph>
      )}
      {hasEvent && (
        <>
          <Form.Item
            label={value.type === "offer" ? t("google.offerTitle") : t("google.eventTitle")}
            htmlFor="google-title"
            {...err("event.title")}
          >
            <Input
              id="google-title"
              dir="auto"
              value={value.title}
              onChange={(e) => set({ title: e.target.value })}
              count={counter(GOOGLE_TITLE_MAX_LENGTH)}
              data-testid="google-title"
            />
          </Form.Item>
          <Form.Item label={t("google.startsAt")} htmlFor="google-starts" {...err("event.startsAt")}>
            <TimeField
              id="google-starts"
              value={value.startsAt}
              onChange={(v) => set({ startsAt: v })}
              testId="google-starts"
              status={errors["event.startsAt"] ? "error" : undefined}
            />
          </Form.Item>
          <Form.Item label={t("google.endsAt")} htmlFor="google-ends" {...err("event.endsAt")}>
            <TimeField
              id="google-ends"
              value={value.endsAt}
              onChange={(v) => set({ endsAt: v })}
              testId="google-ends"
              status={errors["event.endsAt"] ? "error" : undefined}
            />
          </Form.Item>
        </>
      )}
      {value.type === "offer" && (
        <>
          <Form.Item
            label={t("google.couponCode")}
            htmlFor="google-coupon"
            extra={t("google.optional")}
            {...err("offer.couponCode")}
          >
            <Input
              id="google-coupon"
              dir="ltr"
              value={value.couponCode}
              onChange={(e) => set({ couponCode: e.target.value })}
              count={counter(GOOGLE_COUPON_MAX_LENGTH)}
              data-testid="google-coupon"
            />
          </Form.Item>
          <Form.Item
            label={t("google.redeemUrl")}
            htmlFor="google-redeem"
            extra={t("google.optional")}
            {...err("offer.redeemUrl")}
          >
            <Input
              id="google-redeem"
              dir="ltr"
              inputMode="url"
              value={value.redeemUrl}
              onChange={(e) => set({ redeemUrl: e.target.value })}
              placeholder="https://"
              data-testid="google-redeem"
            />
          </Form.Item>
          <Form.Item
            label={t("google.terms")}
            htmlFor="google-terms"
            extra={t("google.optional")}
            {...err("offer.terms")}
          >
            <Input.TextArea
              id="google-terms"
              dir="auto"
              rows={2}
              value={value.terms}
              onChange={(e) => set({ terms: e.target.value })}
              count={counter(GOOGLE_TERMS_MAX_LENGTH)}
              data-testid="google-terms"
            />
          </Form.Item>
        </>
      )}
    </section>
  );
}
