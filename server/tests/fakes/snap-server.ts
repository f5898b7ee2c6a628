// A local stand-in for Snap's OAuth token endpoint and the Public Profile API, answering what Sufra's
// Snapchat adapter calls with Snap's shapes ({ request_status, request_id, ... }; errors as
// { request_status: "ERROR", debug_message, display_message, error_code }). It refuses what Snap
// refuses: a token that expired (401) or lacks the snapchat-profile-api scope (403), another
// profile's media (403), a media key that is not 32 bytes or an iv that is not 16 (base64), parts
// out of order or over 32 MB (or over `maxChunkBytes`), parts of unequal size before the last, a
// FINALIZE whose parts do not add up, bytes that do not decrypt with the media's key and iv
// (AES-256-CBC, PKCS#7) to a real JPEG or PNG (IMAGE) or MP4 (VIDEO), videos over 60 s (read from the
// file), Spotlight with an image or without its locale (other clients of the API send locale, e.g.
// en_US, and skip_save_to_profile with every Spotlight; one notes Spotlight, unlike a Story, requires a
// locale), a media used twice or not READY, and every call of an app Snap has not allow-listed for the
// Public Profile API (403: Snap gives this API to allow-listed apps only). Videos are READY after one
// status poll. Tests steer it through `state`: codes, expired or revoked tokens, a failure after creating,
// the app's allow-listing.
import type http from "node:http";
import { createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { Holds, type Held } from "./holds.ts";
import { serveFake, type ServedFake } from "./serve.ts";
import { isJpeg, isMp4, mp4DurationMs } from "./media-facts.ts";

export type SnapEndpoint =
  | "token"
  | "my_profile"
  | "create_media"
  | "upload_init"
  | "upload_add"
  | "upload_finalize"
  | "media_status"
  | "create_post"
  | "list_posts";
type SnapKind = "story" | "saved_story" | "spotlight";
const PATHS: Record<string, SnapKind> = { stories: "story", saved_stories: "saved_story", spotlights: "spotlight" };
const ITEM: Record<SnapKind, string> = { story: "story", saved_story: "saved_story", spotlight: "spotlight" };
const SCOPE = "snapchat-profile-api";
const PART_MAX = 32 * 1024 * 1024;

export interface SnapProfile {
  id: string;
  snapUserName: string;
  displayName: string;
}
export interface SnapToken {
  token: string;
  kind: "access" | "refresh";
  profileId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}
export interface SnapMedia {
  id: string;
  profileId: string;
  type: "IMAGE" | "VIDEO";
  name: string;
  key: Buffer;
  iv: Buffer;
  status: "PENDING_UPLOAD" | "PROCESSING" | "READY" | "FAILED";
  upload?: { id: string; fileSize: number; parts: Buffer[]; numberOfParts: number };
  /** the decrypted file, once finalized */
  plain?: Buffer;
  pollsLeft: number;
  usedBy?: string;
  createdAt: number;
}
export interface SnapPost {
  id: string;
  profileId: string;
  kind: SnapKind;
  mediaId: string;
  title?: string;
  description?: string;
  /** Spotlight: the locale and whether it stays off the profile, as sent */
  locale?: string;
  skipSaveToProfile?: boolean;
  createdAt: Date;
}

class SnapError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.debug_message ?? body.error_description ?? body.error));
  }
}
const apiErr = (status: number, message: string, code: string) =>
  new SnapError(status, {
    request_status: "ERROR",
    request_id: randomUUID(),
    debug_message: message,
    display_message: message,
    error_code: code,
  });
const oauthErr = (status: number, error: string, description: string) =>
  new SnapError(status, { error, error_description: description });

export class SnapFakeState {
  clientId = "snap-client-id";
  clientSecret = "snap-client-secret";
  url = "";
  profiles = new Map<string, SnapProfile>();
  codes = new Map<string, { profileId: string; redirectUri?: string; scopes: string[] }>();
  tokens = new Map<string, SnapToken>();
  media = new Map<string, SnapMedia>();
  posts: SnapPost[] = [];
  /** requests answered, per endpoint */
  calls: Partial<Record<SnapEndpoint, number>> = {};
  /** the largest part accepted (Snap: 32 MB); tests lower it to see parts split */
  maxChunkBytes = PART_MAX;
  /** access tokens last an hour */
  accessTtlMs = 3_600_000;
  /** Snap has allow-listed this app for the Public Profile API; false: every API call answers 403 */
  allowListed = true;
  /** the next create_post makes the post, then answers 500 (the answer is lost to the caller) */
  failAfterCreate = 0;
  private holds = new Holds<SnapEndpoint>();
  /** holds the next call's answer (a create_post: the post is made on arrival) until released, to kill a worker meanwhile */
  hold(endpoint: SnapEndpoint, opts: { ms?: number } = {}): Held {
    return this.holds.hold(endpoint, opts);
  }
  take(endpoint: SnapEndpoint) {
    return this.holds.take(endpoint);
  }

