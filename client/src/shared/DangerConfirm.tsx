// Removing or revoking something: a small button that asks first (a Popconfirm whose OK is red), and
// the hook that runs the change and says how it went. Shared by the team, invitations and API keys lists.
import { App, Button, Popconfirm } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/errorMessage.ts";

/** `cancelText`: the button that keeps things as they are, when "Cancel" would be read as the action itself (cancelling a subscription). */
export function DangerConfirm({
  title,
  description,
  okText,
  cancelText,
  onConfirm,
  testId,
  danger = true,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  okText: string;
  cancelText?: string;
  onConfirm: () => unknown;
  testId: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText ?? t("actions.cancel", { ns: "common" })}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button danger={danger} size="small" data-testid={testId}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/** Runs a change; on failure shows the error's text, on success `done` and then `after` (a refetch). */
export function useReportedChange() {
  const { message } = App.useApp();
  return async (change: () => Promise<unknown>, done: () => string, after: () => unknown) => {
    try {
      await change();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(done());
    await after();
  };
}
