// The OpenAPI entries of /api/reviews (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { reviewInputSchema, reviewReplySchema, reviewsQuerySchema } from "@sufra/schema";
import { deleted, type RestOperation } from "../../http/openapi/operation.ts";
import { seedSchema } from "./inbox.service.ts";
import { restReviewSchema } from "./review.shape.ts";

const csvImportErrors = z.array(z.object({ line: z.number().int(), messages: z.array(z.string()) }));
const one = (description: string) => ({ description, schema: restReviewSchema });
const tag = "Reviews";

export const reviewsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/reviews",
    tag,
    access: "business",
    summary: "Customer reviews, newest first",
    query: reviewsQuerySchema,
    responses: {
      200: {
        description: "A page of reviews.",
        schema: z.object({
          reviews: z.array(restReviewSchema),
          total: z.number().int(),
          unanswered: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
          pages: z.number().int(),
        }),
      },
    },
  },
  {
    method: "get",
    path: "/reviews/stats",
    tag,
    access: "business",
    summary: "Counts by status and sentiment, the average rating",
    responses: {
      200: {
        description: "The figures.",
        schema: z.object({
          total: z.number().int(),
          unanswered: z.number().int(),
          new: z.number().int(),
          approved: z.number().int(),
          replied: z.number().int(),
          positive: z.number().int(),
          neutral: z.number().int(),
          negative: z.number().int(),
          average_rating: z.number().nullable(),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/reviews",
    tag,
    access: "business",
    summary: "Add a review by hand",
    body: reviewInputSchema,
    responses: {
      201: { description: "The new review.", schema: restReviewSchema.extend({ duplicate: z.literal(false) }) },
      200: {
        description: "The same review was already stored.",
        schema: restReviewSchema.extend({ duplicate: z.literal(true) }),
      },
    },
  },
  {
    method: "post",
    path: "/reviews/import",
    tag,
    access: "business",
    summary: "Import reviews from a CSV file",
    csv: true,
    extraErrors: [413],
    responses: {
      200: {
        description: "What was imported, the duplicates, each refused row by its line.",
        schema: z.object({ imported: z.number().int(), duplicates: z.number().int(), errors: csvImportErrors }),
      },
    },
  },
  {
    method: "get",
    path: "/reviews/{id}",
    tag,
    access: "business",
    summary: "A review",
    responses: { 200: one("The review.") },
  },
  {
    method: "post",
    path: "/reviews/{id}/suggest-reply",
    subscription: "ai",
    tag,
    access: "business",
    summary: "Write a suggested reply into the review",
    body: seedSchema,
    responses: { 200: one("The review with its suggested reply.") },
  },
  {
    method: "put",
    path: "/reviews/{id}/reply",
    tag,
    access: "business",
    summary: "Edit the reply",
    body: reviewReplySchema,
    responses: { 200: one("The review.") },
  },
  {
    method: "post",
    path: "/reviews/{id}/approve",
    tag,
    access: "business",
    summary: "Approve the reply",
    responses: { 200: one("The review, approved.") },
  },
  {
    method: "post",
    path: "/reviews/{id}/replied",
    tag,
    access: "business",
    summary: "Mark the review replied",
    responses: { 200: one("The review, replied.") },
  },
  {
    method: "delete",
    path: "/reviews/{id}",
    tag,
    access: "business",
    summary: "Delete a review",
    responses: { 200: { description: "Deleted.", schema: deleted } },
  },
];
