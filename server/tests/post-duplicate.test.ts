// Duplicating a post into a new draft, over real HTTP and Postgres: a published post's caption,
// hashtags, networks and media come back as a draft (the media files shared, not copied), or only its
// media; through REST and GraphQL on one service; another business's post is 404 as everywhere else.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { photo as uploadPhoto, waitFor } from "./support/networks.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLISH_LEASE_SECONDS: "2" });
});
afterAll(async () => {
  await app?.stop();
});

async function business() {
  const c = await registeredClient(app.base);
  const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  await app.sufra.services.platformAccounts.ensureDemoAccounts(c.businessId);
  return { ...c, token: login.body.access_token as string };
}

const photo = (b: { token: string }) => uploadPhoto(app, b.token, { width: 1080, height: 1080 });

/** A post published on the demo network, with one photo. */
async function published(b: { token: string }) {
  const mediaId = await photo(b);
  const p = (
    await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Saffron dates are back ☕",
        hashtags: ["Kuwait Coffee"],
        first_comment: "Open till midnight",
        platforms: ["instagram", "twitter"],
        media_ids: [mediaId],
      },
    })
  ).body;
  expect((await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token })).status).toBe(202);
  await waitFor(
    () => call(app.base, "GET", `/api/posts/${p.id}`, { token: b.token }),
    (r) => r.body.status === "published",
  );
  return { id: p.id as string, mediaId };
}

describe("duplicating a post", () => {
  test("POST /api/posts/:id/duplicate: a published post becomes a new draft with its caption, hashtags, networks and the same media", async () => {
    const b = await business();
    const p = await published(b);
    const r = await call(app.base, "POST", `/api/posts/${p.id}/duplicate`, { token: b.token });
    expect(r.status).toBe(201);
    expect(r.body.id).not.toBe(p.id);
    expect(r.body).toMatchObject({
      status: "draft",
      content: "Saffron dates are back ☕",
      hashtags: ["Kuwait_Coffee"],
      first_comment: "Open till midnight",
      platforms: ["instagram", "twitter"],
      media_ids: [p.mediaId],
      scheduled_for: null,
      published_at: null,
    });
    expect(r.body.targets.map((t: { status: string; permalink: string | null }) => [t.status, t.permalink])).toEqual([
      ["pending", null],
      ["pending", null],
    ]);
    // the media is shared, not copied: the library still holds one file
    const library = await gql(app.base, "query { mediaLibrary(first: 10) { totalCount } }", {}, b.token);
    expect(library.data.mediaLibrary.totalCount).toBe(1);
    // the original is untouched
    expect((await call(app.base, "GET", `/api/posts/${p.id}`, { token: b.token })).body.status).toBe("published");
    // and the draft can be edited like any other
    const edited = await call(app.base, "PUT", `/api/posts/${r.body.id}`, {
      token: b.token,
      body: { content: "Saffron dates, again" },
    });
    expect(edited.status).toBe(200);
  });

  test("media only: a draft with the photos and nothing else", async () => {
    const b = await business();
    const p = await published(b);
    const r = await call(app.base, "POST", `/api/posts/${p.id}/duplicate`, {
      token: b.token,
      body: { media_only: true },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: "draft",
      content: "",
      hashtags: [],
      first_comment: null,
      platforms: [],
      media_ids: [p.mediaId],
    });
    const bad = await call(app.base, "POST", `/api/posts/${p.id}/duplicate`, {
      token: b.token,
      lang: "ar",
      body: { media_only: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(["media_only"]);
    expect(bad.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  test("GraphQL duplicatePost: the same service", async () => {
    const b = await business();
    const p = await published(b);
    const r = await gql(
      app.base,
      "mutation($id: ID!) { duplicatePost(id: $id) { id status content hashtags platforms media { id } } }",
      { id: p.id },
      b.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.duplicatePost).toMatchObject({
      status: "DRAFT",
      content: "Saffron dates are back ☕",
      hashtags: ["Kuwait_Coffee"],
      platforms: ["INSTAGRAM", "TWITTER"],
      media: [{ id: p.mediaId }],
    });
    const media = await gql(
      app.base,
      "mutation($id: ID!) { duplicatePost(id: $id, mediaOnly: true) { content platforms media { id } } }",
      { id: p.id },
      b.token,
    );
    expect(media.data.duplicatePost).toEqual({ content: "", platforms: [], media: [{ id: p.mediaId }] });
    const list = await gql(app.base, "query { posts(first: 10, status: [DRAFT]) { totalCount } }", {}, b.token);
    expect(list.data.posts.totalCount).toBe(2);
  });

  test("another business's post cannot be duplicated: 404 through both doors, nothing written", async () => {
    const a = await business();
    const other = await business();
    const p = (
      await call(app.base, "POST", "/api/posts", {
        token: a.token,
        body: { content: "Secret menu", platforms: ["instagram"] },
      })
    ).body;
    const r = await call(app.base, "POST", `/api/posts/${p.id}/duplicate`, { token: other.token });
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 404, code: "NOT_FOUND" });
    const g = await gql(app.base, "mutation($id: ID!) { duplicatePost(id: $id) { id } }", { id: p.id }, other.token);
    expect(g.errors![0].extensions.code).toBe("NOT_FOUND");
    const notAnId = await call(app.base, "POST", "/api/posts/not-a-post/duplicate", { token: other.token });
    expect(notAnId.status).toBe(404);
    expect((await call(app.base, "GET", "/api/posts", { token: other.token })).body.total).toBe(0);
    expect((await call(app.base, "GET", "/api/posts", { token: a.token })).body.total).toBe(1);
  });
});
