// The OpenAPI entries of /api/translations (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { bulkTranslationsSchema } from "@sufra/schema";
import type { RestOperation } from "../../http/openapi/operation.ts";

const row = z.looseObject({ key: z.string(), en: z.string(), ar: z.string() });
const tag = "Translations";

export const translationsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/translations/list",
    tag,
    access: "public",
    summary: "Every text of the web client in both languages, by category",
    query: z.object({
      edited: z
        .enum(["true", "false"])
        .optional()
        .describe("true: only the texts an admin changed (what a browser loads over the texts it carries)"),
    }),
    responses: {
      200: {
        description: "The texts.",
        schema: z.object({ categories: z.array(z.object({ name: z.string(), translations: z.array(row) })) }),
      },
    },
  },
  {
    method: "put",
    path: "/translations/bulk",
    tag,
    access: "admin",
    summary: "Change texts, all or nothing",
    body: bulkTranslationsSchema,
    responses: {
      200: {
        description: "The changed rows.",
        schema: z.object({ updated: z.number().int(), translations: z.array(row) }),
      },
    },
  },
  {
    method: "get",
    path: "/translations/export",
    tag,
    access: "admin",
    summary: "The whole table as translations.json",
    responses: {
      200: { description: "A download (Content-Disposition: attachment): every row.", schema: z.array(row) },
    },
  },
];
