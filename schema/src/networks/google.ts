// Google's pack (docs/architecture.md#network-packs): Google Business Profile posts, their media rules and
// limits, the kinds of post a
// location takes and the button under it, as Google's localPosts name them. The zod rule of a post's
// Google options lives here too, so the composer and both doors check the same thing.
import { z } from "zod";
import { isMessageKey, type MessageKey } from "../messages.ts";
import { multiLine, singleLine } from "../text.ts";
import { MB, type NetworkPack } from "./common.ts";

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

// ---------------------------------------------------------------- limits (docs/product.md#posts)
/** Google's longest post text (its "summary"), in characters. */
export const GOOGLE_SUMMARY_MAX_LENGTH = 1500;
/** Google's longest event or offer title. */
export const GOOGLE_TITLE_MAX_LENGTH = 58;
/** A coupon code: Google's API states no limit; Sufra keeps it as short as a title, for the card it shows on. */
export const GOOGLE_COUPON_MAX_LENGTH = 58;
/** An offer's terms: Google's API states no limit; Sufra allows as much as the post text. */
export const GOOGLE_TERMS_MAX_LENGTH = 1500;

/** The types that carry a title and dates: Google requires its event block for both. */
export const googlePostHasEvent = (type: GooglePostType): boolean => type === "event" || type === "offer";
/** Google ignores the button of an offer (the offer's own redeem link takes its place). */
export const googlePostHasButton = (type: GooglePostType): boolean => type !== "offer";
/** CALL dials the location's phone: the one button without a link. */
export const googleCtaNeedsUrl = (action: GoogleCtaAction): boolean => action !== "call";

const gKey = (k: MessageKey) => ({ error: k });
const blank = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const chars = (s: string) => [...s.normalize("NFC")].length;

/** An https address, or the message key that says why not. */
function httpsProblem(value: string): MessageKey | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "googleUrlHttps";
  }
  return url.protocol === "https:" && !!url.hostname && !url.username && !url.password ? null : "googleUrlHttps";
}
const httpsUrl = singleLine(gKey("googleUrlHttps"))
  .trim()
  .max(2000, gKey("googleUrlHttps"))
  .refine((s) => !httpsProblem(s), gKey("googleUrlHttps"));

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
/** An instant: a Date (the GraphQL DateTime scalar) or ISO 8601 with its zone; kept as ISO in UTC. */
const instant = z.unknown().transform((v, ctx): string => {
  const d = v instanceof Date ? v : typeof v === "string" && ISO_WITH_ZONE.test(v.trim()) ? new Date(v.trim()) : null;
  if (d && !Number.isNaN(d.getTime())) return d.toISOString();
  ctx.addIssue({ code: "custom", message: "googleEventTimeInvalid", input: v });
  return z.NEVER;
});

const cta = z.object(
  {
    action: z.enum(GOOGLE_CTA_ACTIONS, gKey("googleCtaActionInvalid")),
    url: z.preprocess(blank, httpsUrl.optional()),
  },
  gKey("googleCtaActionInvalid"),
);

const offer = z.object(
  {
    couponCode: z.preprocess(
      blank,
      singleLine(gKey("invalidValue"))
        .trim()
        .refine((s) => chars(s) <= GOOGLE_COUPON_MAX_LENGTH, gKey("googleCouponTooLong"))
        .optional(),
    ),
    redeemUrl: z.preprocess(blank, httpsUrl.optional()),
    terms: z.preprocess(
      blank,
      multiLine(gKey("invalidValue"))
        .trim()
        .refine((s) => chars(s) <= GOOGLE_TERMS_MAX_LENGTH, gKey("googleTermsTooLong"))
        .optional(),
    ),
  },
  gKey("invalidValue"),
);

const event = z
  .object(
    {
      title: z.preprocess(
        (v) => blank(v) ?? "",
        singleLine(gKey("googleEventTitleRequired"))
          .trim()
          .min(1, gKey("googleEventTitleRequired"))
          .refine((s) => chars(s) <= GOOGLE_TITLE_MAX_LENGTH, gKey("googleEventTitleTooLong")),
      ),
      startsAt: instant,
      endsAt: instant,
    },
    gKey("googleEventRequired"),
  )
  .refine((e) => Date.parse(e.startsAt) < Date.parse(e.endsAt), {
    error: "googleEventEndsBeforeStart" as MessageKey,
    path: ["endsAt"],
  })
  .refine((e) => Date.parse(e.endsAt) > Date.now(), { error: "googleEventEnded" as MessageKey, path: ["endsAt"] });

