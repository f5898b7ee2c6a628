// One interface for every social network (docs/architecture.md#the-rooms). The publishing service
// drives an attempt through prepare -> send; only send can create a post on the network, and it
// runs at most once per attempt key. After a crash or a timeout, reconcile asks the network
// (read-only) whether the post exists before anyone thinks of sending again.
import type { ErrorCode, GooglePostOptions, NetworkOptions, PlatformName } from "@sufra/schema";

export type { PlatformName };

export interface TokenSet {
  accessToken: string;
  refreshToken?: string | null;
  /** when the access token stops working (null: does not expire) */
  expiresAt?: Date | null;
  scopes?: string[];
  /** X: the account may post long posts (verified or subscribed), read again with each token; undefined: not told */
  longPosts?: boolean;
}

interface ConnectedProfile {
  /** the network's id for the account */
  externalId: string;
  /** @name without the @ */
  handle: string;
  displayName?: string | null;
}

/** The account as an adapter sees it: decrypted tokens, never stored by the adapter. */
export interface AccountAccess {
  externalId: string;
  handle: string;
  accessToken: string;
  /** our own id of the account, when the caller has it (the demo network seeds its simulated audience with it) */
  id?: string;
  /** X: the account may post up to X_LONG_POST_LENGTH (platform_accounts.long_posts) */
  longPosts?: boolean;
}

export interface PublishMedia {
  id: string;
  kind: "image" | "video";
  mime: string;
  /** a URL the network can fetch the file from (Instagram pulls media by URL) */
  url: string;
  /** the bytes, for networks that take uploads (X) */
  read(): Promise<Buffer>;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  bytes: number;
  /** the photo's alt text, when the post gives one (NetworkOptions.altText) */
  altText?: string | null;
}

export interface PublishRequest {
  /** unique per attempt; the same key is never sent twice */
  attemptKey: string;
  /** when this attempt started (reconcile looks for posts made after it) */
  attemptStartedAt: Date;
  account: AccountAccess;
  /** caption with the hashtags appended, as it should appear */
  text: string;
  /** Instagram: posted as the first comment after publishing */
  firstComment?: string | null;
  media: PublishMedia[];
  /** what prepare saved in this attempt so far (container id, uploaded media ids, ...) */
  progress: Record<string, unknown>;
  /** saves progress durably before the next step, so a restarted worker continues from it */
  saveProgress(progress: Record<string, unknown>): Promise<void>;
  /** aborted when the publish timeout is reached */
  signal: AbortSignal;
  /**
   * The post's own options on this network (schema/src/network-options.ts): Instagram's format and
   * reel options, TikTok's privacy and switches, X's thread, Snapchat's kind, Facebook's link; null:
   * the network's defaults. Alt texts are on each PublishMedia.
   */
  options?: NetworkOptions[Exclude<keyof NetworkOptions, "altText">] | null;
  /** Google: the picked, verified locations to post to, and what the post says there */
  google?: { locations: { googleAccount: string; name: string }[]; post: GooglePostOptions };
}

export interface Published {
  externalId: string;
  permalink?: string | null;
  /** the post is out, but a follow-up step failed (Instagram's first comment): tell the person */
  warning?: string | null;
  /** not posted yet: handed to the person on the network to finish (TikTok's inbox); settled as awaiting_manual */
  handoff?: boolean;
}

/** What reconcile learnt: the post exists; it certainly does not (safe to send); or nobody can tell. */
export type Reconciled = { state: "published"; result: Published } | { state: "absent" } | { state: "unknown" };

export interface Metrics {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  reach: number;
}

/** One breakdown entry of an audience: a city ("Kuwait City, Al Asimah"), an age band ("25-34") or a gender. */
export interface AudienceCount {
  key: string;
  count: number;
}

/** What a network tells about an account's audience; empty lists where it tells nothing (X: followers only). */
export interface AudienceReading {
  followers: number | null;
  cities: AudienceCount[];
  ages: AudienceCount[];
  /** keys "female" | "male" | "unknown" */
  genders: AudienceCount[];
  /** 24 counts of followers online, index = hour of the day in Kuwait; [] when the network gives none */
  activeHours: number[];
}

export type PlatformErrorKind =
  /** the token is refused: refresh it, or the account needs reconnecting */
  | "auth"
  /** slow down: try again at retryAt; never a failure */
  | "rate_limit"
  /** the network refused this post (caption too long, media rejected): a person must change it */
  | "rejected"
  /** no answer in time: the network may have received it */
  | "timeout"
  /** the network is down or answered 5xx before receiving anything */
  | "unavailable"
  /** the API access this server's app has with the network (its plan, tier or product) does not include this call */
  | "plan";

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    /** the network's own message, kept for the person to read */
    readonly platformMessage: string,
    readonly opts: { retryAt?: Date; platformCode?: string | number; status?: number } = {},
  ) {
    super(`${kind}: ${platformMessage}`);
  }
}

interface OAuthStart {
  state: string;
  /** PKCE: the S256 challenge of the verifier kept in oauth_states */
  codeChallenge: string;
  redirectUri: string;
}

export interface PlatformAdapter {
  readonly name: PlatformName;
  /** Snapchat: no public posting API; the person posts by hand at the time */
  readonly manual: boolean;
  /** false when this server has no app credentials for the network */
  configured(): boolean;
  /**
   * Why this server cannot connect the network although its credentials are set (an error code the
   * person reads in their language), checked before anyone is sent to the network; null when it can.
   */
  setupProblem?(): ErrorCode | null;
  /** the permissions connecting asks the network for, where this server's setup decides them (TikTok) */
  scopes?(): readonly string[];
  authorizeUrl(start: OAuthStart): string;
  exchangeCode(p: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet & ConnectedProfile>;
  /** a fresh token set; PlatformError("auth") when the grant can no longer be refreshed */
  refresh(tokens: { accessToken: string; refreshToken?: string | null; expiresAt?: Date | null }): Promise<TokenSet>;
  /** the token expires within this margin: refresh before using it */
  readonly refreshMarginMs: number;
  /** safe-to-repeat steps (media uploads, Instagram container + status polls); saves progress */
  prepare(req: PublishRequest): Promise<void>;
  /** the one call that creates the post; called at most once per attempt key */
  send(req: PublishRequest): Promise<Published>;
  /** read-only: did a send for this attempt reach the network? */
  reconcile(req: PublishRequest): Promise<Reconciled>;
  /** how many more posts the network accepts now (Instagram's 24-hour publishing limit) */
  quota?(account: AccountAccess): Promise<{ remaining: number; resetAt: Date }>;
  /** figures for published posts, by external id; read-only, retried with backoff by the caller */
  metrics(account: AccountAccess, externalIds: string[]): Promise<Map<string, Metrics>>;
  /** the account's audience as the network reports it today; read-only, retried with backoff; absent where the network gives none (Snapchat) */
  audience?(account: AccountAccess): Promise<AudienceReading>;
}
