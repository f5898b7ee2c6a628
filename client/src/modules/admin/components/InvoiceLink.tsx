// An invoice or credit note's number as a link to its bilingual PDF (GET /api/billing/invoices/:id/pdf,
// which admins may read for any business): the download carries the session's token, so it is a button
// drawn as a link; the PDF's language and digits follow the person's (billing's downloadInvoice).
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { downloadInvoice } from "../../billing/index.ts";

export function InvoiceLink({ number, pdfUrl }: { number: string; pdfUrl: string }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const name = await downloadInvoice(pdfUrl, number, locale);
      void message.success(t("invoices.downloaded", { name }));
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      size="small"
      className="sufra-link-button"
      loading={busy}
      onClick={() => void open()}
      aria-label={t("invoices.download", { number })}
      data-testid={`invoice-link-${number}`}
    >
      <bdi dir="ltr">{number}</bdi>
    </Button>
  );
}
