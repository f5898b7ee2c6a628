// The TikTok stand-in on its own, spoken to as TikTok's reference says: it refuses what TikTok refuses,
// so a test through Sufra that passes means TikTok would have taken the same requests. Photos are read
// when pulled (a PNG, a photo over 1080p fail the post with TikTok's fail_reason), the upload URL takes
// the announced chunks only, and a video longer than the creator may post fails by its own length.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { startTikTokFake } from "./fakes/tiktok-server.ts";
import { mp4 } from "./support/mp4.ts";

let tt: Awaited<ReturnType<typeof startTikTokFake>>;
let files: http.Server;
let filesUrl = "";
const served = new Map<string, Buffer>();

beforeAll(async () => {
  tt = await startTikTokFake({ audited: true });
  files = http.createServer((req, res) => {
    const body = served.get(req.url ?? "");
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(body);
  });
  await new Promise<void>((ok) => files.listen(0, "127.0.0.1", ok));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  tt.state.verifiedDomains.push(new URL(filesUrl).host);
});
afterAll(async () => {
  await new Promise((ok) => files?.close(ok));
  await tt?.close();
});

let n = 0;
/** A creator's access token, by Login Kit's authorization code grant at the stand-in. */
async function token(creator: { maxVideoPostDurationSec?: number } = {}) {
  const openId = `open-stand-in-${++n}`;
  tt.state.issueCode(`code-${openId}`, {
    openId,
    username: `user_${n}`,
    redirectUri: "https://sufra.example/cb",
    ...creator,
  });
  const r = await fetch(`${tt.state.url}/v2/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_key: tt.state.config.clientKey,
      client_secret: tt.state.config.clientSecret,
      grant_type: "authorization_code",
      code: `code-${openId}`,
      redirect_uri: "https://sufra.example/cb",
    }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

const api = async (path: string, access: string, body: unknown) => {
  const r = await fetch(`${tt.state.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}`, "content-type": "application/json; charset=UTF-8" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
};

/** Polls status/fetch until TikTok has finished with the post. */
async function finished(access: string, publishId: string) {
  for (let i = 0; i < 50; i++) {
    const s = await api("/v2/post/publish/status/fetch/", access, { publish_id: publishId });
    if (["PUBLISH_COMPLETE", "FAILED"].includes(s.body.data.status))
      return s.body.data as { status: string; fail_reason?: string };
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error("still processing");
}

describe("photos pulled by URL", () => {
  const photoPost = (access: string, urls: string[]) =>
    api("/v2/post/publish/content/init/", access, {
      post_info: { title: "t", privacy_level: "SELF_ONLY" },
      source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: urls },
      post_mode: "DIRECT_POST",
      media_type: "PHOTO",
    });

  test("JPEG or WebP within 1080p is published; a PNG fails with file_format_check_failed; a photo over 1080p with picture_size_check_failed", async () => {
    const pic = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: "#884422" } });
    served.set("/ok.jpg", await pic(1080, 1350).jpeg().toBuffer());
    served.set("/ok.webp", await pic(1920, 1080).webp().toBuffer());
    served.set("/dish.png", await pic(1080, 1080).png().toBuffer());
    served.set("/big.jpg", await pic(1440, 1800).jpeg().toBuffer());
    const access = await token();
    const cases: [string[], string][] = [
      [["/ok.jpg", "/ok.webp"], "PUBLISH_COMPLETE"],
      [["/ok.jpg", "/dish.png"], "file_format_check_failed"],
      [["/big.jpg"], "picture_size_check_failed"],
    ];
    for (const [paths, outcome] of cases) {
      const init = await photoPost(
        access,
        paths.map((p) => filesUrl + p),
      );
      expect(init.body.error.code).toBe("ok");
      const s = await finished(access, init.body.data.publish_id);
      expect({ paths, outcome: s.fail_reason ?? s.status }).toEqual({ paths, outcome });
    }
  });

  test("a photo post's switches are booleans (content/init's post_info): auto_add_music as text is invalid_param", async () => {
    const access = await token();
    const send = (extra: Record<string, unknown>) =>
      api("/v2/post/publish/content/init/", access, {
        post_info: { title: "t", privacy_level: "SELF_ONLY", ...extra },
        source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: [`${filesUrl}/ok.jpg`] },
        post_mode: "DIRECT_POST",
        media_type: "PHOTO",
      });
    for (const bad of [{ auto_add_music: "yes" }, { auto_add_music: 1 }, { disable_comment: "false" }]) {
      const r = await send(bad);
      expect({ bad, status: r.status, code: r.body.error.code }).toEqual({ bad, status: 400, code: "invalid_param" });
    }
    expect((await send({ auto_add_music: true })).body.error.code).toBe("ok");
    expect((await send({})).body.error.code).toBe("ok");
  });
});

describe("videos uploaded in chunks", () => {
  const init = (access: string, source: Record<string, unknown>) =>
    api("/v2/post/publish/video/init/", access, {
      post_info: { privacy_level: "SELF_ONLY" },
      source_info: { source: "FILE_UPLOAD", ...source },
    });
  const put = (url: string, bytes: Buffer, range: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "PUT",
      headers: { "content-type": "video/mp4", "content-range": range, ...headers },
      body: new Uint8Array(bytes),
    });

  test("init refuses a plan against the chunk rules with invalid_param, in TikTok's envelope", async () => {
    const access = await token();
    const r = await init(access, { video_size: 7 * 1024 * 1024, chunk_size: 10 * 1024 * 1024, total_chunk_count: 1 });
    expect(r).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_param", message: expect.stringContaining("floor"), log_id: expect.any(String) } },
    });
  });

  test("the upload URL takes the announced chunks in order: a chunk out of order or cut off the plan is 416, then 206, the last chunk 201", async () => {
    const access = await token();
    const file = mp4({ seconds: 8, width: 1080, height: 1920, pad: 12 * 1024 * 1024 });
    const chunk = 5 * 1024 * 1024;
    const r = await init(access, {
      video_size: file.length,
      chunk_size: chunk,
      total_chunk_count: Math.floor(file.length / chunk),
    });
    const url = r.body.data.upload_url as string;
    expect(Math.floor(file.length / chunk)).toBe(2);
    // the second chunk first: not where the upload stands
    expect((await put(url, file.subarray(chunk), `bytes ${chunk}-${file.length - 1}/${file.length}`)).status).toBe(416);
    // a chunk cut at the wrong place (the plan's first chunk is 5 MiB)
    expect((await put(url, file.subarray(0, chunk - 1), `bytes 0-${chunk - 2}/${file.length}`)).status).toBe(416);
    expect((await put(url, file.subarray(0, chunk), `bytes 0-${chunk - 1}/${file.length}`)).status).toBe(206);
    expect((await put(url, file.subarray(chunk), `bytes ${chunk}-${file.length - 1}/${file.length}`)).status).toBe(201);
    expect(await finished(access, r.body.data.publish_id)).toMatchObject({ status: "PUBLISH_COMPLETE" });
  });

  test("a chunk without Content-Length (sent in chunked transfer encoding) is a bad request", async () => {
    const access = await token();
    const file = mp4({ seconds: 8, width: 1080, height: 1920 });
    const r = await init(access, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
    const status = await new Promise<number>((ok, fail) => {
      const req = http.request(
        new URL(r.body.data.upload_url),
        {
          method: "PUT",
          headers: { "content-type": "video/mp4", "content-range": `bytes 0-${file.length - 1}/${file.length}` },
        },
        (res) => {
          res.resume();
          ok(res.statusCode!);
        },
      );
      req.on("error", fail);
      // written in two parts with no length announced: node sends it chunked
      req.write(file.subarray(0, 100));
      req.end(file.subarray(100));
    });
    expect(status).toBe(400);
    expect(tt.state.publishes.get(r.body.data.publish_id)!.received).toHaveLength(0);
  });

  test("TikTok measures the video itself: longer than the creator may post is duration_check_failed, 15 frames a second frame_rate_check_failed", async () => {
    const access = await token({ maxVideoPostDurationSec: 5 });
    const send = async (file: Buffer) => {
      const r = await init(access, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
      expect((await put(r.body.data.upload_url, file, `bytes 0-${file.length - 1}/${file.length}`)).status).toBe(201);
      return finished(access, r.body.data.publish_id);
    };
    expect(await send(mp4({ seconds: 10, width: 1080, height: 1920 }))).toMatchObject({
      status: "FAILED",
      fail_reason: "duration_check_failed",
    });
    expect(await send(mp4({ seconds: 4, width: 1080, height: 1920, fps: 15 }))).toMatchObject({
      status: "FAILED",
      fail_reason: "frame_rate_check_failed",
    });
    expect(await send(mp4({ seconds: 4, width: 1080, height: 1920, fps: 60 }))).toMatchObject({
      status: "PUBLISH_COMPLETE",
    });
  });
});
