// "We could not load …" with the server's reason and a Retry button, in the person's language.
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/errorMessage.ts";

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorMessage(error)}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t("actions.retry")}
        </Button>
      }
    />
  );
}
