// TikTok tests' common ground: Sufra pointed at the TikTok stand-in, a business with TikTok connected
// through Login Kit (PKCE), a short MP4 and a JPEG in its media, and a post published at once.
import { expect } from "@jest/globals";
import sharp from "sharp";
import type { startTikTokFake, TikTokCreator } from "./fakes/tiktok-server.ts";
import { call, signedInBusiness, type TestApp } from "./support/app.ts";
import { mp4 } from "./support/mp4.ts";
import { getPost, settled, waitFor } from "./support/networks.ts";

export type Tt = Awaited<ReturnType<typeof startTikTokFake>>;

/**
 * The environment pointing Sufra at the stand-in; PUBLIC_URL is the app's own address (TikTok pulls media
 * from it). The stand-in's app gets Sufra's callback registered and Sufra's media URL prefix verified, as
 * an operator does in TikTok's developer portal; TIKTOK_VERIFIED_URL_PREFIX declares that prefix to Sufra.
 */
export function tiktokEnv(tt: Tt, port: number, over: Record<string, string> = {}): Record<string, string> {
  const publicUrl = `http://127.0.0.1:${port}`;
  const prefix = `${publicUrl}/media/`;
  tt.state.app.redirectUris.push(`${publicUrl}/api/platforms/tiktok/callback`);
  tt.state.verifiedUrlPrefixes.push(prefix);
  return {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ...tt.state.env,
    TIKTOK_VERIFIED_URL_PREFIX: prefix,
    TIKTOK_DISPLAY_API: "true",
    PUBLISH_LEASE_SECONDS: "60",
    PUBLISH_TIMEOUT_SECONDS: "30",
    ...over,
  };
}

let seq = 0;
/**
 * A Premium business (TikTok is in its plan) with TikTok connected through the stand-in's OAuth: Sufra's
 * authorize URL goes through the stand-in's authorize step (which refuses what TikTok's page refuses), and
 * TikTok's redirect comes back to Sufra's callback. `decline`: scopes the person untoggles on TikTok's page.
 */
export async function connectTikTok(
  app: TestApp,
  tt: Tt,
  creator: Partial<TikTokCreator> & { decline?: string[] } = {},
) {
  const b = await signedInBusiness(app.base);
  const n = ++seq;
  const start = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {} });
  expect(start.status).toBe(200);
  const url = new URL(start.body.authorize_url);
  expect(`${url.origin}${url.pathname}`).toBe(tt.state.config.authorizeUrl);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  const openId = `open-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const username = creator.username ?? `karak_house_${n}`;
  const { decline, ...rest } = creator;
  const approved = tt.state.authorize(
    start.body.authorize_url,
    { nickname: `Karak House ${n}`, ...rest, openId, username },
    { decline },
  );
  if (!("location" in approved))
    throw new Error(`TikTok's authorize page refused: ${approved.error} ${approved.description}`);
  const back = await fetch(approved.location, { redirect: "manual" });
  expect(back.headers.get("location")).toBe("/settings?connected=1&platform=tiktok");
  const { rows } = await app.sufra.deps.pool.query<{
    id: string;
    handle: string;
    external_id: string;
    display_name: string | null;
  }>(
    "select id, handle, external_id, display_name from platform_accounts where business_id = $1 and platform = 'tiktok'",
    [b.businessId],
  );
  return { ...b, accountId: rows[0]!.id, account: rows[0]!, openId, username };
}

async function upload(app: TestApp, token: string, bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await r.json()) as { id: string };
  if (r.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.id;
}

/** A vertical MP4 of `seconds` (at `fps` frames a second, 30 unless given), padded to about `mb` megabytes; its media id and size in bytes. */
export async function video(app: TestApp, token: string, opts: { seconds?: number; mb?: number; fps?: number } = {}) {
  const bytes = mp4({
    seconds: opts.seconds ?? 8,
    width: 1080,
    height: 1920,
    fps: opts.fps,
    pad: Math.round((opts.mb ?? 1) * 1024 * 1024),
  });
  return { id: await upload(app, token, bytes, "video/mp4", "karak.mp4"), bytes: bytes.length };
}

/** A picture of `width` × `height` in `format` uploaded to the business's media; its id. */
export async function picture(
  app: TestApp,
  token: string,
  o: { format: "png" | "jpeg" | "webp"; width: number; height: number },
) {
  const bytes = await sharp({ create: { width: o.width, height: o.height, channels: 3, background: "#c8913a" } })
    [o.format]()
    .toBuffer();
  return upload(app, token, bytes, `image/${o.format}`, `kunafa.${o.format === "jpeg" ? "jpg" : o.format}`);
}

/** Creates the post and publishes it now; the post once its targets settled (or the status asked for). */
export async function publishNow(
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
  until: (p: any) => boolean = settled,
) {
  const created = await call(app.base, "POST", "/api/posts", { token, body: { platforms: ["tiktok"], ...body } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const go = await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token });
  if (go.status !== 202) throw new Error(JSON.stringify(go.body));
  return waitFor(() => getPost(app, token, created.body.id), until, 45_000);
}

export const tiktokTarget = (p: any) => p.targets.find((t: any) => t.platform === "tiktok");
