// The connected accounts' rules without React (docs/architecture.md#client-rooms): the outcome a network
// sends the person back with, a card's state, what each network asks the person to allow, and which plans
// include a network.
import { INSTAGRAM_PERMISSIONS, PLAN_IDS, PLAN_PLATFORMS, PLANS, TIKTOK_PERMISSIONS, type Locale } from "@sufra/schema";
import type { Platform } from "../../graphql/graphql.ts";
import { platformKey } from "../../graphql/enumKeys.ts";
import { FACEBOOK_PERMISSIONS, GOOGLE_PERMISSIONS } from "./i18n.ts";

export type Outcome =
  { ok: true; platform: string; choosePage: boolean } | { ok: false; platform: string; code: string };

/** The query parameters a network's return carries; said once, then taken out of the address. */
export const OUTCOME_PARAMS = ["connected", "connect_error", "platform", "choose_page"] as const;

/** The outcome of a connection the network sent the person back from, read once from the query. */
export function readOutcome(params: URLSearchParams): Outcome | null {
  const platform = params.get("platform") ?? "";
  // Facebook: connected, and the person manages several Pages: one is to be chosen on the card
  if (params.get("connected") === "1") return { ok: true, platform, choosePage: params.get("choose_page") === "1" };
  const code = params.get("connect_error");
  return code ? { ok: false, platform, code } : null;
}

export type CardState = "none" | "choose" | "reconnect" | "connected";

/** A card's state: no account; Facebook waiting for a Page (not a reconnection); reconnect needed; connected. */
export const cardStateOf = (account: { status: string } | null, needsChoice: boolean): CardState =>
  !account ? "none" : needsChoice ? "choose" : account.status === "RECONNECT_NEEDED" ? "reconnect" : "connected";

const PERMISSIONS: Partial<Record<Platform, readonly { scope: string; purpose: Record<Locale, string> }[]>> = {
  INSTAGRAM: INSTAGRAM_PERMISSIONS,
  GOOGLE: GOOGLE_PERMISSIONS,
  TIKTOK: TIKTOK_PERMISSIONS,
  FACEBOOK: FACEBOOK_PERMISSIONS,
};

/**
 * What the network will ask the person to allow, in their language (Snapchat and X: none listed); where the
 * server's setup decides the scopes (TikTok: its way of posting and its app's products), only those.
 */
export const permissionsOf = (
  c: { platform: Platform; scopes: readonly string[] | null },
  locale: Locale,
): { scope: string; purpose: string }[] =>
  (PERMISSIONS[c.platform] ?? [])
    .filter((p) => !c.scopes || c.scopes.includes(p.scope))
    .map((p) => ({ scope: p.scope, purpose: p.purpose[locale] }));

/** The plans that include a network (PLAN_PLATFORMS), in the price list's order. */
export const plansWith = (platform: Platform) =>
  PLAN_IDS.filter((id) => PLAN_PLATFORMS[id].includes(platformKey[platform])).map((id) => PLANS[id]);
