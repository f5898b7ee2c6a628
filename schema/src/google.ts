// Google Business Profile posts: the kinds of post a
// location takes and the button under it, as Google's localPosts name them. The zod rule of a post's
// Google options lives here too, so the composer and both doors check the same thing.
export const GOOGLE_POST_TYPES = ["standard", "offer", "event"] as const;
export type GooglePostType = (typeof GOOGLE_POST_TYPES)[number];

/** The call-to-action buttons Sufra offers (Google's ActionType: ORDER, CALL, LEARN_MORE, BOOK). */
export const GOOGLE_CTA_ACTIONS = ["order", "call", "learn_more", "book"] as const;
export type GoogleCtaAction = (typeof GOOGLE_CTA_ACTIONS)[number];

/** What a post says on Google beyond its text and media. Times are ISO 8601 UTC, shown in Kuwait. */
export interface GooglePostOptions {
  type: GooglePostType;
  /** the button; CALL uses the location's phone, so it has no url */
  cta?: { action: GoogleCtaAction; url?: string | null } | null;
  /** offer posts: optional coupon, a link to redeem online, and the terms */
  offer?: { couponCode?: string | null; redeemUrl?: string | null; terms?: string | null } | null;
  /** event and offer posts: a title and when it runs */
  event?: { title: string; startsAt: string; endsAt: string } | null;
}
