// One post change heard by many postChanged subscribers is read and executed once per event, not once
// per subscriber (docs/architecture.md#how-a-request-flows, Events): statements per event are counted
// across the whole process (events are handled outside any request), less the change request's own.
import { afterEach, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { call, signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";

// PROCESS_ROLE=api: no job runs beside the events, so every statement in the window is the change's or the event's
const app = appForFile({ PROCESS_ROLE: "api" });

// every statement any pg Client of this process sends (a pool's statement goes through one of its clients)
let sent = 0;
beforeAll(() => {
  countStatements(app.sufra.server!.httpServer);
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
});

const sockets: Client[] = [];
// closed before the file's server stops
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.dispose()));
});

const FULL =
  "subscription { postChanged { postId status post { id content hashtags targets { platform status error } media { id } } } }";
const SHORT = "subscription Short { postChanged { postId post { id content } } }";

interface Change {
  postId: string;
  status?: string;
  post: { id: string; content: string; hashtags?: string[] } | null;
}

/** A subscriber with its own socket and language, collecting what it hears. */
function subscriber(token: string, query: string, lang: string) {
  const got: Change[] = [];
  const errors: unknown[] = [];
  const ws = createClient({
    url: app.base.replace("http", "ws") + "/graphql",
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { "accept-language": lang } });
      }
    },
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => {}, // the sockets close when the file's server stops
  });
  sockets.push(ws);
  ws.subscribe<{ postChanged: Change }>(
    { query },
    {
      next: (m) => (m.errors ? errors.push(m.errors) : got.push(m.data!.postChanged)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  return { got, errors, query, lang };
}

const until = async (ok: () => boolean, what: string, ms = 20_000) => {
  for (const stop = Date.now() + ms; !ok();) {
    if (Date.now() > stop) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("postChanged fans out", () => {
  test("50 subscribers of one café and 5 of another: one change costs at most 10 statements; each of the café's gets its post, the other's nothing", async () => {
    const a = await signedInBusiness(app.base, { practice: true });
    const b = await signedInBusiness(app.base, { practice: true });
    const postOf = async (token: string, content: string) => {
      const r = await call(app.base, "POST", "/api/posts", {
        token,
        body: { content, platforms: ["instagram", "twitter"], hashtags: ["kuwait"] },
      });
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    const pa = await postOf(a.token, "Cardamom latte");
    const pb = await postOf(b.token, "Rose milk cake");
    // two documents and two languages in the café: four distinct executions, one read
    const ours = Array.from({ length: 50 }, (_, i) =>
      subscriber(a.token, i % 5 === 4 ? SHORT : FULL, i % 3 === 2 ? "ar" : "en"),
    );
    const theirs = Array.from({ length: 5 }, () => subscriber(b.token, FULL, "en"));

    const edit = (token: string, id: string, content: string) =>
      call(app.base, "PUT", `/api/posts/${id}`, { token, body: { content }, headers: { "x-count-sql": content } });
    // every subscription is live once an edit reaches it (subscribing has no answer to wait for)
    for (let i = 0; !ours.every((s) => s.got.length) || !theirs.every((s) => s.got.length); i++) {
      if (i > 40) throw new Error("the subscriptions never all heard an edit");
      await edit(a.token, pa, `Cardamom latte ${i}`);
      await edit(b.token, pb, `Rose milk cake ${i}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(ours.flatMap((s) => s.got).every((c) => c.postId === pa)).toBe(true);
    expect(theirs.flatMap((s) => s.got).every((c) => c.postId === pb)).toBe(true);
    for (const s of [...ours, ...theirs]) s.got.length = 0;

    const before = sent;
    const content = "Cardamom latte, now with saffron";
    const r = await edit(a.token, pa, content);
    expect(r.status).toBe(200);
    await until(
      () => ours.every((s) => s.got.some((c) => c.post?.content === content)),
      "every subscriber of the café has the change",
    );
    await new Promise((r) => setTimeout(r, 300)); // the event's last statements, if any, finish
    const ofEvent = sent - before - statementsOf(content).length;
    expect(statementsOf(content).length).toBeGreaterThan(0);
    expect(ofEvent).toBeGreaterThanOrEqual(1); // the post is read once...
    expect(ofEvent).toBeLessThanOrEqual(10); // ...not once per subscriber (55 subscribers read it 50 times before)

    for (const s of ours) {
      expect(s.errors).toEqual([]);
      const c = s.got.find((x) => x.post?.content === content)!;
      expect(c.postId).toBe(pa);
      expect(c.post!.id).toBe(pa);
      if (s.query === FULL) {
        expect(c.post!.hashtags).toEqual(["kuwait"]);
        expect(c.status).toBe("draft");
      } else expect(Object.keys(c.post!).sort()).toEqual(["content", "id"]);
    }
    // the other café's subscribers heard nothing of it
    await new Promise((r) => setTimeout(r, 200));
    for (const s of theirs) expect(s.got).toEqual([]);
  }, 90_000);

  test("10 open realtime views of one café read the figures once per change, each still getting them", async () => {
    const a = await signedInBusiness(app.base, { practice: true });
    const post = await call(app.base, "POST", "/api/posts", {
      token: a.token,
      body: { content: "Date cake", platforms: ["instagram"] },
    });
    expect(post.status).toBe(201);
    const query = `subscription { analyticsRealtime(clientId: "${a.businessId}", includeSimulated: true) { clientId generatedAt totals { posts } } }`;
    const views = Array.from({ length: 10 }, () => {
      const got: { clientId: string; generatedAt: string }[] = [];
      const errors: unknown[] = [];
      const ws = createClient({
        url: app.base.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${a.token}` },
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: () => {},
      });
      sockets.push(ws);
      ws.subscribe<{ analyticsRealtime: { clientId: string; generatedAt: string } }>(
        { query },
        {
          next: (m) => (m.errors ? errors.push(m.errors) : got.push(m.data!.analyticsRealtime)),
          error: (e) => errors.push(e),
          complete: () => {},
        },
      );
      return { got, errors };
    });
    // each view answers at once on subscribing; then every one is live
    await until(() => views.every((v) => v.got.length), "every view's first figures");
    const edit = (content: string) =>
      call(app.base, "PUT", `/api/posts/${post.body.id}`, {
        token: a.token,
        body: { content },
        headers: { "x-count-sql": content },
      });
    for (let i = 0; !views.every((v) => v.got.length > 1); i++) {
      if (i > 40) throw new Error("the views never all heard an edit");
      await edit(`Date cake ${i}`);
      await new Promise((r) => setTimeout(r, 400));
    }
    await new Promise((r) => setTimeout(r, 500));
    const heard = views.map((v) => v.got.length);
    const before = sent;
    await edit("Date cake with tahini");
    await until(() => views.every((v, i) => v.got.length > heard[i]!), "every view's figures after the change");
    await new Promise((r) => setTimeout(r, 500));
    const ofEvent = sent - before - statementsOf("Date cake with tahini").length;
    // one read of the figures (a few statements), not one per view (ten times as many)
    expect(ofEvent).toBeGreaterThanOrEqual(1);
    expect(ofEvent).toBeLessThanOrEqual(10);
    for (const v of views) {
      expect(v.errors).toEqual([]);
      expect(v.got.at(-1)!.clientId).toBe(a.businessId);
    }
    expect(new Set(views.map((v) => v.got.at(-1)!.generatedAt)).size).toBe(1); // the same read
  }, 90_000);
});
