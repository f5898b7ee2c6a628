// The planner's conversation with the server (docs/architecture.md#client-rooms): what the plan being drawn
// up would cost (asked again after each plan made), the plans kept by the server, making a plan, and
// approving proposals into posts, read into what the page shows.
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import {
  PlannerApproveDocument,
  PlannerPlanMonthDocument,
  PlannerPlansDocument,
  PlannerPreviewDocument,
  type PlannerPlanFieldsFragment,
  type PlanInput,
} from "../../graphql/graphql.ts";
import { openPlanOf } from "./model.ts";

/**
 * The preview of `input` (skipped until it is ready), the plan on the page (the one just made, else the
 * first kept one with a proposal not yet approved) and making one; a plan made asks for the preview again.
 */
export function usePlanner(input: PlanInput, ready: boolean) {
  const preview = useQuery(PlannerPreviewDocument, { variables: { input }, skip: !ready, fetchPolicy: "network-only" });
  const plans = useQuery(PlannerPlansDocument, { fetchPolicy: "cache-and-network" });
  const [planMonth, planning] = useMutation(PlannerPlanMonthDocument);
  const [current, setCurrent] = useState<PlannerPlanFieldsFragment | null>(null);
  const makePlan = async () => {
    const r = await planMonth({ variables: { input } });
    if (r.data) setCurrent(r.data.planMonth);
    void preview.refetch().catch(() => {});
  };
  return {
    preview: preview.data?.planPreview,
    previewError: preview.error,
    reloadPreview: () => void preview.refetch().catch(() => {}),
    plan: current ?? openPlanOf(plans.data?.contentPlans ?? []),
    plansError: plans.error,
    reloadPlans: () => void plans.refetch().catch(() => {}),
    setPlan: setCurrent,
    makePlan,
    planning: planning.loading,
  };
}

/** Approves proposals into posts: the plan as it now stands, how many posts were made, and why each refused one was. */
export function useApprovePlan() {
  const [approve, { loading }] = useMutation(PlannerApproveDocument);
  const send = async (planId: string, proposalIds: string[], schedule: boolean) => {
    const r = await approve({ variables: { input: { planId, proposalIds, schedule } } });
    const a = r.data!.approvePlan;
    return {
      plan: a.plan,
      made: a.created.length,
      refused: Object.fromEntries(a.failed.map((f) => [f.proposalId, f.message])) as Record<string, string>,
    };
  };
  return { approve: send, approving: loading };
}
