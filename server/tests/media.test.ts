// The media library over real HTTP: uploads decided by content, size limits, platform rules and
// crops, variants, signed public URLs, tenancy, enhancement by plan, GraphQL, and S3 storage.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { login } from "./support/team.ts";
import { mp4 } from "./support/mp4.ts";

let app: TestApp;
beforeAll(async () => {
  // small limits, so "too large" needs no large files: images 0.5 MB, videos 0.2 MB
  app = await startTestApp({ MEDIA_MAX_IMAGE_MB: "0.5", MEDIA_MAX_VIDEO_MB: "0.2" });
});
afterAll(async () => {
  await app?.stop();
});

async function business(plan = "premium", base = app.base) {
  const c = await registeredClient(base, { over: { requested_plan: plan } });
  return { ...c, token: (await login(base, c.email, c.password)).access_token };
}

/** A food-ish picture (a plate on a table), in a format; low contrast so enhancement has work to do. */
function picture(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") {
  const r = Math.min(width, height) / 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#8a7a6a"/>
    <circle cx="${width * 0.6}" cy="${height * 0.55}" r="${r}" fill="#a89080"/>
    <circle cx="${width * 0.6}" cy="${height * 0.55}" r="${r / 2}" fill="#9a6a50"/>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

async function upload(
  token: string,
  file: Buffer,
  name: string,
  fields: Record<string, string | string[]> = {},
  opts: { lang?: string; field?: string; base?: string } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
  form.append(opts.field ?? "file", new Blob([new Uint8Array(file)]), name);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (opts.lang) headers["accept-language"] = opts.lang;
  const res = await fetch(`${opts.base ?? app.base}/api/posts/media`, { method: "POST", headers, body: form });
  return { status: res.status, body: await res.json() };
}

async function fetchBytes(url: string) {
  // people get root-relative URLs; an absolute one on PUBLIC_URL (sufra.test, served by nothing) would fail here
  const res = await fetch(new URL(url, app.base));
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe("uploads", () => {
  test("an animated GIF is kept as it is (no crops, no JPEG), taken by X and refused for networks that take none", async () => {
    const b = await business();
    const frames = await Promise.all(
      [1, 1.25].map(async (brightness) =>
        sharp(await picture(480, 360, "png"))
          .modulate({ brightness })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0, delay: [200, 200] })
      .toBuffer();
    expect(gif.toString("latin1", 0, 4)).toBe("GIF8");
    const r = await upload(b.token, gif, "pour.gif", { platforms: "twitter" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: "image", mime: "image/gif", bytes: gif.length, width: 480, height: 360 });
    // stored byte for byte: both frames are still there
    const original = await fetchBytes(r.body.url);
    expect(original.type).toBe("image/gif");
    expect(original.bytes.equals(gif)).toBe(true);
    expect((await sharp(original.bytes).metadata()).pages).toBe(2);
    // a crop asked for would keep one frame: the GIF is kept whole
    const cropped = await upload(b.token, gif, "pour.gif", { crop: "square" });
    expect(cropped.status).toBe(201);
    expect(cropped.body).toMatchObject({ mime: "image/gif", bytes: gif.length, width: 480, height: 360 });
    // Instagram takes no GIF: said at upload in the person's language
    const ig = await upload(b.token, gif, "pour.gif", { platforms: "instagram" }, { lang: "ar" });
    expect(ig.status).toBe(400);
    expect(JSON.stringify(ig.body)).toContain("لا يقبل إنستغرام صور GIF");
  });

  test('a file\'s name is kept as a person typed it: no bidi override ("menu\u202Egpj.exe" shows as "menuexe.jpg"), no isolate', async () => {
    const b = await business();
    const r = await upload(b.token, await picture(400, 300), "menu\u202Egpj.exe\u2066");
    expect(r.status).toBe(201);
    expect(r.body.original_name).toBe("menugpj.exe");
  });

  test("JPEG, PNG and WebP are accepted with their variants at the networks' sizes", async () => {
    const b = await business();
    for (const format of ["jpeg", "png", "webp"] as const) {
      const file = await picture(1200, 900, format);
      const r = await upload(b.token, file, `dish.${format}`);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        kind: "image",
        mime: `image/${format}`,
        bytes: file.length,
        width: 1200,
        height: 900,
        duration_ms: null,
        original_name: `dish.${format}`,
        source_id: null,
      });
      expect(r.body.url).toMatch(new RegExp(`^/media/${r.body.id}/original\\?exp=\\d+&sig=`));

      const thumb = await fetchBytes(r.body.thumbnail_url);
      expect(thumb.type).toBe("image/webp");
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });

      const want = { square: [1080, 1080], portrait: [1080, 1350], landscape: [1080, 566] } as const;
      for (const [name, [w, h]] of Object.entries(want)) {
        expect(r.body.crops[name]).toMatchObject({ width: w, height: h });
        const got = await fetchBytes(r.body.crops[name].url);
        expect(got.type).toBe("image/jpeg");
        const meta = await sharp(got.bytes).metadata();
        expect(meta.format).toBe("jpeg");
        expect(meta.width! / meta.height!).toBeCloseTo(w / h, 2);
      }
    }
  });

  test("the picture is measured upright (EXIF orientation) and its variants are rotated", async () => {
    const b = await business();
    const sideways = await sharp(await picture(600, 400))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await upload(b.token, sideways, "phone.jpg");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ width: 400, height: 600 });
    const thumb = await sharp((await fetchBytes(r.body.thumbnail_url)).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([213, 320]);
  });

  test("a text file named photo.jpg is refused, in English and Arabic", async () => {
    const b = await business();
    const fake = Buffer.from("this is not a picture, just words pretending to be one\n".repeat(20));
    const en = await upload(b.token, fake, "photo.jpg");
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: "MEDIA_UNSUPPORTED",
      message: "This file is not supported. Upload a JPEG, PNG, WebP or GIF image, or an MP4 video",
      details: { file: ["The file is not a readable JPEG, PNG, WebP or GIF image or MP4 video"] },
    });
    const ar = await upload(b.token, fake, "photo.jpg", {}, { lang: "ar" });
    expect(ar.body.message).toBe("هذا الملف غير مدعوم. ارفع صورة JPEG أو PNG أو WebP أو GIF، أو فيديو MP4");

    // a real TIFF is recognised, and refused as a type we do not take; a JPEG header on junk too
    const tiff = await sharp(await picture(40, 40, "png"))
      .tiff()
      .toBuffer();
    expect((await upload(b.token, tiff, "scan.jpg")).body.details).toEqual({
      file: ["This type of file is not accepted: upload a JPEG, PNG, WebP or GIF image, or an MP4 video"],
    });
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect((await upload(b.token, junk, "broken.jpg")).body.code).toBe("MEDIA_UNSUPPORTED");
    expect((await upload(b.token, Buffer.alloc(0), "empty.jpg")).status).toBe(400);
  });

  test("files over the limits are refused with 413, naming the limit", async () => {
    const b = await business();
    // random pixels do not compress: a PNG of about 1.2 MB, over the larger limit (multer stops reading)
    const noise = await sharp(
      Buffer.from(Array.from({ length: 640 * 640 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 640, height: 640, channels: 3 } },
    )
      .png()
      .toBuffer();
    const big = await upload(b.token, noise, "noise.png");
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      code: "MEDIA_TOO_LARGE",
      message: "The file is too large: Files can be at most 0.5 MB",
      details: { file: ["Files can be at most 0.5 MB"] },
    });
    const ar = await upload(b.token, noise, "noise.png", {}, { lang: "ar" });
    expect(ar.body.message).toBe("الملف كبير جدًا: يجب ألا يزيد حجم الملف على ٠٫٥ ميغابايت");

    // under the larger limit but over the video one: the kind's own limit
    const video = await upload(b.token, mp4({ seconds: 10, width: 640, height: 360, pad: 300_000 }), "clip.mp4");
    expect(video.status).toBe(413);
    expect(video.body.details).toEqual({ file: ["Videos can be at most 0.2 MB"] });
  });
});

