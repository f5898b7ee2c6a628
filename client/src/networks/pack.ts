// What a network pack gives the screens that loop over every network (docs/architecture.md#in-the-client).
import type { GooglePostOptions } from "@sufra/schema";
import type { ComponentType } from "react";
import type { PreviewBody } from "./frame.tsx";
import type { NetworkMeta } from "./types.ts";

export interface NetworkPack extends NetworkMeta {
  /** the preview's body where the network shows a post its own way; none or null: the card's usual body */
  previewBody?: PreviewBody;
  /** drawn above the preview's text / below it, given the post's Google options (Google's kind, offer, button) */
  PreviewHead?: ComponentType<{ google: GooglePostOptions }>;
  PreviewFoot?: ComponentType<{ google: GooglePostOptions }>;
}
