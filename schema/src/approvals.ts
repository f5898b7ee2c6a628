// Agencies and approvals (docs/product.md#agencies-and-approvals): an agency's access to a café, the approval
// a post needs before it is scheduled when the café asks for one, and the signed link an owner approves from.
// The client's forms, the server's services and the approval page read the same rules.
import { z } from "zod";
import type { Locale } from "./locales.ts";
import type { MessageKey } from "./messages.ts";
import { multiLine, singleLine } from "./text.ts";
import { inviteSchema } from "./team.ts";

// ---------------------------------------------------------------- agencies
/** What a café's owner may give an agency beyond preparing posts and reading figures (none by default). */
export const AGENCY_GRANTS = ["billing", "team", "api_keys"] as const;
export type AgencyGrant = (typeof AGENCY_GRANTS)[number];

export const AGENCY_LINK_STATUSES = ["pending", "active", "ended"] as const;
export type AgencyLinkStatus = (typeof AGENCY_LINK_STATUSES)[number];

const key = (k: MessageKey) => ({ error: k });

/** An address: a link is asked of a manager of the other business, an approval link mailed to an owner. */
export const addressSchema = z.object({ email: inviteSchema.shape.email });
/** Asking for a link: the café names a manager of the agency by e-mail, or the agency a manager of the café. */
export const agencyRequestSchema = addressSchema;

/** What the café's owner lets the agency do: schedule and publish, and the rights of AGENCY_GRANTS. */
export const agencyAccessSchema = z.object({
  mayPublish: z.boolean(key("invalidValue")).optional(),
  grants: z
    .array(z.enum(AGENCY_GRANTS, key("invalidValue")), key("invalidValue"))
    .max(3, key("invalidValue"))
    .optional(),
});

// ---------------------------------------------------------------- approvals
/**
 * A post's approval. none: never sent (or its approval voided by a change); lead_review: sent by an agency's
 * person to a café that has its agency lead check first, waiting for the lead; in_review: waiting for the owners;
 * approved: this revision may be scheduled; changes_requested: the owners (or the lead) asked for changes.
 */
export const APPROVAL_STATES = ["none", "lead_review", "in_review", "approved", "changes_requested"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const isApprovalState = (v: unknown): v is ApprovalState =>
  typeof v === "string" && (APPROVAL_STATES as readonly string[]).includes(v);

/**
 * The approval state machine: from -> the states it may move to. Sending moves none and changes_requested to
 * in_review (in_review again: a new revision sent), or to lead_review when the café has its agency lead check
 * first; the lead moves lead_review to in_review or changes_requested; the owners move in_review to approved or
 * changes_requested;
 * a change to what an approval covers moves approved (and in_review) back to none. An approved post may also be
 * asked about again (changes_requested) by an owner until it is published.
 */
export const APPROVAL_TRANSITIONS: Readonly<Record<ApprovalState, readonly ApprovalState[]>> = {
  none: ["lead_review", "in_review"],
  lead_review: ["lead_review", "in_review", "changes_requested", "none"],
  in_review: ["in_review", "approved", "changes_requested", "none"],
  approved: ["none", "changes_requested"],
  changes_requested: ["lead_review", "in_review", "none"],
};
export const canApprovalMove = (from: ApprovalState, to: ApprovalState): boolean =>
  APPROVAL_TRANSITIONS[from]?.includes(to) ?? false;

/** What an approval history entry says happened. */
export const APPROVAL_ACTIONS = ["sent", "lead_approved", "approved", "changes_requested", "voided"] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

const APPROVAL_KEYS = {
  none: "approvalNone",
  lead_review: "approvalLeadReview",
  in_review: "approvalInReview",
  approved: "approvalApproved",
  changes_requested: "approvalChangesRequested",
} as const satisfies Record<ApprovalState, MessageKey>;
/** The message key of an approval state's label. */
export const approvalKey = (state: ApprovalState): MessageKey => APPROVAL_KEYS[state];

/**
 * Whether the café's posts need approval before they are scheduled: the café's own choice, else on while an
 * agency serves it (one rule: the server's gate and the screens read it here).
 */
export const approvalRequired = (requireApproval: boolean | null | undefined, servedByAgency: boolean): boolean =>
  requireApproval ?? servedByAgency;

/** Days an approval link works. */
export const APPROVAL_LINK_TTL_DAYS = 14;
/** Posts one approval link may carry (a month of daily posts, with room). */
export const APPROVAL_LINK_MAX_POSTS = 62;
/** Characters of a comment asking for changes. */
export const APPROVAL_COMMENT_MAX = 1000;
/**
 * Uses of one link, and of one client address over all links, per minute: an open or a decision each (a person
 * approving a month taps about 31 times); a guesser is stopped long before a signature could be found.
 */
export const APPROVAL_LINK_RATE = { points: 120, durationSeconds: 60 } as const;
/** Mails one link may send from its page per minute's window (it is not a relay). */
export const APPROVAL_LINK_MAILS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Sending for approval: the posts named, or every draft and scheduled post of the café planned from `from` to
 * `to` (Kuwait days, a week or a month at once). The link's page speaks `locale`.
 */
export const sendForApprovalSchema = z
  .object({
    postIds: z
      .array(singleLine(key("invalidValue")).regex(UUID, key("invalidValue")), key("invalidValue"))
      .max(APPROVAL_LINK_MAX_POSTS, key("approvalTooManyPosts"))
      .optional(),
    from: singleLine(key("dateInvalid")).regex(DAY, key("dateInvalid")).optional(),
    to: singleLine(key("dateInvalid")).regex(DAY, key("dateInvalid")).optional(),
    locale: z.enum(["en", "ar"], key("invalidValue")).optional(),
  })
  .refine((v) => (v.postIds?.length ?? 0) > 0 || (!!v.from && !!v.to), {
    error: "approvalNothingToSend",
    path: ["postIds"],
  })
  .refine((v) => !v.from || !v.to || (v.from <= v.to && daysBetween(v.from, v.to) <= 31), {
    error: "approvalRangeTooLong",
    path: ["to"],
  });
export type SendForApprovalInput = z.output<typeof sendForApprovalSchema>;

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * An owner's word on one post: approve, or ask for changes with a comment. `revision` is the one they saw:
 * a post changed since is POST_CHANGED, so nobody approves a version they did not read.
 */
export const approvalDecisionSchema = z
  .object({
    decision: z.enum(["approve", "changes"], key("invalidValue")),
    revision: z.number(key("invalidValue")).int(key("invalidValue")).min(1, key("invalidValue")),
    comment: multiLine(key("invalidValue")).trim().max(APPROVAL_COMMENT_MAX, key("tooLong")).optional(),
  })
  .refine((v) => v.decision !== "changes" || !!v.comment, { error: "approvalCommentRequired", path: ["comment"] });
export type ApprovalDecision = z.output<typeof approvalDecisionSchema>;

/** The approval page's path for a link's token (the server serves it; the app links to it). */
export const approvalPagePath = (token: string) => `/a/${token}`;

/** The message a WhatsApp share carries, in the owner's language. */
export function approvalShareText(locale: Locale, companyName: string, count: number, url: string): string {
  return locale === "ar"
    ? `${companyName}: ${count === 1 ? "منشور بانتظار موافقتك" : `${count} منشورات بانتظار موافقتك`}. افتح الرابط للمراجعة: ${url}`
    : `${companyName}: ${count === 1 ? "1 post is" : `${count} posts are`} waiting for your approval. Open the link to review: ${url}`;
}

/** WhatsApp's documented share link (https://faq.whatsapp.com/5913398998672934): the text URL-encoded, no number. */
export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
