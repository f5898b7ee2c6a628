// What every network pack declares, and the few helpers its rules share (docs/architecture.md#network-packs).
// A pack imports this file, never another pack; networks/index.ts is the one list of packs.
import { z } from "zod";
import type { MessageKey } from "../messages.ts";

/** A text in both languages. */
export type Bilingual = { en: string; ar: string };

export const MB = 1024 * 1024;

/** 1080p, either way up: at most 1080 pixels on the short side and 1920 on the long one. */
export const MEDIA_1080P = { shortSide: 1080, longSide: 1920 } as const;

export interface ImageRules {
  minRatio?: number;
  maxRatio?: number;
  ratioLabels?: [string, string];
  /**
   * the shape the network shows the picture in (width / height): a picture of another shape is sent as the
   * rendition of this one, which Sufra crops where the food is, rather than let the network crop its middle
   */
  ratio?: number;
  maxBytes?: number;
  minSide?: number;
  /** gif: the network takes an animated GIF, up to this size; absent: it takes no GIF */
  gif?: { maxBytes: number };
  /** the only types the network's API takes (Sufra sends a variant of that type); absent: any Sufra accepts */
  mimes?: readonly string[];
  /** the largest picture the network's API takes (Sufra sends its copy scaled into it); absent: no limit */
  fit?: { shortSide: number; longSide: number };
}

export interface PlatformMediaRules {
  image: ImageRules;
  /** none: the network's API takes no video in a post (Google's local posts) */
  video: { minSeconds?: number; maxSeconds?: number; maxBytes?: number; none?: boolean };
  /** files in one post */
  maxItems: number;
}

export interface PlatformLimits {
  /** Longest caption: X counts weighted characters (xWeightedLength), the others code points. */
  maxLength: number;
  /** Most hashtags the network accepts; null: no hard limit. */
  maxHashtags: number | null;
  /** More hashtags than this draws a warning (X: they reduce reach); null: no warning. */
  hashtagWarnAbove: number | null;
  /** Most photos and videos in one post (the pack's media.maxItems). */
  maxMedia: number;
  /** A post needs at least one photo or video. */
  requiresMedia: boolean;
  /** The network can take a first comment, posted right after the post. */
  firstComment: boolean;
  /** No publishing API for us: the person posts it by hand (target status awaiting_manual). */
  manual: boolean;
}

/** One network's pack as the registry lists it: what the publisher, composer, plans, analytics and docs read. */
export interface NetworkPack<Id extends string = string> {
  /** the id in the data model (X keeps its old name "twitter") */
  id: Id;
  /** its brand name as the networks write it, in both languages (Arabic script where usual) */
  label: Bilingual;
  /** the network's published media limits (ratio is width / height) */
  media: PlatformMediaRules;
  /** image rules of a format with its own (Instagram's story and reel), over media.image */
  formatImages?: Partial<Record<"feed" | "story" | "reel", ImageRules>>;
  /** caption and hashtag limits, and whether a person posts it by hand (maxMedia is media.maxItems) */
  limits: Omit<PlatformLimits, "maxMedia">;
  /** hashtags a generated caption carries at most */
  suggestedHashtags: number;
  /**
   * it has followers to list on analytics' audience screen, read through its API or not (Google Business
   * Profile has no followers or audience: the screen leaves it out)
   */
  audience: boolean;
  /** every plan connects it, Basic too (docs/product.md#plans-and-prices); false: Professional and Premium only */
  everyPlan: boolean;
  /** how Sufra's writers (the local copywriter and the AI model, server/src/ai/) write a caption for it */
  writing: {
    /**
     * the local writer's layout: story, a story told in full (paragraphs, the facts on their own lines);
     * tight, one tight paragraph with the place on its own line; short, one or two sentences
     */
    layout: "story" | "tight" | "short";
    /** a caption stays this short, whatever the network allows; absent: the network's limit */
    maxLength?: number;
    /** suggested hashtags: each group in both languages, the caption's first (else the caption's language) */
    bilingualHashtags?: boolean;
    /** what the AI model is told of it, after its name */
    guide: string;
  };
  /**
   * its usernames' rule, where it has public usernames to follow a competitor by (after the @ and the profile
   * link are taken off and it is lower-cased); none: a competitor is not followed on it
   */
  handle?: { pattern: RegExp; message: MessageKey };
  /** other names a review's source may give it (X's "x"), besides its id */
  aliases?: readonly string[];
  /** how the API's reference (the GraphQL schema's descriptions, in English) speaks of it */
  reference: {
    /** the Platform enum's value */
    platform: string;
    /** where something happened on it: "It happened on <where>." */
    where: string;
  };
  /** the options a planned post starts with, from the plan's format (planner.ts); none: the defaults */
  proposalOptions?: (format: string) => Record<string, unknown>;
  /** a planned post's format on it, from the plan's occasion (planner.ts); none: a post */
  planFormat?: (content: string | null) => "feed" | "story";
  /**
   * the format its options choose (the post's options for this network), where its media rules depend on
   * it (formatImages); none: one set of rules
   */
  mediaFormat?: (options: unknown) => "feed" | "story" | "reel";
}

/** A zod error carrying a message key. */
export const optionKey = (k: MessageKey) => ({ error: k });
/** Null or left out: the rule's own default (or nothing). */
export const nullish = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => v ?? undefined, s.optional());
