// "Import CSV": a spreadsheet of reviews exported from Google, a delivery app or typed by the team.
// The file is checked here first with the shared reader (size, columns, quotes), so a wrong file is
// told at once in the person's language; the server checks it again, stores the good rows in one go
// and answers what happened: imported, already there, and each refused row by its line.
import { InboxOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { messageText, readReviewCsv, REVIEW_IMPORT_MAX_BYTES, type MessageKey } from "@sufra/schema";
import { Alert, Button, Modal, Spin, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReviewsImportDocument, type ReviewsImportMutation } from "../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { REVIEWS_NS } from "../i18n.ts";

type Result = ReviewsImportMutation["importReviews"];

const EXAMPLE = "source,author,rating,text,date\ngoogle,Fatma,5,\"Loved the kunafa, thank you!\",2026-03-01\nطلبات,أم محمد,2,الأكل وصل بارد,02/03/2026";

class FileProblem extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

async function bytesOf(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** UTF-8 (with or without its mark) or UTF-16 with its mark, as spreadsheets save them. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new FileProblem("reviewImportNotText");
  }
}

export function ImportCsvModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation(REVIEWS_NS);
  const locale = useLocale();
  const [run, { loading }] = useMutation(ReviewsImportDocument);
  const [name, setName] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const n = (v: number) => formatNumber(v, locale);

  const reset = () => {
    setResult(null);
    setFailure(null);
    setName(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function importFile(file: File) {
    reset();
    setName(file.name);
    try {
      if (file.size > REVIEW_IMPORT_MAX_BYTES) throw new FileProblem("reviewImportTooLarge");
      const csv = decodeCsv(await bytesOf(file));
      const read = readReviewCsv(csv);
      if (!read.ok) throw new FileProblem(read.problem);
      const r = (await run({ variables: { csv } })).data?.importReviews;
      if (r) {
        setResult(r);
        onImported();
      }
    } catch (e) {
      setFailure(e instanceof FileProblem ? messageText(e.key, locale) : (errorDetails(e).file?.[0] ?? errorMessage(e)));
    }
  }

  let body;
  if (loading)
    body = (
      <div className="sufra-import-progress" role="status" aria-live="polite">
        <Spin />
        <Typography.Text>{t("import.importing", { name: name ?? "" })}</Typography.Text>
      </div>
    );
  else if (result)
    body = (
      <div data-testid="import-result" aria-live="polite">
        <Alert
          type={result.errors.length ? "warning" : "success"}
          showIcon
          title={t("import.imported", { count: result.imported, n: n(result.imported) })}
          description={result.duplicates > 0 ? t("import.duplicates", { count: result.duplicates, n: n(result.duplicates) }) : undefined}
        />
        {result.errors.length > 0 && (
          <div className="sufra-import-errors">
            <Typography.Paragraph strong>{t("import.errors", { count: result.errors.length, n: n(result.errors.length) })}</Typography.Paragraph>
            <ul data-testid="import-errors">
              {result.errors.map((e) => (
                <li key={e.line}>
                  <Typography.Text strong>{t("import.line", { line: n(e.line) })}</Typography.Text>: <span dir="auto">{e.messages.join(locale === "ar" ? "؛ " : "; ")}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
  else
    body = (
      <>
        {failure && <Alert className="sufra-form-alert" type="error" showIcon title={t("import.failed")} description={failure} data-testid="import-failure" />}
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return Upload.LIST_IGNORE;
          }}
          data-testid="import-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p>{t("import.drop")}</p>
        </Upload.Dragger>
        <Typography.Paragraph type="secondary" className="sufra-import-help">
          {t("import.help")}
        </Typography.Paragraph>
        <Typography.Text strong>{t("import.example")}</Typography.Text>
        <pre className="sufra-import-example" dir="ltr">
          {EXAMPLE}
        </pre>
      </>
    );

  return (
    <Modal
      open={open}
      title={t("import.title")}
      onCancel={close}
      footer={
        result
          ? [
              <Button key="again" onClick={reset}>
                {t("import.another")}
              </Button>,
              <Button key="done" type="primary" onClick={close}>
                {t("import.done")}
              </Button>,
            ]
          : null
      }
      data-testid="import-reviews"
    >
      {body}
    </Modal>
  );
}
