// One "Import CSV" dialog for every spreadsheet import (reviews, competitors' figures): a drop zone,
// the file read and checked here first with the module's shared reader (size, encoding, columns), so
// a wrong file is told at once in the person's language, then sent; progress while the server works,
// and the module's own account of what happened, with "import another" and "done".
import { InboxOutlined } from "@ant-design/icons";
import { messageText, type MessageKey } from "@sufra/schema";
import { Alert, Button, Modal, Spin, Typography, Upload } from "antd";
import { useState, type ReactNode } from "react";
import { errorDetails, errorMessage } from "../lib/errorMessage.ts";
import { useLocale } from "../lib/useLocale.ts";

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

/** The dialog's words, in the person's language (each module keeps its own). */
export interface CsvImportTexts {
  title: string;
  drop: string;
  help: string;
  failed: string;
  another: string;
  done: string;
  importing: (fileName: string) => string;
}

/** The dialog's words from a module's own "import.*" texts. */
export function csvImportTexts(t: (key: string, options?: Record<string, string>) => string): CsvImportTexts {
  return {
    title: t("import.title"),
    drop: t("import.drop"),
    help: t("import.help"),
    failed: t("import.failed"),
    another: t("import.another"),
    done: t("import.done"),
    importing: (name) => t("import.importing", { name }),
  };
}

export interface CsvImportModalProps<R> {
  open: boolean;
  onClose: () => void;
  texts: CsvImportTexts;
  maxBytes: number;
  /** The shared reader's verdict on the whole file, before it is sent. */
  check: (csv: string) => { ok: true } | { ok: false; problem: MessageKey };
  /** Sends the file; the server's answer (undefined when there was none). */
  send: (csv: string) => Promise<R | undefined>;
  /** Called with every answer (the module decides whether the list changed). */
  onResult?: (result: R) => void;
  /** What happened, once the server answered. */
  renderResult: (result: R) => ReactNode;
  /** Below the drop zone: templates, an example. */
  extra?: ReactNode;
  loading: boolean;
  "data-testid"?: string;
}

export function CsvImportModal<R>({
  open,
  onClose,
  texts,
  maxBytes,
  check,
  send,
  onResult,
  renderResult,
  extra,
  loading,
  "data-testid": testId,
}: CsvImportModalProps<R>) {
  const locale = useLocale();
  const [name, setName] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
      if (file.size > maxBytes) throw new FileProblem("reviewImportTooLarge");
      const csv = decodeCsv(await bytesOf(file));
      const read = check(csv);
      if (!read.ok) throw new FileProblem(read.problem);
      const r = await send(csv);
      if (r) {
        setResult(r);
        onResult?.(r);
      }
    } catch (e) {
      setFailure(
        e instanceof FileProblem ? messageText(e.key, locale) : (errorDetails(e).file?.[0] ?? errorMessage(e)),
      );
    }
  }

  let body;
  if (loading)
    body = (
      <div className="sufra-import-progress" role="status" aria-live="polite">
        <Spin />
        <Typography.Text>{texts.importing(name ?? "")}</Typography.Text>
      </div>
    );
  else if (result)
    body = (
      <div data-testid="import-result" aria-live="polite">
        {renderResult(result)}
      </div>
    );
  else
    body = (
      <>
        {failure && (
          <Alert
            className="sufra-form-alert"
            type="error"
            showIcon
            title={texts.failed}
            description={failure}
            data-testid="import-failure"
          />
        )}
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
          <p>{texts.drop}</p>
        </Upload.Dragger>
        <Typography.Paragraph type="secondary" className="sufra-import-help">
          {texts.help}
        </Typography.Paragraph>
        {extra}
      </>
    );

  return (
    <Modal
      open={open}
      title={texts.title}
      onCancel={close}
      footer={
        result
          ? [
              <Button key="again" onClick={reset}>
                {texts.another}
              </Button>,
              <Button key="done" type="primary" onClick={close}>
                {texts.done}
              </Button>,
            ]
          : null
      }
      data-testid={testId}
    >
      {body}
    </Modal>
  );
}
