// Snapchat (Snap's Public Profile API) across processes: creating the Story is the one call that makes
// the post, so it happens once per target whatever the number of workers; and a worker killed while
// Snap holds its answer (the Story exists) is succeeded by one that finds it among the profile's posts
// by its media, and never creates it again.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { startSnapFake } from "./fakes/snap-server.ts";
import { call, registeredClient, type TestApp } from "./support/app.ts";
import { freePort, photo } from "./support/networks.ts";
import { dueNowAndPublished, targetSettled, withWorkers } from "./support/workers.ts";

const PROCESSES_MS = 150_000;
let snap: Awaited<ReturnType<typeof startSnapFake>>;
beforeAll(async () => {
  snap = await startSnapFake();
});
afterAll(async () => {
  await snap?.close();
});

/** Sufra's env for every process: Snap's credentials, short leases, one media store for all (the worker uploads the file). */
async function sharedEnv() {
  const port = await freePort();
  return {
    ...snap.state.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PUBLISH_LEASE_SECONDS: "3",
    PUBLISH_TIMEOUT_SECONDS: "20",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-snap-")),
  };
}

let seq = 0;
/** A business with Snapchat connected through Snap's OAuth; its public profile's id. */
async function connected(app: TestApp) {
  const c = await registeredClient(app.base);
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const start = await call<any>(app.base, "POST", "/api/platforms/snapchat/connect", { token, body: {} });
  const url = new URL(start.body.authorize_url);
  const profileId = randomBytes(16)
    .toString("hex")
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
  const code = `snap-worker-${++seq}`;
  snap.state.issueCode(code, {
    profileId,
    username: `karak_workers_${seq}`,
    redirectUri: url.searchParams.get("redirect_uri")!,
  });
  const back = await fetch(
    `${app.base}/api/platforms/snapchat/callback?code=${code}&state=${url.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(back.headers.get("location")).toBe("/settings?connected=1&platform=snapchat");
  return { token, profileId };
}

test(
  "exactly once: two workers, 12 Snapchat Stories of 4 profiles due at once, each created once",
  async () =>
    withWorkers(await sharedEnv(), 2, async ({ app }) => {
      const pool = app.sufra.deps.pool;
      const profiles = await Promise.all([1, 2, 3, 4].map(() => connected(app)));
      const ids: string[] = [];
      for (const b of profiles) {
        for (let i = 0; i < 3; i++) {
          // a media of its own each: Snap posts a media once
          const pic = await photo(app, b.token, { width: 1080, height: 1920 });
          const r = await call(app.base, "POST", "/api/posts", {
            token: b.token,
            body: {
              content: `Story #${i}`,
              platforms: ["snapchat"],
              media_ids: [pic],
              network_options: { snapchat: { kind: "story" } },
            },
          });
          expect(r.status).toBe(201);
          ids.push(r.body.id);
        }
      }
      const before = snap.state.calls.create_post ?? 0;
      await dueNowAndPublished(app, ids);

      expect((snap.state.calls.create_post ?? 0) - before).toBe(ids.length);
      const made = profiles.flatMap((b) => snap.state.postsOf(b.profileId));
      expect(made).toHaveLength(ids.length);
      const { rows: targets } = await pool.query<{ external_id: string }>(
        "select external_id from post_targets where post_id = any($1::uuid[])",
        [ids],
      );
      expect(targets.map((t) => t.external_id).sort()).toEqual(made.map((p) => p.id).sort());
    }),
  PROCESSES_MS,
);

test(
  "a worker killed while Snap holds the Story's answer: the next one finds it among the profile's posts, and never creates it again",
  async () =>
    withWorkers(await sharedEnv(), 1, async ({ app, workers: [first], startWorker }) => {
      const pool = app.sufra.deps.pool;
      const b = await connected(app);
      const pic = await photo(app, b.token, { width: 1080, height: 1920 });
      // Snap makes the Story on arrival and keeps its answer back
      const held = snap.state.hold("create_post");
      const created = await call(app.base, "POST", "/api/posts", {
        token: b.token,
        body: {
          content: "Killed while Snap answers",
          platforms: ["snapchat"],
          media_ids: [pic],
          network_options: { snapchat: { kind: "story" } },
        },
      });
      await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
      await held.received;
      const { rows } = await pool.query<{ status: string; attempt_step: string }>(
        "select status::text, attempt_step from post_targets where post_id = $1",
        [created.body.id],
      );
      expect(rows[0]).toMatchObject({ status: "publishing", attempt_step: "send" });

      await first!.kill("SIGKILL");
      held.release();
      const listedBefore = snap.state.calls.list_posts ?? 0;
      await startWorker();
      const done = await targetSettled(app, created.body.id);
      const stories = snap.state.postsOf(b.profileId);
      expect(stories).toHaveLength(1);
      expect(done).toEqual({ status: "published", external_id: stories[0]!.id });
      // the successor looked at the profile's posts, and made nothing new
      expect(snap.state.calls.list_posts ?? 0).toBeGreaterThan(listedBefore);
    }),
  PROCESSES_MS,
);
