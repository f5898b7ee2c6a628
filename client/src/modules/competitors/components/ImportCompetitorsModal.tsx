// "Import CSV": competitors' figures from a spreadsheet, with a template to start from in either
// language. The shared dialog checks the file first with the shared reader; the server checks every
// row and stores all of them or none: with any wrong row, it lists each wrong line and what is wrong
// with it, in the person's language.
import { DownloadOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { COMPETITOR_IMPORT_MAX_BYTES, readCompetitorCsv } from "@sufra/schema";
import { Alert, Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CsvImportModal, csvImportTexts } from "../../../shared/CsvImportModal.tsx";
import { CompetitorsImportDocument, type CompetitorsImportMutation } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { downloadTemplate } from "../model.ts";

type Result = CompetitorsImportMutation["importCompetitors"];

export function TemplateButtons() {
  const { t } = useTranslation(COMPETITORS_NS);
  return (
    <Space wrap>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => downloadTemplate("en")} data-testid="template-en">
        {t("import.templateEn")}
      </Button>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => downloadTemplate("ar")} data-testid="template-ar">
        {t("import.templateAr")}
      </Button>
    </Space>
  );
}

export function ImportCompetitorsModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const [run, { loading }] = useMutation(CompetitorsImportDocument);
  const n = (v: number) => formatNumber(v, locale);

  const renderResult = (result: Result) =>
    result.errors.length ? (
      <>
        <Alert
          type="error"
          showIcon
          title={t("import.nothing")}
          description={t("import.fix", { count: result.errors.length, n: n(result.errors.length) })}
        />
        <ul className="sufra-competitor-import-errors" data-testid="import-errors">
          {result.errors.map((e) => (
            <li key={e.line}>
              <Typography.Text strong>{t("import.line", { line: n(e.line) })}</Typography.Text>
              <ul>
                {e.messages.map((m, i) => (
                  <li key={i} dir="auto">
                    {m}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </>
    ) : (
      <Alert
        type="success"
        showIcon
        title={t("import.imported", { count: result.imported, n: n(result.imported) })}
        description={
          <>
            {result.created > 0 && <div>{t("import.created", { count: result.created, n: n(result.created) })}</div>}
            {result.replaced > 0 && (
              <div>{t("import.replaced", { count: result.replaced, n: n(result.replaced) })}</div>
            )}
          </>
        }
      />
    );

  return (
    <CsvImportModal<Result>
      open={open}
      onClose={onClose}
      texts={csvImportTexts(t)}
      maxBytes={COMPETITOR_IMPORT_MAX_BYTES}
      check={readCompetitorCsv}
      send={async (csv) => (await run({ variables: { csv } })).data?.importCompetitors}
      // all rows or none: only a clean file changed the list
      onResult={(r) => {
        if (!r.errors.length) onImported();
      }}
      renderResult={renderResult}
      extra={<TemplateButtons />}
      loading={loading}
      data-testid="import-competitors"
    />
  );
}