/**
 * A post's Google options, as the composer, GraphQL and REST send them. The type is required. The
 * button: an action from GOOGLE_CTA_ACTIONS with an https link, except CALL (no link; one given is
 * dropped); an offer has no button (Google ignores it), so one given is dropped. Offer: coupon code,
 * redeem link (https) and terms, each optional. Event and offer: a title (at most 58 characters) and
 * when it runs, ending after it starts and in the future. What a type does not use is dropped, so a
 * stored post holds only what Google will show. The post text's own limit (1,500) is the preview's
 * (PLATFORM_LIMITS.google).
 */
export const googlePostOptionsSchema = z
  .object(
    {
      type: z.enum(GOOGLE_POST_TYPES, gKey("googlePostTypeInvalid")),
      cta: z.preprocess((v) => (v === null ? undefined : v), cta.optional()),
      offer: z.preprocess((v) => (v === null ? undefined : v), offer.optional()),
      event: z.preprocess((v) => (v === null ? undefined : v), event.optional()),
    },
    gKey("googlePostTypeInvalid"),
  )
  // both checks also run when another field failed (the composer shows every problem at once), as long
  // as the fields they read are usable
  .refine((o) => !(o.cta && googlePostHasButton(o.type) && googleCtaNeedsUrl(o.cta.action) && !o.cta.url), {
    error: "googleCtaUrlRequired" as MessageKey,
    path: ["cta", "url"],
    when: (payload) => {
      const v = payload.value as { type?: unknown; cta?: { action?: unknown } | null };
      return (
        (GOOGLE_POST_TYPES as readonly unknown[]).includes(v?.type) &&
        (GOOGLE_CTA_ACTIONS as readonly unknown[]).includes(v?.cta?.action)
      );
    },
  })
  .refine((o) => !(googlePostHasEvent(o.type) && !o.event), {
    error: "googleEventRequired" as MessageKey,
    path: ["event"],
    when: (payload) => (GOOGLE_POST_TYPES as readonly unknown[]).includes((payload.value as { type?: unknown })?.type),
  })
  .transform((o): GooglePostOptions => ({
    type: o.type,
    cta:
      o.cta && googlePostHasButton(o.type)
        ? { action: o.cta.action, url: googleCtaNeedsUrl(o.cta.action) ? (o.cta.url ?? null) : null }
        : null,
    offer:
      o.type === "offer"
        ? {
            couponCode: o.offer?.couponCode ?? null,
            redeemUrl: o.offer?.redeemUrl ?? null,
            terms: o.offer?.terms ?? null,
          }
        : null,
    event: googlePostHasEvent(o.type) && o.event ? o.event : null,
  }));

/** What a Google post says when the person chose Google but no options: a "What's new" post without a button. */
export const DEFAULT_GOOGLE_POST_OPTIONS: GooglePostOptions = { type: "standard", cta: null, offer: null, event: null };

/**
 * The problems of a post's Google options as the preview lists them (each a message key), checked by the
 * same rule the server applies. `options` null or undefined: a "What's new" post, which has none.
 */
export function googleOptionsProblems(options: unknown): { key: MessageKey; path: string }[] {
  if (options === null || options === undefined) return [];
  const r = googlePostOptionsSchema.safeParse(options);
  if (r.success) return [];
  return r.error.issues.map((i) => ({
    key: (isMessageKey(i.message) ? i.message : "invalidValue") as MessageKey,
    path: i.path.join("."),
  }));
}

/**
 * The googleOptions field of a post's input, as both doors hand it to the posts service (a problem is
 * reported under googleOptions.<field>). Null or left out: a "What's new" post without a button. The
 * service checks it only when the post goes to Google.
 */
export const postGoogleFieldsSchema = z.object({
  googleOptions: z.preprocess((v) => v ?? undefined, googlePostOptionsSchema.optional()),
});

/** Google in the registry (networks/index.ts). */
export const googleNetwork: NetworkPack<"google"> = {
  id: "google",
  label: { en: "Google", ar: "جوجل" },
  // local posts take one JPG or PNG photo by URL, 10 KB to 5 MB and at least 250 x 250; no video (docs/product.md#google-business-profile)
  media: {
    image: { maxBytes: 5 * MB, minSide: 250, mimes: ["image/jpeg", "image/png"] },
    video: { none: true },
    maxItems: 1,
  },
  // a local post's summary is at most 1,500 characters; a photo is optional; Google has no hashtags or comments
  limits: {
    maxLength: GOOGLE_SUMMARY_MAX_LENGTH,
    maxHashtags: null,
    hashtagWarnAbove: null,
    requiresMedia: false,
    firstComment: false,
    manual: false,
  },
  suggestedHashtags: 0,
  audience: false,
  everyPlan: true,
  // a Google post tells the whole story, without hashtags: it fits in 1,500
  writing: {
    layout: "story",
    guide:
      "Google Business Profile post: at most 1,500 characters; no hashtags; say what is new, on offer or coming up at the café.",
  },
  reference: {
    platform: "Google Business Profile: posts to the business's picked locations; their reviews come into the inbox.",
    where: "Google Business Profile",
  },
};
