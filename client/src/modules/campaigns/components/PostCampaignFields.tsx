// The composer's "Campaign" and "Occasion" fields: one of the business's campaigns (current first, as
// the server orders them) and what the post is for (CONTENT_OCCASIONS in the person's language). A time
// outside the chosen campaign's days is allowed; a warning says so.
import { useQuery } from "@apollo/client/react";
import { CONTENT_OCCASION_KEYS, CONTENT_OCCASIONS, isOutsideCampaign, type ContentOccasionKey } from "@sufra/schema";
import { Alert, Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CampaignsOptionsDocument } from "../../../graphql/graphql.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { CAMPAIGNS_NS } from "../i18n.ts";
import { dayInstant } from "./bits.tsx";
import "../campaigns.css";

export interface PostCampaignFieldsProps {
  campaignId: string | null;
  occasion: ContentOccasionKey | null;
  /** The post's time (ISO), for the outside-the-dates warning. */
  scheduledFor: string | null;
  onCampaign: (id: string | null) => void;
  onOccasion: (o: ContentOccasionKey | null) => void;
  /** A field's problem the server named (campaignId, occasion). */
  errors?: { campaignId?: string; occasion?: string };
}

export function PostCampaignFields({
  campaignId,
  occasion,
  scheduledFor,
  onCampaign,
  onOccasion,
  errors = {},
}: PostCampaignFieldsProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const options = useQuery(CampaignsOptionsDocument, { fetchPolicy: "cache-and-network" });
  const campaigns = options.data?.campaigns ?? [];
  const chosen = campaigns.find((c) => c.id === campaignId) ?? null;
  const outside = chosen && scheduledFor && isOutsideCampaign(scheduledFor, chosen);

  return (
    <div className="sufra-post-campaign">
      <Form.Item
        label={t("post.campaign")}
        htmlFor="post-campaign"
        extra={
          options.error && !options.data ? (
            <Typography.Text type="danger">{t("post.loadFailed")}</Typography.Text>
          ) : (
            t("post.campaignHint")
          )
        }
        validateStatus={errors.campaignId ? "error" : undefined}
        help={errors.campaignId}
      >
        <Select
          id="post-campaign"
          allowClear
          // a bare id is never shown: the campaign's name once the list is here
          value={chosen?.id}
          onChange={(v: string | undefined) => onCampaign(v ?? null)}
          placeholder={t("post.noCampaign")}
          loading={options.loading && !options.data}
          options={campaigns.map((c) => ({ value: c.id, label: c.name }))}
          data-testid="post-campaign"
        />
      </Form.Item>
      {outside && (
        <Alert
          type="warning"
          showIcon
          className="sufra-form-alert"
          data-testid="campaign-outside"
          title={t("post.outside", {
            name: chosen.name,
            from: formatDate(dayInstant(chosen.startDate), locale),
            to: formatDate(dayInstant(chosen.endDate), locale),
          })}
        />
      )}
      <Form.Item
        label={t("post.occasion")}
        htmlFor="post-occasion"
        validateStatus={errors.occasion ? "error" : undefined}
        help={errors.occasion}
      >
        <Select
          id="post-occasion"
          allowClear
          value={occasion ?? undefined}
          onChange={(v: ContentOccasionKey | undefined) => onOccasion(v ?? null)}
          placeholder={t("post.noOccasion")}
          options={CONTENT_OCCASION_KEYS.map((k) => ({ value: k, label: CONTENT_OCCASIONS[k][locale] }))}
          data-testid="post-occasion"
        />
      </Form.Item>
    </div>
  );
}
