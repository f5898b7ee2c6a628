// What guests write to a business on the networks, as the adapters read and answer it: Google
// reviews of the business's locations and comments under its own Instagram posts
// (docs/architecture.md#the-rooms). The inbox module stores these as rows of `reviews`; the adapters
// never touch the database. Errors are PlatformErrors (types.ts): "auth" (token refused or a scope
// missing: reconnect), "rate_limit" (retryAt), "rejected" (this item cannot be answered so: an
// unverified location, a comment older than 7 days for a private reply; platformCode says which),
// "unavailable"/"timeout" (try again later), "plan" (this server's app lacks the product).
import type { AccountAccess } from "./types.ts";

/** A reply under a guest's item, oldest first (Instagram lists replies to a comment). */
export interface GuestThreadEntry {
  author: string;
  text: string;
  at: Date;
  /** written by the business's own account */
  fromBusiness: boolean;
}

/** One thing a guest wrote, as the network reports it now. */
export interface GuestItem {
  kind: "review" | "comment";
  /** Google: the review's resource name "accounts/1/locations/2/reviews/3"; Instagram: the comment id */
  externalId: string;
  /** the guest's display name (Google) or username (Instagram); nothing else about the guest */
  author: string;
  /** 1-5 for a Google review; null for a comment */
  rating: number | null;
  /** may be "" (a Google review with stars only) */
  text: string;
  writtenAt: Date;
  updatedAt: Date;
  /** the business's public answer as the network holds it now (made in Sufra or elsewhere), or none */
  reply: { text: string; at: Date } | null;
  /** Instagram: the media id the comment is under */
  mediaExternalId?: string;
  /** Instagram: hidden from the public */
  hidden?: boolean;
  permalink?: string | null;
  /** Instagram: the replies under the comment */
  thread?: GuestThreadEntry[];
}

export interface GooglePlace {
  /** "accounts/123": the Google account (personal or a location group) that holds it */
  googleAccount: string;
  /** "locations/456" */
  name: string;
  title: string;
  address: string;
  /** Voice of Merchant: replies and posts are allowed */
  verified: boolean;
  /** Google's place id and "write a review" address (Location.metadata.placeId, .newReviewUri), when Google gives them */
  placeId?: string | null;
  reviewUrl?: string | null;
}

export interface ReviewPage {
  items: GuestItem[];
  nextPageToken: string | null;
  averageRating: number | null;
  totalReviewCount: number | null;
}

/** Google Business Profile, read and answered (networks/google/adapter.ts). */
export interface GoogleGuests {
  /** the accounts the token's person manages, then each account's locations with their verification */
  places(account: AccountAccess): Promise<GooglePlace[]>;
  /** one page of a location's reviews, newest first (accounts.locations.reviews.list) */
  reviews(
    account: AccountAccess,
    place: Pick<GooglePlace, "googleAccount" | "name">,
    pageToken?: string | null,
  ): Promise<ReviewPage>;
  /** creates or replaces the business's reply (updateReply); refused ("rejected") for an unverified location */
  reply(account: AccountAccess, reviewName: string, text: string): Promise<{ text: string; at: Date }>;
  /** removes the business's reply (deleteReply) */
  deleteReply(account: AccountAccess, reviewName: string): Promise<void>;
}

/** One comment event from Instagram's webhook (field "comments"), already checked for its signature. */
export interface CommentEvent {
  /** the Instagram professional account the comment was made on */
  igUserId: string;
  commentId: string;
  mediaId: string;
  author: string;
  /** the author is the business's own account (its own replies come back as events too) */
  fromBusiness: boolean;
  text: string;
  /** a reply to another comment: that comment's id */
  parentId: string | null;
  at: Date;
}

/** Instagram comments on the business's own media (networks/instagram/adapter.ts). */
export interface InstagramGuests {
  /** the comments under one media (its comments edge, paged to the end, with their replies) */
  comments(account: AccountAccess, mediaId: string): Promise<GuestItem[]>;
  /** a public reply under the comment; the new comment's id */
  reply(account: AccountAccess, commentId: string, text: string): Promise<{ id: string }>;
  hide(account: AccountAccess, commentId: string, hidden: boolean): Promise<void>;
  /** Private Replies: one direct message to the comment's author, within 7 days of the comment */
  privateReply(account: AccountAccess, commentId: string, text: string): Promise<{ messageId: string }>;
  /**
   * subscribes this app to the account's comments webhook (POST /{ig-user-id}/subscribed_apps,
   * subscribed_fields=comments): without it Instagram sends no comment of the account, however the app's
   * webhook is set up
   */
  subscribeComments(account: AccountAccess): Promise<void>;
  /** checks X-Hub-Signature-256 over the raw body with the app secret; null when it does not verify */
  readWebhook(rawBody: Buffer, signature: string | undefined): CommentEvent[] | null;
  /** the subscription handshake: hub.challenge when hub.verify_token matches, else null */
  verifySubscription(query: Record<string, unknown>): string | null;
}
