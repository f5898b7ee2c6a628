// What an event carries: the object as the REST API shows it (snake_case), read inside the transaction
// that changed it, so the body describes the moment of the event (docs/product.md#webhooks). Each object's
// owner writes its body (its wire shape); services.ts hands them in, so webhooks reads no other module's tables
// and imports no other module's shapes (docs/architecture.md#borders).
import type { Tx } from "../../db/prisma.ts";

/** What happened, named by the ids the emitting module has at hand. */
export type WebhookSubject =
  | { type: "post.scheduled" | "post.published" | "post.failed" | "post.unconfirmed"; postId: string }
  | { type: "review.received"; reviewId: string }
  /** an Instagram comment: a row of reviews with kind comment, shown as a review is */
  | { type: "comment.received"; reviewId: string }
  | { type: "campaign.ended"; campaignId: string }
  | { type: "subscription.changed"; change: string };

/**
 * What a module that emits events is handed by services.ts: `record` inside its own transaction, `dispatch` after the
 * commit, or `emit` for both when the change needs no transaction of its own (webhooks.service.ts).
 */
export interface WebhookEmitter {
  record(tx: Tx, businessId: string, subject: WebhookSubject): Promise<string[]>;
  dispatch(deliveryIds: string[]): Promise<void>;
  emit(businessId: string, subject: WebhookSubject): Promise<string[]>;
}

type Body = Promise<object | null>;
/** Each owner's body of its events: the object as its REST door shows it, or null when it is gone. */
export interface WebhookBodies {
  post(tx: Tx, businessId: string, postId: string): Body;
  /** a review or a comment, in the review's shape */
  guestItem(tx: Tx, businessId: string, reviewId: string): Body;
  campaign(tx: Tx, businessId: string, campaignId: string): Body;
  subscription(tx: Tx, businessId: string, change: string): Body;
}

/** The event's `data`, or null when the object is gone. */
export function renderSubject(bodies: WebhookBodies, tx: Tx, businessId: string, s: WebhookSubject): Body {
  switch (s.type) {
    case "post.scheduled":
    case "post.published":
    case "post.failed":
    case "post.unconfirmed":
      return bodies.post(tx, businessId, s.postId);
    case "review.received":
    case "comment.received":
      return bodies.guestItem(tx, businessId, s.reviewId);
    case "campaign.ended":
      return bodies.campaign(tx, businessId, s.campaignId);
    case "subscription.changed":
      return bodies.subscription(tx, businessId, s.change);
  }
}
