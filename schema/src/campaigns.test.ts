// The campaign rules and arithmetic both sides share: the form's fields and messages in both
// languages, money in fils, progress, cost per result, days, the "current first" order, and the post
// fields that name a campaign and an occasion.
import { describe, expect, test } from "@jest/globals";
import {
  budgetToFils,
  campaignAsInput,
  campaignDays,
  campaignEnd,
  campaignInputSchema,
  campaignPostIdsSchema,
  campaignProblems,
  campaignProgress,
  compareCampaigns,
  fieldErrors,
  filsPer,
  filsToKwd,
  isOutsideCampaign,
  isWithinCampaign,
  messageText,
  postCampaignFieldsSchema,
} from "./index.ts";

const valid = {
  name: "Ramadan nights",
  goal: "awareness",
  startDate: "2027-02-08",
  endDate: "2027-03-09",
  budgetKwd: "250.500",
  occasion: "ramadan_iftar",
  goalTarget: 50000,
  notes: "  Iftar boxes  ",
};
const errors = (input: unknown) => {
  const r = campaignInputSchema.safeParse(input);
  if (r.success) throw new Error("expected the rule to refuse");
  return fieldErrors(r.error);
};

describe("campaignInputSchema", () => {
  test("a full campaign: budget in fils, notes trimmed, blanks are null", () => {
    expect(campaignInputSchema.parse(valid)).toEqual({
      name: "Ramadan nights",
      goal: "awareness",
      startDate: "2027-02-08",
      endDate: "2027-03-09",
      budgetFils: 250500,
      occasion: "ramadan_iftar",
      goalTarget: 50000,
      goalResult: null,
      notes: "Iftar boxes",
    });
    expect(
      campaignInputSchema.parse({
        name: "Launch",
        goal: "launch",
        startDate: "2027-01-01",
        endDate: "2027-01-01",
        budgetKwd: "",
        occasion: "",
        goalTarget: "",
        notes: " ",
      }),
    ).toMatchObject({
      budgetFils: null,
      occasion: null,
      goalTarget: null,
      notes: null,
    });
  });

  test("each field's message, in English and Arabic", () => {
    expect(errors({})).toEqual({
      name: ["campaignNameRequired"],
      goal: ["campaignGoalInvalid"],
      startDate: ["campaignStartInvalid"],
      endDate: ["campaignEndInvalid"],
    });
    expect(errors({ ...valid, name: "x".repeat(81) })).toEqual({ name: ["campaignNameTooLong"] });
    expect(errors({ ...valid, goal: "likes" })).toEqual({ goal: ["campaignGoalInvalid"] });
    expect(errors({ ...valid, startDate: "2027-02-30" })).toEqual({ startDate: ["campaignStartInvalid"] });
    expect(errors({ ...valid, occasion: "halloween" })).toEqual({ occasion: ["contentOccasionInvalid"] });
    expect(errors({ ...valid, goalTarget: 0 })).toEqual({ goalTarget: ["campaignTargetInvalid"] });
    expect(errors({ ...valid, goalTarget: 2.5 })).toEqual({ goalTarget: ["campaignTargetInvalid"] });
    expect(errors({ ...valid, notes: "n".repeat(1001) })).toEqual({ notes: ["campaignNotesTooLong"] });
    expect(messageText("campaignNameRequired", "ar")).toBe("اكتب اسمًا للحملة");
    expect(messageText("campaignEndBeforeStart", "en")).toBe("The campaign cannot end before it starts");
  });

  test("the end on or after the start, at most a year of days", () => {
    expect(errors({ ...valid, endDate: "2027-02-07" })).toEqual({ endDate: ["campaignEndBeforeStart"] });
    // 366 days fit (a leap year), 367 do not
    expect(campaignInputSchema.parse({ ...valid, startDate: "2028-01-01", endDate: "2028-12-31" }).endDate).toBe(
      "2028-12-31",
    );
    expect(errors({ ...valid, startDate: "2027-01-01", endDate: "2028-01-02" })).toEqual({
      endDate: ["campaignTooLong"],
    });
    expect(campaignProblems({ ...valid, endDate: "2027-01-01" })).toEqual({ endDate: "campaignEndBeforeStart" });
    // reported with the other fields' problems, so a form shows them all at once
    expect(errors({ ...valid, name: "", budgetKwd: "x", endDate: "2027-01-01" })).toEqual({
      name: ["campaignNameRequired"],
      budgetKwd: ["campaignBudgetInvalid"],
      endDate: ["campaignEndBeforeStart"],
    });
  });

  test("the budget: KWD to the fils, as text or a number, never negative or beyond 100,000", () => {
    for (const [input, fils] of [
      ["250", 250000],
      ["1,250.500", 1250500],
      ["0.125", 125],
      [" 12.5 KD", 12500],
      ["٢٥٠٫٧٥٠", 250750],
      [2.75, 2750],
      [0, 0],
      [100000, 100_000_000],
    ] as const)
      expect(campaignInputSchema.parse({ ...valid, budgetKwd: input }).budgetFils).toBe(fils);
    for (const bad of ["12.3456", "-5", "ten", "1,75", 100000.001, -1])
      expect(errors({ ...valid, budgetKwd: bad })).toEqual({ budgetKwd: ["campaignBudgetInvalid"] });
    expect(budgetToFils("0.1")).toBe(100);
  });

  test("a result by hand only for visits and orders", () => {
    expect(campaignInputSchema.parse({ ...valid, goal: "footfall", goalResult: 0 }).goalResult).toBe(0);
    expect(campaignInputSchema.parse({ ...valid, goal: "orders", goalResult: "340" }).goalResult).toBe(340);
    expect(errors({ ...valid, goal: "awareness", goalResult: 5 })).toEqual({ goalResult: ["campaignResultNotManual"] });
    expect(errors({ ...valid, goal: "orders", goalResult: -1 })).toEqual({ goalResult: ["campaignResultInvalid"] });
  });

  test("a stored campaign read back as input is the same campaign", () => {
    const stored = campaignInputSchema.parse(valid);
    expect(campaignInputSchema.parse(campaignAsInput(stored))).toEqual(stored);
  });
});

