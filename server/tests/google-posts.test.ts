// Posts to Google Business Profile (docs/product.md#posts): a post's Google options (What's new, offer,
// event, the button) through GraphQL and REST, refused in the person's language when Google would refuse
// them, ignored for a post that does not go to Google, and published through the Google stand-in to the
// business's picked, verified locations only; with none, the target fails before anything is sent. A
// WebP photo goes as its JPEG copy: the stand-in fetches the photo from our public URL and reads it.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { startGoogleFake } from "./fakes/google-server.ts";
import { call, gql, startTestApp, type TestApp } from "./support/app.ts";
import { connectedGoogleBusiness } from "./support/google.ts";
import { freePort, getPost, settled, waitFor } from "./support/networks.ts";

let google: Awaited<ReturnType<typeof startGoogleFake>>;
let app: TestApp;

beforeAll(async () => {
  google = await startGoogleFake();
  const port = await freePort();
  // PUBLIC_URL is the app's real address: Google fetches post photos from it
  app = await startTestApp({
    ...google.state.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PUBLISH_LEASE_SECONDS: "60",
    PUBLISH_TIMEOUT_SECONDS: "30",
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await google?.close();
});

const hoursAhead = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const EVENT = () => ({ title: "Oud night at Dar Qahwa", startsAt: hoursAhead(48), endsAt: hoursAhead(51) });

/**
 * A business whose Google connection holds four locations on the stand-in: two picked and verified, one
 * picked but not verified (Google refuses posts there), one verified but not picked. The account row is
 * written as the connect flow leaves it (tokens sealed), so this file tests posts, not connecting.
 */
async function googleBusiness(opts: { locations?: boolean } = {}) {
  const { b, holder, account } = await connectedGoogleBusiness(app, google);
  const { db } = app.sufra.deps;
  const places = {
    salmiya: google.state.addLocation(holder.name, { title: "Dar Qahwa Salmiya", verified: true }),
    kuwaitCity: google.state.addLocation(holder.name, { title: "Dar Qahwa Kuwait City", verified: true }),
    jahra: google.state.addLocation(holder.name, { title: "Dar Qahwa Jahra", verified: false }),
    fahaheel: google.state.addLocation(holder.name, { title: "Dar Qahwa Fahaheel", verified: true }),
  };
  if (opts.locations !== false) {
    const row = (l: (typeof places)["salmiya"], picked: boolean) => ({
      businessId: b.businessId,
      accountId: account.id,
      googleAccount: holder.name,
      name: l.name,
      title: l.title,
      verified: l.verified,
      picked,
    });
    await db.googleLocation.createMany({
      data: [
        row(places.salmiya, true),
        row(places.kuwaitCity, true),
        row(places.jahra, true),
        row(places.fahaheel, false),
      ],
    });
  }
  return { ...b, places };
}

const POST_FIELDS = `id status platforms googleOptions { type cta { action url } offer { couponCode redeemUrl terms } event { title startsAt endsAt } } targets { platform status errorCode error }`;

describe("Google options through both doors", () => {
  let b: Awaited<ReturnType<typeof googleBusiness>>;
  beforeAll(async () => {
    b = await googleBusiness();
  });

  test("GraphQL: an event with a Book button is scheduled and read back; REST shows the same options in snake_case", async () => {
    const event = EVENT();
    const r = await gql(
      app.base,
      `mutation($input: PostInput!) { createPost(input: $input) { ${POST_FIELDS} } }`,
      {
        input: {
          content: "Live oud on Thursday, karak on the house",
          platforms: ["GOOGLE"],
          scheduledFor: hoursAhead(2),
          googleOptions: { type: "EVENT", cta: { action: "BOOK", url: "https://darqahwa.example/book" }, event },
        },
      },
      b.token,
    );
    expect(r.errors).toBeUndefined();
    const post = r.data.createPost;
    expect(post).toMatchObject({ status: "SCHEDULED", platforms: ["GOOGLE"] });
    expect(post.googleOptions).toEqual({
      type: "EVENT",
      cta: { action: "BOOK", url: "https://darqahwa.example/book" },
      offer: null,
      event: {
        title: event.title,
        startsAt: new Date(event.startsAt).toISOString(),
        endsAt: new Date(event.endsAt).toISOString(),
      },
    });

    const rest = await getPost(app, b.token, post.id);
    expect(rest.google_options).toEqual({
      type: "event",
      cta: { action: "book", url: "https://darqahwa.example/book" },
      offer: null,
      event: { title: event.title, starts_at: event.startsAt, ends_at: event.endsAt },
    });
  });

  test("REST: an offer in snake_case keeps its coupon, link and terms and drops the button Google ignores; an edit makes it a What's new post with Call", async () => {
    const event = EVENT();
    const created = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Two cardamom lattes for one",
        platforms: ["google"],
        google_options: {
          type: "offer",
          cta: { action: "order", url: "https://darqahwa.example/order" },
          offer: {
            coupon_code: "KARAK2X1",
            redeem_url: "https://darqahwa.example/redeem",
            terms: "Until the end of Ramadan",
          },
          event: { title: event.title, starts_at: event.startsAt, ends_at: event.endsAt },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.google_options).toEqual({
      type: "offer",
      cta: null,
      offer: {
        coupon_code: "KARAK2X1",
        redeem_url: "https://darqahwa.example/redeem",
        terms: "Until the end of Ramadan",
      },
      event: { title: event.title, starts_at: event.startsAt, ends_at: event.endsAt },
    });

    const edited = await call(app.base, "PUT", `/api/posts/${created.body.id}`, {
      token: b.token,
      body: { google_options: { type: "standard", cta: { action: "call", url: "https://ignored.example" } } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.google_options).toEqual({
      type: "standard",
      cta: { action: "call", url: null },
      offer: null,
      event: null,
    });
    // an edit that leaves the options out keeps them
    const kept = await call(app.base, "PUT", `/api/posts/${created.body.id}`, {
      token: b.token,
      body: { content: "Two cardamom lattes for one, all week" },
    });
    expect(kept.body.google_options).toEqual(edited.body.google_options);
  });

  test("a Google post without options is a What's new post; options of a post that does not go to Google are ignored", async () => {
    const plain = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Fresh dates from Al-Qassim", platforms: ["google"] },
    });
    expect(plain.body.google_options).toEqual({ type: "standard", cta: null, offer: null, event: null });
    const draft = await call(app.base, "POST", "/api/posts/drafts", {
      token: b.token,
      body: { content: "No network yet", google_options: { type: "party", cta: 5 } },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.google_options).toBeNull();
    // taking Google off a post takes its options with it
    const off = await call(app.base, "PUT", `/api/posts/${plain.body.id}`, { token: b.token, body: { platforms: [] } });
    expect(off.body.google_options).toBeNull();
  });

  test("refusals name the field in the person's language: REST in Arabic, GraphQL in English", async () => {
    const ar = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      lang: "ar",
      body: {
        content: "احجز طاولتك",
        platforms: ["google"],
        google_options: { type: "standard", cta: { action: "book" } },
      },
    });
    expect(ar.status).toBe(400);
    expect(ar.body.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(ar.body.details)).toContain("يحتاج هذا الزر إلى رابط يبدأ بـ https://");
    expect(ar.body.message).toContain("يحتاج هذا الزر إلى رابط");

    const long = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      lang: "ar",
      body: {
        content: "عرض",
        platforms: ["google"],
        google_options: {
          type: "offer",
          offer: { coupon_code: "C".repeat(59) },
          event: { title: "ع".repeat(59), starts_at: hoursAhead(1), ends_at: hoursAhead(2) },
        },
      },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("يجب ألا يزيد رمز القسيمة على ٥٨ حرفًا");
    expect(long.body.message).toContain("تسمح جوجل بعنوان لا يزيد على ٥٨ حرفًا");

    const en = await gql(
      app.base,
      `mutation($input: PostInput!) { createPost(input: $input) { id } }`,
      {
        input: {
          content: "Last night's quiz",
          platforms: ["GOOGLE"],
          googleOptions: {
            type: "EVENT",
            event: { title: "Quiz night", startsAt: hoursAhead(-5), endsAt: hoursAhead(-2) },
          },
        },
      },
      b.token,
      "en",
    );
    expect(en.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(en.errors?.[0]?.message).toContain("The end is in the past. Choose a later end");
    const noEvent = await gql(
      app.base,
      `mutation($input: PostInput!) { createPost(input: $input) { id } }`,
      { input: { content: "An offer", platforms: ["GOOGLE"], googleOptions: { type: "OFFER" } } },
      b.token,
      "en",
    );
    expect(noEvent.errors?.[0]?.message).toContain("Offers and events need a title, a start and an end");

    // the preview says the same before anything is saved, and counts Google's 1,500 characters
    const preview = await gql(
      app.base,
      `query($input: PostUpdateInput!) { postPreview(input: $input) { platform limit errors { key text } } }`,
      {
        input: {
          content: "x".repeat(1501),
          platforms: ["GOOGLE"],
          googleOptions: { type: "STANDARD", cta: { action: "ORDER" } },
        },
      },
      b.token,
      "ar",
    );
    const g = preview.data.postPreview[0];
    expect(g).toMatchObject({ platform: "GOOGLE", limit: 1500 });
    expect(g.errors.map((e: { key: string }) => e.key).sort()).toEqual(["captionTooLongFor", "googleCtaUrlRequired"]);
    expect(g.errors.find((e: { key: string }) => e.key === "googleCtaUrlRequired").text).toBe(
      "يحتاج هذا الزر إلى رابط يبدأ بـ https://",
    );
  });
});

describe("publishing to Google", () => {
  test("an event with a button and an offer go to the two picked, verified locations; the unverified and the unpicked ones get nothing", async () => {
    const b = await googleBusiness();
    const event = EVENT();
    const eventPost = await gql(
      app.base,
      `mutation($input: PostInput!) { createPost(input: $input) { id } }`,
      {
        input: {
          content: "Live oud on Thursday",
          hashtags: ["DarQahwa"],
          platforms: ["GOOGLE"],
          googleOptions: { type: "EVENT", cta: { action: "BOOK", url: "https://darqahwa.example/book" }, event },
        },
      },
      b.token,
    );
    expect(eventPost.errors).toBeUndefined();
    const offerPost = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Two lattes for one",
        platforms: ["google"],
        google_options: {
          type: "offer",
          offer: { coupon_code: "KARAK2X1", redeem_url: "https://darqahwa.example/redeem", terms: "One per guest" },
          event: { title: "Latte week", starts_at: event.startsAt, ends_at: event.endsAt },
        },
      },
    });
    expect(offerPost.status).toBe(201);

    for (const id of [eventPost.data.createPost.id, offerPost.body.id]) {
      expect((await call(app.base, "POST", `/api/posts/${id}/publish`, { token: b.token })).status).toBe(202);
      const done = await waitFor(() => getPost(app, b.token, id), settled, 30_000);
      expect(done.targets[0]).toMatchObject({ platform: "google", status: "published", error: null });
    }

    expect(google.state.postsAt(b.places.jahra.name)).toHaveLength(0);
    expect(google.state.postsAt(b.places.fahaheel.name)).toHaveLength(0);
    for (const place of [b.places.salmiya, b.places.kuwaitCity]) {
      const made = google.state.postsAt(place.name).map((p) => p.body);
      expect(made).toHaveLength(2);
      const ev = made.find((p) => p.topicType === "EVENT")!;
      // the button and the offer's link go through their short links (docs/architecture.md#short-links)
      const shortLink = expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/r\/[2-9a-zA-Z]{8}$/);
      expect(ev).toMatchObject({
        summary: "Live oud on Thursday\n\n#DarQahwa",
        callToAction: { actionType: "BOOK", url: shortLink },
        event: { title: event.title },
      });
      const offer = made.find((p) => p.topicType === "OFFER")!;
      expect(offer).toMatchObject({
        summary: "Two lattes for one",
        offer: {
          couponCode: "KARAK2X1",
          redeemOnlineUrl: shortLink,
          termsConditions: "One per guest",
        },
        event: { title: "Latte week" },
      });
      expect(offer.callToAction).toBeUndefined();
      const codeOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
      const links = await app.sufra.deps.db.shortLink.findMany({
        where: { code: { in: [codeOf(ev.callToAction.url), codeOf(offer.offer.redeemOnlineUrl)] } },
        orderBy: { target: "asc" },
      });
      expect(links.map((l) => [l.kind, l.platform, l.postId, l.target])).toEqual([
        ["caption", "google", eventPost.data.createPost.id, "https://darqahwa.example/book"],
        ["caption", "google", offerPost.body.id, "https://darqahwa.example/redeem"],
      ]);
    }
  });

  test("a WebP photo goes to Google as its upright JPEG copy: what the stand-in fetched from the URL is a JPEG", async () => {
    const b = await googleBusiness();
    // grain keeps the copy above Google's 10 KB floor
    const webp = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#c8691c",
        noise: { type: "gaussian", mean: 120, sigma: 40 },
      },
    })
      .webp({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(webp)], { type: "image/webp" }), "saffron-cake.webp");
    const uploaded = await fetch(`${app.base}/api/posts/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { id: string; mime_type?: string };

    const created = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Saffron cake is back", platforms: ["google"], media_ids: [media.id] },
    });
    expect(created.status).toBe(201);
    expect((await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token })).status).toBe(
      202,
    );
    const done = await waitFor(() => getPost(app, b.token, created.body.id), settled, 30_000);
    expect(done.targets[0]).toMatchObject({ platform: "google", status: "published", error: null });

    for (const place of [b.places.salmiya, b.places.kuwaitCity]) {
      const [made] = google.state.postsAt(place.name);
      expect(made.body.media).toEqual([
        { mediaFormat: "PHOTO", sourceUrl: expect.stringContaining(`/${media.id}/jpeg`) },
      ]);
      expect(made.photos).toEqual([
        { url: made.body.media[0].sourceUrl, format: "jpeg", bytes: expect.any(Number), width: 800, height: 600 },
      ]);
    }
  });

  test("with no picked, verified location the target fails as GOOGLE_NO_LOCATION before anything reaches Google, said in both languages", async () => {
    const b = await googleBusiness({ locations: false });
    const before = google.state.calls.createPost ?? 0;
    const created = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Saffron cake is back", platforms: ["google"] },
    });
    await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const failed = await waitFor(() => getPost(app, b.token, created.body.id), settled, 30_000);
    expect(failed.status).toBe("failed");
    expect(failed.targets[0].error).toEqual({ code: "GOOGLE_NO_LOCATION", message: null });
    expect(google.state.calls.createPost ?? 0).toBe(before);
    const q = `query($id: ID!) { post(id: $id) { targets { errorCode error } } }`;
    const ar = await gql(app.base, q, { id: created.body.id }, b.token, "ar");
    expect(ar.data.post.targets[0]).toEqual({
      errorCode: "GOOGLE_NO_LOCATION",
      error: "لم يتم اختيار أي موقع موثّق على جوجل. اختر موقعًا من الإعدادات ثم أعد المحاولة",
    });
    const en = await gql(app.base, q, { id: created.body.id }, b.token, "en");
    expect(en.data.post.targets[0].error).toBe(
      "No verified Google location is picked. Pick one in Settings, then retry",
    );
  });
});
