// The kernel's bursts(): several event streams as one "something changed" stream, as the admin's live
// figures and the realtime analytics view use it: a burst gives one value, `first` one at once, and
// return() ends it and its sources.
import { describe, expect, test } from "@jest/globals";
import { bursts } from "../src/kernel/pubsub.ts";
import { sharedRuns } from "../src/kernel/shared-runs.ts";

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
      next: () =>
        queue.length
          ? Promise.resolve({ value: queue.shift(), done: false })
          : s.ended
            ? Promise.resolve({ value: undefined, done: true })
            : new Promise<IteratorResult<unknown>>((r) => (waiting = r)),
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
    const it = bursts(
      [
        ["client", a.events],
        ["stats", b.events],
      ],
      { quietMs: 30 },
    );
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
    const it = bursts(
      [
        ["changed", a.events],
        ["changed", source().events],
      ],
      { quietMs: 1_000, first: "changed" },
    );
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

// what the live views' subscribers read after a burst: one read for all who ask together, never older than an event heard
describe("sharedRuns", () => {
  test("asks while a run goes on share it; after a change is heard, or once it ended, a new run starts; unwatched, nothing is shared", async () => {
    const live = sharedRuns<number>();
    let runs = 0;
    const read = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
    expect(await Promise.all([live.run("a", read), live.run("a", read)])).toEqual([1, 2]); // not watching yet
    live.watch(true);
    const first = live.run("a", read);
    expect(await Promise.all([first, live.run("a", read), live.run("b", read)])).toEqual([3, 3, 4]);
    const going = live.run("a", read);
    live.changed("a"); // an event heard while it runs: later asks do not join it
    expect(await Promise.all([going, live.run("a", read)])).toEqual([5, 6]);
    expect(await live.run("a", read)).toBe(7); // the run ended: a fresh one
    const ofBusiness = live.run("x/true", read, "x");
    live.changed("y"); // another business's change
    expect(await Promise.all([ofBusiness, live.run("x/true", read, "x")])).toEqual([8, 8]);
  });

  test("with keepMs, an ask just after a run ended still gets its answer, unless a change was heard since it began", async () => {
    const live = sharedRuns<number>({ keepMs: 100 });
    let runs = 0;
    const read = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
    live.watch(true);
    expect(await live.run("a", read)).toBe(1);
    await tick(30); // a busy process: the second subscriber asks after the first run ended
    expect(await live.run("a", read)).toBe(1);
    live.changed("a");
    expect(await live.run("a", read)).toBe(2); // heard a change: a fresh read
    await tick(150);
    expect(await live.run("a", read)).toBe(3); // kept no longer than keepMs
  });
});
