// The composer's Snapchat part (docs/product.md#posts): where a public profile post goes (Story, Saved
// Story or Spotlight). Shown only when Sufra posts to Snapchat itself; an assisted account (posted by
// hand) keeps the notice beside the network's name instead.
import { SNAPCHAT_POST_KINDS, type SnapchatPostKind } from "@sufra/schema";
import { Form, Radio, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { NETWORKS_NS } from "../i18n.ts";
import type { SnapchatDraft } from "./draft.ts";
import "./i18n.ts";

interface Props {
  value: SnapchatDraft;
  onChange: (next: SnapchatDraft) => void;
}

export function SnapchatSection({ value, onChange }: Props) {
  const { t } = useTranslation(NETWORKS_NS);
  return (
    <section className="sufra-network-section" aria-labelledby="snapchat-options-title" data-testid="snapchat-options">
      <Typography.Title level={3} id="snapchat-options-title" className="sufra-section-title">
        {t("snapchat.title")}
      </Typography.Title>
      <Form.Item
        label={<span id="snapchat-kind-label">{t("snapchat.kind")}</span>}
        extra={t(`snapchat.hints.${value.kind}`)}
      >
        <Radio.Group
          optionType="button"
          value={value.kind}
          onChange={(e) => onChange({ kind: e.target.value as SnapchatPostKind })}
          options={SNAPCHAT_POST_KINDS.map((k) => ({ value: k, label: t(`snapchat.kinds.${k}`) }))}
          aria-labelledby="snapchat-kind-label"
          data-testid="snapchat-kind"
        />
      </Form.Item>
    </section>
  );
}
