// A mailed link that is used, expired or missing, in a module of its own: antd's Result comes with the
// pages that can show it, not with the login and sign-up forms that share shared.tsx.
import { Result } from "antd";
import type { ReactNode } from "react";
import { useAuthText } from "./shared.tsx";

/** A mailed link that is used, expired or missing: says so, with the way on in `extra`. */
export function InvalidLink({ title, text, testId, extra }: { title: string; text: string; testId: string; extra: ReactNode }) {
  const { t } = useAuthText();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={
        <span role="alert" data-testid={testId}>
          {t("errors.INVALID_LINK", { ns: "common" })}. {text}
        </span>
      }
      extra={extra}
    />
  );
}
