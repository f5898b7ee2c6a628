// The registry of network packs (docs/architecture.md#network-packs): every network the schema lists has a
// server pack whose adapter answers under its own name, and a strict stand-in the tests speak to.
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import { NETWORKS, PLATFORM_LIMITS, PLATFORMS } from "@sufra/schema";
import { loadConfig } from "../src/config.ts";
import { captionLimit } from "../src/ai/local/index.ts";
import { PLATFORM_ORDER } from "../src/modules/analytics/figures.ts";
import { createPlatforms, SERVER_NETWORK_PACKS } from "../src/networks/index.ts";

const repo = path.resolve(import.meta.dirname, "../..");

describe("the server's registry of network packs", () => {
  test("one pack per network in the schema's registry, each naming a stand-in that exists", () => {
    expect(Object.keys(SERVER_NETWORK_PACKS).sort()).toEqual([...PLATFORMS].sort());
    expect(NETWORKS.map((n) => n.id)).toEqual([...PLATFORMS]);
    for (const p of PLATFORMS) {
      const standIn = SERVER_NETWORK_PACKS[p].standIn;
      expect({ p, standIn, exists: existsSync(path.join(repo, standIn)) }).toEqual({ p, standIn, exists: true });
    }
  });

  test("each network's real adapter, built by the registry, answers under its own name; demo accounts get the demo network", () => {
    const platforms = createPlatforms(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-packs-")) }));
    for (const p of PLATFORMS) {
      expect(platforms.adapter(p, { demo: false }).name).toBe(p);
      expect(platforms.adapter(p, { demo: true }).name).toBe(p);
      expect(platforms.adapter(p, { demo: true })).not.toBe(platforms.adapter(p, { demo: false }));
    }
    expect(platforms.google({ demo: false })).toBe(platforms.adapter("google", { demo: false }));
    expect(platforms.tiktok()).toBe(platforms.adapter("tiktok", { demo: false }));
  });

  test("the modules' lists of networks are the registry's", () => {
    expect(PLATFORM_ORDER).toEqual([...PLATFORMS]);
    // the writers' caption length: the pack's own, within the network's limit (a Snap's 250 of its 250)
    for (const n of NETWORKS)
      expect(captionLimit(n.id)).toBe(Math.min(n.writing.maxLength ?? Infinity, PLATFORM_LIMITS[n.id].maxLength));
    expect(captionLimit("snapchat")).toBe(250);
  });
});
