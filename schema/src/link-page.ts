// The café's link-in-bio page, /l/<slug> (docs/product.md#one-menu-and-one-link): the rules of its settings, shared by
// the Settings card and the server's link-page service. Each rule reports message keys (messages.ts), never text.
import { z } from "zod";
import { checkedByItsRule, singleLine } from "./text.ts";
import type { MessageKey } from "./messages.ts";

export const LINK_PAGE_LIMITS = { slugMin: 3, slugMax: 40, bio: 160 } as const;

/** Lower-case latin letters, digits and single dashes, starting and ending with a letter or digit. */
export const LINK_PAGE_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Names a café may not take: Sufra's own paths and words a visitor would take for Sufra's. */
export const RESERVED_LINK_PAGE_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "app",
  "about",
  "account",
  "assets",
  "billing",
  "blog",
  "dashboard",
  "demo",
  "edit",
  "graphql",
  "help",
  "home",
  "login",
  "logout",
  "media",
  "new",
  "preview",
  "privacy",
  "register",
  "settings",
  "signup",
  "static",
  "support",
  "sufra",
  "terms",
  "www",
]);

const key = (k: MessageKey) => ({ error: k });

/** The slug's problem, or null when it may be taken (uniqueness is the server's to check). */
export function linkPageSlugProblem(slug: string): MessageKey | null {
  if (slug.length < LINK_PAGE_LIMITS.slugMin || slug.length > LINK_PAGE_LIMITS.slugMax) return "linkPageSlugLength";
  if (!LINK_PAGE_SLUG_RE.test(slug)) return "linkPageSlugInvalid";
  if (RESERVED_LINK_PAGE_SLUGS.has(slug)) return "linkPageSlugReserved";
  return null;
}

export const linkPageSlugSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  // the slug's own rule (latin letters, digits, dashes) refuses control characters with its own message
  checkedByItsRule(key("linkPageSlugInvalid")).superRefine((v, ctx) => {
    const problem = linkPageSlugProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
);

const bio = z.preprocess(
  (v) => (typeof v === "string" && !v.trim() ? null : v),
  singleLine(key("invalidValue")).trim().max(LINK_PAGE_LIMITS.bio, key("linkPageBioTooLong")).nullable().optional(),
);

/** updateLinkPage and PUT /api/link-page: a field left out stays as it is; a blank bio is cleared. */
export const linkPageSchema = z.object({
  slug: linkPageSlugSchema.optional(),
  bio,
  bioAr: bio,
  showMenu: z.boolean(key("invalidValue")).optional(),
  showHours: z.boolean(key("invalidValue")).optional(),
  showPosts: z.boolean(key("invalidValue")).optional(),
  showMap: z.boolean(key("invalidValue")).optional(),
});
export type LinkPageInput = z.output<typeof linkPageSchema>;

/**
 * The address's name proposed from the café's name: latin letters and digits kept, accents dropped, everything
 * else a dash; a name with too little latin in it (an Arabic name) becomes "cafe-…" so the proposal is always valid.
 */
export function proposeLinkPageSlug(companyName: string): string {
  let s = companyName
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, LINK_PAGE_LIMITS.slugMax)
    .replace(/-+$/g, "");
  if (s.length < LINK_PAGE_LIMITS.slugMin) s = s ? `cafe-${s}` : "cafe";
  if (s.length < LINK_PAGE_LIMITS.slugMin || RESERVED_LINK_PAGE_SLUGS.has(s)) s = `${s}-kw`;
  return s;
}
