// Payments for guests' orders, in the settings for messages: whether the café's own Tap account is connected,
// test or live, and its merchant id. The café's managers (owners and the account holder) paste its secret key
// (checked with the shared rule first: a publishable pk_ key has its own message), which is kept sealed and
// never shown again, and can disconnect it; everyone else reads.
import { App, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { failureText, useTapAccount } from "../data.ts";
import { ORDERS_NS } from "../i18n.ts";
import { checkTapAccount, type TapProblems } from "../model.ts";
import "../orders.css";

export function TapAccountCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const tap = useTapAccount();
  const [secretKey, setSecretKey] = useState("");
  const [merchantId, setMerchantId] = useState("");
  const [problems, setProblems] = useState<TapProblems>({});
  const account = tap.account;

  const save = async () => {
    const checked = checkTapAccount({ secretKey, merchantId }, locale);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    try {
      await tap.set(checked.value);
      // the key is never shown again, not even here
      setSecretKey("");
      setMerchantId("");
      void message.success(t("settings.saved"));
    } catch (e) {
      setProblems({ secretKey: failureText(e, locale) });
    }
  };
  const disconnect = async () => {
    try {
      await tap.clear();
      void message.success(t("settings.disconnected"));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };

  let state;
  if (!account && tap.error)
    state = (
      <Typography.Paragraph type="danger" data-testid="tap-load-failed">
        {t("settings.loadFailed")}
      </Typography.Paragraph>
    );
  else if (account)
    state = (
      <p className="sufra-order-tap-state" data-testid="tap-state">
        <ToneTag tone={account.connected ? "success" : "neutral"} testId="tap-connected">
          {account.connected ? t("settings.connected") : t("settings.notConnected")}
        </ToneTag>
        {account.mode && (
          <ToneTag tone={account.mode === "live" ? "success" : "warning"} testId="tap-mode">
            {t(`settings.mode.${account.mode}`)}
          </ToneTag>
        )}
        {account.merchantId && (
          <Typography.Text type="secondary">{t("settings.merchant", { id: account.merchantId })}</Typography.Text>
        )}
      </p>
    );

  return (
    <Card size="small" title={t("settings.title")} data-testid="tap-account-card">
      <Typography.Paragraph type="secondary">{t("settings.help")}</Typography.Paragraph>
      {state}
      {canManage ? (
        <form
          className="sufra-order-tap-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="sufra-order-field">
            <label htmlFor="tap-secret-key">{t("settings.key")}</label>
            <Input.Password
              id="tap-secret-key"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={secretKey}
              placeholder={t("settings.keyPlaceholder")}
              status={problems.secretKey ? "error" : undefined}
              aria-invalid={!!problems.secretKey}
              aria-describedby={problems.secretKey ? "tap-secret-key-problem" : "tap-secret-key-help"}
              onChange={(e) => setSecretKey(e.target.value)}
              data-testid="tap-secret-key"
            />
            <Typography.Text type="secondary" id="tap-secret-key-help">
              {t("settings.keyHelp")}
            </Typography.Text>
            {problems.secretKey && (
              <Typography.Paragraph type="danger" id="tap-secret-key-problem" role="alert">
                {problems.secretKey}
              </Typography.Paragraph>
            )}
          </div>
          <div className="sufra-order-field">
            <label htmlFor="tap-merchant-id">{t("settings.merchantId")}</label>
            <Input
              id="tap-merchant-id"
              dir="ltr"
              inputMode="numeric"
              value={merchantId}
              status={problems.merchantId ? "error" : undefined}
              aria-invalid={!!problems.merchantId}
              aria-describedby={problems.merchantId ? "tap-merchant-id-problem" : "tap-merchant-id-help"}
              onChange={(e) => setMerchantId(e.target.value)}
              data-testid="tap-merchant-id"
            />
            <Typography.Text type="secondary" id="tap-merchant-id-help">
              {t("settings.merchantHelp")}
            </Typography.Text>
            {problems.merchantId && (
              <Typography.Paragraph type="danger" id="tap-merchant-id-problem" role="alert">
                {problems.merchantId}
              </Typography.Paragraph>
            )}
          </div>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={tap.saving} data-testid="tap-save">
              {account?.connected ? t("settings.replace") : t("settings.save")}
            </Button>
            {account?.connected && (
              <Popconfirm
                title={t("settings.disconnectTitle")}
                description={t("settings.disconnectText")}
                okText={t("settings.disconnect")}
                cancelText={t("actions.cancel", { ns: "common" })}
                okButtonProps={{ danger: true }}
                onConfirm={() => disconnect()}
              >
                <Button danger loading={tap.clearing} data-testid="tap-disconnect">
                  {t("settings.disconnect")}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </form>
      ) : (
        <Typography.Paragraph type="secondary">{t("settings.managersOnly")}</Typography.Paragraph>
      )}
    </Card>
  );
}
