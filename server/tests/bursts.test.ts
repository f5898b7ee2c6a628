// The kernel's bursts(): several event streams as one "something changed" stream, as the admin's live
// figures and the realtime analytics view use it: a burst gives one value, `first` one at once, and
// return() ends it and its sources.
import { describe, expect, test } from "@jest/globals";
import { bursts } from "../src/kernel/pubsub.ts";

/** An event source a test pushes into; `ended` tells whether return() reached it. */
interface Source {
  ended: boolean;
  push(v: unknown): void;
  events: AsyncIterableIterator<unknown>;
}
function source(): Source {
  const queue: unknown[] = [];
  let waiting: ((r: IteratorResult<unknown>) => void) | null = null;
  const s: Source = {
    ended: false,
    push(v: unknown) {
      if (waiting) {
        const w = waiting;
        waiting = null;
        w({ value: v, done: false });
      } else queue.push(v);
    },
    events: {
      next: () => (queue.length ? Promise.resolve({ value: queue.shift(), done: false }) : s.ended ? Promise.resolve({ value: undefined, done: true }) : new Promise<IteratorResult<unknown>>((r) => (waiting = r))),
      async return() {
        s.ended = true;
        waiting?.({ value: undefined, done: true });
        return { value: undefined, done: true } as IteratorResult<unknown>;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    } as AsyncIterableIterator<unknown>,
  };
  return s;
}
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("bursts", () => {
  test("a burst of events from several sources gives one value naming each source once", async () => {
    const a = source();
    const b = source();
    const it = bursts([["client", a.events], ["stats", b.events]], { quietMs: 30 });
    const next = it.next();
    a.push(1);
    b.push(2);
    a.push(3);
    expect(await next).toEqual({ value: "client,stats", done: false });
    const later = it.next();
    await tick(60);
    b.push(4);
    expect(await later).toEqual({ value: "stats", done: false });
    await it.return!();
    expect([a.ended, b.ended]).toEqual([true, true]);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  test("`first` answers at once; events that came before the first read are in that answer", async () => {
    const a = source();
    const it = bursts([["changed", a.events], ["changed", source().events]], { quietMs: 1_000, first: "changed" });
    a.push(1);
    await tick(5);
    const t0 = Date.now();
    expect(await it.next()).toEqual({ value: "changed", done: false });
    expect(Date.now() - t0).toBeLessThan(500);
    // nothing pending: the next read waits for an event, and return() ends the wait
    const waiting = it.next();
    await it.return!();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(a.ended).toBe(true);
  });
});
