// The parts of batched jobs that need no database: the in-flight limit that adapts to a network's
// answers (docs/architecture.md#how-a-request-flows), and group commit (writes asked for together made in one flush).
import { describe, expect, test } from "@jest/globals";
import { createAdaptiveLimit } from "../src/jobs/adaptive.ts";
import { groupCommit } from "../src/jobs/group-commit.ts";

describe("adaptive limit", () => {
  test("grows while the network answers, halves once per burst of 429s, then grows by one per round trip", () => {
    const l = createAdaptiveLimit({ initial: 4, min: 1, max: 64 });
    expect(l.free()).toBe(4);
    // slow start: each answer adds one (the limit doubles per round trip)
    for (let round = 0; round < 2; round++) {
      const tickets = Array.from({ length: l.limit() }, () => l.start());
      expect(l.free()).toBe(0);
      for (const t of tickets) l.done(t, "ok");
    }
    expect(l.limit()).toBe(16);
    // a burst: every call in flight meets a 429; the limit halves once, not once per call
    const burst = Array.from({ length: 16 }, () => l.start());
    for (const t of burst) l.done(t, "overload");
    expect(l.limit()).toBe(8);
    // past the first trouble: about one more per round trip, not one per answer
    for (const expected of [8, 9]) {
      const round = Array.from({ length: 8 }, () => l.start());
      for (const t of round) l.done(t, "ok");
      expect(l.limit()).toBe(expected);
    }
    // a call that made none (nothing sent) leaves the limit alone
    l.done(l.start(), "none");
    expect(l.limit()).toBe(9);
    expect(l.inFlight()).toBe(0);
  });

  test("never below its floor nor above its ceiling", () => {
    const l = createAdaptiveLimit({ initial: 2, min: 1, max: 3 });
    for (let i = 0; i < 5; i++) l.done(l.start(), "overload");
    expect(l.limit()).toBe(1);
    for (let i = 0; i < 50; i++) l.done(l.start(), "ok");
    expect(l.limit()).toBe(3);
  });
});

describe("group commit", () => {
  test("asks made while a flush is on its way share the next one; each caller gets its own answer", async () => {
    const flushes: number[][] = [];
    let release: () => void = () => {};
    const add = groupCommit<number, number>(async (items) => {
      flushes.push(items);
      if (flushes.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => i * 10);
    });
    const first = add(1);
    await new Promise((r) => setImmediate(r));
    const rest = [add(2), add(3), add(4)];
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  test("a failed flush fails its callers only", async () => {
    const add = groupCommit<number, number>(async (items) => {
      if (items.includes(0)) throw new Error("refused");
      return items;
    });
    await expect(add(0)).rejects.toThrow("refused");
    await expect(add(5)).resolves.toBe(5);
  });
});
