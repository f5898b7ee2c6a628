// TikTok across processes: the init call is the one that creates the post, so it must happen once
// per target whatever the number of workers, and a worker killed after init (TikTok has the post,
// the publish_id is saved) is succeeded by one that asks status/fetch and never inits again.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { startTikTokFake } from "./fakes/tiktok-server.ts";
import { call } from "./support/app.ts";
import { freePort, photo } from "./support/networks.ts";
import { dueNowAndPublished, targetSettled, withWorkers } from "./support/workers.ts";
import { connectTikTok, tiktokEnv, video, type Tt } from "./tiktok-support.ts";

const PROCESSES_MS = 150_000;
let tt: Tt;
beforeAll(async () => {
  tt = await startTikTokFake({ audited: true });
});
afterAll(async () => {
  await tt?.close();
});

/** Sufra's env for every process: Direct Post, short leases, one media store for all (the worker reads the video). */
async function sharedEnv() {
  const port = await freePort();
  return tiktokEnv(tt, port, {
    TIKTOK_DIRECT_POST: "true",
    TIKTOK_VIDEO_SOURCE: "FILE_UPLOAD",
    PUBLISH_LEASE_SECONDS: "3",
    PUBLISH_TIMEOUT_SECONDS: "20",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-tiktok-")),
  });
}

test(
  "exactly once: two workers, 12 TikTok photo posts of 4 accounts due at once, each target initialised once",
  async () =>
    withWorkers(await sharedEnv(), 2, async ({ app }) => {
      tt.state.verifiedDomains.push(new URL(app.base).host);
      const pool = app.sufra.deps.pool;
      // three posts per account: within TikTok's 6 init calls a minute per token
      const accounts = await Promise.all([1, 2, 3, 4].map(() => connectTikTok(app, tt)));
      const ids: string[] = [];
      for (const b of accounts) {
        const pic = await photo(app, b.token);
        for (let i = 0; i < 3; i++) {
          const r = await call(app.base, "POST", "/api/posts", {
            token: b.token,
            body: {
              content: `Daily sweet #${i} of ${b.username}`,
              platforms: ["tiktok"],
              media_ids: [pic],
              network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
            },
          });
          expect(r.status).toBe(201);
          ids.push(r.body.id);
        }
      }
      await dueNowAndPublished(app, ids);

      const openIds = new Set(accounts.map((a) => a.openId));
      const inits = tt.state.inits.filter((i) => openIds.has(i.openId));
      expect(inits).toHaveLength(ids.length);
      // one init per caption: no post was made twice
      expect(new Set(inits.map((i) => i.body.post_info.description)).size).toBe(ids.length);
      const { rows: targets } = await pool.query<{ external_id: string }>(
        "select external_id from post_targets where post_id = any($1::uuid[])",
        [ids],
      );
      const made = inits.map((i) => tt.state.publishes.get(i.publishId)!.postId);
      expect(targets.map((t) => t.external_id).sort()).toEqual([...made].sort());
    }),
  PROCESSES_MS,
);

test(
  "a worker killed after init: the next one asks status/fetch with the saved publish_id, finds the post, and never inits again",
  async () =>
    withWorkers(await sharedEnv(), 1, async ({ app, workers: [first], startWorker }) => {
      const pool = app.sufra.deps.pool;
      const b = await connectTikTok(app, tt);
      const clip = await video(app, b.token);
      // TikTok keeps its answer to the first status poll: the worker has sent init and uploaded the video
      const held = tt.state.hold("status");
      const created = await call(app.base, "POST", "/api/posts", {
        token: b.token,
        body: {
          content: "Killed after init: pistachio kunafa",
          platforms: ["tiktok"],
          media_ids: [clip.id],
          network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
        },
      });
      await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
      await held.received;
      const { rows } = await pool.query<{ status: string; attempt_step: string; progress: { publishId?: string } }>(
        "select status::text, attempt_step, progress from post_targets where post_id = $1",
        [created.body.id],
      );
      expect(rows[0]).toMatchObject({ status: "publishing", attempt_step: "send" });
      const publishId = rows[0]!.progress.publishId!;
      expect(publishId).toBe(tt.state.inits.find((i) => i.openId === b.openId)!.publishId);

      await first!.kill("SIGKILL");
      held.release();
      const polledBefore = tt.state.statusFetches.filter((id) => id === publishId).length;
      await startWorker();
      const done = await targetSettled(app, created.body.id);
      expect(done.status).toBe("published");
      expect(done.external_id).toBe(tt.state.publishes.get(publishId)!.postId);
      // the successor asked TikTok about the saved publish_id, and made nothing new
      expect(tt.state.statusFetches.filter((id) => id === publishId).length).toBeGreaterThan(polledBefore);
      expect(tt.state.initCount(b.openId)).toBe(1);
    }),
  PROCESSES_MS,
);
