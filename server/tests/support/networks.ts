// Publishing tests' common ground: Sufra pointed at the local X and Instagram stand-ins, a business
// with both connected through OAuth, a photo, and waiting for the publisher.
import { createServer } from "node:net";
import { expect } from "@jest/globals";
import sharp from "sharp";
import type { startInstagramFake } from "../fakes/instagram-server.ts";
import type { startXFake } from "../fakes/x-server.ts";
import { call, registeredClient, type TestApp } from "./app.ts";

export type Ig = Awaited<ReturnType<typeof startInstagramFake>>;
export type X = Awaited<ReturnType<typeof startXFake>>;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The environment that points Sufra at the fakes; PUBLIC_URL is the app's real address (Instagram fetches media from it). */
export function platformEnv(ig: Ig, x: X, port: number): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...ig.state.env,
    X_CLIENT_ID: x.state.config.clientId,
    X_CLIENT_SECRET: x.state.config.clientSecret!,
    X_AUTHORIZE_URL: x.state.config.authorizeUrl,
    X_API_URL: x.url,
    // short enough for the tests to see a lapse or a timeout, long enough for a loaded CI machine
    PUBLISH_LEASE_SECONDS: "3",
    PUBLISH_TIMEOUT_SECONDS: "4",
  };
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let seq = 0;
/** An approved business with its people signed in, and X and Instagram connected through OAuth. */
export async function connectedBusiness(app: TestApp, ig: Ig, x: X) {
  const c = await registeredClient(app.base);
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const n = ++seq;
  const handles = { twitter: `darqahwa_x${n}`, instagram: `darqahwa_ig${n}` };

  const xStart = await call(app.base, "POST", "/api/platforms/twitter/connect", {
    token,
    body: { return_to: "/settings" },
  });
  const xUrl = new URL(xStart.body.authorize_url);
  expect(xUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(xUrl.searchParams.get("scope")).toContain("offline.access");
  x.state.issueCode(`x-code-${n}`, {
    userId: String(7_000_000 + n),
    username: handles.twitter,
    codeChallenge: xUrl.searchParams.get("code_challenge")!,
    redirectUri: xUrl.searchParams.get("redirect_uri")!,
  });
  const xBack = await fetch(
    `${app.base}/api/platforms/twitter/callback?code=x-code-${n}&state=${xUrl.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(xBack.status).toBe(302);
  expect(xBack.headers.get("location")).toBe("/settings?connected=1&platform=twitter");

  const igStart = await call(app.base, "POST", "/api/platforms/instagram/connect", { token, body: {} });
  const igUrl = new URL(igStart.body.authorize_url);
  ig.state.issueCode(`ig-code-${n}`, {
    userId: String(17_800_000 + n),
    username: handles.instagram,
    redirectUri: igUrl.searchParams.get("redirect_uri")!,
  });
  const igBack = await fetch(
    `${app.base}/api/platforms/instagram/callback?code=ig-code-${n}&state=${igUrl.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(igBack.headers.get("location")).toBe("/settings?connected=1&platform=instagram");
  return { ...c, token, handles, xUserId: String(7_000_000 + n), igUserId: String(17_800_000 + n) };
}

/** A JPEG uploaded to the business's media (Instagram and Snapchat need a picture); its id. */
export async function photo(app: TestApp, token: string, size = { width: 1080, height: 1350 }) {
  const jpeg = await sharp({ create: { ...size, channels: 3, background: "#1f5c4a" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "machboos.jpg");
  const r = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await r.json()) as { id: string };
  if (r.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.id;
}

export const post = async (app: TestApp, token: string, body: Record<string, unknown>) => {
  const r = await call(app.base, "POST", "/api/posts", { token, body });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body as { id: string; targets: { id: string; platform: string }[] };
};
export const getPost = (app: TestApp, token: string, id: string) =>
  call<any>(app.base, "GET", `/api/posts/${id}`, { token }).then((r) => r.body);
export const settled = (p: any): boolean => !["draft", "scheduled", "publishing"].includes(p.status);