describe("arithmetic", () => {
  test("fils written as KWD with three decimals", () => {
    expect(filsToKwd(1250500)).toBe("1250.500");
    expect(filsToKwd(5)).toBe("0.005");
    expect(filsToKwd(0)).toBe("0.000");
  });

  test("spend per 1,000 reach and per result, in whole fils; progress in percent", () => {
    // 250.000 KWD over 40,000 reached: 6.250 KWD per 1,000
    expect(filsPer(250000, 40000, 1000)).toBe(6250);
    // 100 KWD over 3 orders: 33.333 KWD each (half up)
    expect(filsPer(100000, 3)).toBe(33333);
    expect(filsPer(100000, 0)).toBeNull();
    expect(filsPer(null, 10)).toBeNull();
    expect(campaignProgress(50000, 12345)).toBe(24.69);
    expect(campaignProgress(100, 150)).toBe(150);
    expect(campaignProgress(null, 10)).toBeNull();
    expect(campaignProgress(100, null)).toBeNull();
  });

  test("days elapsed and left, and where today stands", () => {
    expect(campaignDays("2027-02-08", "2027-03-09", "2027-02-01")).toEqual({
      total: 30,
      elapsed: 0,
      left: 30,
      phase: "upcoming",
    });
    expect(campaignDays("2027-02-08", "2027-03-09", "2027-02-08")).toEqual({
      total: 30,
      elapsed: 1,
      left: 29,
      phase: "running",
    });
    expect(campaignDays("2027-02-08", "2027-03-09", "2027-03-09")).toEqual({
      total: 30,
      elapsed: 30,
      left: 0,
      phase: "running",
    });
    expect(campaignDays("2027-02-08", "2027-03-09", "2027-04-01")).toEqual({
      total: 30,
      elapsed: 30,
      left: 0,
      phase: "ended",
    });
    expect(isWithinCampaign("2027-03-09", { startDate: "2027-02-08", endDate: "2027-03-09" })).toBe(true);
    expect(isWithinCampaign("2027-03-10", { startDate: "2027-02-08", endDate: "2027-03-09" })).toBe(false);
    expect(campaignEnd("2027-02-08", 30)).toBe("2027-03-09");
    // 22:30 UTC on 9 March is 01:30 on the 10th in Kuwait: outside; no time or no campaign is never outside
    const c = { startDate: "2027-02-08", endDate: "2027-03-09" };
    expect(isOutsideCampaign("2027-03-09T20:30:00Z", c)).toBe(false);
    expect(isOutsideCampaign("2027-03-09T22:30:00Z", c)).toBe(true);
    expect(isOutsideCampaign(null, c)).toBe(false);
    expect(isOutsideCampaign("2027-01-01T10:00:00Z", null)).toBe(false);
  });

  test("current first: running (ending soonest), coming (starting soonest), then ended (latest first)", () => {
    const today = "2027-03-01";
    const list = [
      { name: "old", startDate: "2026-01-01", endDate: "2026-01-31" },
      { name: "later", startDate: "2027-06-01", endDate: "2027-06-30" },
      { name: "long", startDate: "2027-02-01", endDate: "2027-12-31" },
      { name: "recent", startDate: "2027-02-01", endDate: "2027-02-20" },
      { name: "soon", startDate: "2027-03-05", endDate: "2027-03-10" },
      { name: "now", startDate: "2027-02-20", endDate: "2027-03-03" },
    ];
    expect([...list].sort((a, b) => compareCampaigns(a, b, today)).map((c) => c.name)).toEqual([
      "now",
      "long",
      "soon",
      "later",
      "recent",
      "old",
    ]);
  });
});

describe("post and attach fields", () => {
  test("a post's campaign and occasion: left out unchanged, blank or null cleared, set checked", () => {
    expect(postCampaignFieldsSchema.parse({})).toEqual({});
    expect(postCampaignFieldsSchema.parse({ campaignId: null, occasion: "" })).toEqual({
      campaignId: null,
      occasion: null,
    });
    expect(
      postCampaignFieldsSchema.parse({ campaignId: "3F2B8C1E-5D4A-4B6E-9A7C-1D2E3F4A5B6C", occasion: "eid_al_fitr" }),
    ).toEqual({ campaignId: "3f2b8c1e-5d4a-4b6e-9a7c-1d2e3f4a5b6c", occasion: "eid_al_fitr" });
    const bad = postCampaignFieldsSchema.safeParse({ campaignId: "my-campaign", occasion: "christmas" });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({ campaignId: ["campaignNotFound"], occasion: ["contentOccasionInvalid"] });
  });

  test("posts to attach: one to a hundred, each once", () => {
    expect(campaignPostIdsSchema.parse({ postIds: ["A", "a", "b"] }).postIds).toEqual(["a", "b"]);
    expect(fieldErrors(campaignPostIdsSchema.safeParse({ postIds: [] }).error!)).toEqual({
      postIds: ["campaignPostsRequired"],
    });
    expect(fieldErrors(campaignPostIdsSchema.safeParse({}).error!)).toEqual({ postIds: ["campaignPostsRequired"] });
    expect(
      fieldErrors(campaignPostIdsSchema.safeParse({ postIds: Array.from({ length: 101 }, (_, i) => `p${i}`) }).error!),
    ).toEqual({ postIds: ["campaignPostsTooMany"] });
  });
});
