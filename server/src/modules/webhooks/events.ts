// What an event carries: the object as the REST API shows it (snake_case), read inside the transaction
// that changed it, so the body describes the moment of the event (docs/product.md#webhooks).
import { isPremium } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import { postInclude, restPost } from "../posts/index.ts";
import { restGuestItem } from "../inbox/index.ts";

/** What happened, named by the ids the emitting module has at hand. */
export type WebhookSubject =
  | { type: "post.scheduled" | "post.published" | "post.failed" | "post.unconfirmed"; postId: string }
  | { type: "review.received"; reviewId: string }
  /** an Instagram comment: a row of reviews with kind comment, shown as a review is */
  | { type: "comment.received"; reviewId: string }
  | { type: "campaign.ended"; campaignId: string }
  | { type: "subscription.changed"; change: string };

/** The event's `data`, or null when the object is gone. */
export async function renderSubject(
  tx: Tx,
  businessId: string,
  s: WebhookSubject,
): Promise<Record<string, unknown> | null> {
  switch (s.type) {
    case "post.scheduled":
    case "post.published":
    case "post.failed":
    case "post.unconfirmed": {
      const post = await tx.post.findFirst({ where: { id: s.postId, businessId }, include: postInclude });
      return post ? restPost(post) : null;
    }
    case "review.received":
    case "comment.received": {
      const review = await tx.review.findFirst({ where: { id: s.reviewId, businessId } });
      return review ? restGuestItem(review) : null;
    }
    case "campaign.ended": {
      const c = await tx.campaign.findFirst({
        where: { id: s.campaignId, businessId },
        include: { _count: { select: { posts: true } } },
      });
      if (!c) return null;
      return {
        id: c.id,
        name: c.name,
        goal: c.goal,
        start_date: c.startDate.toISOString().slice(0, 10),
        end_date: c.endDate.toISOString().slice(0, 10),
        budget_fils: c.budgetFils,
        occasion: c.occasion,
        goal_target: c.goalTarget,
        goal_result: c.goalResult,
        notes: c.notes,
        post_count: c._count.posts,
        ended_at: c.endedAt?.toISOString() ?? null,
        created_at: c.createdAt.toISOString(),
        updated_at: c.updatedAt.toISOString(),
      };
    }
    case "subscription.changed": {
      const sub = await tx.subscription.findUnique({ where: { businessId } });
      if (!sub) return null;
      return {
        business_id: businessId,
        change: s.change,
        plan: sub.plan,
        status: sub.status,
        premium: isPremium(sub),
        trial_ends_at: sub.trialEndsAt?.toISOString() ?? null,
        renews_at: sub.renewsAt?.toISOString() ?? null,
        updated_at: sub.updatedAt.toISOString(),
      };
    }
  }
}
