// The OpenAPI entries of /api/competitors (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import {
  competitorBenchmarkQuerySchema,
  competitorInputSchema,
  competitorSnapshotSchema,
  PLATFORMS,
} from "@sufra/schema";
import {
  deleted,
  file,
  isoDate,
  isoDateTime,
  named,
  redirect,
  type RestOperation,
} from "../../http/openapi/operation.ts";

const figure = z.number().nullable();
export const restSnapshotSchema = named(
  "CompetitorSnapshot",
  z.object({
    id: z.string(),
    competitor_id: z.string(),
    day: isoDate,
    followers: figure,
    posts_per_week: figure,
    avg_engagement: figure,
    top_themes: z.array(z.string()),
    source: z.string(),
    simulated: z.boolean(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  }),
);
const base = {
  id: z.string(),
  name: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  area: z.string().nullable(),
  cuisine: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
};
/** A competitor; `latest` (its newest reading) where the answer carries it. */
const restCompetitorSchema = named(
  "Competitor",
  z.object({ ...base, latest: restSnapshotSchema.nullable().optional() }),
);
const own = z.object({
  platform: z.enum(PLATFORMS),
  followers: figure,
  posts_per_week: figure,
  avg_engagement: figure,
  top_themes: z.array(z.string()),
  posts: z.number().int(),
  simulated: z.boolean(),
});
const benchmark = z.object({
  from: isoDate,
  to: isoDate,
  days: z.number().int(),
  history_from: isoDate,
  own: z.array(own),
  own_history: z.array(
    z.object({ platform: z.enum(PLATFORMS), day: isoDate, followers: z.number(), simulated: z.boolean() }),
  ),
  competitors: z.array(
    z.object({ ...base, latest: restSnapshotSchema.nullable(), history: z.array(restSnapshotSchema) }),
  ),
  summary: z.object({ en: z.string(), ar: z.string(), points: z.array(z.unknown()) }),
});
const discovery = z.object({
  configured: z.boolean(),
  demo: z.boolean(),
  status: z.string(),
  instagram_username: z.string().nullable(),
  page_name: z.string().nullable(),
  connected_at: isoDateTime.nullable(),
  expires_at: isoDateTime.nullable(),
});
const one = (description: string) => ({ description, schema: restCompetitorSchema });
const tag = "Competitors";

export const competitorsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/competitors",
    tag,
    access: "business",
    summary: "The competitors with their latest figures",
    responses: {
      200: {
        description: "The competitors and the plan's limit.",
        schema: z.object({
          competitors: z.array(restCompetitorSchema),
          total: z.number().int(),
          limit: z.number().int().nullable(),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/competitors",
    tag,
    access: "business",
    summary: "Add a competitor",
    body: competitorInputSchema,
    responses: { 201: one("The new competitor.") },
  },
  {
    method: "get",
    path: "/competitors/benchmark",
    tag,
    access: "business",
    summary: "Own figures against each competitor's, with a summary in both languages",
    query: competitorBenchmarkQuerySchema,
    responses: { 200: { description: "The benchmark.", schema: benchmark } },
  },
  {
    method: "get",
    path: "/competitors/import/template",
    tag,
    access: "business",
    summary: "The CSV import's template",
    query: z.object({ lang: z.enum(["en", "ar"]).optional() }),
    responses: { 200: file("text/csv", "The template, with a byte-order mark.") },
  },
  {
    method: "post",
    path: "/competitors/import",
    tag,
    access: "business",
    summary: "Import figures from a CSV file (all or nothing)",
    csv: true,
    extraErrors: [413],
    responses: {
      200: {
        description: "What was stored, or each wrong row by its line (then nothing is stored).",
        schema: z.object({
          imported: z.number().int(),
          replaced: z.number().int(),
          created: z.number().int(),
          errors: z.array(z.object({ line: z.number().int(), messages: z.array(z.string()) })),
        }),
      },
    },
  },
  {
    method: "get",
    path: "/competitors/discovery",
    tag,
    access: "business",
    summary: "The Facebook sign-in competitors' Instagram figures are read through",
    responses: { 200: { description: "Its status.", schema: discovery } },
  },
  {
    method: "post",
    path: "/competitors/discovery/connect",
    tag,
    access: "business",
    summary: "Start the Facebook sign-in",
    body: z.object({ returnTo: z.string().optional() }),
    responses: { 200: { description: "Where to send the person.", schema: z.object({ authorize_url: z.string() }) } },
  },
  {
    method: "get",
    path: "/competitors/discovery/callback",
    tag,
    access: "public",
    summary: "Where Facebook sends the person back",
    description: "No session: the single-use state names the business.",
    query: z.object({ state: z.string(), code: z.string().optional(), error: z.string().optional() }),
    responses: { 302: redirect("Back to the competitors page, with the outcome.") },
  },
  {
    method: "delete",
    path: "/competitors/discovery",
    tag,
    access: "business",
    summary: "Forget the Facebook sign-in",
    responses: { 200: { description: "The status.", schema: discovery } },
  },
  {
    method: "get",
    path: "/competitors/{id}",
    tag,
    access: "business",
    summary: "A competitor",
    responses: { 200: one("The competitor.") },
  },
  {
    method: "put",
    path: "/competitors/{id}",
    tag,
    access: "business",
    summary: "Change a competitor (the whole form)",
    body: competitorInputSchema,
    responses: { 200: one("The competitor.") },
  },
  {
    method: "delete",
    path: "/competitors/{id}",
    tag,
    access: "business",
    summary: "Delete a competitor and its readings",
    responses: { 200: { description: "Deleted.", schema: deleted } },
  },
  {
    method: "get",
    path: "/competitors/{id}/snapshots",
    tag,
    access: "business",
    summary: "A competitor's readings, newest first",
    responses: { 200: { description: "The readings.", schema: z.object({ snapshots: z.array(restSnapshotSchema) }) } },
  },
  {
    method: "post",
    path: "/competitors/{id}/snapshots",
    tag,
    access: "business",
    summary: "Record a day's figures",
    body: competitorSnapshotSchema,
    responses: {
      201: { description: "A new day.", schema: restSnapshotSchema.extend({ replaced: z.literal(false) }) },
      200: {
        description: "Replaced that day's figures.",
        schema: restSnapshotSchema.extend({ replaced: z.literal(true) }),
      },
    },
  },
  {
    method: "delete",
    path: "/competitors/{id}/snapshots/{day}",
    tag,
    access: "business",
    summary: "Delete a day's reading",
    pathParams: { day: isoDate },
    responses: {
      200: {
        description: "Deleted.",
        schema: z.object({ competitor_id: z.string(), day: z.string(), deleted: z.literal(true) }),
      },
    },
  },
  {
    method: "post",
    path: "/competitors/{id}/fetch",
    tag,
    access: "business",
    summary: "Read today's figures from Instagram",
    responses: {
      200: {
        description: "The competitor and today's reading.",
        schema: z.object({ competitor: restCompetitorSchema, snapshot: restSnapshotSchema, replaced: z.boolean() }),
      },
    },
  },
];
