// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Events over Postgres LISTEN/NOTIFY, so every server process on one database sees every event.
// Payloads carry ids only (NOTIFY caps a payload at 8000 bytes); subscribers load what they show.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Tx } from "../db/prisma.ts";
import type { Logger } from "./logger.ts";

const CHANNEL = "sufra_events";

// This process's own events, told synchronously as they are published (inside a transaction: before it
// commits), so that a cache here drops what an event changes before the request that made it answers
// (docs/architecture.md#how-a-request-flows); other processes hear it through LISTEN/NOTIFY.
const outgoing = new EventEmitter();
outgoing.setMaxListeners(0);

/** Calls `listener` with each event this process publishes, before it is sent; returns the undo. */
export function onPublishing(listener: (topic: Topic, payload: unknown) => void): () => void {
  outgoing.on("event", listener);
  return () => void outgoing.off("event", listener);
}

export type ClientChange =
  "signed_up" | "approved" | "rejected" | "trial_gifted" | "suspended" | "reactivated" | "updated";

export interface Events {
  "client.changed": { businessId: string; change: ClientChange };
  /** something the admin figures count changed (a post published, a sign-up, a status change) */
  "stats.changed": { reason: string };
  /** the measured health of api, database or scheduler changed */
  "health.changed": { status: string };
  "notification.created": { userId: string; notificationId: string };
  "translations.changed": { keys: number };
  /** a post or one of its targets changed status (scheduled, publishing, published, failed, ...) */
  "post.changed": { businessId: string; postId: string; status: string };
  /** a platform account was connected, refreshed into trouble, or disconnected */
  "account.changed": { businessId: string; platform: string; status: string };
  /** the metrics job wrote a business's figures or audience (analytics' realtime view refreshes) */
  "metrics.changed": { businessId: string };
  /** the inbox of a business changed: new or updated guest items from a sync or the Instagram webhook (open inboxes refetch) */
  "inbox.changed": { businessId: string; reason: string };
  /** sessions were revoked (sign-out, password change or reset, suspension, removal): open sockets re-check theirs */
  "sessions.ended": { userId?: string; businessId?: string };
  /** what the checked caller holds of a person changed (name, language, role, e-mail, its verification): cached callers are dropped */
  "person.changed": { userId: string };
  /** an agency's access to a café changed (its rights) or ended: cached callers of the café are dropped, and when it
   * ended the agency's open sockets on the café close */
  "agency.access": { businessId: string; agencyId: string; ended: boolean };
  /** a business's billing changed (a payment started, paid, failed; the plan, period or cancellation): its billing page refetches */
  "billing.changed": { businessId: string; reason: string };
  /** a webhook delivery attempt ended (succeeded, failed, retrying): the business's webhooks page refreshes its last delivery */
  "webhook.delivered": { businessId: string; endpointId: string; deliveryId: string };
}
export type Topic = keyof Events;