  get env(): Record<string, string> {
    return {
      SNAPCHAT_CLIENT_ID: this.clientId,
      SNAPCHAT_CLIENT_SECRET: this.clientSecret,
      SNAPCHAT_AUTHORIZE_URL: `${this.url}/login/oauth2/authorize`,
      SNAPCHAT_TOKEN_URL: `${this.url}/login/oauth2/access_token`,
      SNAPCHAT_API_URL: this.url,
    };
  }
  /** a code the token endpoint accepts once; `scopes` defaults to snapchat-profile-api */
  issueCode(code: string, o: { profileId: string; username: string; redirectUri?: string; scopes?: string[] }): void {
    this.profiles.set(o.profileId, {
      id: o.profileId,
      snapUserName: o.username,
      displayName: `${o.username} (public profile)`,
    });
    this.codes.set(code, { profileId: o.profileId, redirectUri: o.redirectUri, scopes: o.scopes ?? [SCOPE] });
  }
  /** the profile's access tokens stop working now (refresh tokens still do) */
  expireAccess(profileId: string): void {
    for (const t of this.tokens.values()) if (t.profileId === profileId && t.kind === "access") t.expiresAt = 0;
  }
  /** the person took the app's access away: every token of the profile is refused */
  revoke(profileId: string): void {
    for (const t of this.tokens.values()) if (t.profileId === profileId) t.revoked = true;
  }
  postsOf(profileId: string): SnapPost[] {
    return this.posts.filter((p) => p.profileId === profileId);
  }
  addToken(profileId: string, kind: SnapToken["kind"], scopes: string[]): SnapToken {
    const t: SnapToken = {
      token: `snap-${kind}-${randomBytes(12).toString("hex")}`,
      kind,
      profileId,
      scopes,
      expiresAt: kind === "access" ? Date.now() + this.accessTtlMs : Date.now() + 365 * 86_400_000,
      revoked: false,
    };
    this.tokens.set(t.token, t);
    return t;
  }
}

