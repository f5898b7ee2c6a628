// A campaign on the wire (docs/architecture.md#borders "Wire shapes"): the one shape /api/campaigns answers and the
// campaign.ended webhook event carries, its schema described once in the OpenAPI document.
import { z } from "zod";
import { filsToKwd } from "@sufra/schema";
import { isoDate, isoDateTime, named } from "../../http/openapi/operation.ts";
import type { CampaignView } from "./campaign-view.ts";

/** Money in fils also goes as KWD text with three decimals. */
export const kwd = (fils: number | null) => (fils === null ? null : filsToKwd(fils));

const n = z.number();
const kwdText = z.string().nullable();
export const progressSchema = z.object({
  metric: z.string(),
  target: n.nullable(),
  actual: n.nullable(),
  percent: n.nullable(),
});
export const restCampaignSchema = named(
  "Campaign",
  z.object({
    id: z.string(),
    name: z.string(),
    goal: z.string(),
    start_date: isoDate,
    end_date: isoDate,
    budget_fils: z.number().int().nullable(),
    budget_kwd: kwdText,
    occasion: z.string().nullable(),
    goal_target: n.nullable(),
    goal_result: n.nullable(),
    notes: z.string().nullable(),
    post_count: z.number().int(),
    progress: progressSchema,
    simulated_included: z.boolean(),
    /** when it ended: the Kuwait day after its last day began (campaign.ended); null before */
    ended_at: isoDateTime.nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  }),
);

export const restCampaign = (c: CampaignView): z.output<typeof restCampaignSchema> => ({
  id: c.id,
  name: c.name,
  goal: c.goal,
  start_date: c.startDate,
  end_date: c.endDate,
  budget_fils: c.budgetFils,
  budget_kwd: kwd(c.budgetFils),
  occasion: c.occasion,
  goal_target: c.goalTarget,
  goal_result: c.goalResult,
  notes: c.notes,
  post_count: c.postCount,
  progress: {
    metric: c.progress.metric,
    target: c.progress.target,
    actual: c.progress.actual,
    percent: c.progress.percent,
  },
  simulated_included: c.simulatedIncluded,
  ended_at: c.endedAt?.toISOString() ?? null,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});
