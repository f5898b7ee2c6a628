// Publishing through the whole server against stand-ins that refuse what the real networks refuse:
// Instagram takes JPEG images only (a PNG upload goes out as its JPEG variant), and an X access tier
// without the tweet endpoint (403 client-not-enrolled) fails the target as "not on this plan", said
// in both languages, instead of "X refused the post".
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { freePort, platformEnv, waitFor } from "./support/networks.ts";

let ig: Awaited<ReturnType<typeof startInstagramFake>>;
let x: Awaited<ReturnType<typeof startXFake>>;
let app: TestApp;

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
  const port = await freePort();
  // the default lease and publish timeout: these tests wait for the outcome, not for a lapse
  app = await startTestApp({ ...platformEnv(ig, x, port), PUBLISH_LEASE_SECONDS: "60", PUBLISH_TIMEOUT_SECONDS: "30" });
});
afterAll(async () => {
  await app?.stop();
  await Promise.all([ig?.close(), x?.close()]);
});

const getPost = (token: string, id: string) =>
  call<any>(app.base, "GET", `/api/posts/${id}`, { token }).then((r) => r.body);
const settled = (p: any): boolean => !["draft", "scheduled", "publishing"].includes(p.status);

let seq = 0;
/** A business with Instagram or X connected through OAuth against the stand-ins. */
async function connected(platform: "instagram" | "twitter") {
  const c = await registeredClient(app.base);
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const n = ++seq;
  const start = await call(app.base, "POST", `/api/platforms/${platform}/connect`, { token, body: {} });
  const url = new URL(start.body.authorize_url);
  const userId = String((platform === "instagram" ? 17_900_000 : 8_000_000) + n);
  if (platform === "instagram")
    ig.state.issueCode(`ig-${n}`, {
      userId,
      username: `png_cafe_${n}`,
      redirectUri: url.searchParams.get("redirect_uri")!,
    });
  else
    x.state.issueCode(`x-${n}`, {
      userId,
      username: `tier_cafe_${n}`,
      codeChallenge: url.searchParams.get("code_challenge")!,
      redirectUri: url.searchParams.get("redirect_uri")!,
    });
  const back = await fetch(
    `${app.base}/api/platforms/${platform}/callback?code=${platform === "instagram" ? "ig" : "x"}-${n}&state=${url.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(back.headers.get("location")).toBe(`/settings?connected=1&platform=${platform}`);
  return { ...c, token, userId };
}

describe("Instagram takes JPEG only", () => {
  test("a PNG upload is published as its JPEG variant: Instagram fetched JPEG bytes", async () => {
    const b = await connected("instagram");
    const png = await sharp({
      create: { width: 1080, height: 1080, channels: 4, background: { r: 200, g: 105, b: 28, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "kunafa.png");
    const up = await fetch(`${app.base}/api/posts/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const mediaId = ((await up.json()) as { id: string }).id;
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Pistachio kunafa, warm", platforms: ["instagram"], media_ids: [mediaId] },
    });
    expect(created.status).toBe(201);
    const fetched = ig.state.fetchedUrls.length;
    await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(b.token, created.body.id), settled, 30_000);
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(ig.state.posts(b.userId)).toHaveLength(1);
    // what Instagram downloaded is a JPEG, fetched again here to look at its bytes
    const url = ig.state.fetchedUrls.slice(fetched).find((u) => u.includes(`/media/${mediaId}/`))!;
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    // and the picture Instagram read from that file is the square photo, whole
    const container = [...ig.state.containers.values()].find((c) => c.userId === b.userId)!;
    expect(container.image).toEqual({ width: 1080, height: 1080 });
  });
});

describe("an X access tier without the endpoint", () => {
  test("fails the target as not available on this X plan, in both languages, and the author hears of it", async () => {
    const b = await connected("twitter");
    x.state.notEnrolled.add("tweet");
    try {
      const created = await call<any>(app.base, "POST", "/api/posts", {
        token: b.token,
        body: { content: "Karak at midnight", platforms: ["twitter"] },
      });
      await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
      const failed = await waitFor(() => getPost(b.token, created.body.id), settled, 30_000);
      expect(failed.status).toBe("failed");
      expect(failed.targets[0].error).toEqual({
        code: "PUBLISH_PLAN_UNAVAILABLE",
        message: expect.stringContaining("attached to a Project"),
      });
      expect(x.state.posts(b.userId)).toHaveLength(0);
      const q = `query($id: ID!) { post(id: $id) { targets { errorCode error } } }`;
      const en = await gql(app.base, q, { id: created.body.id }, b.token, "en");
      expect(en.data.post.targets[0]).toEqual({
        errorCode: "PUBLISH_PLAN_UNAVAILABLE",
        error: "This is not available on the X API plan this server uses. An administrator must change the plan",
      });
      const ar = await gql(app.base, q, { id: created.body.id }, b.token, "ar");
      expect(ar.data.post.targets[0].error).toMatch(/^هذا غير متاح في خطة واجهة .+ البرمجية/);
      const bell = await gql(
        app.base,
        "query { notifications(first: 5) { edges { node { type data { postId errorCode } } } } }",
        {},
        b.token,
      );
      expect(bell.data.notifications.edges.map((e: { node: unknown }) => e.node)).toContainEqual({
        type: "POST_FAILED",
        data: { postId: created.body.id, errorCode: "PUBLISH_PLAN_UNAVAILABLE" },
      });
    } finally {
      x.state.notEnrolled.clear();
    }
  });
});
