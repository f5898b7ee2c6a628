// Snapchat's piece of the composer's draft (docs/product.md#posts): where a public profile post goes,
// @sufra/schema's default (a Story) left out.
import { DEFAULT_SNAPCHAT_OPTIONS, type SnapchatOptions, type SnapchatPostKind } from "@sufra/schema";
import type { SnapchatOptionsInput } from "../../graphql/graphql.ts";
import { snapchatPostKindFromKey, snapchatPostKindKeyOf } from "../../graphql/enumKeys.ts";

export interface SnapchatDraft {
  kind: SnapchatPostKind;
}

/** A stored post's Snapchat part (GraphQL's upper-case kind) as the form's draft. */
export const snapchatDraftOf = (s: { kind: string } | null | undefined): SnapchatDraft => ({
  kind: snapchatPostKindKeyOf(s?.kind) ?? DEFAULT_SNAPCHAT_OPTIONS.kind,
});

/** The draft as the shared rule reads it; undefined for the default kind. */
export const snapchatOptionsOf = (d: SnapchatDraft): SnapchatOptions | undefined =>
  d.kind !== DEFAULT_SNAPCHAT_OPTIONS.kind ? { ...d } : undefined;

/** The shared rule's Snapchat part as GraphQL's input. */
export const snapchatInputOf = (s: SnapchatOptions): SnapchatOptionsInput => ({
  kind: snapchatPostKindFromKey[s.kind],
});
