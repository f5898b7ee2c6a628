// Webhooks over real HTTP and Postgres (docs/product.md#webhooks): managing endpoints (Premium, managers,
// a person's session; the secret shown once and kept sealed), each event where it happens (posts,
// publishing, reviews by hand and by CSV, campaigns ending, subscription changes) delivered to a receiver
// that checks the signature with the code printed in the docs, a test ping, sending again, the log.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { MESSAGES } from "@sufra/schema";
import { adminToken, call, gql, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { joinedMember, login } from "./support/team.ts";
import { startReceiver, verifierFromDocs, type Receiver } from "./fakes/webhook-receiver.ts";
import {
  createEndpoint,
  CREATE,
  DELETE,
  deliveryRows,
  LIST,
  LOG,
  REDELIVER,
  TEST,
  until,
  UPDATE,
  WEBHOOK_ENV,
} from "./fakes/webhook-receiver-helpers.ts";

// a short publishing lease: a publish job's lock leaves Agenda a timer of the lease that would keep jest alive
const { app, mailbox } = mailedAppForFile({ ...WEBHOOK_ENV, PUBLISH_LEASE_SECONDS: "2" });
const verify = verifierFromDocs();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function business(over: Record<string, unknown> = {}, practice = false) {
  const c = await registeredClient(app.base, { over, practice });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

/** The requests the receiver got for one endpoint path. */
const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe("managing endpoints", () => {
  test("create -> secret shown once, sealed at rest -> listed without it -> update -> delete; everyone of the business reads, managers change", async () => {
    const holder = await business({ company_name: "Bait Al Qahwa" });
    const created = await createEndpoint(app, holder.token, {
      url: `${receiver.url}/crud`,
      events: ["review.received", "post.published"],
      description: "  Our CRM  ",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    // the events come back in the catalogue's order, the note trimmed
    expect(created.endpoint).toMatchObject({
      url: `${receiver.url}/crud`,
      events: ["POST_PUBLISHED", "REVIEW_RECEIVED"],
      description: "Our CRM",
      enabled: true,
      disabledBecauseFailing: false,
      lastDelivery: null,
    });

    const { rows } = await app.sufra.deps.pool.query("select secret_sealed from webhook_endpoints where id = $1", [
      created.endpoint.id,
    ]);
    expect(rows[0].secret_sealed).toMatch(/^v1\./);
    expect(rows[0].secret_sealed).not.toContain(created.secret.slice(6));

    const list = await gql(app.base, LIST, {}, holder.token);
    expect(list.errors).toBeUndefined();
    expect(list.data.webhooks).toMatchObject({
      premium: true,
      canManage: true,
      endpoints: [{ id: created.endpoint.id }],
    });
    expect(list.data.webhooks.eventTypes).toEqual([
      "POST_SCHEDULED",
      "POST_PUBLISHED",
      "POST_FAILED",
      "POST_UNCONFIRMED",
      "REVIEW_RECEIVED",
      "CAMPAIGN_ENDED",
      "SUBSCRIPTION_CHANGED",
      "COMMENT_RECEIVED",
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    // a member who is not a manager reads, and is refused every change
    const member = await joinedMember(app.base, mailbox, holder.token, "client");
    const seen = await gql(app.base, LIST, {}, member.access_token);
    expect(seen.data.webhooks).toMatchObject({
      premium: true,
      canManage: false,
      endpoints: [{ id: created.endpoint.id }],
    });
    for (const [q, v] of [
      [CREATE, { input: { url: `${receiver.url}/x`, events: ["POST_FAILED"] } }],
      [UPDATE, { id: created.endpoint.id, input: { enabled: false } }],
      [DELETE, { id: created.endpoint.id }],
      [TEST, { id: created.endpoint.id }],
    ] as const) {
      const r = await gql(app.base, q, v, member.access_token);
      expect(r.errors?.[0].extensions.code).toBe("FORBIDDEN");
    }

    const updated = await gql(
      app.base,
      UPDATE,
      { id: created.endpoint.id, input: { events: ["CAMPAIGN_ENDED"], enabled: false, description: "" } },
      holder.token,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateWebhookEndpoint).toMatchObject({
      events: ["CAMPAIGN_ENDED"],
      enabled: false,
      description: "",
      disabledBecauseFailing: false,
      disabledAt: expect.any(String),
    });
    const on = await gql(app.base, UPDATE, { id: created.endpoint.id, input: { enabled: true } }, holder.token);
    expect(on.data.updateWebhookEndpoint).toMatchObject({ enabled: true, disabledAt: null });

    // another business sees none of it
    const other = await business();
    expect((await gql(app.base, LIST, {}, other.token)).data.webhooks.endpoints).toEqual([]);
    expect((await gql(app.base, DELETE, { id: created.endpoint.id }, other.token)).errors?.[0].extensions.reason).toBe(
      "NOT_FOUND",
    );

    const gone = await gql(app.base, DELETE, { id: created.endpoint.id }, holder.token);
    expect(gone.data.deleteWebhookEndpoint).toEqual({ id: created.endpoint.id });
    expect((await gql(app.base, LIST, {}, holder.token)).data.webhooks.endpoints).toEqual([]);
    const audit = await app.sufra.deps.pool.query(
      "select action from audit_log where entity_id = $1 and action like 'webhook.%' order by created_at",
      [holder.businessId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      "webhook.created",
      "webhook.updated",
      "webhook.updated",
      "webhook.deleted",
    ]);
  });

  test("the address and events are checked at save time, in the person's language", async () => {
    const b = await business();
    const refused = async (input: Record<string, unknown>, lang?: string) =>
      (await gql(app.base, CREATE, { input: { events: ["POST_FAILED"], ...input } }, b.token, lang)).errors?.[0];
    expect((await refused({ url: "not a url" }))?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { url: [MESSAGES.webhookUrlInvalid.en] },
    });
    expect((await refused({ url: "ftp://example.com/hook" }))?.extensions.details).toEqual({
      url: [MESSAGES.webhookUrlHttps.en],
    });
    expect((await refused({ url: "https://user:pw@example.com/hook" }))?.extensions.details).toEqual({
      url: [MESSAGES.webhookUrlCredentials.en],
    });
    expect((await refused({ url: "https://example.com/hook", events: [] }))?.extensions.details).toEqual({
      events: [MESSAGES.webhookEventsRequired.en],
    });
    const ar = await refused({ url: "http://10.1.2.3/hook" }, "ar");
    expect(ar?.extensions.details).toEqual({ url: [MESSAGES.webhookUrlPrivate.ar] });
  });

  test("Premium only; an API key may neither read nor change endpoints", async () => {
    const basic = await business({ requested_plan: "basic" });
    const r = await gql(
      app.base,
      CREATE,
      { input: { url: "https://example.com/hook", events: ["POST_FAILED"] } },
      basic.token,
    );
    expect(r.errors?.[0]).toMatchObject({
      message: "Webhooks are part of the Premium plan",
      extensions: { code: "FORBIDDEN", reason: "WEBHOOKS_REQUIRE_PREMIUM" },
    });
    expect((await gql(app.base, LIST, {}, basic.token)).data.webhooks).toMatchObject({
      premium: false,
      canManage: true,
      endpoints: [],
    });

    const premium = await business();
    const key = (await gql(app.base, `mutation { createApiKey(name: "CRM") { key } }`, {}, premium.token)).data
      .createApiKey.key;
    expect((await gql(app.base, LIST, {}, key)).errors?.[0].extensions.reason).toBe("PERSONAL_SESSION_REQUIRED");
    expect(
      (await gql(app.base, CREATE, { input: { url: "https://example.com/hook", events: ["POST_FAILED"] } }, key))
        .errors?.[0].extensions.reason,
    ).toBe("PERSONAL_SESSION_REQUIRED");

    // a business that leaves Premium: its endpoint gets nothing more (a delivery still pending fails, with the reason)
    const e = await createEndpoint(app, premium.token, { url: `${receiver.url}/lapsed`, events: ["review.received"] });
    await app.sufra.deps.pool.query("update subscriptions set status = 'expired' where business_id = $1", [
      premium.businessId,
    ]);
    expect(
      (
        await call(app.base, "POST", "/api/reviews", {
          token: premium.token,
          body: { source: "google", author: "Ali", rating: 5, text: "Great", reviewed_at: "2026-11-20" },
        })
      ).status,
    ).toBe(201);
    expect(await deliveryRows(app, e.endpoint.id)).toEqual([]);
    // and managing endpoints says the subscription ended (paying brings them back), not that Premium is needed
    const lapsed = await gql(
      app.base,
      CREATE,
      { input: { url: "https://example.com/hook", events: ["POST_FAILED"] } },
      premium.token,
      "ar",
    );
    expect(lapsed.errors?.[0]).toMatchObject({
      message:
        "انتهى اشتراكك. منشوراتك وبياناتك محفوظة؛ ادفع من صفحة الفوترة لتعود إلى النشر والجدولة والكتابة بالذكاء الاصطناعي",
      extensions: { reason: "SUBSCRIPTION_ENDED" },
    });
  });
});

describe("events", () => {
  test("a post scheduled, then published: each a signed delivery whose body is the post as REST shows it", async () => {
    const b = await business({}, true);
    const e = await createEndpoint(app, b.token, {
      url: `${receiver.url}/posts`,
      events: ["post.scheduled", "post.published"],
    });
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    // counted before the request: the delivery may arrive before its answer does
    const before = receiver.received.length;
    const p = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Saffron latte is back", platforms: ["twitter"], scheduled_for: inAnHour },
    });
    expect(p.status).toBe(201);
    await receiver.waitFor(before + 1);
    const [scheduled] = await until(async () => (at("/posts").length >= 1 ? at("/posts") : null));
    expect(scheduled.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Sufra-Webhooks/1",
      "sufra-event": "post.scheduled",
    });
    expect(verify(scheduled.raw, scheduled.headers["sufra-signature"] as string, e.secret)).toBe(true);
    expect(verify(scheduled.raw, scheduled.headers["sufra-signature"] as string, "whsec_wrong")).toBe(false);
    expect(scheduled.headers["sufra-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Object.keys(scheduled.body)).toEqual(["id", "type", "created_at", "data"]);
    expect(scheduled.body).toMatchObject({
      type: "post.scheduled",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        id: p.body.id,
        status: "scheduled",
        content: "Saffron latte is back",
        scheduled_for: inAnHour,
        platforms: ["twitter"],
      },
    });
    const rows = await deliveryRows(app, e.endpoint.id);
    expect(scheduled.headers["sufra-delivery"]).toBe(rows[0].id);
    expect(scheduled.body.id).toBe(rows[0].event_id);
    // the post as REST shows it, at the moment of the event
    const rest = await call(app.base, "GET", `/api/posts/${p.body.id}`, { token: b.token });
    expect(scheduled.body.data).toEqual({
      ...rest.body,
      updated_at: scheduled.body.data.updated_at,
      targets: scheduled.body.data.targets,
    });

    expect((await call(app.base, "POST", `/api/posts/${p.body.id}/publish`, { token: b.token })).status).toBe(202);
    const published = await until(async () => at("/posts").find((r) => r.body.type === "post.published"));
    expect(published.body.data).toMatchObject({
      id: p.body.id,
      status: "published",
      targets: [{ platform: "twitter", status: "published" }],
    });
    expect(verify(published.raw, published.headers["sufra-signature"] as string, e.secret)).toBe(true);
    await until(async () => (await deliveryRows(app, e.endpoint.id)).every((d) => d.status === "succeeded") || null);
    // one delivery per event, each once
    expect(at("/posts").map((r) => r.body.type)).toEqual(["post.scheduled", "post.published"]);
  });

  test("reviews by hand and by CSV import: one review.received each; a duplicate is no event", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/reviews`, events: ["review.received"] });
    const review = { source: "google", author: "Fatma", rating: 4, text: "Lovely karak", reviewed_at: "2026-11-20" };
    const one = await call(app.base, "POST", "/api/reviews", { token: b.token, body: review });
    expect(one.status).toBe(201);
    expect((await call(app.base, "POST", "/api/reviews", { token: b.token, body: review })).status).toBe(200);
    const csv =
      "source,author,rating,text,date\ngoogle,Salem,5,Best dates cake,2026-11-21\ntalabat,Mona,2,Cold coffee,2026-11-22\ngoogle,Fatma,4,Lovely karak,2026-11-20\n";
    const imported = await gql(
      app.base,
      `mutation($csv: String!) { importReviews(csv: $csv) { imported duplicates } }`,
      { csv },
      b.token,
    );
    expect(imported.data.importReviews).toEqual({ imported: 2, duplicates: 1 });
    const got = await until(async () => (at("/reviews").length >= 3 ? at("/reviews") : null));
    await new Promise((r) => setTimeout(r, 300));
    expect(at("/reviews")).toHaveLength(3);
    expect(got.map((r) => r.body.data.author).sort()).toEqual(["Fatma", "Mona", "Salem"]);
    const { duplicate: _d, ...restReview } = one.body;
    expect(got.find((r) => r.body.data.author === "Fatma")!.body.data).toEqual(restReview);
    for (const r of got) expect(verify(r.raw, r.headers["sufra-signature"] as string, e.secret)).toBe(true);
  });

  test("subscription.changed when an admin gifts trial days; campaign.ended once, when the Kuwait day after its last day begins", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, {
      url: `${receiver.url}/business`,
      events: ["subscription.changed", "campaign.ended"],
    });
    const gift = await call(app.base, "POST", `/api/admin/clients/${b.businessId}/gift-trial-days`, {
      token: await adminToken(app.base),
      body: { days: 7 },
    });
    expect(gift.status).toBe(200);
    const sub = await until(async () => at("/business").find((r) => r.body.type === "subscription.changed"));
    expect(sub.body.data).toMatchObject({
      business_id: b.businessId,
      change: "trial_gifted",
      plan: "premium",
      status: "trial",
      premium: true,
      trial_ends_at: expect.any(String),
    });

    const c = await call(app.base, "POST", "/api/campaigns", {
      token: b.token,
      body: { name: "National Day", goal: "awareness", start_date: "2026-11-01", end_date: "2026-11-10" },
    });
    expect(c.status).toBe(201);
    const campaigns = app.sufra.services.campaigns;
    // on its last day (Kuwait) it has not ended; the day after it has, once
    expect(await campaigns.endDue(new Date("2026-11-10T20:59:00Z"))).not.toContain(c.body.id);
    expect(await campaigns.endDue(new Date("2026-11-10T21:00:00Z"))).toContain(c.body.id);
    expect(await campaigns.endDue(new Date("2026-11-11T09:00:00Z"))).not.toContain(c.body.id);
    const ended = await until(async () => at("/business").find((r) => r.body.type === "campaign.ended"));
    expect(ended.body.data).toMatchObject({
      id: c.body.id,
      name: "National Day",
      goal: "awareness",
      start_date: "2026-11-01",
      end_date: "2026-11-10",
      post_count: 0,
      ended_at: "2026-11-10T21:00:00.000Z",
    });
    // one wire shape for a campaign (docs/product.md#webhooks): the event's data is the campaign as REST answers it,
    // with the KWD budget and progress the event lacked, and REST shows when it ended as the event did
    const shown = await call(app.base, "GET", `/api/campaigns/${c.body.id}`, { token: b.token });
    const { rollup: _r, posts: _p, ...restCampaign } = shown.body;
    expect(restCampaign.ended_at).toBe("2026-11-10T21:00:00.000Z");
    expect(ended.body.data).toEqual(restCampaign);
    expect(Object.keys(ended.body.data).sort()).toEqual(
      [
        "id",
        "name",
        "goal",
        "start_date",
        "end_date",
        "budget_fils",
        "budget_kwd",
        "occasion",
        "goal_target",
        "goal_result",
        "notes",
        "post_count",
        "progress",
        "simulated_included",
        "ended_at",
        "created_at",
        "updated_at",
      ].sort(),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(at("/business").filter((r) => r.body.type === "campaign.ended")).toHaveLength(1);
    expect((await deliveryRows(app, e.endpoint.id)).map((d) => d.type)).toEqual([
      "subscription.changed",
      "campaign.ended",
    ]);
  });
});

describe("live", () => {
  test("an ended delivery attempt reaches the business's open webhooks page (webhookDeliveryUpdated), and only its own", async () => {
    const b = await business();
    const other = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/live`, events: ["post.failed"] });
    const heard = (token: string) => {
      const socket = createClient({
        url: app.base.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        lazy: false,
        retryAttempts: 0,
      });
      const got: { endpointId: string; deliveryId: string }[] = [];
      socket.subscribe(
        { query: "subscription { webhookDeliveryUpdated { endpointId deliveryId } }" },
        { next: (v: any) => got.push(v.data.webhookDeliveryUpdated), error: () => {}, complete: () => {} },
      );
      return { got, socket };
    };
    const mine = heard(b.token);
    const theirs = heard(other.token);
    await new Promise((r) => setTimeout(r, 500)); // let the subscriptions register
    const sent = await gql(app.base, TEST, { id: e.endpoint.id }, b.token);
    const got = await until(async () => mine.got[0]);
    expect(got).toEqual({ endpointId: e.endpoint.id, deliveryId: sent.data.sendTestWebhook.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.got).toEqual([]);
    await mine.socket.dispose();
    await theirs.socket.dispose();
  });
});

describe("test events, sending again, the log", () => {
  test("ping -> the log shows it; send again -> the same event id and delivery, sent twice; the log pages newest first", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, {
      url: `${receiver.url}/ping`,
      events: ["post.failed"],
      enabled: false,
    });
    // a ping goes even to an endpoint that is off
    const sent = await gql(app.base, TEST, { id: e.endpoint.id }, b.token);
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendTestWebhook).toMatchObject({ eventType: "ping", status: "PENDING", attempts: 0 });
    const ping = await until(async () => at("/ping")[0]);
    expect(ping.body).toMatchObject({
      type: "ping",
      data: { endpoint_id: e.endpoint.id, url: `${receiver.url}/ping` },
    });
    expect(verify(ping.raw, ping.headers["sufra-signature"] as string, e.secret)).toBe(true);
    const done = await until(async () => {
      const log = await gql(app.base, LOG, { id: e.endpoint.id }, b.token);
      const node = log.data.webhookEndpoint.deliveries.edges[0]?.node;
      return node?.status === "SUCCEEDED" ? node : null;
    });
    expect(done).toMatchObject({
      id: sent.data.sendTestWebhook.id,
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: "ok",
      error: null,
      nextAttemptAt: null,
    });
    expect(done.latencyMs).toBeGreaterThanOrEqual(0);
    // the list shows each endpoint's last delivery, its event included
    const list = await gql(
      app.base,
      `{ webhooks { endpoints { id lastDelivery { id eventId eventType eventCreatedAt status responseStatus } } } }`,
      {},
      b.token,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data.webhooks.endpoints.find((x: { id: string }) => x.id === e.endpoint.id).lastDelivery).toMatchObject(
      { id: done.id, eventId: ping.body.id, eventType: "ping", status: "SUCCEEDED", responseStatus: 200 },
    );

    const again = await gql(app.base, REDELIVER, { id: done.id }, b.token);
    expect(again.data.redeliverWebhook).toMatchObject({ id: done.id, status: "PENDING" });
    await until(async () => (at("/ping").length === 2 ? true : null));
    expect(at("/ping")[1].body.id).toBe(ping.body.id);
    expect(at("/ping")[1].headers["sufra-delivery"]).toBe(done.id);
    await until(async () => ((await deliveryRows(app, e.endpoint.id))[0].attempts === 2 ? true : null));

    await gql(app.base, TEST, { id: e.endpoint.id }, b.token);
    await gql(app.base, TEST, { id: e.endpoint.id }, b.token);
    const page1 = await gql(app.base, LOG, { id: e.endpoint.id, first: 2 }, b.token);
    expect(page1.data.webhookEndpoint.deliveries).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const page2 = await gql(
      app.base,
      LOG,
      { id: e.endpoint.id, first: 2, after: page1.data.webhookEndpoint.deliveries.pageInfo.endCursor },
      b.token,
    );
    expect(page2.data.webhookEndpoint.deliveries.edges.map((x: { node: { id: string } }) => x.node.id)).toEqual([
      done.id,
    ]);
    // another business's delivery cannot be sent again
    const other = await business();
    expect((await gql(app.base, REDELIVER, { id: done.id }, other.token)).errors?.[0].extensions.reason).toBe(
      "NOT_FOUND",
    );
  });
});
