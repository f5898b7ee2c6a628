// Approvals' pure view rules (docs/architecture.md#client-rooms: model.ts), tested in model.test.ts: when a
// post shows its approval, its tone, the approval filter in the address bar (?approval=in_review,approved),
// and the Kuwait days of the week or month the calendar sends for approval.
import { APPROVAL_STATES } from "@sufra/schema";
import type { ApprovalState } from "../../graphql/graphql.ts";
import { approvalStateFromKey, approvalStateOfKey } from "../../graphql/enumKeys.ts";
import type { TagTone } from "../../shared/tagColors.ts";

/** A post shows its approval once it has one, or always in a café that approves its posts. */
export const showsApproval = (state: ApprovalState, approvalRequired: boolean) => state !== "NONE" || approvalRequired;

export const APPROVAL_TONES: Readonly<Record<ApprovalState, TagTone | null>> = {
  NONE: null,
  LEAD_REVIEW: "neutral",
  IN_REVIEW: "warning",
  APPROVED: "success",
  CHANGES_REQUESTED: "danger",
};

/** Every state, in the order of the state machine (for the filter). */
export const APPROVAL_FILTER_STATES: readonly ApprovalState[] = APPROVAL_STATES.map((s) => approvalStateFromKey[s]);

/** The address bar's ?approval= (keys, comma separated) as GraphQL's states; unknown keys are left out. */
export const approvalFilterOf = (param: string | null): ApprovalState[] =>
  [...new Set((param ?? "").split(","))].flatMap((k) => {
    const s = approvalStateOfKey(k.trim());
    return s ? [s] : [];
  });

/** The states back as the address bar's value; null when there are none. */
export const approvalParamOf = (states: readonly ApprovalState[]): string | null =>
  states.length ? APPROVAL_STATES.filter((k) => states.includes(approvalStateFromKey[k])).join(",") : null;

/** A Kuwait day (YYYY-MM-DD) moved by `days`. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Kuwait days of the week holding `day`, the week starting on `firstDay` (0 Sunday, 6 Saturday). */
export function weekOf(day: string, firstDay: number): { from: string; to: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const from = shift(day, -((weekday - firstDay + 7) % 7));
  return { from, to: shift(from, 6) };
}

/** The Kuwait days of the month holding `day`. */
export function monthOf(day: string): { from: string; to: string } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = String(m).padStart(2, "0");
  return { from: `${y}-${month}-01`, to: `${y}-${month}-${String(last).padStart(2, "0")}` };
}
