// Each network's own options for a post, beyond its caption and media (docs/product.md#posts), put together
// from the network packs (schema/src/networks/, docs/architecture.md#network-packs), with what belongs to no
// one network: the alt text of each photo. One zod rule here: the composer, the preview and both doors check
// the same thing.
import { z } from "zod";
import { isMessageKey, type MessageKey } from "./messages.ts";
import { multiLine } from "./text.ts";
import { nullish, optionKey as key } from "./networks/common.ts";
import { facebookOptionsSchema, type FacebookOptions } from "./networks/facebook.ts";
import { instagramOptionsSchema, type InstagramOptions } from "./networks/instagram.ts";
import { snapchatOptionsSchema, type SnapchatOptions } from "./networks/snapchat.ts";
import { tiktokOptionsSchema, type TikTokOptions } from "./networks/tiktok.ts";
import { xOptionsSchema, type XOptions } from "./networks/x.ts";

/** Alt text of a photo: X takes 1,000 characters (media metadata); Sufra holds every network to it. */
export const ALT_TEXT_MAX_LENGTH = 1000;

export interface NetworkOptions {
  instagram?: InstagramOptions | null;
  tiktok?: TikTokOptions | null;
  twitter?: XOptions | null;
  snapchat?: SnapchatOptions | null;
  facebook?: FacebookOptions | null;
  /** alt text of the post's photos, each by media id (Instagram, X and Facebook publish it) */
  altText?: { mediaId: string; text: string }[] | null;
}

export const networkOptionsSchema = z.object({
  instagram: nullish(instagramOptionsSchema),
  tiktok: nullish(tiktokOptionsSchema),
  twitter: nullish(xOptionsSchema),
  snapchat: nullish(snapchatOptionsSchema),
  facebook: nullish(facebookOptionsSchema),
  altText: nullish(
    z
      .array(
        z.object({
          mediaId: z.uuid(key("postMediaInvalid")),
          text: multiLine(key("invalidValue"))
            .trim()
            .refine((s) => [...s].length <= ALT_TEXT_MAX_LENGTH, key("altTextTooLong")),
        }),
        key("invalidValue"),
      )
      .max(35, key("invalidValue"))
      // one text per photo; an empty text is no alt text
      .transform((list) => [...new Map(list.filter((a) => a.text).map((a) => [a.mediaId.toLowerCase(), a])).values()]),
  ),
});

/**
 * The networkOptions field of a post's input, as both doors hand it to the posts service (a problem is
 * reported under networkOptions.<network>.<field>). Null or left out: every network's defaults.
 */
export const postNetworkFieldsSchema = z.object({
  networkOptions: z.preprocess((v) => v ?? undefined, networkOptionsSchema.optional()),
});

/** The problems of a post's network options (each a message key and where), by the rule the server applies. */
export function networkOptionsProblems(options: unknown): { key: MessageKey; path: string }[] {
  if (options === null || options === undefined) return [];
  const r = networkOptionsSchema.safeParse(options);
  if (r.success) return [];
  return r.error.issues.map((i) => ({
    key: (isMessageKey(i.message) ? i.message : "invalidValue") as MessageKey,
    path: i.path.join("."),
  }));
}

/** The alt text the post gives a photo; null when none. */
export const altTextOf = (options: NetworkOptions | null | undefined, mediaId: string): string | null =>
  options?.altText?.find((a) => a.mediaId.toLowerCase() === mediaId.toLowerCase())?.text || null;

/** The options one network's target publishes with: what the post chose, or that network's defaults. */
export function optionsFor<P extends keyof Omit<NetworkOptions, "altText">>(
  options: NetworkOptions | null | undefined,
  platform: P,
): NonNullable<NetworkOptions[P]> | null {
  return (options?.[platform] ?? null) as NonNullable<NetworkOptions[P]> | null;
}
