// When a published post's figures are read: soon after it goes out, then on a decaying schedule.
import { describe, expect, test } from "@jest/globals";
import { FIGURES_SCHEDULE_MINUTES, figuresStepDone, nextFiguresCollection } from "./index.ts";

const MIN = 60_000;
const published = new Date("2026-12-07T09:00:00.000Z");
const at = (minutes: number) => new Date(published.getTime() + minutes * MIN);

describe("the figures' schedule", () => {
  test("steps: 5 minutes, 30 minutes, 2 hours, 6 hours and a day after the post goes out", () => {
    expect(FIGURES_SCHEDULE_MINUTES).toEqual([5, 30, 120, 360, 1440]);
  });

  test("the next collection is the first step after now; none after the last", () => {
    expect(nextFiguresCollection(published, published)).toEqual(at(5));
    expect(nextFiguresCollection(published, at(4.9))).toEqual(at(5));
    // a collection running at its step's time schedules the one after
    expect(nextFiguresCollection(published, at(5))).toEqual(at(30));
    expect(nextFiguresCollection(published, at(31))).toEqual(at(120));
    expect(nextFiguresCollection(published, at(120))).toEqual(at(360));
    expect(nextFiguresCollection(published, at(700))).toEqual(at(1440));
    expect(nextFiguresCollection(published, at(1440))).toBeNull();
    expect(nextFiguresCollection(published, at(5000))).toBeNull();
  });

  test("a step is done once figures were read at or after its time (a retried job reads nothing again)", () => {
    // nothing is due before the first step
    expect(figuresStepDone(published, null, at(2))).toBe(true);
    expect(figuresStepDone(published, null, at(5))).toBe(false);
    expect(figuresStepDone(published, at(5), at(6))).toBe(true);
    // read at 20 minutes (the hourly sweep): the 30-minute step still reads
    expect(figuresStepDone(published, at(20), at(30))).toBe(false);
    expect(figuresStepDone(published, at(30.5), at(31))).toBe(true);
    // a collection deferred past its step (a rate limit) still owes that step
    expect(figuresStepDone(published, at(30), at(200))).toBe(false);
    expect(figuresStepDone(published, at(1440), at(3000))).toBe(true);
  });
});
