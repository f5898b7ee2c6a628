// A guest's review or comment on the REST wire (docs/architecture.md#borders "Wire shapes"): the answer's schema
// and the functions that write it, used by the reviews REST door, the OpenAPI document and the webhook events.
import { z } from "zod";
import { REVIEW_INTENT_KEYS, type ReviewIntent } from "@sufra/schema";
import type { Review } from "../../generated/prisma/client.ts";
import { isoDate, isoDateTime, named } from "../../http/openapi/operation.ts";

export const restReviewSchema = named(
  "Review",
  z.object({
    id: z.string(),
    /** the reviews paths list reviews only (the inbox's comments are not theirs) */
    kind: z.literal("review"),
    source: z.string(),
    author: z.string(),
    rating: z.number().int(),
    text: z.string(),
    language: z.string(),
    reviewed_at: isoDate,
    written_at: isoDateTime,
    sentiment: z.string(),
    intent: z
      .enum(REVIEW_INTENT_KEYS as [ReviewIntent, ...ReviewIntent[]])
      .describe("What it asks of the business: question, complaint, praise, order (an order or a booking) or other"),
    topics: z.array(z.string()),
    reply: z.string().nullable(),
    reply_gaps: z
      .array(z.string())
      .describe(
        "Facts the guest asked that the business profile lacked when the reply was suggested (address, map_link, hours, ramadan_hours, eid_hours, delivery_apps, reservations, menu, prices).",
      ),
    reply_rejected: z
      .array(z.string())
      .describe("What the configured model's draft stated that the profile does not hold (its draft was not used)."),
    status: z.string(),
    approved_at: isoDateTime.nullable(),
    replied_at: isoDateTime.nullable(),
    replied_via: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  }),
);

/** A review as /api/reviews answers it: those paths list kind review only, whose stars are never null. */
export const restReview = (r: Review): z.output<typeof restReviewSchema> => ({
  ...restGuestFields(r),
  kind: "review",
  rating: starsOf(r),
});

/**
 * Any guest item in the review's shape (webhook events): a comment is kind "comment" with rating null
 * and its Instagram link.
 */
export const restGuestItem = (r: Review) =>
  r.kind === "review"
    ? restReview(r)
    : { ...restGuestFields(r), kind: "comment" as const, rating: null, permalink: r.permalink, hidden: r.hidden };

function starsOf(r: Review): number {
  if (r.rating == null) throw new Error(`review ${r.id} has no rating`);
  return r.rating;
}

const restGuestFields = (r: Review) => ({
  id: r.id,
  source: r.source,
  author: r.author,
  text: r.text,
  language: r.language,
  reviewed_at: r.reviewedAt.toISOString().slice(0, 10),
  written_at: r.writtenAt.toISOString(),
  sentiment: r.sentiment,
  intent: (REVIEW_INTENT_KEYS as readonly string[]).includes(r.intent) ? (r.intent as ReviewIntent) : "other",
  topics: r.topics,
  reply: r.reply,
  reply_gaps: r.replyGaps,
  reply_rejected: r.replyRejected,
  status: r.status,
  approved_at: r.approvedAt?.toISOString() ?? null,
  replied_at: r.repliedAt?.toISOString() ?? null,
  replied_via: r.repliedVia,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
