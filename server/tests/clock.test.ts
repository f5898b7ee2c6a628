// CLOCK_START: browser tests start the server on a fixed day; production refuses it.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import { startClockAt } from "../src/kernel/clock.ts";
import { ConfigError, loadConfig } from "../src/config.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sufra-clock-"));

describe("CLOCK_START", () => {
  test("an instant with its offset is read; unset means the real clock", () => {
    expect(loadConfig({ DATA_DIR: tmp(), CLOCK_START: "2026-11-25T09:00:00+03:00" }).clockStart?.toISOString()).toBe(
      "2026-11-25T06:00:00.000Z",
    );
    expect(loadConfig({ DATA_DIR: tmp() }).clockStart).toBeUndefined();
  });

  test.each(["tomorrow", "2026-11-25", "2026-11-25T09:00:00"])("%s is named as a bad value", (value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), CLOCK_START: value })).toThrow(
      /^Invalid configuration:\n {2}CLOCK_START: must be an ISO 8601 instant/,
    );
  });

  test("refused when NODE_ENV=production", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production", CLOCK_START: "2026-11-25T09:00:00+03:00" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production", CLOCK_START: "2026-11-25T09:00:00+03:00" }),
    ).toThrow(/CLOCK_START: is for tests; refused when NODE_ENV=production/);
  });

  test("now starts at the instant and runs on; every other Date is the native one", async () => {
    const Native = Date;
    // a year the real clock is not in, so a missed shift shows
    const start = new Date("2031-03-04T06:00:00.000Z");
    const undo = startClockAt(start);
    try {
      const a = Date.now();
      expect(Math.abs(a - start.getTime())).toBeLessThan(1000);
      expect(Math.abs(new Date().getTime() - start.getTime())).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 30));
      expect(Date.now()).toBeGreaterThan(a); // time flows
      expect(Date()).toMatch(/^\w{3} Mar 04 2031 /); // called as a function: a string
      expect(new Date("2030-01-02T03:04:05Z").toISOString()).toBe("2030-01-02T03:04:05.000Z");
      expect(new Date(2030, 0, 2).getFullYear()).toBe(2030);
      expect(Date.UTC(2030, 0, 2)).toBe(Native.UTC(2030, 0, 2));
      expect(Date.parse("2030-01-02T00:00:00Z")).toBe(Native.parse("2030-01-02T00:00:00Z"));
      // instances stay native both ways (libraries check instanceof Date)
      expect(new Date()).toBeInstanceOf(Native);
      expect(new Native()).toBeInstanceOf(Date);
    } finally {
      undo();
    }
    expect(Date).toBe(Native);
    expect(new Date().getFullYear()).not.toBe(2031);
  });
});
