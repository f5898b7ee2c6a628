// Outbound webhooks (Premium, docs/product.md#webhooks). A business's managers register endpoints (URL,
// events, on/off, a note); everyone of the business may read them and their delivery log; API keys may
// not (like API keys themselves: managing the business's integrations takes a person's session).
//
// The outbox: a module that changes something records the event inside its own transaction through
// `record` (services.ts hands it over, docs/architecture.md#borders "A module owns its tables"): one
// webhook_events row with the object as REST shows it, and one webhook_deliveries row per subscribed
// endpoint (unique per event and endpoint). After the commit it calls `dispatch`, which queues one
// Agenda job per delivery; the sweep job queues again any a crash lost. Not the pub/sub: every process
// hears each NOTIFY, which would send each event once per process.
//
// A delivery attempt claims its row with a conditional update (status open, due, not leased): two
// workers never send the same attempt. A 2xx ends it; anything else is retried on the schedule of
// WEBHOOK_RETRY_DELAYS_MS until 24 h after the first attempt. A worker that dies mid-send leaves a lease
// that lapses after LEASE_MS; the sweep then sends that attempt again (receivers dedupe on the event id).
import { randomBytes, createHmac, randomUUID } from "node:crypto";
import {
  isPremium,
  mayUse,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_ROTATION_OVERLAP_MS,
  WEBHOOK_SECRET_PREFIX,
  webhookDeliveriesQuerySchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  type WebhookUrlOptions,
} from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Prisma, WebhookDelivery, WebhookEndpoint } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { idPage } from "../../kernel/pagination.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { only } from "../../kernel/pubsub.ts";
import { createTokenCrypto } from "../../kernel/token-crypto.ts";
import type { NotificationsService } from "../notifications/index.ts";
import {
  accessOf,
  managersOf as managingPeople,
  peopleOf,
  requireManager,
  requirePersonOfBusiness,
} from "../team/index.ts";
import { webhookAddressProblem, type LookupAll } from "./address.ts";
import { renderSubject, type WebhookBodies, type WebhookSubject } from "./events.ts";
import { createAgents, sendWebhook, type SendOptions, type SendResult } from "./sender.ts";

export const DELIVER_JOB = "webhooks.deliver";
export const SWEEP_JOB = "webhooks.sweep";
export const DISABLE_JOB = "webhooks.disable-failing";
export const CLEANUP_JOB = "webhooks.cleanup";
/** How long a claimed attempt is held: the 10 s send, its redirects and writing the outcome fit well within. */
const LEASE_MS = 60_000;
/** A due delivery whose job has not run after this long is queued again by the sweep. */
const SWEEP_GRACE_MS = 60_000;
const DAY = 86_400_000;
const OPEN = ["pending", "retrying"];

/** whsec_ and 32 random base64url characters (24 random bytes). */
const newWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(24).toString("base64url");

