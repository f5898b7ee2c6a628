// What a network pack gives the screens that loop over every network (docs/architecture.md#in-the-client),
// and what it gives the composer: one section shape every pack speaks (its slice of the draft, the
// composer's dispatch, what the composer knows) and an optional hook the pack owns for what only it reads
// (a creator's settings, an account posted by hand, long posts), so the composer loops over the packs
// without naming a network.
import type { GooglePostOptions, PlatformName, PlatformPreview, PreviewInput } from "@sufra/schema";
import type { ComponentType } from "react";
import type { DraftLocks, NetworkDraft } from "./draft.ts";
import type { PreviewBody } from "./frame.tsx";
import type { GoogleDraft } from "./google/draft.ts";
import type { TimeFieldProps } from "./google/GoogleSection.tsx";
import type { NetworkMeta, PostMedia } from "./types.ts";

export interface NetworkPack extends NetworkMeta {
  /** the preview's body where the network shows a post its own way; none or null: the card's usual body */
  previewBody?: PreviewBody;
  /** drawn above the preview's text / below it, given the post's Google options (Google's kind, offer, button) */
  PreviewHead?: ComponentType<{ google: GooglePostOptions }>;
  PreviewFoot?: ComponentType<{ google: GooglePostOptions }>;
  /** what the person needs to post by hand when a post waits for them (the caption to copy, the files) */
  ByHand?: ComponentType<ByHandProps>;
}

export interface ByHandProps {
  /** the caption with its hashtags, as the network would show it */
  caption: string;
  media: readonly { id: string; url: string; originalName: string }[];
}

/** A connected account as the composer reads it from the business's connections. */
export interface ComposerConnection {
  /** posted by hand (the account is assisted) */
  manual?: boolean | null;
  account?: { id: string; demo?: boolean | null; longPosts?: boolean | null } | null;
}

/** The network options' slices a pack's section edits (NetworkDraft without the photos' alt text). */
type NetworkKey = Exclude<keyof NetworkDraft, "altText">;

/** A section's changes, as the composer's reducer takes them. */
export type SectionAction =
  | { type: "firstComment"; value: string }
  | { type: "google"; value: GoogleDraft }
  | { [K in NetworkKey]: { type: "network"; key: K; value: NetworkDraft[K] } }[NetworkKey];

/** The composer's draft as far as the sections read it. */
export interface SectionDraft {
  /** the post's first comment, for the networks that post one */
  firstComment: string;
  /** the post's own problems the sections show ("firstComment") */
  errors: { firstComment?: string };
  google: GoogleDraft;
  network: NetworkDraft;
  /** Google's problems by the rule's path */
  googleErrors: Record<string, string | undefined>;
  /** the network options' problems by the rule's path ("<network>.<field>") */
  networkErrors: Record<string, string | undefined>;
}

/** What a pack's hook reads: the chosen networks, the business's connection to this network, the draft and media. */
interface ComposerFactsInput {
  chosen: boolean;
  connection: ComposerConnection | undefined;
  draft: SectionDraft;
  media: readonly PostMedia[];
}

/** previewPost's facts a network decides, beyond the post itself (its own limits and destinations). */
export type NetworkPreviewFacts = Partial<
  Omit<
    PreviewInput,
    "content" | "hashtags" | "firstComment" | "platforms" | "media" | "google" | "network" | "assisted"
  >
>;

/** What a pack's hook tells the composer. */
export interface ComposerFacts {
  /** the section is not shown (an account posted by hand keeps its notice beside the network's name) */
  hidden?: boolean;
  /** previewPost's facts this network decides */
  preview?: NetworkPreviewFacts & { assisted?: boolean };
  /** problems previewPost cannot know, shown in the network's preview and stopping scheduling and publishing */
  stops?: readonly string[];
  /** false: the post's photos are not held to the network's shape rules and crops (a story's or a reel's are tall) */
  photoShapes?: boolean;
  /** nothing may be scheduled or published yet (the settings a network requires are not read) */
  blocked?: boolean;
  /** what the draft pieces need to turn the draft into options (the settings a creator locked) */
  locks?: DraftLocks | null;
  /** the section's own state, read by the pack's section only */
  state?: unknown;
}

/** What the composer knows that a section may read. */
interface SectionContext {
  media: readonly PostMedia[];
  /** the network's live preview, when chosen */
  preview: PlatformPreview | undefined;
  /** what the pack's hook said */
  facts: ComposerFacts;
  /** the composer's field for a time in Kuwait, without suggested times */
  TimeField: ComponentType<TimeFieldProps>;
}

export interface SectionProps {
  draft: SectionDraft;
  dispatch: (action: SectionAction) => void;
  context: SectionContext;
}

/** A pack's part of the composer. */
export interface ComposerPart {
  name: PlatformName;
  Section: ComponentType<SectionProps>;
  /** a field of the post itself, shown under the caption and hashtags while the network is chosen (a first comment) */
  CaptionField?: ComponentType<SectionProps>;
  /** a hook called on every render, chosen or not (the composer calls every pack's, always in the same order) */
  useFacts?: (input: ComposerFactsInput) => ComposerFacts;
}

/** The problems under one network's prefix ("<network>."), keyed by the rest of their path. */
export const problemsUnder = (
  problems: Record<string, string | undefined>,
  prefix: string,
): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(problems)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
