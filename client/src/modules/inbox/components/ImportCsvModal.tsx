// "Import CSV": a spreadsheet of reviews exported from Google, a delivery app or typed by the team.
// The shared dialog checks the file first with the shared reader; the server checks it again, stores
// the good rows in one go and answers what happened: imported, already there, and each refused row by
// its line.
import { useMutation } from "@apollo/client/react";
import { readReviewCsv, REVIEW_IMPORT_MAX_BYTES } from "@sufra/schema";
import { Alert, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CsvImportModal, csvImportTexts } from "../../../shared/CsvImportModal.tsx";
import { ReviewsImportDocument, type ReviewsImportMutation } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";

type Result = ReviewsImportMutation["importReviews"];

const EXAMPLE =
  'source,author,rating,text,date\ngoogle,Fatma,5,"Loved the kunafa, thank you!",2026-03-01\nطلبات,أم محمد,2,الأكل وصل بارد,02/03/2026';

export function ImportCsvModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const [run, { loading }] = useMutation(ReviewsImportDocument);
  const n = (v: number) => formatNumber(v, locale);

  const renderResult = (result: Result) => (
    <>
      <Alert
        type={result.errors.length ? "warning" : "success"}
        showIcon
        title={t("import.imported", { count: result.imported, n: n(result.imported) })}
        description={
          result.duplicates > 0
            ? t("import.duplicates", { count: result.duplicates, n: n(result.duplicates) })
            : undefined
        }
      />
      {result.errors.length > 0 && (
        <div className="sufra-import-errors">
          <Typography.Paragraph strong>
            {t("import.errors", { count: result.errors.length, n: n(result.errors.length) })}
          </Typography.Paragraph>
          <ul data-testid="import-errors">
            {result.errors.map((e) => (
              <li key={e.line}>
                <Typography.Text strong>{t("import.line", { line: n(e.line) })}</Typography.Text>:{" "}
                <span dir="auto">{e.messages.join(locale === "ar" ? "؛ " : "; ")}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );

  return (
    <CsvImportModal<Result>
      open={open}
      onClose={onClose}
      texts={csvImportTexts(t)}
      maxBytes={REVIEW_IMPORT_MAX_BYTES}
      check={readReviewCsv}
      send={async (csv) => (await run({ variables: { csv } })).data?.importReviews}
      // the good rows are stored even when some are refused
      onResult={() => onImported()}
      renderResult={renderResult}
      extra={
        <>
          <Typography.Text strong>{t("import.example")}</Typography.Text>
          <pre className="sufra-import-example" dir="ltr">
            {EXAMPLE}
          </pre>
        </>
      }
      loading={loading}
      data-testid="import-reviews"
    />
  );
}
