// "Import CSV": competitors' figures from a spreadsheet, with a template to start from in either
// language. The file is read here first with the shared reader (size, columns, quotes), so a wrong
// file is told at once; the server checks every row and stores all of them or none: with any wrong
// row, it lists each wrong line and what is wrong with it, in the person's language.
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { useMutation } from "@apollo/client/react";
import { COMPETITOR_IMPORT_MAX_BYTES, messageText, readCompetitorCsv, type MessageKey } from "@sufra/schema";
import { Alert, Button, Modal, Space, Spin, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CompetitorsImportDocument, type CompetitorsImportMutation } from "../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { downloadTemplate } from "../model.ts";

type Result = CompetitorsImportMutation["importCompetitors"];

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
function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new FileProblem("reviewImportNotText");
  }
}

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

export function ImportCompetitorsModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const [run, { loading }] = useMutation(CompetitorsImportDocument);
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
      if (file.size > COMPETITOR_IMPORT_MAX_BYTES) throw new FileProblem("reviewImportTooLarge");
      const csv = decodeCsv(await bytesOf(file));
      const read = readCompetitorCsv(csv);
      if (!read.ok) throw new FileProblem(read.problem);
      const r = (await run({ variables: { csv } })).data?.importCompetitors;
      if (r) {
        setResult(r);
        if (!r.errors.length) onImported();
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
  else if (result?.errors.length)
    body = (
      <div data-testid="import-result" aria-live="polite">
        <Alert type="error" showIcon title={t("import.nothing")} description={t("import.fix", { count: result.errors.length, n: n(result.errors.length) })} />
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
      </div>
    );
  else if (result)
    body = (
      <div data-testid="import-result" aria-live="polite">
        <Alert
          type="success"
          showIcon
          title={t("import.imported", { count: result.imported, n: n(result.imported) })}
          description={
            <>
              {result.created > 0 && <div>{t("import.created", { count: result.created, n: n(result.created) })}</div>}
              {result.replaced > 0 && <div>{t("import.replaced", { count: result.replaced, n: n(result.replaced) })}</div>}
            </>
          }
        />
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
        <TemplateButtons />
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
      data-testid="import-competitors"
    >
      {body}
    </Modal>
  );
}
