// X's piece of the composer's draft (docs/product.md#posts): a thread and the link in a reply, off by
// @sufra/schema's defaults; sent only when one is on.
import { DEFAULT_X_OPTIONS, type XOptions } from "@sufra/schema";
import type { XOptionsInput } from "../../graphql/graphql.ts";

export interface XDraft {
  thread: boolean;
  linkInReply: boolean;
}

/** A stored post's X part as the form's draft. */
export const xDraftOf = (x: Partial<XDraft> | null | undefined): XDraft => ({
  thread: x?.thread ?? DEFAULT_X_OPTIONS.thread,
  linkInReply: x?.linkInReply ?? DEFAULT_X_OPTIONS.linkInReply,
});

/** The draft as the shared rule reads it; undefined when nothing is on. */
export const xOptionsOf = (d: XDraft): XOptions | undefined => (d.thread || d.linkInReply ? { ...d } : undefined);

/** The shared rule's X part as GraphQL's input. */
export const xInputOf = (x: XOptions): XOptionsInput => x;
