// The publisher keeps to the state machines of @sufra/schema (POST_TRANSITIONS, TARGET_TRANSITIONS):
// the database itself records every status a post or a target moves to while people schedule,
// reschedule, unschedule, publish, retry and confirm, and X limits, refuses and holds the calls;
// every recorded move must be in the tables. A move the table lacks is refused before it is written; one a
// person asks for (confirming a target whose post may not follow) is a 409 in their language, not a fault.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import {
  canPostTransition,
  canTargetTransition,
  ERRORS,
  StateTransitionError,
  type PostStatus,
  type TargetStatus,
} from "@sufra/schema";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, gql, startTestApp, type TestApp } from "./support/app.ts";
import * as net from "./support/networks.ts";
import { freePort, getPost, post, settled, waitFor } from "./support/networks.ts";

let ig: net.Ig;
let x: net.X;
let app: TestApp;

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
  app = await startTestApp(net.platformEnv(ig, x, await freePort()));
  // every change of a status, as the database sees it (whoever writes it)
  await app.sufra.deps.pool.query(`
    create table status_moves (id serial primary key, machine text not null, from_status text not null, to_status text not null);
    create function record_status_move() returns trigger language plpgsql as $$
    begin
      if old.status is distinct from new.status then
        insert into status_moves (machine, from_status, to_status) values (tg_argv[0], old.status::text, new.status::text);
      end if;
      return new;
    end $$;
    create trigger posts_status_moves after update of status on posts for each row execute function record_status_move('post');
    create trigger targets_status_moves after update of status on post_targets for each row execute function record_status_move('target');`);
});
afterAll(async () => {
  await app?.stop();
  await Promise.all([ig?.close(), x?.close()]);
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe("a real day of publishing", () => {
  test("every status a post or a target moves to is in the schema's tables", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const send = (path: string, body: Record<string, unknown> = {}) =>
      call<any>(app.base, "POST", `/api/posts${path}`, { token: b.token, body });

    // scheduled, moved, taken back to the drafts, then published at once
    const planned = await post(app, b.token, { content: "Chapati rolls at dawn", platforms: ["twitter"] });
    expect((await send(`/${planned.id}/schedule`, { scheduled_for: inHours(5) })).status).toBe(200);
    expect((await send(`/${planned.id}/schedule`, { scheduled_for: inHours(6) })).status).toBe(200);
    expect((await send(`/${planned.id}/unschedule`)).status).toBe(200);
    await send(`/${planned.id}/publish`);
    expect((await waitFor(() => getPost(app, b.token, planned.id), settled)).status).toBe("published");

    // a rate limit: back to pending until the reset, then out
    x.state.failNext("tweet", 429, 1, { resetInSecs: 1 });
    const limited = await post(app, b.token, { content: "Saffron cake is back", platforms: ["twitter"] });
    await send(`/${limited.id}/publish`);
    expect((await waitFor(() => getPost(app, b.token, limited.id), settled)).status).toBe("published");

    // refused on X, published on Instagram: partly published; the retry is refused again
    const twice = await post(app, b.token, {
      content: "Chapati rolls at dawn",
      platforms: ["twitter", "instagram"],
      media_ids: [await net.photo(app, b.token)],
    });
    await send(`/${twice.id}/publish`);
    const partly = await waitFor(() => getPost(app, b.token, twice.id), settled);
    expect(partly.status).toBe("partially_published");
    const refused = partly.targets.find((t: { platform: string }) => t.platform === "twitter");
    expect(refused.status).toBe("failed");
    expect((await send(`/targets/${refused.id}/retry`)).status).toBe(200);
    await waitFor(
      () => getPost(app, b.token, twice.id),
      (p) => settled(p) && p.targets.every((t: { status: string }) => t.status !== "pending"),
    );

    // a refused post scheduled again by a person
    const again = await post(app, b.token, { content: "Saffron cake is back", platforms: ["twitter"] });
    await send(`/${again.id}/publish`);
    expect((await waitFor(() => getPost(app, b.token, again.id), settled)).status).toBe("failed");
    expect((await send(`/${again.id}/schedule`, { scheduled_for: inHours(2) })).status).toBe(200);

    // a send that never answers: unconfirmed, then a person's word
    const held = x.state.hold("tweet");
    const quiet = await post(app, b.token, { content: "Is this live? Mint lemonade", platforms: ["twitter"] });
    await send(`/${quiet.id}/publish`);
    await held.received;
    const unconfirmed = await waitFor(() => getPost(app, b.token, quiet.id), settled);
    expect(unconfirmed.status).toBe("unconfirmed");
    expect((await send(`/targets/${unconfirmed.targets[0].id}/confirm`)).body.status).toBe("published");
    held.release();

    const { rows } = await app.sufra.deps.pool.query<{
      machine: "post" | "target";
      from_status: string;
      to_status: string;
    }>("select machine, from_status, to_status from status_moves order by id");
    const moves = [...new Set(rows.map((r) => `${r.machine} ${r.from_status} -> ${r.to_status}`))];
    // the day went through the machines' main roads, not a corner of them
    expect(moves).toEqual(
      expect.arrayContaining([
        "post draft -> scheduled",
        "post scheduled -> draft",
        "post draft -> publishing",
        "post failed -> scheduled",
        "post publishing -> published",
        "post publishing -> partially_published",
        "post partially_published -> publishing",
        "post publishing -> failed",
        "post publishing -> unconfirmed",
        "post unconfirmed -> published",
        "target pending -> publishing",
        "target publishing -> pending",
        "target publishing -> published",
        "target publishing -> failed",
        "target publishing -> unconfirmed",
        "target failed -> pending",
        "target unconfirmed -> published",
      ]),
    );
    const outside = rows.filter((r) =>
      r.machine === "post"
        ? !canPostTransition(r.from_status as PostStatus, r.to_status as PostStatus)
        : !canTargetTransition(r.from_status as TargetStatus, r.to_status as TargetStatus),
    );
    expect(outside).toEqual([]);
  }, 90_000);

  test("a move the table lacks is refused before anything is written", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const p = await post(app, b.token, { content: "Luqaimat Thursday", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    const target = { id: done.targets[0].id, postId: p.id };
    // published is final: a published target cannot be sent again
    await expect(
      app.sufra.services.publishing.changeTarget(target, { status: "published" }, { status: "pending" }),
    ).rejects.toThrow(StateTransitionError);
    await expect(
      app.sufra.services.publishing.changeTarget(target, { status: "published" }, { status: "pending" }),
    ).rejects.toThrow("target status published -> pending is not in TARGET_TRANSITIONS");
    // a change that does not say which statuses it moves from could move any: refused too
    await expect(app.sufra.services.publishing.changeTarget(target, {}, { status: "failed" })).rejects.toThrow(
      StateTransitionError,
    );
    const after = await getPost(app, b.token, p.id);
    expect({ post: after.status, target: after.targets[0].status }).toEqual({ post: "published", target: "published" });
  });

  test("confirming a target marked unconfirmed while its post is still a draft: 409 INVALID_STATE at both doors, in English and Arabic; nothing changes", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const p = await post(app, b.token, { content: "Harees for Gergean", platforms: ["twitter"] });
    const { rows } = await app.sufra.deps.pool.query<{ id: string }>(
      "update post_targets set status = 'unconfirmed' where post_id = $1 returning id",
      [p.id],
    );
    const targetId = rows[0]!.id;
    for (const lang of ["en", "ar"] as const) {
      const r = await call(app.base, "POST", `/api/posts/targets/${targetId}/confirm`, {
        token: b.token,
        body: {},
        lang,
      });
      expect([r.status, r.body.code, r.body.message]).toEqual([409, "INVALID_STATE", ERRORS.INVALID_STATE[lang]]);
    }
    const g = await gql(
      app.base,
      `mutation($id: ID!) { confirmPostTarget(id: $id) { id status } }`,
      { id: targetId },
      b.token,
      "ar",
    );
    expect(g.errors?.[0]).toMatchObject({ message: ERRORS.INVALID_STATE.ar, extensions: { reason: "INVALID_STATE" } });
    const after = await getPost(app, b.token, p.id);
    expect({ post: after.status, target: after.targets[0].status }).toEqual({ post: "draft", target: "unconfirmed" });
  });
});
