// Facebook Pages with several worker processes against the Facebook stand-in: posts due at once go
// out once each however many workers claim them (the stand-in counts its creating calls), and a worker
// killed while Facebook holds the answer of a post of several photos is followed by one that asks
// Facebook (the Page's published posts) instead of posting again (docs/architecture.md#rules-of-the-house).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { startFacebookFake } from "./fakes/facebook-server.ts";
import { call } from "./support/app.ts";
import { connectFacebook, type Fb } from "./support/facebook.ts";
import { freePort, getPost, photo, post, settled, waitFor } from "./support/networks.ts";
import { dueNowAndPublished, withWorkers } from "./support/workers.ts";

let fb: Fb;
beforeAll(async () => {
  fb = await startFacebookFake();
});
afterAll(async () => {
  await fb?.close();
});

// starting worker processes and waiting for them can take longer than jest's 30 s on a loaded machine
const PROCESSES_MS = 180_000;

async function env() {
  const port = await freePort();
  return {
    ...fb.state.env,
    PORT: String(port),
    // Facebook fetches the photos from the process that serves requests
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // one media store for every process, as in production
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-fb-")),
    // short enough for a lapse to be seen, long enough for a loaded machine
    PUBLISH_LEASE_SECONDS: "3",
    PUBLISH_TIMEOUT_SECONDS: "8",
  };
}

test(
  "exactly once: 16 posts due at once, two workers claiming, each posted to the Page once",
  async () =>
    // the API process only queues; the two workers claim
    withWorkers(await env(), 2, async ({ app }) => {
      const person = fb.state.addUser({ name: "Busy Owner", pages: [{ name: "Busy Kitchen" }] });
      const pageId = person.pages[0]!.id;
      const b = await connectFacebook(app, fb, person);
      expect(b.location).toBe("/settings?connected=1&platform=facebook");
      const n = 16;
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push((await post(app, b.token, { content: `Lunch special #${i}`, platforms: ["facebook"] })).id);
      const pool = app.sufra.deps.pool;
      const creating = fb.state.calls.page_feed ?? 0;
      await dueNowAndPublished(app, ids);
      const messages = fb.state.pagePosts(pageId).map((p) => p.message);
      expect(messages).toHaveLength(n);
      expect(new Set(messages).size).toBe(n);
      // one creating call per post: none was sent twice, not even one Facebook refused
      expect((fb.state.calls.page_feed ?? 0) - creating).toBe(n);
      const { rows: claims } = await pool.query<{ attempts: number; external_id: string }>(
        "select attempts, external_id from post_targets where post_id = any($1::uuid[])",
        [ids],
      );
      expect(claims.filter((c) => c.attempts !== 1)).toEqual([]);
      expect(new Set(claims.map((c) => c.external_id))).toEqual(new Set(fb.state.pagePosts(pageId).map((p) => p.id)));
    }),
  PROCESSES_MS,
);

test(
  "a worker killed while Facebook holds the feed post of several photos: its successor finds the post on the Page and does not post again",
  async () =>
    withWorkers(await env(), 1, async ({ app, workers: [first], startWorker }) => {
      const person = fb.state.addUser({ name: "Killed Owner", pages: [{ name: "Killed Kitchen" }] });
      const pageId = person.pages[0]!.id;
      const b = await connectFacebook(app, fb, person);
      const pics = [await photo(app, b.token), await photo(app, b.token, { width: 1080, height: 1080 })];
      const held = fb.state.holds.hold("page_feed", { createOn: "receipt" });
      const creating = fb.state.calls.page_feed ?? 0;
      const p = await post(app, b.token, {
        content: "Killed mid-publish: two kinds of lugaimat",
        platforms: ["facebook"],
        media_ids: pics,
      });
      await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
      await held.received; // Facebook has the post; the worker waits for its answer
      await first!.kill("SIGKILL");
      held.release();
      expect((await getPost(app, b.token, p.id)).targets[0].status).toBe("publishing");
      await startWorker();
      const done = await waitFor(() => getPost(app, b.token, p.id), settled, 90_000);
      const made = fb.state.pagePosts(pageId);
      expect(made).toHaveLength(1);
      expect(made[0]!.photos).toHaveLength(2);
      expect({ status: done.status, error: done.targets[0].error }).toEqual({ status: "published", error: null });
      expect(done.targets[0].external_id).toBe(made[0]!.id);
      // the one feed post the dead worker sent; the successor only read the Page's posts
      expect((fb.state.calls.page_feed ?? 0) - creating).toBe(1);
      expect(fb.state.calls.published_posts).toBeGreaterThanOrEqual(1);
    }),
  PROCESSES_MS,
);