export async function startSnapFake(): Promise<ServedFake<SnapFakeState>> {
  const state = new SnapFakeState();
  return serveFake(
    state,
    (req, res) => handle(state, req, res),
    (err, res) => {
      const e = err instanceof SnapError ? err : apiErr(500, "Internal error", "E5000");
      if (!(err instanceof SnapError)) console.error("snap fake:", err);
      reply(res, e.status, e.body);
    },
  );
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The request's fields: JSON, a form or multipart (files as Buffers). */
async function fields(req: http.IncomingMessage, raw: Buffer): Promise<Record<string, string | Buffer>> {
  const type = req.headers["content-type"] ?? "";
  if (!raw.length) return {};
  if (type.includes("application/json")) return JSON.parse(raw.toString("utf8"));
  if (type.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  if (type.includes("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    const out: Record<string, string | Buffer> = {};
    for (const [k, v] of form.entries()) out[k] = typeof v === "string" ? v : Buffer.from(await v.arrayBuffer());
    return out;
  }
  throw apiErr(400, `Unsupported content type ${type}`, "E1000");
}

async function handle(state: SnapFakeState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.on("error", () => {});
  const url = new URL(req.url ?? "/", state.url);
  const raw = await readBody(req);
  const p = await fields(req, raw);
  const str = (k: string) => (typeof p[k] === "string" ? (p[k] as string) : "");
  const post = req.method === "POST";
  const parts = url.pathname.split("/").filter(Boolean);
  const count = (e: SnapEndpoint) => (state.calls[e] = (state.calls[e] ?? 0) + 1);

  if (post && url.pathname === "/login/oauth2/access_token") {
    count("token");
    if (str("client_id") !== state.clientId || str("client_secret") !== state.clientSecret)
      throw oauthErr(401, "invalid_client", "Client authentication failed");
    let profileId: string;
    let scopes: string[];
    if (str("grant_type") === "authorization_code") {
      const c = state.codes.get(str("code"));
      if (!c || (c.redirectUri && c.redirectUri !== str("redirect_uri")))
        throw oauthErr(400, "invalid_grant", "Invalid authorization code");
      state.codes.delete(str("code"));
      ({ profileId, scopes } = c);
    } else if (str("grant_type") === "refresh_token") {
      const t = state.tokens.get(str("refresh_token"));
      if (!t || t.kind !== "refresh" || t.revoked) throw oauthErr(400, "invalid_grant", "Invalid refresh token");
      ({ profileId, scopes } = t);
    } else throw oauthErr(400, "unsupported_grant_type", "Unsupported grant type");
    const access = state.addToken(profileId, "access", scopes);
    const refresh = state.addToken(profileId, "refresh", scopes);
    return reply(res, 200, {
      access_token: access.token,
      token_type: "Bearer",
      expires_in: Math.round(state.accessTtlMs / 1000),
      refresh_token: refresh.token,
      scope: scopes.join(" "),
    });
  }

  if (parts[0] !== "v1" || parts[1] !== "public_profiles") throw apiErr(404, `Unknown path ${url.pathname}`, "E1404");
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const t = state.tokens.get(bearer ?? "");
  if (!t || t.kind !== "access" || t.revoked || t.expiresAt < Date.now())
    throw apiErr(401, "Unauthorized: the access token is invalid or expired", "E1002");
  // the app's access comes before the person's: an app Snap has not allow-listed reaches nothing
  if (!state.allowListed) throw apiErr(403, "This app is not allowlisted for the Public Profile API", "E1004");
  if (!t.scopes.includes(SCOPE)) throw apiErr(403, `The token lacks the ${SCOPE} scope`, "E1003");
  const id = () => randomUUID();
  const ok = (body: Record<string, unknown>) =>
    reply(res, 200, { request_status: "SUCCESS", request_id: id(), ...body });

  if (!post && parts[2] === "my_profile" && parts.length === 3) {
    count("my_profile");
    const pr = state.profiles.get(t.profileId)!;
    return ok({
      public_profile: {
        id: pr.id,
        display_name: pr.displayName,
        snap_user_name: pr.snapUserName,
        profile_type: "PUBLIC_PROFILE",
      },
    });
  }
  const profileId = parts[2];
  if (profileId !== t.profileId) throw apiErr(403, "Authorization permission denied for this profile", "E1003");
  const [, , , collection, mediaId, upload] = parts;

  if (collection === "media" && post && !mediaId) {
    count("create_media");
    const key = Buffer.from(str("key"), "base64");
    const iv = Buffer.from(str("iv"), "base64");
    if (!["IMAGE", "VIDEO"].includes(str("type"))) throw apiErr(400, "type must be IMAGE or VIDEO", "E2001");
    if (!str("name")) throw apiErr(400, "name is required", "E2001");
    if (key.length !== 32 || iv.length !== 16)
      throw apiErr(400, "key must be 32 bytes and iv 16 bytes, base64 encoded", "E2002");
    const m: SnapMedia = {
      id: id(),
      profileId,
      type: str("type") as SnapMedia["type"],
      name: str("name"),
      key,
      iv,
      status: "PENDING_UPLOAD",
      pollsLeft: 0,
      createdAt: Date.now(),
    };
    state.media.set(m.id, m);
    return ok({ media_id: m.id });
  }
  const media = mediaId ? state.media.get(mediaId) : undefined;
  if (collection === "media" && mediaId && (!media || media.profileId !== profileId))
    throw apiErr(404, `Media ${mediaId} not found`, "E2404");

  if (collection === "media" && post && upload === "multipart-upload-v2") {
    const m = media!;
    const action = url.searchParams.get("action");
    if (action === "INIT") {
      count("upload_init");
      const fileSize = Number(str("file_size"));
      const numberOfParts = Number(str("number_of_parts"));
      if (m.status !== "PENDING_UPLOAD") throw apiErr(400, "The media was already uploaded", "E2003");
      if (!str("file_name") || !(fileSize > 0) || !(numberOfParts >= 1))
        throw apiErr(400, "file_name, file_size and number_of_parts are required", "E2001");
      m.upload = { id: id(), fileSize, parts: [], numberOfParts };
      const path = `/v1/public_profiles/${profileId}/media/${m.id}/multipart-upload-v2`;
      return ok({ upload_id: m.upload.id, add_path: `${path}?action=ADD`, finalize_path: `${path}?action=FINALIZE` });
    }
    const up = m.upload;
    if (!up || str("upload_id") !== up.id) throw apiErr(400, "Unknown upload_id", "E2004");
    if (action === "ADD") {
      count("upload_add");
      const file = p.file;
      if (!Buffer.isBuffer(file) || !file.length) throw apiErr(400, "file is required", "E2001");
      if (Number(str("part_number")) !== up.parts.length + 1)
        throw apiErr(400, `Parts must be added in order: expected part ${up.parts.length + 1}`, "E2005");
      if (file.length > Math.min(state.maxChunkBytes, PART_MAX))
        throw apiErr(400, "A part can be at most 32 MB", "E2006");
      if (up.parts.length && up.parts.some((x) => x.length !== up.parts[0].length))
        throw apiErr(400, "Every part but the last must be the same size", "E2006");
      if (up.parts.length && file.length > up.parts[0].length)
        throw apiErr(400, "Every part but the last must be the same size", "E2006");
      up.parts.push(file);
      return ok({});
    }
    if (action === "FINALIZE") {
      count("upload_finalize");
      const all = Buffer.concat(up.parts);
      if (up.parts.length !== up.numberOfParts || all.length !== up.fileSize)
        throw apiErr(400, `Expected ${up.numberOfParts} parts of ${up.fileSize} bytes in all`, "E2007");
      let plain: Buffer;
      try {
        const d = createDecipheriv("aes-256-cbc", m.key, m.iv);
        plain = Buffer.concat([d.update(all), d.final()]);
      } catch {
        m.status = "FAILED";
        throw apiErr(400, "The media could not be decrypted with its key and iv (AES-256-CBC)", "E2008");
      }
      const png =
        plain.length > 8 && plain.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      if (m.type === "IMAGE" ? !(isJpeg(plain) || png) : !isMp4(plain)) {
        m.status = "FAILED";
        throw apiErr(
          400,
          `The decrypted media is not a ${m.type === "IMAGE" ? "JPEG or PNG image" : "MP4 video"}`,
          "E2009",
        );
      }
      if (m.type === "VIDEO" && (mp4DurationMs(plain) ?? 0) > 60_000) {
        m.status = "FAILED";
        throw apiErr(400, "Videos can be at most 60 seconds long", "E2010");
      }
      m.plain = plain;
      // videos are transcoded: READY after one status poll
      m.status = m.type === "VIDEO" ? "PROCESSING" : "READY";
      m.pollsLeft = m.type === "VIDEO" ? 1 : 0;
      return ok({ result: { id: m.id, media_status: m.status } });
    }
    throw apiErr(400, "action must be INIT, ADD or FINALIZE", "E2001");
  }

  if (collection === "media" && !post && mediaId && !upload) {
    count("media_status");
    const m = media!;
    if (m.status === "PROCESSING" && m.pollsLeft-- <= 0) m.status = "READY";
    return ok({ media: { id: m.id, type: m.type, name: m.name, media_status: m.status } });
  }

  const kind = PATHS[collection ?? ""];
  if (kind && !mediaId && post) {
    count("create_post");
    const m = state.media.get(str("media_id"));
    if (!m || m.profileId !== profileId) throw apiErr(400, "media_id is not a media of this profile", "E3001");
    if (m.status !== "READY") throw apiErr(400, "The media is not READY", "E3002");
    if (Date.now() - m.createdAt > 86_400_000)
      throw apiErr(400, "The media expired (24 hours after its creation)", "E3003");
    if (m.usedBy) throw apiErr(400, "The media was already posted", "E3004");
    if (kind === "spotlight" && m.type !== "VIDEO") throw apiErr(400, "Spotlight takes a video only", "E3005");
    if (kind === "saved_story" && (!str("title") || [...str("title")].length > 45))
      throw apiErr(400, "A Saved Story needs a title of at most 45 characters", "E3006");
    if (kind === "spotlight" && [...str("description")].length > 160)
      throw apiErr(400, "A Spotlight description can have at most 160 characters", "E3007");
    const skip = (p as Record<string, unknown>).skip_save_to_profile;
    if (kind === "spotlight" && !/^[a-z]{2}_[A-Z]{2}$/.test(str("locale")))
      throw apiErr(400, "locale is required for a Spotlight, e.g. en_US", "E3008");
    if (kind === "spotlight" && skip !== undefined && typeof skip !== "boolean")
      throw apiErr(400, "skip_save_to_profile must be true or false", "E3009");
    const spotlight =
      kind === "spotlight" ? { locale: str("locale"), skipSaveToProfile: skip as boolean | undefined } : {};
    const created: SnapPost = {
      id: id(),
      profileId,
      kind,
      mediaId: m.id,
      title: str("title") || undefined,
      description: str("description") || undefined,
      ...spotlight,
      createdAt: new Date(),
    };
    m.usedBy = created.id;
    state.posts.push(created);
    await state.take("create_post").wait();
    if (state.failAfterCreate > 0) {
      state.failAfterCreate--;
      throw apiErr(500, "Internal error", "E5000");
    }
    return ok({ [collection!]: [{ sub_request_status: "SUCCESS", [ITEM[kind]]: json(created) }] });
  }
  if (kind && !mediaId && !post) {
    count("list_posts");
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 50) || 50, 50);
    const all = state
      .postsOf(profileId)
      .filter((x) => x.kind === kind)
      .reverse();
    return ok({
      [collection!]: all.slice(0, limit).map((x) => ({ sub_request_status: "SUCCESS", [ITEM[kind]]: json(x) })),
      paging: all.length > limit ? { next_link: `${state.url}${url.pathname}?cursor=${limit}` } : {},
    });
  }
  throw apiErr(404, `Unknown path ${url.pathname}`, "E1404");
}

const json = (x: SnapPost) => ({
  id: x.id,
  media_id: x.mediaId,
  title: x.title ?? null,
  description: x.description ?? null,
  created_at: x.createdAt.toISOString(),
});
