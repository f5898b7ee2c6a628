// The Facebook side of competitors' figures: Instagram offers business discovery only in the
// "Instagram API with Facebook Login", through the Instagram professional account linked to a
// Facebook Page the person manages, with a Facebook user token. This client does Facebook Login, or
// Login for Business on a Business app (authorize URL, code exchange, long-lived token), finds the person's Pages and their Instagram
// accounts, and runs business discovery on the Facebook Graph host. Errors are PlatformErrors, as
// the adapters' are: "auth" (code 190, or a permission not granted: sign in again), "rate_limit",
// "rejected", "unavailable".
import { createHmac } from "node:crypto";
import { fetchJson, withBackoff, withQuery } from "../http.ts";
import { graphError } from "../meta-graph.ts";
import { PlatformError } from "../types.ts";
import { DISCOVERY_MEDIA_LIMIT, type DiscoveredAccount } from "./discovered-account.ts";

export interface FacebookConfig {
  appId?: string;
  appSecret?: string;
  /**
   * On a Business app, the Login for Business configuration carrying FACEBOOK_SCOPES (a user access
   * token): the dialog is opened with its config_id and no scope. Unset: Facebook Login with the scopes.
   */
  discoveryConfigId?: string;
  /** the Pages' configuration: set, the app is a Business app, whose dialog takes no scopes */
  loginConfigId?: string;
  authorizeUrl: string;
  /** with the version: https://graph.facebook.com/v23.0 */
  graphUrl: string;
}

/**
 * Business discovery needs instagram_basic, instagram_manage_insights and pages_read_engagement (its
 * reference page); /me/accounts needs pages_show_list, and business_management for Pages reached
 * through Business Manager.
 */
const FACEBOOK_SCOPES = [
  "instagram_basic",
  "instagram_manage_insights",
  "pages_show_list",
  "pages_read_engagement",
  "business_management",
] as const;

/** platformCode of the refusal for a username that is not a professional account (or does not exist). */
export const DISCOVERY_NOT_PROFESSIONAL = "not_professional";
/** "Cannot find User": Instagram answers the same for personal accounts and unknown names. */
const CANNOT_FIND_USER = new Set<unknown>([110, 2207013]);
/** /me/accounts pages followed at most (100 Pages each). */
const MAX_PAGE_LISTS = 5;

export interface FacebookPage {
  id: string;
  name: string;
  instagram: { id: string; username: string } | null;
}

export interface FacebookSignIn {
  accessToken: string;
  /** null: Facebook did not say (a token that does not expire) */
  expiresAt: Date | null;
  facebookUserId: string;
  name: string | null;
  pages: FacebookPage[];
}

/**
 * The Page lookups are made through: the one whose Instagram account is the business's own (by
 * username, ignoring case), else the first with an Instagram professional account; none: null.
 */
export function choosePage(
  pages: FacebookPage[],
  ownHandle: string | null | undefined,
): (FacebookPage & { instagram: { id: string; username: string } }) | null {
  const withIg = pages.filter(
    (p): p is FacebookPage & { instagram: { id: string; username: string } } => !!p.instagram,
  );
  const own = ownHandle?.trim().toLowerCase();
  return (own ? withIg.find((p) => p.instagram.username.toLowerCase() === own) : undefined) ?? withIg[0] ?? null;
}

/** business_discovery's answer: counts given as numbers, others (hidden likes) as null. */
function parseBusinessDiscovery(body: any, username: string): DiscoveredAccount {
  const d = body?.business_discovery ?? {};
  const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    username: typeof d.username === "string" ? d.username : username,
    followers: count(d.followers_count),
    mediaCount: count(d.media_count),
    media: (
      (d.media?.data ?? []) as { timestamp?: string; like_count?: number; comments_count?: number; caption?: string }[]
    ).map((m) => ({
      timestamp: m.timestamp ?? "",
      // an account may hide its like counts: the field is then missing
      likes: count(m.like_count),
      comments: count(m.comments_count),
      caption: m.caption ?? "",
    })),
  };
}

