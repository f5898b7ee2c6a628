// Download the report as CSV, Excel or PDF (the same range, campaign and demo-figures choice as the
// screen, in the person's language): progress while it downloads, then the file's name, or what went
// wrong, in the person's language.
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Progress, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { downloadExport, EXPORT_FORMATS, type ExportFormat } from "../data.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import type { RangeVariables } from "../model.ts";

export function ExportButtons({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<{ format: ExportFormat; percent: number | null } | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy({ format, percent: null });
    try {
      const name = await downloadExport(format, variables, locale, (percent) => setBusy({ format, percent }));
      void message.success({ content: t("export.done", { name }), key: "analytics-export" });
    } catch (e) {
      void message.error({ content: t("export.failed", { reason: errorMessage(e) }), key: "analytics-export" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="sufra-export" data-testid="export">
      <Space wrap size="small" role="group" aria-label={t("export.title")}>
        {EXPORT_FORMATS.map((f) => (
          <Button
            key={f}
            icon={<DownloadOutlined />}
            loading={busy?.format === f}
            disabled={!!busy && busy.format !== f}
            onClick={() => void download(f)}
            aria-label={t("export.as", { format: t(`export.${f}`) })}
            data-testid={`export-${f}`}
          >
            {t(`export.${f}`)}
          </Button>
        ))}
      </Space>
      {busy && (
        <div role="status" aria-live="polite" className="sufra-export-progress" data-testid="export-progress">
          <Typography.Text type="secondary">
            {t("export.preparing", { format: t(`export.${busy.format}`) })}
          </Typography.Text>
          {busy.percent !== null && (
            <Progress
              size="small"
              percent={busy.percent}
              format={(p) => formatPercent(p ?? 0, locale)}
              aria-label={t("export.progress", { format: t(`export.${busy.format}`) })}
            />
          )}
        </div>
      )}
    </div>
  );
}
