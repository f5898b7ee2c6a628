// A post's and a network part's status as people read it (the shared message catalogue), and the
// colour the calendar gives each post status. Colours are dark enough for white text (WCAG AA);
// the status is always written out too (event title, drawer, legend), never told by colour alone.
import { isPostStatus, isTargetStatus, messageText, postStatusKey, targetStatusKey, type Locale } from "@sufra/schema";
import type { PostStatus, TargetStatus } from "../graphql/graphql.ts";
import { postStatusKeyOf, targetStatusKeyOf } from "../graphql/enumKeys.ts";

export const postStatusLabel = (status: PostStatus | string, locale: Locale) => {
  const s = postStatusKeyOf(status) ?? status;
  return isPostStatus(s) ? messageText(postStatusKey(s), locale) : status;
};

export const targetStatusLabel = (status: TargetStatus | string, locale: Locale) => {
  const s = targetStatusKeyOf(status) ?? status;
  return isTargetStatus(s) ? messageText(targetStatusKey(s), locale) : status;
};

export const POST_STATUS_COLORS: Record<PostStatus, string> = {
  DRAFT: "#5C5045",
  SCHEDULED: "#9A4E12",
  PUBLISHING: "#1D4E89",
  PUBLISHED: "#1F5C4A",
  PARTIALLY_PUBLISHED: "#8A5300",
  FAILED: "#A61D24",
  UNCONFIRMED: "#6B3FA0",
};

export const TARGET_STATUS_COLORS: Record<TargetStatus, string> = {
  PENDING: "#9A4E12",
  PUBLISHING: "#1D4E89",
  PUBLISHED: "#1F5C4A",
  FAILED: "#A61D24",
  UNCONFIRMED: "#6B3FA0",
  AWAITING_MANUAL: "#8A5300",
  CANCELLED: "#5C5045",
};

/** Statuses whose time may change by dragging on the calendar. */
const MOVABLE_STATUSES: readonly PostStatus[] = ["SCHEDULED", "DRAFT"];
export const isMovable = (status: PostStatus) => MOVABLE_STATUSES.includes(status);

/** The caption's first words, for a calendar event or a list. */
export const excerpt = (content: string, max = 60) => {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${[...flat].slice(0, max).join("").trimEnd()}…` : flat;
};
