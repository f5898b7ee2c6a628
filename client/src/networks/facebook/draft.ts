// Facebook's piece of the composer's draft (docs/product.md#posts): the link shared with the post, sent
// only when one is typed.
import type { FacebookOptions } from "@sufra/schema";
import type { FacebookOptionsInput } from "../../graphql/graphql.ts";

export interface FacebookDraft {
  link: string;
}

/** A stored post's Facebook part as the form's draft. */
export const facebookDraftOf = (f: { link?: string | null } | null | undefined): FacebookDraft => ({
  link: f?.link ?? "",
});

/** The draft as the shared rule reads it; undefined without a link. */
export const facebookOptionsOf = (d: FacebookDraft): FacebookOptions | undefined =>
  d.link.trim() ? { link: d.link.trim() } : undefined;

/** The shared rule's Facebook part as GraphQL's input. */
export const facebookInputOf = (f: FacebookOptions): FacebookOptionsInput => ({ link: f.link ?? null });