describe("platform rules and crops", () => {
  test("a 1:3 picture for Instagram is refused naming Instagram and the ratio; with crop=square it is accepted", async () => {
    const b = await business();
    const tall = await picture(300, 900);
    const refused = await upload(b.token, tall, "tall.jpg", { platforms: "instagram,twitter" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "MEDIA_REJECTED_BY_PLATFORM",
      platform: "instagram",
      reason: "mediaRatioOutOfRange",
    });
    expect(refused.body.message).toContain(
      "Instagram accepts images from 4:5 (portrait) to 1.91:1 (landscape); this one is 0.33:1",
    );
    expect(Object.keys(refused.body.details)).toEqual(["instagram"]);
    const ar = await upload(b.token, tall, "tall.jpg", { platforms: ["instagram"] }, { lang: "ar" });
    expect(ar.body.message).toContain("يقبل إنستغرام الصور من 4:5");

    // X and Snapchat take it as it is
    expect((await upload(b.token, tall, "tall.jpg", { platforms: ["twitter", "snapchat"] })).status).toBe(201);

    const cropped = await upload(b.token, tall, "tall.jpg", { platforms: "instagram", crop: "square" });
    expect(cropped.status).toBe(201);
    expect(cropped.body).toMatchObject({ width: 300, height: 300, mime: "image/jpeg" });
    const original = await sharp((await fetchBytes(cropped.body.url)).bytes).metadata();
    expect([original.width, original.height]).toEqual([300, 300]);

    const bad = await upload(b.token, tall, "tall.jpg", { platforms: "myspace", crop: "round" });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      platforms: ["Platforms must be instagram, twitter or snapchat"],
      crop: ["Crop must be square, portrait or landscape"],
    });
  });

  test("an MP4 is recognised by its boxes, with duration and size; networks' video rules apply", async () => {
    const b = await business();
    const clip = mp4({ seconds: 12.5, width: 1080, height: 1920 });
    const r = await upload(b.token, clip, "reel.mov", {}, { field: "media" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      kind: "video",
      mime: "video/mp4",
      bytes: clip.length,
      width: 1080,
      height: 1920,
      duration_ms: 12500,
      crops: {},
    });
    const poster = await fetchBytes(r.body.thumbnail_url);
    expect(poster.type).toBe("image/webp");
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ width: 180, height: 320 });
    const served = await fetchBytes(r.body.url);
    expect(served.type).toBe("video/mp4");
    expect(served.bytes.equals(clip)).toBe(true);
    // Range, for players that seek
    const part = await fetch(new URL(r.body.url, app.base), { headers: { range: "bytes=0-15" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(0, 16))).toBe(true);

    const short = await upload(b.token, mp4({ seconds: 2, width: 640, height: 640 }), "short.mp4", {
      platforms: "instagram",
    });
    expect(short.body).toMatchObject({
      code: "MEDIA_REJECTED_BY_PLATFORM",
      platform: "instagram",
      reason: "mediaVideoTooShort",
    });
    const long = await upload(b.token, mp4({ seconds: 90, width: 640, height: 640 }), "long.mp4", {
      platforms: ["snapchat", "twitter"],
    });
    expect(long.body.details).toEqual({ snapchat: ["Snapchat accepts videos up to 60 seconds; this one is 90 s"] });
  });
});

