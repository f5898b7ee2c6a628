// The link page card's pure parts (docs/architecture.md#client-rooms: model.ts): the form's values, what is sent to
// save them, and the draft the live preview renders (only what passes the shared rules, so a half-typed bio keeps
// the last good preview instead of an error).
import { isMessageKey, linkPageSchema, messageText, type Locale } from "@sufra/schema";
import type { FormRule } from "antd";
import type { LinkPageFieldsFragment } from "../../graphql/graphql.ts";

/** An antd rule from a shared zod rule: the server's own message key, in the person's language. */
export const ruleOf = (
  rule: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  locale: Locale,
): FormRule => ({
  validator: async (_r, value: unknown) => {
    const checked = rule.safeParse(value === "" ? undefined : value);
    const key = checked.success ? null : checked.error?.issues[0]?.message;
    if (!checked.success) throw new Error(messageText(isMessageKey(key) ? key : "invalidValue", locale));
  },
});

export interface LinkPageValues {
  slug: string;
  bio?: string | null;
  bioAr?: string | null;
  showMenu: boolean;
  showHours: boolean;
  showPosts: boolean;
  showMap: boolean;
}

export const valuesOf = (p: LinkPageFieldsFragment): LinkPageValues => ({
  slug: p.slug,
  bio: p.bio ?? "",
  bioAr: p.bioAr ?? "",
  showMenu: p.showMenu,
  showHours: p.showHours,
  showPosts: p.showPosts,
  showMap: p.showMap,
});

/** What Save sends: every field (a blank bio clears it). */
export const inputOf = (v: LinkPageValues) => ({
  slug: v.slug.trim(),
  bio: v.bio?.trim() || null,
  bioAr: v.bioAr?.trim() || null,
  showMenu: v.showMenu,
  showHours: v.showHours,
  showPosts: v.showPosts,
  showMap: v.showMap,
});

/** The preview's draft: the fields that change what the page shows (the address's name does not), or null while
 * one of them does not pass the shared rules. */
export function previewDraft(v: Partial<LinkPageValues> | undefined) {
  if (!v) return null;
  const draft = {
    bio: v.bio?.trim() || null,
    bioAr: v.bioAr?.trim() || null,
    showMenu: v.showMenu ?? true,
    showHours: v.showHours ?? true,
    showPosts: v.showPosts ?? true,
    showMap: v.showMap ?? true,
  };
  return linkPageSchema.safeParse(draft).success ? draft : null;
}

/** The page's address without its last part: shown before the slug field ("https://sufra.example/l/"). */
export const addressBase = (url: string, slug: string) => (url.endsWith(`/${slug}`) ? url.slice(0, -slug.length) : url);
