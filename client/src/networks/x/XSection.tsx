// The composer's X part (docs/product.md#posts): a long caption as a numbered thread, and, when the
// preview warns that the post carries a link (X charges an app more for such a post), the link moved
// to a reply under the post in one click, or kept.
import { Alert, Button, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { NETWORKS_NS } from "../i18n.ts";
import type { XDraft } from "./draft.ts";
import "./i18n.ts";

interface Props {
  value: XDraft;
  onChange: (next: XDraft) => void;
  /** the caption carries a link (the preview's xLinkCosts warning, or a link already moved) */
  hasLink: boolean;
}

export function XSection({ value, onChange, hasLink }: Props) {
  const { t } = useTranslation(NETWORKS_NS);
  return (
    <section className="sufra-network-section" aria-labelledby="x-options-title" data-testid="x-options">
      <Typography.Title level={3} id="x-options-title" className="sufra-section-title">
        {t("x.title")}
      </Typography.Title>
      <div className="sufra-switch-row">
        <Switch
          id="x-thread"
          checked={value.thread}
          onChange={(thread) => onChange({ ...value, thread })}
          aria-describedby="x-thread-hint"
          data-testid="x-thread"
        />
        <label htmlFor="x-thread">{t("x.thread")}</label>
      </div>
      <Typography.Paragraph type="secondary" id="x-thread-hint">
        {t("x.threadHint")}
      </Typography.Paragraph>
      {hasLink &&
        (value.linkInReply ? (
          <Alert
            type="success"
            showIcon
            title={t("x.linkMoved")}
            action={
              <Button size="small" onClick={() => onChange({ ...value, linkInReply: false })} data-testid="x-keep-link">
                {t("x.keepLink")}
              </Button>
            }
            data-testid="x-link-moved"
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t("x.linkCost")}
            description={t("x.linkCostHint")}
            action={
              <Button size="small" onClick={() => onChange({ ...value, linkInReply: true })} data-testid="x-move-link">
                {t("x.moveLink")}
              </Button>
            }
            data-testid="x-link-cost"
          />
        ))}
    </section>
  );
}
