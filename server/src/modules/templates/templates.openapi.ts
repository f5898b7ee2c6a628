// The OpenAPI entries of /api/templates (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { applyTemplateSchema, customTemplateSchema, templateListQuerySchema } from "@sufra/schema";
import { deleted, isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";

export const restTemplateSchema = named(
  "Template",
  z.object({
    id: z.string(),
    key: z.string().nullable(),
    name: z.string(),
    occasion: z.string(),
    language: z.string(),
    tier: z.string(),
    locked: z.boolean(),
    body: z.string(),
    hashtags: z.array(z.string()),
    created_at: isoDateTime.nullable(),
    updated_at: isoDateTime.nullable(),
  }),
);
const tag = "Templates";

export const templatesOperations: RestOperation[] = [
  {
    method: "get",
    path: "/templates",
    tag,
    access: "business",
    summary: "The business's own templates, then the built-in ones",
    query: templateListQuerySchema,
    responses: {
      200: {
        description: "The plan's tiers and the templates (locked ones marked).",
        schema: z.object({ plan: z.string(), tiers: z.array(z.string()), templates: z.array(restTemplateSchema) }),
      },
    },
  },
  {
    method: "post",
    path: "/templates/{id}/apply",
    tag,
    access: "business",
    summary: "A caption from a template, filled with the business's details",
    pathParams: { id: z.string() },
    body: applyTemplateSchema.omit({ templateId: true }),
    responses: {
      200: {
        description: "The caption.",
        schema: z.object({ content: z.string(), hashtags: z.array(z.string()), language: z.string() }),
      },
    },
  },
  {
    method: "post",
    path: "/templates",
    tag,
    access: "business",
    summary: "Save a template of one's own (Premium)",
    body: customTemplateSchema,
    responses: { 201: { description: "The new template.", schema: restTemplateSchema } },
  },
  {
    method: "put",
    path: "/templates/{id}",
    tag,
    access: "business",
    summary: "Change one's own template",
    body: customTemplateSchema,
    responses: { 200: { description: "The template.", schema: restTemplateSchema } },
  },
  {
    method: "delete",
    path: "/templates/{id}",
    tag,
    access: "business",
    summary: "Delete one's own template",
    responses: { 200: { description: "Deleted.", schema: deleted } },
  },
];
