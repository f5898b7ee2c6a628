// The inbox as the screen reads it: one item per thing a guest wrote (a Google review, an Instagram
// comment, a review typed in or imported), whatever the server's shape, and the list's filters as they
// live in the address bar (docs/product.md#routes: a filtered inbox is a link that can be shared or saved).
import {
  REVIEW_SENTIMENT_KEYS,
  REVIEW_SOURCE_KEYS,
  REVIEW_TOPIC_KEYS,
  type ReplyGap,
  type ReviewIntent,
  type ReviewSentiment,
  type ReviewSource,
  type ReviewStatus,
  type ReviewTopic,
} from "@sufra/schema";

type ItemKind = "review" | "comment";
type RepliedVia = "sent" | "network" | "marked";

/** A reply under a comment, by the guest, someone else or the business. */
interface ThreadEntry {
  author: string;
  text: string;
  at: string;
  fromBusiness: boolean;
}

export interface InboxItem {
  id: string;
  kind: ItemKind;
  source: ReviewSource;
  author: string;
  /** stars 1-5; null for a comment */
  rating: number | null;
  text: string;
  language: "en" | "ar";
  /** when the guest wrote it: an instant, or a day (YYYY-MM-DD) for typed and imported reviews */
  writtenAt: string;
  sentiment: ReviewSentiment;
  /** what it asks of the business (docs/product.md#inbox) */
  intent: ReviewIntent;
  topics: ReviewTopic[];
  reply: string | null;
  /** what the guest asked that the business profile lacked when the reply was suggested (the draft promises it) */
  replyGaps: ReplyGap[];
  /** what the configured model's draft stated that the profile does not hold (the built-in draft was used) */
  replyRejected: string[];
  status: ReviewStatus;
  approvedAt: string | null;
  repliedAt: string | null;
  repliedVia: RepliedVia | null;
  /** why the network refused the last send, in the person's language */
  sendError: string | null;
  /** the branch (a Google location), when the network says */
  branch: { id: string; title: string } | null;
  /** Instagram: the post the comment is under */
  post: { permalink: string | null; caption: string | null } | null;
  hidden: boolean;
  thread: ThreadEntry[];
  privateReply: string | null;
  privateRepliedAt: string | null;
  demo: boolean;
  /** the network answers through Sufra (Google reviews, Instagram comments); otherwise "mark handled" */
  network: "google" | "instagram" | null;
  /** what the person may do with it now (the server decides; the buttons follow) */
  can: Capabilities;
}

interface Capabilities {
  sendReply: boolean;
  deleteReply: boolean;
  hide: boolean;
  privateReply: boolean;
  /** a Google review of a location Google has not verified: Google refuses replies there */
  needsVerification: boolean;
}

/** Instagram's window for a private reply after the comment (7 days). */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 86_400_000;

/** The list's filters; every one is optional and lives in the query string. */
export interface InboxFilters {
  source?: ReviewSource;
  branch?: string;
  unanswered?: boolean;
  stars?: number;
  sentiment?: ReviewSentiment;
  topic?: ReviewTopic;
  language?: "en" | "ar";
  /** Kuwait days, YYYY-MM-DD */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters a query string names; anything unknown or malformed is left out (an old link still opens). */
export function filtersFrom(params: URLSearchParams): InboxFilters {
  const f: InboxFilters = {};
  const source = oneOf(REVIEW_SOURCE_KEYS, params.get("source"));
  if (source) f.source = source;
  const branch = params.get("branch");
  if (branch) f.branch = branch;
  if (params.get("unanswered") === "1") f.unanswered = true;
  const stars = Number(params.get("stars"));
  if (Number.isInteger(stars) && stars >= 1 && stars <= 5) f.stars = stars;
  const sentiment = oneOf(REVIEW_SENTIMENT_KEYS, params.get("sentiment"));
  if (sentiment) f.sentiment = sentiment;
  const topic = oneOf(REVIEW_TOPIC_KEYS, params.get("topic"));
  if (topic) f.topic = topic;
  const language = oneOf(["en", "ar"] as const, params.get("language"));
  if (language) f.language = language;
  const from = params.get("from");
  if (from && DAY.test(from)) f.from = from;
  const to = params.get("to");
  if (to && DAY.test(to)) f.to = to;
  return f;
}

/** The query string of `filters`, keeping the other parameters of `base` (the open item). */
export function withFilters(base: URLSearchParams, filters: InboxFilters): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const k of ["source", "branch", "unanswered", "stars", "sentiment", "topic", "language", "from", "to"])
    next.delete(k);
  if (filters.source) next.set("source", filters.source);
  if (filters.branch) next.set("branch", filters.branch);
  if (filters.unanswered) next.set("unanswered", "1");
  if (filters.stars) next.set("stars", String(filters.stars));
  if (filters.sentiment) next.set("sentiment", filters.sentiment);
  if (filters.topic) next.set("topic", filters.topic);
  if (filters.language) next.set("language", filters.language);
  if (filters.from) next.set("from", filters.from);
  if (filters.to) next.set("to", filters.to);
  return next;
}

export const filterCount = (f: InboxFilters) => Object.values(f).filter((v) => v !== undefined && v !== false).length;

/** The dashboard's and the notification's link: new negative items, unanswered. */
export const NEGATIVE_UNANSWERED = "/inbox?unanswered=1&sentiment=negative";

/** Unanswered and negative: two stars or fewer, or a negative tone (docs/product.md#client-dashboard). */

/** How the suggested reply is written: in the guest's language, or in Arabic and English. */
export type ReplyLanguages = "guest" | "both";
const LANGUAGES_KEY = "sufra.inbox.replyLanguages";
export const replyLanguages = (): ReplyLanguages =>
  typeof localStorage !== "undefined" && localStorage.getItem(LANGUAGES_KEY) === "both" ? "both" : "guest";
export const rememberReplyLanguages = (v: ReplyLanguages) => localStorage.setItem(LANGUAGES_KEY, v);
