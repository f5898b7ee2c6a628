// Snapchat's pack (docs/architecture.md#network-packs): where a public profile post goes (its options and
// their rule), its media rules and limits. Sufra has no Snapchat publishing: the person posts it by hand.
import { z } from "zod";
import { type NetworkPack, optionKey } from "./common.ts";

/** Where a Snapchat public profile post goes: the 24-hour Story, a Saved Story, or Spotlight. */
export const SNAPCHAT_POST_KINDS = ["story", "saved_story", "spotlight"] as const;
export type SnapchatPostKind = (typeof SNAPCHAT_POST_KINDS)[number];

export interface SnapchatOptions {
  kind: SnapchatPostKind;
}

export const DEFAULT_SNAPCHAT_OPTIONS: SnapchatOptions = { kind: "story" };

export const snapchatOptionsSchema = z.object({ kind: z.enum(SNAPCHAT_POST_KINDS, optionKey("invalidValue")) });

/** The longest caption Sufra's writers give a Snap. */
const SNAPCHAT_CAPTION_LENGTH = 250;

/** Snapchat in the registry (networks/index.ts). */
export const snapchatNetwork: NetworkPack<"snapchat"> = {
  id: "snapchat",
  label: { en: "Snapchat", ar: "سناب شات" },
  media: { image: {}, video: { maxSeconds: 60 }, maxItems: 1 },
  limits: {
    maxLength: 250,
    maxHashtags: null,
    hashtagWarnAbove: null,
    requiresMedia: true,
    firstComment: false,
    manual: true,
  },
  suggestedHashtags: 3,
  audience: true,
  everyPlan: false,
  // 3 to 15, starting with a letter, ending with a letter or digit
  handle: { pattern: /^[a-z][a-z0-9._-]{1,13}[a-z0-9]$/, message: "competitorHandleSnapchat" },
  // Snapchat captions stay this short, whatever the network allows
  writing: {
    layout: "short",
    maxLength: SNAPCHAT_CAPTION_LENGTH,
    guide: `Snapchat: one short line, at most ${SNAPCHAT_CAPTION_LENGTH} characters; at most 3 hashtags.`,
  },
  reference: {
    platform:
      "Snapchat: published through Snap's Public Profile API when this server's app is allow-listed; otherwise made by hand when due.",
    where: "Snapchat",
  },
  proposalOptions: () => ({ snapchat: { kind: DEFAULT_SNAPCHAT_OPTIONS.kind } }),
  // Snapchat posts stories
  planFormat: () => "story",
};
