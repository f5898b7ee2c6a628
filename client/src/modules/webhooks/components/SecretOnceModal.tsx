// A signing secret, this once (after creating an endpoint or rotating its secret): a warning, the
// secret, a copy button. Closing it forgets the secret; Sufra never shows it again.
import { Alert, App, Button, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { WEBHOOKS_NS } from "../i18n.ts";

export interface ShownSecret {
  secret: string;
  url: string;
  rotated: boolean;
}

export function SecretOnceModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { message } = App.useApp();

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      void message.success(t("secret.copied"));
    } catch {
      void message.warning(t("secret.copyFailed"));
    }
  };

  return (
    <Modal
      open={!!shown}
      title={t(shown?.rotated ? "secret.rotatedTitle" : "secret.title")}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t("secret.done")}
        </Button>
      }
    >
      {shown && (
        <>
          <Alert type="warning" showIcon title={t("secret.warning")} data-testid="secret-warning" />
          {shown.rotated && (
            <Typography.Paragraph className="sufra-webhook-rotated">{t("secret.rotatedNote")}</Typography.Paragraph>
          )}
          <Typography.Paragraph className="sufra-key-name">
            <bdi dir="ltr">{shown.url}</bdi>
          </Typography.Paragraph>
          <div className="sufra-key-once">
            <code className="sufra-key-value" dir="ltr" aria-label={t("secret.label")} data-testid="new-secret">
              {shown.secret}
            </code>
            <Button onClick={() => void copy()} data-testid="copy-secret">
              {t("secret.copy")}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
