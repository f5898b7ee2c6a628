// How long guests' conversations are kept: a thread quiet for longer is deleted every day, with its messages
// and notes; the guest's orders stay for the café's accounts without their name and address. From 30 to
// 1,095 days (365 unless the café chooses), checked with the server's own rule.
import { GUEST_RETENTION_DAYS, guestRetentionSchema } from "@sufra/schema";
import { App, Button, Card, InputNumber, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { digitsInput, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useGuestRetention } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { ruleProblem } from "../model.ts";

export function RetentionCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { days, save, saving } = useGuestRetention();
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (days !== undefined) setValue(days);
  }, [days]);
  const problem = value === null ? null : ruleProblem(guestRetentionSchema, { days: value }, locale);

  const submit = async () => {
    if (value === null || problem) return;
    try {
      const saved = await save(value);
      void message.success(t("retention.saved", { days: formatNumber(saved, locale) }));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };

  return (
    <Card size="small" title={t("retention.heading")} data-testid="retention-card">
      <Typography.Paragraph type="secondary">
        {t("retention.help", {
          min: formatNumber(GUEST_RETENTION_DAYS.min, locale),
          max: formatNumber(GUEST_RETENTION_DAYS.max, locale),
        })}
      </Typography.Paragraph>
      <label htmlFor="guest-retention">{t("retention.label")}</label>
      <Space wrap className="sufra-chat-retention">
        <InputNumber<number>
          id="guest-retention"
          value={value}
          onChange={(v) => setValue(v)}
          {...digitsInput(locale)}
          disabled={!canManage || days === undefined}
          status={problem ? "error" : undefined}
          aria-invalid={!!problem}
          aria-describedby={problem ? "guest-retention-problem" : undefined}
          data-testid="retention-days"
        />
        <span>{t("retention.days")}</span>
        {canManage && (
          <Button
            onClick={() => void submit()}
            loading={saving}
            disabled={value === null || !!problem || value === days}
            data-testid="retention-save"
          >
            {t("retention.save")}
          </Button>
        )}
      </Space>
      {problem && (
        <Typography.Paragraph type="danger" id="guest-retention-problem" role="alert">
          {problem}
        </Typography.Paragraph>
      )}
      {!canManage && <Typography.Paragraph type="secondary">{t("settings.managersOnly")}</Typography.Paragraph>}
    </Card>
  );
}
