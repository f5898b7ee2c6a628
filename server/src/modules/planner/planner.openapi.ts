// The OpenAPI entries of the content planner: /api/planner/... (docs/product.md#planning-a-month).
import { z } from "zod";
import { approvePlanSchema, planInputSchema } from "@sufra/schema";
import { isoDate, isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";
import { restUsageSchema } from "../studio/index.ts";

const text = z.object({ en: z.string(), ar: z.string() });
const day = z.object({
  date: isoDate,
  calendar_key: z.string().nullable(),
  occasion: z.string().nullable(),
  occasion_name: text,
  ramadan: z.boolean(),
});
const preview = z.object({
  from: isoDate,
  to: isoDate,
  days: z.array(day),
  cost: z.number().int(),
  usage: restUsageSchema,
  enough: z.boolean(),
  networks: z.array(z.string()),
  missing: z.array(z.string()),
});
const proposal = z.object({
  id: z.uuid(),
  date: isoDate,
  calendar_key: z.string().nullable(),
  occasion: z.string().nullable(),
  occasion_name: text,
  menu_item_id: z.uuid().nullable(),
  dish: text.nullable(),
  platform: z.string(),
  format: z.enum(["feed", "story", "reel", "post"]),
  scheduled_for: isoDateTime,
  reason: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  media_id: z.uuid().nullable(),
  shot_list: z.object({ what: text, angle: text, light: text }).nullable(),
  status: z.enum(["proposed", "approving", "approved"]),
  post_id: z.uuid().nullable(),
});
const restPlanSchema = named(
  "ContentPlan",
  z.object({
    id: z.uuid(),
    period: z.string(),
    from: isoDate,
    to: isoDate,
    language: z.string(),
    created_at: isoDateTime,
    usage: restUsageSchema.nullable(),
    proposals: z.array(proposal),
  }),
);
const approval = z.object({
  plan: restPlanSchema,
  created: z.array(z.object({ proposal_id: z.uuid(), post_id: z.uuid(), scheduled: z.boolean() })),
  failed: z.array(z.object({ proposal_id: z.uuid(), code: z.string(), message: z.string() })),
});
const tag = "Content planner";

export const plannerOperations: RestOperation[] = [
  {
    method: "post",
    path: "/planner/preview",
    tag,
    access: "business",
    summary: "What a month's or Ramadan's plan would propose and cost",
    description:
      "Spends nothing: the days, their occasions, and the AI captions the plan would use against those left this month.",
    body: planInputSchema,
    responses: { 200: { description: "The preview.", schema: preview } },
  },
  {
    method: "post",
    path: "/planner/plans",
    subscription: "ai",
    tag,
    access: "business",
    summary: "Plan a month or a Ramadan",
    description:
      "One proposed post per day; each caption is one of the month's AI posts, all or none (429 PLAN_ALLOWANCE_TOO_SMALL when fewer remain).",
    body: planInputSchema,
    responses: { 201: { description: "The plan.", schema: restPlanSchema } },
  },
  {
    method: "get",
    path: "/planner/plans",
    tag,
    access: "business",
    summary: "The latest content plans (at most 10)",
    responses: { 200: { description: "The plans, newest first.", schema: z.array(restPlanSchema) } },
  },
  {
    method: "get",
    path: "/planner/plans/{id}",
    tag,
    access: "business",
    summary: "A content plan with its proposals",
    responses: { 200: { description: "The plan.", schema: restPlanSchema } },
  },
  {
    method: "post",
    path: "/planner/plans/{id}/approve",
    tag,
    access: "business",
    summary: "Approve proposals: each becomes a draft or a scheduled post, once",
    description: "Approving a proposal again makes nothing new.",
    body: approvePlanSchema.omit({ planId: true }),
    responses: { 200: { description: "The posts made, those refused, and the plan.", schema: approval } },
  },
];
