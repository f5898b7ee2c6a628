import { describe, expect, test } from "@jest/globals";
import {
  ACTIVITY_PLATFORMS,
  AUDIENCE_PLATFORMS,
  COMPETITOR_HANDLE_RULES,
  COMPETITOR_PLATFORMS,
  DEFAULT_TIKTOK_OPTIONS,
  MEDIA_PLATFORM_LABELS,
  MEDIA_RULES,
  NETWORK_PACKS,
  NETWORKS,
  PLAN_PLATFORMS,
  PLATFORM_LIMITS,
  PLATFORMS,
  SUGGESTED_HASHTAG_LIMITS,
  tiktokOptionsSchema,
} from "../index.ts";

describe("the registry of network packs", () => {
  test("one pack per network, under its own id, in PLATFORMS' order", () => {
    expect(NETWORKS.map((n) => n.id)).toEqual([...PLATFORMS]);
    for (const p of PLATFORMS) expect(NETWORK_PACKS[p].id).toBe(p);
  });

  test("the tables the composer, the publisher and plans read come from the packs", () => {
    for (const n of NETWORKS) {
      expect(MEDIA_RULES[n.id]).toBe(n.media);
      expect(MEDIA_PLATFORM_LABELS[n.id]).toBe(n.label);
      expect(PLATFORM_LIMITS[n.id]).toEqual({ ...n.limits, maxMedia: n.media.maxItems });
      expect(SUGGESTED_HASHTAG_LIMITS[n.id]).toBe(n.suggestedHashtags);
    }
    expect(MEDIA_PLATFORM_LABELS.twitter).toEqual({ en: "X", ar: "إكس" });
  });

  test("TikTok's pack holds the one set of option defaults its rule stores", () => {
    expect(tiktokOptionsSchema.parse({})).toEqual(DEFAULT_TIKTOK_OPTIONS);
  });

  test("the lists other rooms keep are read from the packs, in PLATFORMS' order", () => {
    expect(AUDIENCE_PLATFORMS).toEqual(PLATFORMS.filter((p) => NETWORK_PACKS[p].audience));
    // Google Business Profile has no followers: the audience screen leaves it out
    expect(AUDIENCE_PLATFORMS).not.toContain("google");
    expect(COMPETITOR_PLATFORMS).toEqual(PLATFORMS.filter((p) => NETWORK_PACKS[p].handle));
    for (const p of COMPETITOR_PLATFORMS) expect(COMPETITOR_HANDLE_RULES[p]).toBe(NETWORK_PACKS[p].handle);
    expect(PLAN_PLATFORMS.basic).toEqual(PLATFORMS.filter((p) => NETWORK_PACKS[p].everyPlan));
    expect(PLAN_PLATFORMS.basic).toEqual(["instagram", "google"]);
    expect(PLAN_PLATFORMS.premium).toEqual(PLATFORMS);
    expect(ACTIVITY_PLATFORMS).toEqual([...PLATFORMS, "multiple", "analysis"]);
  });
});
