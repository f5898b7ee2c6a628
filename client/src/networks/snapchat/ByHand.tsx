// What the person needs to post on Snapchat by hand, when Snap has no way for Sufra to post for them
// (docs/product.md#posts): the caption to copy and the files to download. The post's card then offers
// "It's posted".
import { App, Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { COMPOSER_NS } from "../i18n.ts";
import type { ByHandProps } from "../pack.ts";
import "./i18n.ts";

export function SnapchatByHand({ caption, media }: ByHandProps) {
  const { t } = useTranslation(COMPOSER_NS);
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(caption);
      void message.success(t("target.copied"));
    } catch {
      void message.error(t("errors.UNKNOWN", { ns: "common" }));
    }
  };
  return (
    <>
      <Typography.Text strong>{t("target.manualTitle")}</Typography.Text>
      <Typography.Paragraph type="secondary" className="sufra-attention-text">
        {t("target.manualText")}
      </Typography.Paragraph>
      {caption && (
        <pre className="sufra-manual-caption" dir="auto" data-testid="manual-caption">
          {caption}
        </pre>
      )}
      <div className="sufra-row-actions">
        {caption && (
          <Button size="small" onClick={() => void copy()}>
            {t("target.copy")}
          </Button>
        )}
        {media.map((m) => (
          <Button key={m.id} size="small" href={m.url} download={m.originalName} target="_blank" rel="noreferrer">
            {t("target.download", { name: m.originalName })}
          </Button>
        ))}
      </div>
    </>
  );
}
