// "We could not load …" with the server's reason (when there is one) and a Retry button, in the
// person's language; and the skeleton a panel shows while it loads, announced to screen readers.
import { Alert, Button, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/errorMessage.ts";

export function LoadError({
  title,
  error,
  onRetry,
  type = "error",
  testId,
}: {
  title: string;
  error?: unknown;
  onRetry: () => unknown;
  type?: "error" | "warning";
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={error === undefined ? undefined : errorMessage(error)}
      data-testid={testId}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t("actions.retry", { ns: "common" })}
        </Button>
      }
    />
  );
}

/** A panel's skeleton while it loads; `label` is what screen readers hear ("Loading…" by default). */
export function Loading({ label, rows }: { label?: string; rows: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-label={label ?? t("loading", { ns: "common" })}>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
