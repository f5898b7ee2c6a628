// The composer's draft as one value and the steps that change it (docs/architecture.md#in-the-client): the
// caption, hashtags, networks, media, time, campaign and occasion, each network pack's slice (Google's and
// the per-network options), the problems shown at their fields, the step under way and the studio's
// drawer. Pure: the reducer and its helpers know nothing of React, Apollo or the person's language, so
// they are tested without rendering (model.test.ts); ComposerPage dispatches and renders.
import {
  normalizeHashtag,
  PLATFORM_LIMITS,
  PLATFORMS,
  type ContentOccasionKey,
  type PlatformName,
} from "@sufra/schema";
import {
  googleDraftOf,
  networkDraftOf,
  type GoogleDraft,
  type NetworkDraft,
  type SectionAction,
} from "../../networks/index.ts";
import type { PostsPostFieldsFragment } from "../../graphql/graphql.ts";
import type { MediaItem } from "./components/MediaField.tsx";
import type { Insertion } from "./components/studio/GenerateTab.tsx";

/** What a person asks of the draft: keep it, schedule it or publish it now. */
export type Step = "draft" | "schedule" | "publish";

/** The post's own fields, where the shared rule's problems are shown. */
export type Field =
  "content" | "platforms" | "hashtags" | "firstComment" | "mediaIds" | "scheduledFor" | "campaignId" | "occasion";
export const FIELDS: readonly Field[] = [
  "content",
  "platforms",
  "hashtags",
  "firstComment",
  "mediaIds",
  "scheduledFor",
  "campaignId",
  "occasion",
];

/** Problems by path, already in the person's language. */
type Problems = Record<string, string | undefined>;

export interface ComposerState {
  content: string;
  hashtags: string[];
  firstComment: string;
  platforms: PlatformName[];
  items: MediaItem[];
  scheduledFor: string | null;
  campaignId: string | null;
  occasion: ContentOccasionKey | null;
  /** Google's slice, sent as the post's googleOptions */
  google: GoogleDraft;
  /** every other network's slice and the photos' alt text, sent as the post's networkOptions */
  network: NetworkDraft;
  errors: Partial<Record<Field, string>>;
  /** Google's problems by the rule's path ("cta.url", ...) */
  googleErrors: Problems;
  /** the network options' problems by the rule's path ("instagram.collaborators", "facebook.link", ...) */
  networkErrors: Problems;
  formError: string | null;
  busy: Step | null;
  /** the studio's drawer: never opened (not loaded), open, or closed after opening */
  studio: "unopened" | "open" | "closed";
}

export type ComposerAction =
  | { type: "content"; value: string }
  | { type: "hashtags"; value: string[] }
  | { type: "firstComment"; value: string }
  | { type: "platform"; platform: PlatformName; on: boolean }
  | { type: "media"; update: (items: MediaItem[]) => MediaItem[] }
  | { type: "scheduledFor"; value: string | null }
  | { type: "campaign"; value: string | null }
  | { type: "occasion"; value: ContentOccasionKey | null }
  | SectionAction
  | { type: "altText"; texts: Record<string, string> }
  | { type: "insert"; insertion: Insertion }
  | { type: "problems"; errors: Partial<Record<Field, string>>; googleErrors?: Problems; networkErrors?: Problems }
  | { type: "formError"; message: string | null }
  | { type: "busy"; step: Step | null }
  | { type: "studio"; open: boolean };

/** The draft of a stored post, or of a new one (a time from the calendar, a campaign from its page). */
export function initialComposer(
  post: PostsPostFieldsFragment | undefined,
  opts: {
    at: string | null;
    campaignId: string | null;
    occasion: ContentOccasionKey | null;
    platforms: PlatformName[];
  },
): ComposerState {
  return {
    content: post?.content ?? "",
    hashtags: post?.hashtags ?? [],
    firstComment: post?.firstComment ?? "",
    platforms: opts.platforms,
    items: post?.media.map((media) => ({ media })) ?? [],
    scheduledFor: opts.at ?? post?.scheduledFor ?? null,
    campaignId: post ? (post.campaignId ?? null) : opts.campaignId,
    occasion: opts.occasion,
    google: googleDraftOf(post?.googleOptions),
    network: networkDraftOf(post?.networkOptions),
    errors: {},
    googleErrors: {},
    networkErrors: {},
    formError: null,
    busy: null,
    studio: "unopened",
  };
}