export async function createPubSub(opts: { url: string; pool: pg.Pool; logger: Logger }) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let closed = false;
  // which LISTEN connection is up (0 while none): events sent while it was down are lost to this process
  let generation = 0;
  let connected = false;

  /**
   * A dropped LISTEN connection (a database restart) is tried again every second until it is back, however
   * long the database is away, and never once the pubsub is closed (a timer may fire after close).
   */
  function listenAgain() {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      listen().catch((e: Error) => {
        opts.logger.debug("event listener could not reconnect; trying again", { error: e.message });
        listenAgain();
      });
    }, 1000).unref();
  }

  async function listen(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.url });
    c.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { topic, payload } = JSON.parse(msg.payload) as { topic: Topic; payload: unknown };
        emitter.emit(topic, payload);
      } catch (e) {
        opts.logger.error("unreadable event", { error: (e as Error).message });
      }
    });
    c.on("end", () => (connected = false));
    c.on("error", (e) => {
      connected = false;
      opts.logger.error("event listener lost its connection; reconnecting", { error: e.message });
      c.end().catch(() => {});
      // only the connection in use is replaced: an error of one that never finished connecting is listen()'s
      if (listener === c) listenAgain();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    if (closed) return void (await c.end().catch(() => {}));
    listener = c;
    generation++;
    connected = true;
  }
  await listen();

  return {
    async publish<T extends Topic>(topic: T, payload: Events[T]) {
      outgoing.emit("event", topic, payload);
      await opts.pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ topic, payload })]);
    },
    /** An iterator of one topic's events; return() (a client unsubscribing) ends it at once. */
    subscribe<T extends Topic>(topic: T): AsyncIterableIterator<Events[T]> {
      const queue: Events[T][] = [];
      let waiting: ((r: IteratorResult<Events[T]>) => void) | null = null;
      let done = false;
      const listener = (payload: Events[T]) => {
        if (waiting) {
          const w = waiting;
          waiting = null;
          w({ value: payload, done: false });
        } else queue.push(payload);
      };
      emitter.on(topic, listener);
      const finish = (): Promise<IteratorResult<Events[T]>> => {
        done = true;
        emitter.off(topic, listener);
        queue.length = 0;
        waiting?.({ value: undefined, done: true });
        waiting = null;
        return Promise.resolve({ value: undefined, done: true });
      };
      return {
        next: () =>
          queue.length
            ? Promise.resolve({ value: queue.shift()!, done: false })
            : done
              ? Promise.resolve({ value: undefined, done: true })
              : new Promise((r) => (waiting = r)),
        return: finish,
        throw: (e: unknown) => finish().then(() => Promise.reject(e)),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
    /** The LISTEN connection in use, a number that changes when it is replaced; 0 while events may be missed. */
    listening: () => (connected && !closed ? generation : 0),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}
export type PubSub = Awaited<ReturnType<typeof createPubSub>>;

/**
 * Publishes inside a database transaction: Postgres delivers a NOTIFY only when its transaction commits,
 * so listeners never hear of a change that was rolled back or is not yet visible to them.
 */
export async function publishIn<T extends Topic>(tx: Pick<Tx, "$executeRaw">, topic: T, payload: Events[T]) {
  outgoing.emit("event", topic, payload);
  await tx.$executeRaw`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, payload })})`;
}

/**
 * `first`, then the values of `inner` (already listening when this is called, so nothing published after the
 * call is missed): a view that reloads on each value loads once it is subscribed, and a change made between
 * its first load and its subscription is not lost.
 */
export function startingWith<T>(first: T, inner: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  let sent = false;
  return {
    next() {
      if (sent) return inner.next();
      sent = true;
      return Promise.resolve({ value: first, done: false });
    },
    return: () => inner.return!(),
    throw: (e?: unknown) => inner.throw!(e),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** An iterator that passes on only the values `keep` accepts; return() ends it at once (no leak while waiting). */
export function only<T>(inner: AsyncIterableIterator<T>, keep: (v: T) => boolean): AsyncIterableIterator<T> {
  return {
    async next() {
      for (;;) {
        const r = await inner.next();
        if (r.done || keep(r.value)) return r;
      }
    },
    return: () => inner.return!(),
    throw: (e?: unknown) => inner.throw!(e),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Several event streams as one that says "something changed", for views that reload on a change:
 * each burst of events (those within `quietMs` of the first) gives one value, the names of the streams
 * that fired in it, once each, comma-joined. With `first`, a value (that name) goes out at once, before
 * any event: the view's first state. return() (the subscriber leaving) ends it and its sources at once.
 */
export function bursts(
  sources: (readonly [name: string, events: AsyncIterableIterator<unknown>])[],
  opts: { quietMs: number; first?: string },
): AsyncIterableIterator<string> {
  const pending: string[] = opts.first ? [opts.first] : [];
  let immediate = !!opts.first;
  let waiting: ((r: IteratorResult<string>) => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let done = false;
  const deliver = () => {
    if (timer) clearTimeout(timer); // when the first value goes out at once
    timer = null;
    if (!waiting || !pending.length) return;
    const w = waiting;
    waiting = null;
    w({ value: [...new Set(pending.splice(0))].join(","), done: false });
  };
  const schedule = () => {
    if (!timer) timer = setTimeout(deliver, opts.quietMs);
  };
  for (const [name, events] of sources)
    void (async () => {
      for await (const _ of events) {
        pending.push(name);
        schedule();
      }
    })();
  return {
    next: () =>
      done
        ? Promise.resolve({ value: undefined, done: true })
        : new Promise((resolve) => {
            waiting = resolve;
            if (immediate) {
              immediate = false;
              deliver();
            } else if (pending.length) schedule();
          }),
    async return() {
      done = true;
      if (timer) clearTimeout(timer);
      for (const [, events] of sources) await events.return?.(undefined);
      waiting?.({ value: undefined, done: true });
      waiting = null;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
