// The shapes every network pack speaks (docs/architecture.md#in-the-client): the post's media as the
// composer holds it, and the media facts a draft piece reads when it turns a draft into options.
import type { PlatformName } from "@sufra/schema";
import type { ComponentType } from "react";
import type { PostsMediaFieldsFragment } from "../graphql/graphql.ts";

/** A photo or video of the post, as the posts screens read it from GraphQL. */
export type PostMedia = PostsMediaFieldsFragment;

/** What a draft piece needs of the post's media: the ids in order and their kinds (GraphQL's IMAGE, VIDEO). */
export interface MediaFact {
  id: string;
  kind: string;
}

/** A post of photos only (no video). */
export const isPhotoPost = (media: readonly MediaFact[]) => media.length > 0 && media.every((m) => m.kind === "IMAGE");

/** What every screen shows of a network (networks/<network>/meta.tsx). */
export interface NetworkMeta {
  /** the platform value (@sufra/schema's PLATFORMS) */
  name: PlatformName;
  /** the network's glyph; its colour comes from the pack's CSS (.sufra-platform-icon.is-<name>) */
  Icon: ComponentType<{ "aria-hidden"?: boolean }>;
  /** the network publishes photos' alt text */
  altText: boolean;
  /** its feed takes photos in set shapes: the composer offers the server's crops (square, portrait, landscape) */
  crops?: true;
  /** it posts the post's first comment */
  firstComment?: true;
}