describe("signed URLs, tenancy and the library", () => {
  test("the signed URL serves the bytes; a tampered or expired one is 403", async () => {
    const b = await business();
    const file = await picture(800, 800, "png");
    const r = await upload(b.token, file, "plate.png");
    const got = await fetchBytes(r.body.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe("image/png");
    expect(got.cache).toMatch(/^private, max-age=\d+$/);
    expect(got.bytes.equals(file)).toBe(true);

    const last = r.body.url.at(-1);
    const tampered = await fetchBytes(r.body.url.slice(0, -1) + (last === "A" ? "B" : "A"));
    expect(tampered.status).toBe(403);
    const otherVariant = await fetchBytes(r.body.url.replace("/original?", "/square?"));
    expect(otherVariant.status).toBe(403);
    const expired = await fetchBytes(r.body.url.replace(/exp=\d+/, "exp=1000"));
    expect(expired.status).toBe(403);
  });

  test("another business gets 404; the owner lists, reads and deletes", async () => {
    const a = await business();
    const other = await business();
    const r = await upload(a.token, await picture(640, 480), "mine.jpg");
    for (const [method, path] of [
      ["GET", `/api/posts/media/${r.body.id}`],
      ["DELETE", `/api/posts/media/${r.body.id}`],
      ["POST", `/api/posts/media/${r.body.id}/enhance`],
    ] as const) {
      const res = await call(app.base, method, path, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    const q = await gql(app.base, `query($id: ID!) { media(id: $id) { id } }`, { id: r.body.id }, other.token);
    expect(q.errors?.[0].extensions.code).toBe("NOT_FOUND");

    const mine = await call(app.base, "GET", `/api/posts/media/${r.body.id}`, { token: a.token });
    expect(mine.body).toMatchObject({ id: r.body.id, width: 640, height: 480 });
    const list = await call(app.base, "GET", "/api/posts/media?first=10", { token: a.token });
    expect(list.body).toMatchObject({ total_count: 1, has_next_page: false, items: [{ id: r.body.id }] });
    expect((await call(app.base, "GET", "/api/posts/media", { token: other.token })).body.total_count).toBe(0);
    expect((await call(app.base, "GET", "/api/posts/media")).status).toBe(401);

    const del = await call(app.base, "DELETE", `/api/posts/media/${r.body.id}`, { token: a.token });
    expect(del.body).toEqual({ id: r.body.id });
    expect((await fetchBytes(r.body.url)).status).toBe(404);
  });

  test("a media used by a scheduled post cannot be deleted; a draft's can", async () => {
    const b = await business();
    const r = await upload(b.token, await picture(640, 640), "dish.jpg");
    const db = app.sufra.deps.db;
    const post = await db.post.create({
      data: {
        businessId: b.businessId,
        status: "scheduled",
        content: "Machboos",
        scheduledFor: new Date(Date.now() + 3_600_000),
        media: { create: { mediaId: r.body.id } },
      },
    });
    const refused = await call(app.base, "DELETE", `/api/posts/media/${r.body.id}`, { token: b.token, lang: "ar" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "MEDIA_IN_USE",
      message: "هذا الملف مستخدم في منشور مجدول أو منشور بالفعل، فلا يمكن حذفه",
    });
    await db.post.update({ where: { id: post.id }, data: { status: "draft" } });
    expect((await call(app.base, "DELETE", `/api/posts/media/${r.body.id}`, { token: b.token })).status).toBe(200);
    expect(await db.postMedia.count({ where: { postId: post.id } })).toBe(0);
  });

  test("forPublish gives Instagram a JPEG that fits its ratio, and the bytes", async () => {
    const b = await business();
    const wide = await upload(b.token, await picture(1200, 400, "png"), "wide.png");
    const fine = await upload(b.token, await picture(1000, 1000), "fine.jpg");
    const { media } = app.sufra.services;
    const [w, f] = await media.forPublish(b.businessId, [wide.body.id, fine.body.id], "instagram");
    expect(w).toMatchObject({ id: wide.body.id, mime: "image/jpeg", width: 1080, height: 566 });
    expect(w.url).toContain(`/media/${wide.body.id}/landscape?`);
    expect(f).toMatchObject({ mime: "image/jpeg", width: 1000, height: 1000 });
    expect(f.url).toContain("/original?");
    expect((await f.read()).length).toBe(f.bytes);
    const [x] = await media.forPublish(b.businessId, [wide.body.id], "twitter");
    expect(x).toMatchObject({ mime: "image/png", width: 1200, height: 400 });
    const other = await business();
    await expect(media.forPublish(other.businessId, [wide.body.id])).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("GraphQL: mediaLibrary pages through the uploads", async () => {
    const b = await business();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.unshift((await upload(b.token, await picture(500 + i * 10, 500), `p${i}.jpg`)).body.id);
    const LIB = `query($after: String) { mediaLibrary(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id kind mime width height url thumbnailUrl crops { name width height url } sourceId createdAt } } } }`;
    const p1 = await gql(app.base, LIB, {}, b.token);
    expect(p1.errors).toBeUndefined();
    const lib = p1.data.mediaLibrary;
    expect(lib.totalCount).toBe(3);
    expect(lib.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(0, 2));
    expect(lib.edges[0].node).toMatchObject({
      kind: "IMAGE",
      mime: "image/jpeg",
      width: 520,
      height: 500,
      sourceId: null,
    });
    expect(lib.edges[0].node.crops.map((c: { name: string }) => c.name)).toEqual(["square", "portrait", "landscape"]);
    const p2 = await gql(app.base, LIB, { after: lib.pageInfo.endCursor }, b.token);
    expect(p2.data.mediaLibrary.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ids[2]]);
    expect(p2.data.mediaLibrary.pageInfo.hasNextPage).toBe(false);
  });
});

describe("enhancement", () => {
  test("refused on Basic, in both languages", async () => {
    const b = await business("basic");
    const r = await upload(b.token, await picture(600, 600), "dish.jpg");
    const en = await call(app.base, "POST", `/api/posts/media/${r.body.id}/enhance`, { token: b.token });
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      code: "ENHANCEMENT_PLAN_REQUIRED",
      message: "Image enhancement is part of the Professional and Premium plans",
    });
    const ar = await gql(
      app.base,
      `mutation($id: ID!) { enhanceMedia(id: $id) { after { id } } }`,
      { id: r.body.id },
      b.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: "تحسين الصور جزء من الباقتين الاحترافية والمميزة",
      extensions: { code: "FORBIDDEN", reason: "ENHANCEMENT_PLAN_REQUIRED" },
    });
  });

  test("on Premium makes a new media from the original, with different pixels", async () => {
    const b = await business("premium");
    const r = await upload(b.token, await picture(600, 450, "png"), "dish.png");
    const res = await call(app.base, "POST", `/api/posts/media/${r.body.id}/enhance`, {
      token: b.token,
      body: { warmth: 0.8 },
    });
    expect(res.status).toBe(201);
    const { before, after } = res.body;
    expect(before.id).toBe(r.body.id);
    expect(after).toMatchObject({
      kind: "image",
      mime: "image/jpeg",
      width: 600,
      height: 450,
      source_id: r.body.id,
      original_name: "dish-enhanced.jpg",
    });
    expect(after.id).not.toBe(before.id);
    const s0 = await sharp((await fetchBytes(before.url)).bytes).stats();
    const s1 = await sharp((await fetchBytes(after.url)).bytes).stats();
    // auto-levels stretch the range; warmth lifts red over blue
    expect(s1.channels[0].max - s1.channels[0].min).toBeGreaterThan(s0.channels[0].max - s0.channels[0].min);
    expect(s1.channels[0].mean - s1.channels[2].mean).toBeGreaterThan(s0.channels[0].mean - s0.channels[2].mean);

    const gq = await gql(
      app.base,
      `mutation($id: ID!) { enhanceMedia(id: $id, warmth: 0.2) { before { id } after { id sourceId crops { name } } } }`,
      { id: r.body.id },
      b.token,
    );
    expect(gq.data.enhanceMedia).toMatchObject({ before: { id: r.body.id }, after: { sourceId: r.body.id } });
    const bad = await call(app.base, "POST", `/api/posts/media/${r.body.id}/enhance`, {
      token: b.token,
      body: { warmth: 3 },
    });
    expect(bad.body.details).toEqual({ warmth: ["Warmth must be a number from 0 to 1"] });
    const video = await upload(b.token, mp4({ seconds: 5, width: 640, height: 360 }), "clip.mp4");
    expect(
      (await call(app.base, "POST", `/api/posts/media/${video.body.id}/enhance`, { token: b.token })).body.code,
    ).toBe("MEDIA_NOT_AN_IMAGE");
  });
});

describe("S3-compatible storage", () => {
  test("files go to the bucket with SigV4 and are served through the signed URL", async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const auth: string[] = [];
    const s3: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        auth.push(String(req.headers.authorization));
        const key = decodeURIComponent(req.url!);
        if (req.method === "PUT") {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
          res.writeHead(200).end();
        } else if (req.method === "GET" && objects.has(key)) {
          res.writeHead(200, { "content-type": objects.get(key)!.type }).end(objects.get(key)!.body);
        } else if (req.method === "DELETE") {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => s3.listen(0, "127.0.0.1", r));
    const other = await startTestApp(
      {
        S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
        S3_BUCKET: "sufra-media",
        S3_ACCESS_KEY_ID: "AKIDTEST",
        S3_SECRET_ACCESS_KEY: "secret-test-key",
      },
      app.databaseUrl,
    );
    try {
      const b = await business("premium", other.base);
      const file = await picture(400, 400);
      const r = await upload(b.token, file, "dish.jpg", {}, { base: other.base });
      expect(r.status).toBe(201);
      expect([...objects.keys()].every((k) => k.startsWith(`/sufra-media/${b.businessId}/${r.body.id}/`))).toBe(true);
      expect(objects.size).toBe(5); // original, thumb, three crops (the 9:16 picture of stories when one needs it)
      expect(auth.every((a) => a.startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/"))).toBe(true);
      const res = await fetch(new URL(r.body.url, other.base));
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
      await call(other.base, "DELETE", `/api/posts/media/${r.body.id}`, { token: b.token });
      expect(objects.size).toBe(0);
    } finally {
      await other.stop();
      await new Promise((r) => s3.close(r));
    }
  });
});

describe("URLs a person's browser loads", () => {
  test("are root-relative in REST and GraphQL, and load from any address the site is opened by", async () => {
    const b = await business();
    const r = await upload(b.token, await picture(800, 600), "dish.jpg");
    expect(r.status).toBe(201);
    const q = await gql(
      app.base,
      `query($id: ID!) { media(id: $id) { url thumbnailUrl crops { name url } } }`,
      { id: r.body.id },
      b.token,
    );
    expect(q.errors).toBeUndefined();
    const urls: string[] = [
      r.body.url,
      r.body.thumbnail_url,
      ...Object.values(r.body.crops as Record<string, { url: string }>).map((c) => c.url),
      q.data.media.url,
      q.data.media.thumbnailUrl,
      ...q.data.media.crops.map((c: { url: string }) => c.url),
    ];
    expect(urls).toHaveLength(10);
    // PUBLIC_URL is http://sufra.test; the page may be opened as localhost, 127.0.0.1, a LAN address...
    const hosts = [app.base, app.base.replace("127.0.0.1", "localhost")];
    for (const url of urls) {
      expect(url).toMatch(
        new RegExp(`^/media/${r.body.id}/(original|thumb|square|portrait|landscape)\\?exp=\\d+&sig=[\\w-]+$`),
      );
      for (const host of hosts) {
        const res = await fetch(host + url);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^image\//);
        await res.arrayBuffer();
      }
    }
  });
});

describe("URLs an API key's integration gets", () => {
  test("are absolute on PUBLIC_URL in GraphQL (media and a post's media), the same signed files a person gets", async () => {
    const b = await business();
    const r = await upload(b.token, await picture(800, 600), "dish.jpg");
    expect(r.status).toBe(201);
    const made = await gql(app.base, `mutation { createApiKey(name: "Integration") { key } }`, {}, b.token);
    expect(made.errors).toBeUndefined();
    const key = made.data.createApiKey.key as string;
    const post = await gql(
      app.base,
      `mutation($id: ID!) { createPost(input: { content: "Saffron cake", platforms: [], mediaIds: [$id] }) { id } }`,
      { id: r.body.id },
      b.token,
    );
    expect(post.errors).toBeUndefined();

    const FIELDS = "url thumbnailUrl crops { name url }";
    const byKey = await gql(
      app.base,
      `query($id: ID!, $post: ID!) { media(id: $id) { ${FIELDS} } post(id: $post) { media { ${FIELDS} } } }`,
      { id: r.body.id, post: post.data.createPost.id },
      key,
    );
    expect(byKey.errors).toBeUndefined();
    const byPerson = await gql(
      app.base,
      `query($id: ID!) { media(id: $id) { ${FIELDS} } }`,
      { id: r.body.id },
      b.token,
    );
    const all = (m: { url: string; thumbnailUrl: string; crops: { url: string }[] }) => [
      m.url,
      m.thumbnailUrl,
      ...m.crops.map((c) => c.url),
    ];
    const keyUrls = [...all(byKey.data.media), ...all(byKey.data.post.media[0])];
    expect(keyUrls).toHaveLength(10);
    for (const url of keyUrls)
      expect(url).toMatch(
        new RegExp(
          `^http://sufra\\.test/media/${r.body.id}/(original|thumb|square|portrait|landscape)\\?exp=\\d+&sig=[\\w-]+$`,
        ),
      );
    // the same signed path a person's browser gets (the same hour's expiry), only with the public origin
    expect(all(byKey.data.media).map((u) => u.slice("http://sufra.test".length))).toEqual(all(byPerson.data.media));
    for (const url of all(byKey.data.media)) {
      const res = await fetch(app.base + new URL(url).pathname + new URL(url).search);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
      await res.arrayBuffer();
    }
  });
});