const clear = (errors: ComposerState["errors"], ...fields: Field[]) =>
  fields.some((f) => errors[f]) ? { ...errors, ...Object.fromEntries(fields.map((f) => [f, undefined])) } : errors;

/**
 * Hashtags as the server stores them (normalised, no "#"), each once whatever its case; `dropped` are
 * those no network would take.
 */
export function cleanHashtags(values: readonly string[]): { tags: string[]; dropped: string[] } {
  const tags: string[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  for (const raw of values) {
    const tag = normalizeHashtag(raw);
    if (!tag) {
      dropped.push(raw);
      continue;
    }
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return { tags, dropped };
}

/** The chosen network with the shortest limit: the studio writes for it, so a caption fits every one chosen. */
export const studioPlatform = (platforms: readonly PlatformName[]): PlatformName =>
  platforms.reduce<PlatformName>(
    (a, b) => (PLATFORM_LIMITS[b].maxLength < PLATFORM_LIMITS[a].maxLength ? b : a),
    platforms[0] ?? "instagram",
  );

/** The problems the server named, at their fields: the post's own, Google's and the network options'. */
export function serverProblems(details: Record<string, readonly string[]>) {
  const errors: Partial<Record<Field, string>> = {};
  const googleErrors: Record<string, string> = {};
  const networkErrors: Record<string, string> = {};
  for (const [path, texts] of Object.entries(details)) {
    if (path.startsWith("networkOptions.")) {
      if (texts[0]) networkErrors[path.slice("networkOptions.".length)] = texts[0];
      continue;
    }
    if (path.startsWith("googleOptions.")) {
      if (texts[0]) googleErrors[path.slice("googleOptions.".length)] = texts[0];
      continue;
    }
    const f = FIELDS.find((x) => x === path.split(".").pop());
    if (f && texts[0]) errors[f] = texts[0];
  }
  return { errors, googleErrors, networkErrors };
}

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case "content":
      return { ...state, content: action.value, errors: clear(state.errors, "content") };
    case "hashtags":
      return { ...state, hashtags: action.value, errors: clear(state.errors, "hashtags") };
    case "firstComment":
      return { ...state, firstComment: action.value };
    case "platform": {
      const { platform: p, on } = action;
      // the networks stay in PLATFORMS order whatever order they are chosen in
      const platforms = on
        ? PLATFORMS.filter((x) => x === p || state.platforms.includes(x))
        : state.platforms.filter((x) => x !== p);
      return { ...state, platforms, errors: clear(state.errors, "platforms") };
    }
    case "media":
      return { ...state, items: action.update(state.items), errors: clear(state.errors, "mediaIds", "content") };
    case "scheduledFor":
      return { ...state, scheduledFor: action.value, errors: clear(state.errors, "scheduledFor") };
    case "campaign":
      return { ...state, campaignId: action.value, errors: clear(state.errors, "campaignId") };
    case "occasion":
      return { ...state, occasion: action.value, errors: clear(state.errors, "occasion") };
    case "google":
      return { ...state, google: action.value, googleErrors: {} };
    case "network":
      return { ...state, network: { ...state.network, [action.key]: action.value }, networkErrors: {} };
    case "altText":
      return { ...state, network: { ...state.network, altText: action.texts }, networkErrors: {} };
    case "insert": {
      const v = action.insertion;
      const content = !v.content
        ? state.content
        : v.mode === "append" && state.content.trim()
          ? `${state.content.trimEnd()}\n\n${v.content}`
          : v.content;
      const hashtags = v.hashtags.length
        ? cleanHashtags(v.mode === "replace" ? v.hashtags : [...state.hashtags, ...v.hashtags]).tags
        : state.hashtags;
      return {
        ...state,
        content,
        hashtags,
        // the studio's occasion names what the post is for, unless the person already chose one
        occasion: v.occasion && !state.occasion ? v.occasion : state.occasion,
        errors: clear(state.errors, "content", ...(v.hashtags.length ? (["hashtags"] as const) : [])),
        studio: "closed",
      };
    }
    case "problems":
      return {
        ...state,
        errors: action.errors,
        ...(action.googleErrors ? { googleErrors: action.googleErrors } : {}),
        ...(action.networkErrors ? { networkErrors: action.networkErrors } : {}),
      };
    case "formError":
      return { ...state, formError: action.message };
    case "busy":
      return { ...state, busy: action.step };
    case "studio":
      return { ...state, studio: action.open ? "open" : "closed" };
  }
}
