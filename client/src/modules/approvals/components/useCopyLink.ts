// Copying an approval link: said when it worked, and when the browser has no clipboard (an insecure page) the
// person is asked to select it themselves.
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { APPROVALS_NS } from "../i18n.ts";

export function useCopyLink() {
  const { t } = useTranslation(APPROVALS_NS);
  const { message } = App.useApp();
  return async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t("send.copied"));
    } catch {
      void message.warning(t("send.copyFailed"));
    }
  };
}