/** Sufra-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")> for each secret in force. */
export function signatureHeader(secrets: string[], body: string, t: number): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${createHmac("sha256", s).update(`${t}.${body}`).digest("hex")}`)].join(
    ",",
  );
}

/** When the attempt after `attempt` (1-based) is due, or null when the 24 h window is over. */
function nextAttemptAt(attempt: number, at: Date, firstAttemptAt: Date): Date | null {
  const end = firstAttemptAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (at.getTime() >= end) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(attempt - 1, WEBHOOK_RETRY_DELAYS_MS.length - 1)];
  return new Date(Math.min(at.getTime() + delay, end));
}

export type WebhookDeliveryView = WebhookDelivery & { event: { id: string; type: string; createdAt: Date } };
export type WebhookEndpointView = WebhookEndpoint & {
  lastDelivery: WebhookDeliveryView | null;
  /** Sufra turned it off because every delivery failed for WEBHOOK_DISABLE_AFTER_MS (not a manager) */
  disabledBecauseFailing: boolean;
};
/** Why Sufra turned an endpoint off (webhook_endpoints.disabled_reason); a manager's switch leaves none. */
const DISABLED_FAILING = "failing";

/** An endpoint as both its readers see it (the GraphQL door reads `disabledBecauseFailing` from here). */
const endpointView = (e: WebhookEndpoint, lastDelivery: WebhookDeliveryView | null): WebhookEndpointView => ({
  ...e,
  lastDelivery,
  disabledBecauseFailing: !e.enabled && e.disabledReason === DISABLED_FAILING,
});

export interface WebhooksOptions {
  /** replaces the HTTP call (unused by the tests, which use real receivers); default sendWebhook */
  send?: (url: string, body: string, headers: Record<string, string>, opts: SendOptions) => Promise<SendResult>;
  /** how an endpoint's name is resolved when it is saved; default the system's dns.lookup */
  lookup?: LookupAll;
}

export function createWebhooksService(
  deps: Deps,
  notifications: NotificationsService,
  bodies: WebhookBodies,
  opts: WebhooksOptions = {},
) {
  const { db, queue, logger, config } = deps;
  const crypto = createTokenCrypto(config.tokenKey);
  const urlOptions: WebhookUrlOptions = {
    allowHttp: config.webhooks.allowHttp,
    allowAddresses: config.webhooks.allowAddresses,
  };
  const sendOptions: SendOptions = {
    allowHttp: config.webhooks.allowHttp,
    allowAddresses: config.webhooks.allowAddresses,
  };
  const agents = createAgents(sendOptions);
  const send = opts.send ?? ((url, body, headers, o) => sendWebhook(url, body, headers, o, agents));

  /** An endpoint's address is refused when saved if its name resolves to a private one (address.ts); the url field is named. */
  async function checkAddress(url: string) {
    const problem = await webhookAddressProblem(url, urlOptions, opts.lookup);
    if (problem) throw new AppError("VALIDATION_ERROR", { url: [problem] });
  }

  const enqueue = (deliveryId: string, when: Date) =>
    queue.enqueue(DELIVER_JOB, { deliveryId }, when, { "data.deliveryId": deliveryId });

  async function endpointOf(businessId: string, id: unknown, client: Tx | typeof db = db) {
    if (typeof id !== "string" || !isUuid(id)) throw new AppError("NOT_FOUND");
    const e = await client.webhookEndpoint.findFirst({ where: { id, businessId } });
    if (!e) throw new AppError("NOT_FOUND");
    return e;
  }

  async function withLastDelivery(endpoints: WebhookEndpoint[]): Promise<WebhookEndpointView[]> {
    return Promise.all(
      endpoints.map(async (e) =>
        endpointView(
          e,
          await db.webhookDelivery.findFirst({
            where: { endpointId: e.id },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            include: { event: { select: { id: true, type: true, createdAt: true } } },
          }),
        ),
      ),
    );
  }

  /** Records the event for every enabled endpoint of the business that asked for its type; the deliveries' ids. */
  async function record(tx: Tx, businessId: string, subject: WebhookSubject): Promise<string[]> {
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { businessId, enabled: true, events: { has: subject.type } },
      select: { id: true },
    });
    if (!endpoints.length) return [];
    // webhooks are Premium; a receiver still hears that the plan changed (it may be why the others stop)
    if (
      subject.type !== "subscription.changed" &&
      !isPremium(await tx.subscription.findUnique({ where: { businessId } }))
    )
      return [];
    const data = await renderSubject(bodies, tx, businessId, subject);
    if (!data) return [];
    return createEvent(
      tx,
      businessId,
      subject.type,
      data,
      endpoints.map((e) => e.id),
    );
  }

  async function createEvent(tx: Tx, businessId: string, type: string, data: object, endpointIds: string[]) {
    const event = await tx.webhookEvent.create({ data: { businessId, type, data: data as Prisma.InputJsonValue } });
    const rows = await tx.webhookDelivery.createManyAndReturn({
      data: endpointIds.map((endpointId) => ({
        eventId: event.id,
        endpointId,
        status: "pending",
        nextAttemptAt: new Date(),
      })),
      skipDuplicates: true,
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  /** After the commit that recorded them: each delivery's first attempt, now. */
  async function dispatch(deliveryIds: string[]) {
    for (const id of deliveryIds)
      await enqueue(id, new Date()).catch((e: Error) =>
        logger.warn("could not queue a webhook delivery (the sweep will)", { deliveryId: id, error: e.message }),
      );
  }

  /** record and dispatch in a transaction of their own, for changes made outside one. */
  async function emit(businessId: string, subject: WebhookSubject) {
    const ids = await db.$transaction((tx) => record(tx, businessId, subject));
    await dispatch(ids);
    return ids;
  }

  function secretsOf(e: WebhookEndpoint, now: Date) {
    const secrets = [crypto.open(e.secretSealed)];
    if (e.previousSecretSealed && e.previousSecretUntil && e.previousSecretUntil > now)
      secrets.push(crypto.open(e.previousSecretSealed));
    return secrets;
  }

  /**
   * One attempt of a delivery, if it is due at `at` and no one else holds it. Answers when to try again
   * (for the job), or nothing. `at` is the scheduler's now; tests pass a later one instead of waiting.
   */
  async function runDelivery(deliveryId: string, at: Date = new Date()): Promise<Date | void> {
    const attemptKey = randomUUID();
    const claimed = await db.webhookDelivery.updateMany({
      where: {
        id: deliveryId,
        status: { in: OPEN },
        nextAttemptAt: { lte: at },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: new Date() } }],
      },
      data: { lockedUntil: new Date(Date.now() + LEASE_MS), attemptKey, attempts: { increment: 1 } },
    });
    if (!claimed.count) return;
    const d = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: deliveryId },
      include: { event: true, endpoint: { include: { business: { include: { subscription: true } } } } },
    });
    const firstAttemptAt = d.firstAttemptAt ?? at;
    // the attempt's outcome, then the business's open webhooks pages are told (their last delivery changed)
    const settle = async (data: Prisma.WebhookDeliveryUpdateManyMutationInput) => {
      const r = await db.webhookDelivery.updateMany({
        where: { id: deliveryId, attemptKey },
        data: { lockedUntil: null, lastAttemptAt: at, firstAttemptAt, ...data },
      });
      if (r.count)
        await deps.pubsub
          .publish("webhook.delivered", { businessId: d.endpoint.businessId, endpointId: d.endpointId, deliveryId })
          .catch((e: Error) => logger.debug("could not announce a webhook delivery", { error: e.message }));
      return r;
    };

    const stop =
      !d.endpoint.enabled && d.event.type !== WEBHOOK_PING_EVENT
        ? "the endpoint is turned off"
        : d.event.type !== "subscription.changed" &&
            d.event.type !== WEBHOOK_PING_EVENT &&
            !isPremium(d.endpoint.business.subscription)
          ? "webhooks need the Premium plan"
          : null;
    if (stop) {
      await settle({
        status: "failed",
        nextAttemptAt: null,
        error: stop,
        responseStatus: null,
        latencyMs: null,
        responseExcerpt: null,
      });
      return;
    }
    const body = JSON.stringify({
      id: d.event.id,
      type: d.event.type,
      created_at: d.event.createdAt.toISOString(),
      data: d.event.data,
    });
    const t = Math.floor(Date.now() / 1000);
    const headers = {
      "Content-Type": "application/json",
      "User-Agent": "Sufra-Webhooks/1",
      "Sufra-Event": d.event.type,
      "Sufra-Delivery": d.id,
      "Sufra-Signature": signatureHeader(secretsOf(d.endpoint, new Date()), body, t),
    };
    const r = await send(d.endpoint.url, body, headers, sendOptions);
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const outcome = {
      responseStatus: r.status,
      latencyMs: r.latencyMs,
      responseExcerpt: r.excerpt,
      error: ok ? null : (r.error ?? `HTTP ${r.status}`),
    };
    if (ok) {
      await settle({ ...outcome, status: "succeeded", succeededAt: new Date(), nextAttemptAt: null });
      return;
    }
    const next = nextAttemptAt(d.attempts, at, firstAttemptAt);
    await settle({ ...outcome, status: next ? "retrying" : "failed", nextAttemptAt: next });
    logger.info("webhook delivery did not succeed", {
      deliveryId,
      endpointId: d.endpointId,
      attempt: d.attempts,
      status: r.status,
      error: outcome.error,
      retryAt: next?.toISOString() ?? null,
    });
    return next ?? undefined;
  }

  /** Due deliveries whose job is missing (a crash between the commit and dispatch, a lost job, a lapsed lease). */
  async function sweep(now = new Date()) {
    const due = await db.webhookDelivery.findMany({
      where: {
        status: { in: OPEN },
        nextAttemptAt: { lte: new Date(now.getTime() - SWEEP_GRACE_MS) },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      },
      select: { id: true },
      take: 500,
    });
    for (const d of due) await enqueue(d.id, now);
    return due.length;
  }

  /** The people who manage the business's integrations: its owners and its account holder. */
  async function managersOf(businessId: string) {
    const users = await peopleOf(db, businessId);
    return managingPeople(users).map((u) => u.id);
  }

  /**
   * Endpoints whose deliveries have all failed for WEBHOOK_DISABLE_AFTER_MS (a failing delivery that old,
   * and no success since it began) are turned off, and the business's managers told once per turning off.
   */
  async function disableFailing(now = new Date()) {
    const cutoff = new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS);
    const candidates = await db.webhookEndpoint.findMany({
      where: {
        enabled: true,
        deliveries: { some: { status: { in: ["retrying", "failed"] }, firstAttemptAt: { lte: cutoff } } },
      },
      select: { id: true },
    });
    const disabled: string[] = [];
    for (const { id } of candidates) {
      // failing since the first failing delivery after the last success
      const lastSuccess = await db.webhookDelivery.findFirst({
        where: { endpointId: id, status: "succeeded" },
        orderBy: { succeededAt: "desc" },
        select: { succeededAt: true },
      });
      const oldestFailing = await db.webhookDelivery.findFirst({
        where: {
          endpointId: id,
          status: { in: ["retrying", "failed"] },
          firstAttemptAt: lastSuccess?.succeededAt ? { gt: lastSuccess.succeededAt } : { not: null },
        },
        orderBy: { firstAttemptAt: "asc" },
        select: { firstAttemptAt: true },
      });
      const failingSince = oldestFailing?.firstAttemptAt;
      if (!failingSince || failingSince > cutoff) continue;
      const e = await db.$transaction(async (tx) => {
        const { count } = await tx.webhookEndpoint.updateMany({
          where: { id, enabled: true },
          data: { enabled: false, disabledReason: DISABLED_FAILING, disabledAt: now },
        });
        if (!count) return null;
        const row = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
        await audit(tx, {
          actorId: null,
          action: "webhook.disabled_failing",
          entityType: "business",
          entityId: row.businessId,
          data: { endpointId: id, url: row.url, failingSince: failingSince.toISOString() },
        });
        return row;
      });
      if (!e) continue;
      disabled.push(id);
      const to = await managersOf(e.businessId);
      await notifications.deliver(
        to.map((userId) => ({
          userId,
          type: "webhook_disabled" as const,
          data: { businessId: e.businessId, endpointId: e.id, url: e.url },
          dedupeKey: `webhook_disabled:${e.id}:${now.toISOString()}:${userId}`,
        })),
      );
    }
    return disabled;
  }

  /** Log rows (and their events) older than WEBHOOK_LOG_DAYS go. */
  async function cleanup(now = new Date()) {
    const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * DAY);
    const deliveries = await db.webhookDelivery.deleteMany({
      where: { createdAt: { lt: before }, status: { notIn: OPEN } },
    });
    const events = await db.webhookEvent.deleteMany({ where: { createdAt: { lt: before }, deliveries: { none: {} } } });
    return { deliveries: deliveries.count, events: events.count };
  }

  /**
   * Managing endpoints is Premium's; a subscription that stopped hears SUBSCRIPTION_ENDED, since paying
   * (not upgrading) brings its endpoints back (docs/product.md#subscriptions-and-billing).
   */
  function requirePremium(access: { premium: boolean; business: { subscription: { status: string } | null } }) {
    if (access.premium) return;
    if (!mayUse(access.business.subscription, "api")) throw new AppError("SUBSCRIPTION_ENDED");
    throw new AppError("WEBHOOKS_REQUIRE_PREMIUM");
  }
  return {
    record,
    dispatch,
    emit,
    runDelivery,
    sweep,
    disableFailing,
    cleanup,

    /** Each delivery attempt of the viewer's business that ended, from any server process (its webhooks page refreshes). */
    subscribe(viewer: Viewer | null) {
      const { businessId } = requirePersonOfBusiness(viewer);
      return only(deps.pubsub.subscribe("webhook.delivered"), (e) => e.businessId === businessId);
    },

    /** The endpoints of the viewer's business (anyone of it), with whether they may change them. */
    async list(viewer: Viewer | null) {
      const access = await accessOf(db, viewer, "api_keys");
      const endpoints = await db.webhookEndpoint.findMany({
        where: { businessId: access.viewer.businessId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return {
        premium: access.premium,
        canManage: access.canManage,
        endpoints: await withLastDelivery(endpoints),
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      };
    },

    /** One endpoint of the viewer's business. */
    async get(viewer: Viewer | null, id: unknown) {
      const access = await accessOf(db, viewer, "api_keys");
      const [e] = await withLastDelivery([await endpointOf(access.viewer.businessId, id)]);
      return e;
    },

    /** An endpoint's log, newest first. */
    async deliveries(viewer: Viewer | null, endpointId: string, input: unknown) {
      const access = await accessOf(db, viewer, "api_keys");
      const q = validate(webhookDeliveriesQuerySchema, input);
      await endpointOf(access.viewer.businessId, endpointId);
      let cursor: Prisma.WebhookDeliveryWhereInput = {};
      if (q.after) {
        const c = await db.webhookDelivery.findFirst({
          where: { id: q.after, endpointId },
          select: { id: true, createdAt: true },
        });
        if (!c) throw new AppError("VALIDATION_ERROR", { after: ["invalidValue"] });
        cursor = { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
      }
      const [rows, totalCount] = await Promise.all([
        db.webhookDelivery.findMany({
          where: { endpointId, ...cursor },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: q.first + 1,
          include: { event: { select: { id: true, type: true, createdAt: true } } },
        }),
        db.webhookDelivery.count({ where: { endpointId } }),
      ]);
      return { ...idPage(rows as WebhookDeliveryView[], q.first), totalCount };
    },

    /** A new endpoint (Premium, managers); its secret is in this answer and never again. */
    async create(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      requirePremium(access);
      const data = validate(webhookEndpointSchema(urlOptions), input);
      await checkAddress(data.url);
      const { businessId, userId } = access.viewer;
      const secret = newWebhookSecret();
      const endpoint = await db.$transaction(async (tx) => {
        await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
        if ((await tx.webhookEndpoint.count({ where: { businessId } })) >= WEBHOOK_ENDPOINTS_MAX)
          throw new AppError("WEBHOOK_ENDPOINTS_LIMIT");
        const e = await tx.webhookEndpoint.create({
          data: {
            businessId,
            url: data.url,
            events: data.events,
            description: data.description,
            enabled: data.enabled,
            secretSealed: crypto.seal(secret),
            createdById: userId,
          },
        });
        await audit(tx, {
          actorId: userId,
          action: "webhook.created",
          entityType: "business",
          entityId: businessId,
          data: { endpointId: e.id, url: e.url, events: e.events },
          ip: meta.ip,
        });
        return e;
      });
      return { endpoint: endpointView(endpoint, null), secret };
    },

    /** Changes the fields given (Premium, managers). Turning an endpoint on clears why it was off. */
    async update(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      requirePremium(access);
      const data = validate(webhookEndpointUpdateSchema(urlOptions), input);
      if (data.url != null) await checkAddress(data.url);
      const { businessId, userId } = access.viewer;
      const e = await db.$transaction(async (tx) => {
        const found = await endpointOf(businessId, id, tx);
        const change: Prisma.WebhookEndpointUpdateInput = {};
        if (data.url != null) change.url = data.url;
        if (data.events != null) change.events = data.events;
        if (data.description != null) change.description = data.description;
        if (data.enabled != null && data.enabled !== found.enabled)
          Object.assign(
            change,
            data.enabled
              ? { enabled: true, disabledReason: null, disabledAt: null }
              : { enabled: false, disabledReason: null, disabledAt: new Date() },
          );
        const updated = await tx.webhookEndpoint.update({ where: { id: found.id }, data: change });
        await audit(tx, {
          actorId: userId,
          action: "webhook.updated",
          entityType: "business",
          entityId: businessId,
          data: { endpointId: found.id, changed: Object.keys(change) },
          ip: meta.ip,
        });
        return updated;
      });
      const [view] = await withLastDelivery([e]);
      return view;
    },

    /** Deletes an endpoint and its log (managers; allowed on any plan, like revoking a key). */
    async remove(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      const { businessId, userId } = access.viewer;
      return db.$transaction(async (tx) => {
        const found = await endpointOf(businessId, id, tx);
        await tx.webhookEndpoint.delete({ where: { id: found.id } });
        await audit(tx, {
          actorId: userId,
          action: "webhook.deleted",
          entityType: "business",
          entityId: businessId,
          data: { endpointId: found.id, url: found.url },
          ip: meta.ip,
        });
        return endpointView(found, null);
      });
    },

    /** A new secret, shown in this answer only; the old one also signs for 24 h (a second v1=). */
    async rotateSecret(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      requirePremium(access);
      const { businessId, userId } = access.viewer;
      const secret = newWebhookSecret();
      const e = await db.$transaction(async (tx) => {
        const found = await endpointOf(businessId, id, tx);
        await tx.$queryRaw`select id from webhook_endpoints where id = ${found.id}::uuid for update`;
        const current = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: found.id } });
        const updated = await tx.webhookEndpoint.update({
          where: { id: found.id },
          data: {
            secretSealed: crypto.seal(secret),
            previousSecretSealed: current.secretSealed,
            previousSecretUntil: new Date(Date.now() + WEBHOOK_ROTATION_OVERLAP_MS),
          },
        });
        await audit(tx, {
          actorId: userId,
          action: "webhook.secret_rotated",
          entityType: "business",
          entityId: businessId,
          data: { endpointId: found.id },
          ip: meta.ip,
        });
        return updated;
      });
      const [view] = await withLastDelivery([e]);
      return { endpoint: view, secret };
    },

    /** Sends a delivery again now, whatever became of it (managers, Premium): a new 24 h of retries. */
    async redeliver(viewer: Viewer | null, deliveryId: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      requirePremium(access);
      const { businessId, userId } = access.viewer;
      if (typeof deliveryId !== "string" || !isUuid(deliveryId)) throw new AppError("NOT_FOUND");
      const d = await db.$transaction(async (tx) => {
        const found = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpoint: { businessId } } });
        if (!found) throw new AppError("NOT_FOUND");
        // one held by a worker right now keeps its lease: the new attempt starts once that one ends
        await tx.webhookDelivery.update({
          where: { id: found.id },
          data: { status: "pending", nextAttemptAt: new Date(), firstAttemptAt: null, succeededAt: null },
        });
        await audit(tx, {
          actorId: userId,
          action: "webhook.redelivered",
          entityType: "business",
          entityId: businessId,
          data: { deliveryId: found.id, endpointId: found.endpointId },
          ip: meta.ip,
        });
        return tx.webhookDelivery.findUniqueOrThrow({
          where: { id: found.id },
          include: { event: { select: { id: true, type: true, createdAt: true } } },
        });
      });
      await dispatch([d.id]);
      return d as WebhookDeliveryView;
    },

    /** A "ping" event to this one endpoint, whatever events it asked for (managers, Premium). */
    async sendTest(viewer: Viewer | null, endpointId: unknown, meta: RequestMeta) {
      const access = await requireManager(db, viewer, "api_keys");
      requirePremium(access);
      const { businessId, userId } = access.viewer;
      const ids = await db.$transaction(async (tx) => {
        const e = await endpointOf(businessId, endpointId, tx);
        await audit(tx, {
          actorId: userId,
          action: "webhook.test_sent",
          entityType: "business",
          entityId: businessId,
          data: { endpointId: e.id },
          ip: meta.ip,
        });
        return createEvent(
          tx,
          businessId,
          WEBHOOK_PING_EVENT,
          { endpoint_id: e.id, url: e.url, description: e.description },
          [e.id],
        );
      });
      await dispatch(ids);
      return db.webhookDelivery.findUniqueOrThrow({
        where: { id: ids[0] },
        include: { event: { select: { id: true, type: true, createdAt: true } } },
      }) as Promise<WebhookDeliveryView>;
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
