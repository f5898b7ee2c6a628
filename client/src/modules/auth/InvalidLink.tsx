// A mailed link that is used, expired or missing: says so, with the way on in `extra`. Plain elements
// (plain.tsx), so the password pages that show it need no antd.
import type { ReactNode } from "react";
import { useAuthText } from "./forms.ts";
import { Outcome } from "./plain.tsx";

export function InvalidLink({
  title,
  text,
  testId,
  extra,
}: {
  title: string;
  text: string;
  testId: string;
  extra: ReactNode;
}) {
  const { t } = useAuthText();
  return (
    <Outcome status="warning" title={title} extra={extra}>
      <span role="alert" data-testid={testId}>
        {t("errors.INVALID_LINK", { ns: "common" })}. {text}
      </span>
    </Outcome>
  );
}