export function createFacebookDiscovery(cfg: FacebookConfig, tune: { backoffMs?: number; timeoutMs?: number } = {}) {
  const backoff = { retries: 3, baseMs: tune.backoffMs ?? 500 };
  const timeoutMs = tune.timeoutMs ?? 15_000;
  const graph = (path: string) => `${cfg.graphUrl}/${path}`;
  // proves the token was used by this app's server; required when the app turns on "Require App Secret"
  const proof = (token: string) =>
    createHmac("sha256", cfg.appSecret ?? "")
      .update(token)
      .digest("hex");

  /** One read-only Graph call, retried while Facebook is down; its error mapped like Instagram's. */
  async function get<T = any>(path: string, params: Record<string, string | undefined>): Promise<T> {
    return withBackoff(async () => {
      const r = await fetchJson(withQuery(graph(path), params), { timeoutMs });
      if (r.ok) return r.body as T;
      throw graphError(r);
    }, backoff);
  }
  const asUser = (token: string, params: Record<string, string | undefined> = {}) => ({
    ...params,
    access_token: token,
    appsecret_proof: proof(token),
  });
  const tokenOf = (t: { access_token?: unknown; expires_in?: unknown }) => {
    if (typeof t?.access_token !== "string" || !t.access_token)
      throw new PlatformError("auth", "Facebook answered without an access token");
    const seconds = Number(t.expires_in);
    return {
      accessToken: t.access_token,
      expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null,
    };
  };

  async function pagesOf(token: string): Promise<FacebookPage[]> {
    const out: FacebookPage[] = [];
    let after: string | undefined;
    for (let i = 0; i < MAX_PAGE_LISTS; i++) {
      const r = await get(
        "me/accounts",
        asUser(token, { fields: "id,name,instagram_business_account{id,username}", limit: "100", after }),
      );
      for (const p of (r?.data ?? []) as {
        id?: unknown;
        name?: unknown;
        instagram_business_account?: { id?: unknown; username?: unknown };
      }[]) {
        if (typeof p?.id !== "string") continue;
        const ig = p.instagram_business_account;
        out.push({
          id: p.id,
          name: typeof p.name === "string" ? p.name : p.id,
          instagram:
            ig && typeof ig.id === "string"
              ? { id: ig.id, username: typeof ig.username === "string" ? ig.username : "" }
              : null,
        });
      }
      after = r?.paging?.next ? r?.paging?.cursors?.after : undefined;
      if (!after) break;
    }
    return out;
  }

  return {
    /**
     * false when this server has no Facebook app credentials, or its app is a Business app (the Pages
     * have a configuration) without one for discovery: that app's dialog refuses scopes, and the Pages'
     * configuration lacks Instagram's permissions (README: FACEBOOK_DISCOVERY_CONFIG_ID).
     */
    configured: () => Boolean(cfg.appId && cfg.appSecret && (cfg.discoveryConfigId || !cfg.loginConfigId)),

    authorizeUrl: ({ state, redirectUri }: { state: string; redirectUri: string }) =>
      withQuery(cfg.authorizeUrl, {
        client_id: cfg.appId,
        redirect_uri: redirectUri,
        state,
        response_type: "code",
        ...(cfg.discoveryConfigId ? { config_id: cfg.discoveryConfigId } : { scope: FACEBOOK_SCOPES.join(",") }),
      }).toString(),

    /**
     * After consent: the code for a short-lived token, that for a long-lived one (about 60 days; Facebook
     * gives no refresh token), then who signed in and the Pages they manage with their Instagram accounts.
     */
    async signIn({ code, redirectUri }: { code: string; redirectUri: string }): Promise<FacebookSignIn> {
      const short = tokenOf(
        await get("oauth/access_token", {
          client_id: cfg.appId,
          client_secret: cfg.appSecret,
          redirect_uri: redirectUri,
          code,
        }),
      );
      const long = tokenOf(
        await get("oauth/access_token", {
          grant_type: "fb_exchange_token",
          client_id: cfg.appId,
          client_secret: cfg.appSecret,
          fb_exchange_token: short.accessToken,
        }),
      );
      const me = await get<{ id?: unknown; name?: unknown }>("me", asUser(long.accessToken, { fields: "id,name" }));
      if (typeof me?.id !== "string") throw new PlatformError("rejected", "Facebook did not say who signed in");
      return {
        ...long,
        facebookUserId: me.id,
        name: typeof me.name === "string" ? me.name : null,
        pages: await pagesOf(long.accessToken),
      };
    },

    /**
     * Another professional account's public counts and last 25 posts, looked up as the Page's Instagram
     * account. PlatformError("rejected") with platformCode DISCOVERY_NOT_PROFESSIONAL for a personal
     * account or an unknown name.
     */
    async discoverBusiness(
      as: { igUserId: string; accessToken: string },
      username: string,
    ): Promise<DiscoveredAccount> {
      const fields = `business_discovery.username(${username}){username,followers_count,media_count,media.limit(${DISCOVERY_MEDIA_LIMIT}){timestamp,like_count,comments_count,caption}}`;
      const body = await get(encodeURIComponent(as.igUserId), asUser(as.accessToken, { fields })).catch(
        (e: unknown) => {
          if (e instanceof PlatformError && e.kind === "rejected" && CANNOT_FIND_USER.has(e.opts.platformCode)) {
            throw new PlatformError("rejected", e.platformMessage, {
              ...e.opts,
              platformCode: DISCOVERY_NOT_PROFESSIONAL,
            });
          }
          throw e;
        },
      );
      return parseBusinessDiscovery(body, username);
    },

    /** Takes back the app's permissions (the person signs out of it at Facebook too); best effort. */
    async revoke(token: string): Promise<void> {
      const r = await fetchJson(withQuery(graph("me/permissions"), asUser(token)), {
        method: "DELETE",
        timeoutMs: 5_000,
      });
      if (!r.ok) throw graphError(r);
    },
  };
}

export type FacebookDiscovery = ReturnType<typeof createFacebookDiscovery>;
