// Google's piece of the composer's draft (docs/product.md#posts): what the person has typed, read from a
// stored post's googleOptions, as the shared rule and the preview read it, and as GraphQL's input.
import {
  googleCtaNeedsUrl,
  googlePostHasButton,
  googlePostHasEvent,
  type GoogleCtaAction,
  type GooglePostOptions,
  type GooglePostType,
} from "@sufra/schema";
import type { GooglePostOptionsInput } from "../../graphql/graphql.ts";
import {
  googleCtaActionFromKey,
  googleCtaActionKeyOf,
  googlePostTypeFromKey,
  googlePostTypeKeyOf,
} from "../../graphql/enumKeys.ts";

/** What the person has typed so far; blank fields are blank strings, times ISO instants or null. */
export interface GoogleDraft {
  type: GooglePostType;
  cta: GoogleCtaAction | null;
  url: string;
  couponCode: string;
  redeemUrl: string;
  terms: string;
  title: string;
  startsAt: string | null;
  endsAt: string | null;
}

type StoredOptions =
  | {
      type: string;
      cta?: { action: string; url?: string | null } | null;
      offer?: { couponCode?: string | null; redeemUrl?: string | null; terms?: string | null } | null;
      event?: { title: string; startsAt: string; endsAt: string } | null;
    }
  | null
  | undefined;

/** A post's stored options (GraphQL's upper-case enums) as the form's draft; none: a What's new post. */
export function googleDraftOf(o: StoredOptions): GoogleDraft {
  return {
    type: googlePostTypeKeyOf(o?.type) ?? "standard",
    cta: googleCtaActionKeyOf(o?.cta?.action) ?? null,
    url: o?.cta?.url ?? "",
    couponCode: o?.offer?.couponCode ?? "",
    redeemUrl: o?.offer?.redeemUrl ?? "",
    terms: o?.offer?.terms ?? "",
    title: o?.event?.title ?? "",
    startsAt: o?.event?.startsAt ?? null,
    endsAt: o?.event?.endsAt ?? null,
  };
}

/** The draft as the shared rule and the preview read it (what the server will check). */
export function googleOptionsOf(d: GoogleDraft): GooglePostOptions {
  const event =
    googlePostHasEvent(d.type) && (d.title.trim() || d.startsAt || d.endsAt)
      ? { title: d.title, startsAt: d.startsAt as string, endsAt: d.endsAt as string }
      : null;
  return {
    type: d.type,
    cta:
      d.cta && googlePostHasButton(d.type)
        ? { action: d.cta, url: googleCtaNeedsUrl(d.cta) ? d.url.trim() || null : null }
        : null,
    offer:
      d.type === "offer"
        ? {
            couponCode: d.couponCode.trim() || null,
            redeemUrl: d.redeemUrl.trim() || null,
            terms: d.terms.trim() || null,
          }
        : null,
    event,
  };
}

/** The draft as GraphQL's GooglePostOptionsInput (sent once the shared rule accepts it). */
export function googleInputOf(d: GoogleDraft): GooglePostOptionsInput {
  const o = googleOptionsOf(d);
  return {
    type: googlePostTypeFromKey[o.type],
    ...(o.cta ? { cta: { action: googleCtaActionFromKey[o.cta.action], url: o.cta.url ?? null } } : {}),
    ...(o.offer
      ? {
          offer: {
            couponCode: o.offer.couponCode ?? null,
            redeemUrl: o.offer.redeemUrl ?? null,
            terms: o.offer.terms ?? null,
          },
        }
      : {}),
    ...(o.event ? { event: { title: o.event.title.trim(), startsAt: o.event.startsAt, endsAt: o.event.endsAt } } : {}),
  };
}
