// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Callers checked once and kept in memory (docs/architecture.md#how-a-request-flows): a token's checked
// caller is reused until the token or its session expires, at most `maxAgeMs`, and dropped as soon as an
// event says the person, their business or their sessions changed: in this process as the event is
// published (before its transaction commits), in the others when LISTEN/NOTIFY brings it.
import { onPublishing, type PubSub, type Topic } from "./pubsub.ts";

/** Whose caller an entry is: an event naming the person or the business drops it. */
export interface CallerScope {
  userId: string | null;
  businessId: string | null;
}

/** Events that change a checked caller; each names a person, a business, or both. */
export const CALLER_CHANGES = [
  "sessions.ended",
  "client.changed",
  "person.changed",
  "agency.access",
] as const satisfies readonly Topic[];

type Change = { userId?: string; businessId?: string };
const touches = (c: Change, s: CallerScope) =>
  (!!c.userId && c.userId === s.userId) || (!!c.businessId && c.businessId === s.businessId);
const isCallerChange = (topic: Topic): topic is (typeof CALLER_CHANGES)[number] =>
  (CALLER_CHANGES as readonly Topic[]).includes(topic);

/** A loaded caller: the value, whose it is, and when it must be checked again at the latest (epoch ms). */
export interface Loaded<T> {
  value: T;
  scope: CallerScope;
  until: number;
}

export interface CallerCacheOptions {
  /** the longest an entry is kept, whatever the token says (default 60 s) */
  maxAgeMs?: number;
  /** entries kept at most; the oldest go first (default 10,000) */
  maxEntries?: number;
  /** how long this process's own change waits for its echo before the doubt ends (a rolled-back transaction sends none) */
  doubtMs?: number;
}

export function createCallerCache<T>(pubsub: Pick<PubSub, "subscribe" | "listening">, opts: CallerCacheOptions = {}) {
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const doubtMs = opts.doubtMs ?? 10_000;
  const entries = new Map<string, { value: T; scope: CallerScope; until: number; generation: number }>();
  // changes this process published and has not heard back yet: until then their transaction may not have
  // committed, and a caller loaded meanwhile may be the old one, so none of theirs is kept
  let doubts: { topic: Topic; text: string; change: Change; until: number }[] = [];
  // counts changes: a load during which one arrived answers its own request and is not kept
  let epoch = 0;
  let nextSweep = 0;
  const stops: (() => void)[] = [];

  function forget(change: Change) {
    epoch++;
    for (const [key, e] of entries) if (touches(change, e.scope)) entries.delete(key);
  }

  function doubted(scope: CallerScope) {
    if (!doubts.length) return false;
    const now = Date.now();
    doubts = doubts.filter((d) => d.until > now);
    return doubts.some((d) => touches(d.change, scope));
  }

  function sweep(now: number) {
    nextSweep = now + maxAgeMs;
    for (const [key, e] of entries) if (e.until <= now) entries.delete(key);
    // Map keeps insertion order: the oldest first
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    /** Starts listening for changes (the owning service's start()). */
    start() {
      stops.push(
        onPublishing((topic, payload) => {
          if (!isCallerChange(topic)) return;
          const now = Date.now();
          doubts = doubts.filter((d) => d.until > now);
          doubts.push({ topic, text: JSON.stringify(payload), change: payload as Change, until: now + doubtMs });
          forget(payload as Change);
        }),
      );
      for (const topic of CALLER_CHANGES) {
        const events = pubsub.subscribe(topic);
        stops.push(() => void events.return?.());
        void (async () => {
          for await (const change of events) {
            // our own change, heard back: it has committed
            const text = JSON.stringify(change);
            const mine = doubts.findIndex((d) => d.topic === topic && d.text === text);
            if (mine >= 0) doubts.splice(mine, 1);
            forget(change);
          }
        })();
      }
    },

    stop() {
      for (const s of stops.splice(0)) s();
      entries.clear();
    },

    /** The kept caller for `key`, if still good: not expired, and no event missed since it was loaded. */
    get(key: string): T | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until > Date.now() && e.generation === pubsub.listening()) return e.value;
      entries.delete(key);
      return undefined;
    },

    /**
     * Loads the caller for `key` and keeps it, unless a change was heard while it loaded, one of this
     * process's changes to it is not yet committed, or events may be missed. A refusal (`load` throws) is
     * never kept.
     */
    async load(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
      const before = epoch;
      const generation = pubsub.listening();
      const loaded = await load();
      const now = Date.now();
      if (
        generation &&
        generation === pubsub.listening() &&
        before === epoch &&
        loaded.until > now &&
        !doubted(loaded.scope)
      ) {
        if (now >= nextSweep || entries.size >= maxEntries) sweep(now);
        entries.set(key, {
          value: loaded.value,
          scope: loaded.scope,
          until: Math.min(loaded.until, now + maxAgeMs),
          generation,
        });
      }
      return loaded.value;
    },

    /** How many callers are kept (tests). */
    size: () => entries.size,
  };
}
