// A post's approval as a tag in the person's language (@sufra/schema's approvalKey), shown once the post has
// one or always in a café that approves its posts; and the filter by approval state.
import { approvalKey, messageText } from "@sufra/schema";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import type { ApprovalState } from "../../../graphql/graphql.ts";
import { approvalStateKey } from "../../../graphql/enumKeys.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { APPROVALS_NS } from "../i18n.ts";
import { APPROVAL_FILTER_STATES, APPROVAL_TONES, showsApproval } from "../model.ts";

export function ApprovalTag({ state, required, testId }: { state: ApprovalState; required: boolean; testId?: string }) {
  const locale = useLocale();
  if (!showsApproval(state, required)) return null;
  return (
    <ToneTag tone={APPROVAL_TONES[state]} testId={testId ?? "approval-tag"}>
      {messageText(approvalKey(approvalStateKey[state]), locale)}
    </ToneTag>
  );
}

export function ApprovalFilter({
  value,
  onChange,
  className,
}: {
  value: ApprovalState[];
  onChange: (states: ApprovalState[]) => void;
  className?: string;
}) {
  const { t } = useTranslation(APPROVALS_NS);
  const locale = useLocale();
  return (
    <Select<ApprovalState[]>
      mode="multiple"
      allowClear
      aria-label={t("filter.label")}
      placeholder={t("filter.all")}
      value={value}
      onChange={onChange}
      options={APPROVAL_FILTER_STATES.map((s) => ({
        value: s,
        label: messageText(approvalKey(approvalStateKey[s]), locale),
      }))}
      className={className}
      data-testid="approval-filter"
    />
  );
}
