// The calendar's campaign pieces: the filter above it ("All posts" or one campaign's) and, in a post's
// drawer, its campaign with "Add to campaign" / "Change campaign" (or none). The choice of campaigns
// comes from the same list the composer uses, current first.
import { useMutation, useQuery } from "@apollo/client/react";
import { App, Select } from "antd";
import { useTranslation } from "react-i18next";
import { CampaignsOptionsDocument, CampaignsSetPostCampaignDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { CAMPAIGNS_NS } from "../i18n.ts";
import "../campaigns.css";
import { ToneTag } from "../../../shared/ToneTag.tsx";

const ALL = "";

export function CampaignFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const options = useQuery(CampaignsOptionsDocument, { fetchPolicy: "cache-and-network" });
  const campaigns = options.data?.campaigns ?? [];
  // nothing to filter by yet: no select at all
  if (!campaigns.length && !value) return null;
  return (
    <div className="sufra-campaign-filter">
      <label htmlFor="calendar-campaign">{t("calendar.filter")}</label>
      <Select
        id="calendar-campaign"
        value={campaigns.some((c) => c.id === value) ? value! : ALL}
        onChange={(v: string) => onChange(v === ALL ? null : v)}
        options={[{ value: ALL, label: t("calendar.all") }, ...campaigns.map((c) => ({ value: c.id, label: c.name }))]}
        data-testid="calendar-campaign-filter"
      />
    </div>
  );
}

/** The post's campaign, changed on the spot; `onChanged` refreshes what depends on it (a filtered calendar). */
export function PostCampaignAction({
  post,
  onChanged,
}: {
  post: { id: string; campaignId?: string | null; campaignName?: string | null; outsideCampaignDates?: boolean };
  onChanged?: () => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { message } = App.useApp();
  const options = useQuery(CampaignsOptionsDocument, { fetchPolicy: "cache-first" });
  const [setCampaign, { loading }] = useMutation(CampaignsSetPostCampaignDocument);
  const campaigns = options.data?.campaigns ?? [];

  const change = async (v: string) => {
    const campaignId = v === ALL ? null : v;
    try {
      const r = (await setCampaign({ variables: { postId: post.id, campaignId } })).data?.setPostCampaign;
      if (!r) return;
      const name = r.campaignName ?? "";
      void message.success(
        !campaignId
          ? t("calendar.removed")
          : r.outsideCampaignDates
            ? t("calendar.outsideAdded", { name })
            : t("calendar.added", { name }),
      );
      onChanged?.();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  // no campaign to add it to yet
  if (!campaigns.length && !post.campaignId) return <span data-testid="post-campaign-none">{t("calendar.none")}</span>;
  return (
    <span className="sufra-campaign-filter">
      <Select
        aria-label={post.campaignId ? t("calendar.change") : t("calendar.add")}
        value={post.campaignId ?? undefined}
        placeholder={t("calendar.add")}
        loading={loading}
        onChange={(v: string) => void change(v)}
        options={[
          ...campaigns.map((c) => ({ value: c.id, label: c.name })),
          ...(post.campaignId ? [{ value: ALL, label: t("calendar.none") }] : []),
        ]}
        // before the list arrives, the post's own campaign name stands for it
        labelRender={(o) => o.label ?? post.campaignName ?? ""}
        style={{ minInlineSize: 200 }}
        data-testid="post-campaign-action"
      />
      {post.campaignId && post.outsideCampaignDates && (
        <ToneTag tone="warning" testId="post-campaign-outside">
          {t("page.outside")}
        </ToneTag>
      )}
    </span>
  );
}
