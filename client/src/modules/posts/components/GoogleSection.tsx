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
  type GooglePostOptions,
  type GooglePostType,
} from "@sufra/schema";
import { Form, Input, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type {
  GoogleCtaAction as GqlCta,
  GooglePostOptionsInput,
  GooglePostType as GqlType,
} from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { POSTS_NS } from "../i18n.ts";
import { KuwaitDateTimePicker } from "./KuwaitDateTimePicker.tsx";

/** What the person has typed so far; blank fields are blank strings, times ISO instants or null. */
export interface GoogleDraft {
  type: GooglePostType;
  cta: GoogleCtaAction | null;
  url: string;
  couponCode: string;
  redeemUrl: string;
  terms: string;
  title: string;
  startsAt: string | null;
  endsAt: string | null;
}

type StoredOptions =
  | {
      type: string;
      cta?: { action: string; url?: string | null } | null;
      offer?: { couponCode?: string | null; redeemUrl?: string | null; terms?: string | null } | null;
      event?: { title: string; startsAt: string; endsAt: string } | null;
    }
  | null
  | undefined;

/** A post's stored options (GraphQL's upper-case enums) as the form's draft; none: a What's new post. */
export function googleDraftOf(o: StoredOptions): GoogleDraft {
  return {
    type: (o?.type.toLowerCase() as GooglePostType) ?? "standard",
    cta: (o?.cta?.action.toLowerCase() as GoogleCtaAction | undefined) ?? null,
    url: o?.cta?.url ?? "",
    couponCode: o?.offer?.couponCode ?? "",
    redeemUrl: o?.offer?.redeemUrl ?? "",
    terms: o?.offer?.terms ?? "",
    title: o?.event?.title ?? "",
    startsAt: o?.event?.startsAt ?? null,
    endsAt: o?.event?.endsAt ?? null,
  };
}

/** The draft as the shared rule and the preview read it (what the server will check). */
export function googleOptionsOf(d: GoogleDraft): GooglePostOptions {
  const event =
    googlePostHasEvent(d.type) && (d.title.trim() || d.startsAt || d.endsAt)
      ? { title: d.title, startsAt: d.startsAt as string, endsAt: d.endsAt as string }
      : null;
  return {
    type: d.type,
    cta:
      d.cta && googlePostHasButton(d.type)
        ? { action: d.cta, url: googleCtaNeedsUrl(d.cta) ? d.url.trim() || null : null }
        : null,
    offer:
      d.type === "offer"
        ? {
            couponCode: d.couponCode.trim() || null,
            redeemUrl: d.redeemUrl.trim() || null,
            terms: d.terms.trim() || null,
          }
        : null,
    event,
  };
}

/** The draft as GraphQL's GooglePostOptionsInput (sent once the shared rule accepts it). */
export function googleInputOf(d: GoogleDraft): GooglePostOptionsInput {
  const o = googleOptionsOf(d);
  return {
    type: o.type.toUpperCase() as GqlType,
    ...(o.cta ? { cta: { action: o.cta.action.toUpperCase() as GqlCta, url: o.cta.url ?? null } } : {}),
    ...(o.offer
      ? {
          offer: {
            couponCode: o.offer.couponCode ?? null,
            redeemUrl: o.offer.redeemUrl ?? null,
            terms: o.offer.terms ?? null,
          },
        }
      : {}),
    ...(o.event ? { event: { title: o.event.title.trim(), startsAt: o.event.startsAt, endsAt: o.event.endsAt } } : {}),
  };
}

interface Props {
  value: GoogleDraft;
  onChange: (next: GoogleDraft) => void;
  /** problems by the rule's path ("cta.url", "event.title", "offer.couponCode", ...), already in the person's language */
  errors: Record<string, string | undefined>;
}

export function GoogleSection({ value, onChange, errors }: Props) {
  const { t } = useTranslation(POSTS_NS);
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
            <KuwaitDateTimePicker
              id="google-starts"
              value={value.startsAt}
              onChange={(v) => set({ startsAt: v })}
              suggestions={false}
              testId="google-starts"
              status={errors["event.startsAt"] ? "error" : undefined}
            />
          </Form.Item>
          <Form.Item label={t("google.endsAt")} htmlFor="google-ends" {...err("event.endsAt")}>
            <KuwaitDateTimePicker
              id="google-ends"
              value={value.endsAt}
              onChange={(v) => set({ endsAt: v })}
              suggestions={false}
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
