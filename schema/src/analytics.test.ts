// The analytics range rule (Kuwait days, defaults, order, length) and its arithmetic.
import { describe, expect, test } from "@jest/globals";
import {
  GUEST_TRENDS,
  guestRatingInterval,
  NO_BRANCH_LABELS,
  RESPONSE_TIME_UNITS,
  responseRate,
  responseTimeParts,
  topicTrend,
  analyticsBuckets,
  analyticsEngagementQuerySchema,
  analyticsPlatformQuerySchema,
  analyticsQuerySchemaAt,
  analyticsRangeSchema,
  analyticsRangeSchemaAt,
  analyticsTopPostsQuerySchema,
  captionLanguageOf,
  clientActivityText,
  CLIENT_ACTIVITY_TYPES,
  contentTypeOf,
  engagementRate,
  fieldErrors,
  hashtagsOf,
  KUWAIT_WEEK_DAYS,
  kuwaitDate,
  kuwaitWeekStart,
  messageText,
  percentChange,
  previousPeriod,
} from "./index.ts";

const CLIENT = "3f2b8c1e-5d4a-4b6e-9a7c-1d2e3f4a5b6c";
const at = analyticsRangeSchemaAt(() => "2026-03-20");
const errors = (input: unknown) => {
  const r = at.safeParse(input);
  if (r.success) throw new Error("expected the rule to refuse");
  return fieldErrors(r.error);
};

describe("analyticsRangeSchema", () => {
  test("left out, the range is the last 30 days ending today in Kuwait", () => {
    expect(at.parse({ clientId: CLIENT })).toEqual({ clientId: CLIENT, from: "2026-02-19", to: "2026-03-20" });
    // the rule without a clock passed uses Kuwait's date
    const r = analyticsRangeSchema.parse({});
    expect(r.to).toBe(kuwaitDate());
    expect(r.clientId).toBeUndefined();
  });

  test("a lone from runs to today; a lone to takes the 30 days before it; blanks count as left out", () => {
    expect(at.parse({ clientId: CLIENT, from: "2026-03-01" })).toMatchObject({ from: "2026-03-01", to: "2026-03-20" });
    expect(at.parse({ clientId: CLIENT, to: "2026-01-31" })).toMatchObject({ from: "2026-01-02", to: "2026-01-31" });
    expect(at.parse({ clientId: ` ${CLIENT.toUpperCase()} `, from: " ", to: "" })).toEqual({
      clientId: CLIENT,
      from: "2026-02-19",
      to: "2026-03-20",
    });
  });

  test("a one-day range and a range of exactly two years are fine", () => {
    expect(at.parse({ from: "2026-03-20", to: "2026-03-20" })).toMatchObject({ from: "2026-03-20", to: "2026-03-20" });
    expect(at.parse({ from: "2024-03-20", to: "2026-03-20" })).toMatchObject({ from: "2024-03-20" });
  });

  test("refusals carry message keys on their fields", () => {
    expect(errors({ clientId: "not-a-uuid" })).toEqual({ clientId: ["analyticsClientInvalid"] });
    expect(errors({ clientId: 42 })).toEqual({ clientId: ["analyticsClientInvalid"] });
    expect(errors({ from: "2026-02-30" })).toEqual({ from: ["analyticsDateInvalid"] });
    expect(errors({ to: "20/03/2026" })).toEqual({ to: ["analyticsDateInvalid"] });
    expect(errors({ from: "2026-03-10", to: "2026-03-09" })).toEqual({ to: ["analyticsRangeOrder"] });
    // a from in the future with to left out is a range that ends before it starts
    expect(errors({ from: "2026-03-21" })).toEqual({ to: ["analyticsRangeOrder"] });
    expect(errors({ from: "2024-03-19", to: "2026-03-20" })).toEqual({ from: ["analyticsRangeTooLong"] });
  });

  test("every message has English and Arabic text", () => {
    for (const k of [
      "analyticsClientInvalid",
      "analyticsDateInvalid",
      "analyticsRangeOrder",
      "analyticsRangeTooLong",
    ]) {
      expect(messageText(k, "en")).not.toBe(messageText("invalidValue", "en"));
      expect(messageText(k, "ar")).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("previousPeriod", () => {
  test("the same number of days, ending the day before", () => {
    expect(previousPeriod("2026-03-01", "2026-03-30")).toEqual({ from: "2026-01-30", to: "2026-02-28" });
    expect(previousPeriod("2026-03-20", "2026-03-20")).toEqual({ from: "2026-03-19", to: "2026-03-19" });
    // across a leap day
    expect(previousPeriod("2024-03-01", "2024-03-07")).toEqual({ from: "2024-02-23", to: "2024-02-29" });
  });
});

describe("engagementRate and percentChange", () => {
  test("engagement is over reach, else over views, else null", () => {
    expect(engagementRate({ likes: 30, comments: 5, shares: 5, reach: 1000, views: 4000 })).toBe(4);
    expect(engagementRate({ likes: 30, comments: 5, shares: 5, reach: 0, views: 3000 })).toBe(1.33);
    expect(engagementRate({ likes: 3, comments: 0, shares: 0, reach: 0, views: 0 })).toBeNull();
  });

  test("change in percent; null when there was nothing before", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });
});

describe("the paths' parameters", () => {
  const q = analyticsQuerySchemaAt(() => "2026-03-20");
  const refused = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
    const r = schema.safeParse(input);
    if (r.success) throw new Error("expected the rule to refuse");
    return fieldErrors(r.error as never);
  };

  test("a campaign id and the simulated flag; left out, the flag stays unsaid for the server to decide", () => {
    const CAMPAIGN = "9a0b8c1e-5d4a-4b6e-9a7c-1d2e3f4a5b6c";
    expect(q.parse({ clientId: CLIENT, campaignId: ` ${CAMPAIGN.toUpperCase()} `, includeSimulated: true })).toEqual({
      clientId: CLIENT,
      from: "2026-02-19",
      to: "2026-03-20",
      campaignId: CAMPAIGN,
      includeSimulated: true,
    });
    const plain = q.parse({ clientId: CLIENT, campaignId: "", includeSimulated: null });
    expect(plain.campaignId).toBeUndefined();
    expect(plain.includeSimulated).toBeUndefined();
    expect(refused(q, { campaignId: "ramadan", includeSimulated: "maybe", from: "2026-13-01" })).toEqual({
      campaignId: ["analyticsCampaignInvalid"],
      includeSimulated: ["analyticsSimulatedInvalid"],
      from: ["analyticsDateInvalid"],
    });
  });

  test("interval: day by default, or week", () => {
    expect(analyticsEngagementQuerySchema.parse({}).interval).toBe("day");
    expect(analyticsEngagementQuerySchema.parse({ interval: "week" }).interval).toBe("week");
    expect(refused(analyticsEngagementQuerySchema, { interval: "month" })).toEqual({
      interval: ["analyticsIntervalInvalid"],
    });
  });

  test("a network as the rest of the API names it", () => {
    expect(analyticsPlatformQuerySchema.parse({ platform: "twitter" }).platform).toBe("twitter");
    for (const platform of ["x", "Instagram", "", undefined])
      expect(refused(analyticsPlatformQuerySchema, { platform })).toEqual({ platform: ["platformInvalid"] });
  });

  test("top posts: limit 1 to 100 (10 by default, numbers written as text accepted), sort by a known figure", () => {
    expect(analyticsTopPostsQuerySchema.parse({})).toMatchObject({ limit: 10, sort: "engagement" });
    expect(analyticsTopPostsQuerySchema.parse({ limit: "100", sort: "views" })).toMatchObject({
      limit: 100,
      sort: "views",
    });
    expect(analyticsTopPostsQuerySchema.parse({ limit: 1 }).limit).toBe(1);
    for (const limit of [0, 101, 2.5, "ten", -1, true])
      expect(refused(analyticsTopPostsQuerySchema, { limit })).toEqual({ limit: ["analyticsLimitInvalid"] });
    expect(refused(analyticsTopPostsQuerySchema, { sort: "popularity" })).toEqual({ sort: ["analyticsSortInvalid"] });
  });

  test("every new message has English and Arabic text", () => {
    for (const k of [
      "analyticsCampaignInvalid",
      "analyticsSimulatedInvalid",
      "analyticsIntervalInvalid",
      "analyticsLimitInvalid",
      "analyticsSortInvalid",
    ]) {
      expect(messageText(k, "en")).not.toBe(messageText("invalidValue", "en"));
      expect(messageText(k, "ar")).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("buckets", () => {
  test("Kuwait weeks start on Saturday", () => {
    // 2026-03-07 is a Saturday
    expect(kuwaitWeekStart("2026-03-07")).toBe("2026-03-07");
    expect(kuwaitWeekStart("2026-03-08")).toBe("2026-03-07");
    expect(kuwaitWeekStart("2026-03-13")).toBe("2026-03-07");
    expect(kuwaitWeekStart("2026-03-14")).toBe("2026-03-14");
    // across a year's end
    expect(kuwaitWeekStart("2026-01-01")).toBe("2025-12-27");
    expect(KUWAIT_WEEK_DAYS).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  test("every day or week of a range, with the range's days each holds", () => {
    expect(analyticsBuckets("2026-02-27", "2026-03-02", "day").map((b) => b.date)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(analyticsBuckets("2026-03-01", "2026-03-14", "week")).toEqual([
      { date: "2026-02-28", days: 6 },
      { date: "2026-03-07", days: 7 },
      { date: "2026-03-14", days: 1 },
    ]);
    expect(analyticsBuckets("2026-03-10", "2026-03-10", "week")).toEqual([{ date: "2026-03-07", days: 1 }]);
  });
});

describe("content breakdown rules", () => {
  test("content type from the media", () => {
    expect(contentTypeOf([])).toBe("text");
    expect(contentTypeOf(["image"])).toBe("image");
    expect(contentTypeOf(["video"])).toBe("video");
    expect(contentTypeOf(["image", "video"])).toBe("carousel");
    expect(contentTypeOf(["image", "image", "image"])).toBe("carousel");
  });

  test("caption language: each script needs 30% of the letters for a mixed caption", () => {
    expect(captionLanguageOf(1)).toBe("ar");
    expect(captionLanguageOf(0.7)).toBe("ar");
    expect(captionLanguageOf(0.69)).toBe("mixed");
    expect(captionLanguageOf(0.31)).toBe("mixed");
    expect(captionLanguageOf(0.3)).toBe("en");
    expect(captionLanguageOf(0)).toBe("en");
  });

  test("hashtags: the post's list and the caption's, lower case, each once", () => {
    expect(hashtagsOf("Karak time #Karak #كرك_زعفران and #kuwait2026!", ["#karak", "Kuwait", " "])).toEqual([
      "karak",
      "kuwait",
      "كرك_زعفران",
      "kuwait2026",
    ]);
    expect(hashtagsOf("no tags here", [])).toEqual([]);
  });
});

describe("client dashboard activity texts", () => {
  test("every kind has a title and a fallback description in both languages", () => {
    for (const type of CLIENT_ACTIVITY_TYPES) {
      for (const locale of ["en", "ar"] as const) {
        const t = clientActivityText(type, {}, locale);
        expect(t.title).not.toBe("");
        expect(t.description).not.toBe("");
        if (locale === "ar") expect(t.title).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  test("kinds that name someone put them in the title; the excerpt is the description", () => {
    expect(clientActivityText("competitor", { subject: "Burger Hub", excerpt: "@burgerhub" }, "en")).toEqual({
      title: "New figures for Burger Hub",
      description: "@burgerhub",
    });
    expect(clientActivityText("comment", { subject: "فاطمة", excerpt: "أفضل كرك" }, "ar")).toEqual({
      title: "مراجعة جديدة من فاطمة",
      description: "أفضل كرك",
    });
    expect(clientActivityText("post_published", { subject: "ignored", excerpt: "Saffron karak" }, "en")).toEqual({
      title: "Post published",
      description: "Saffron karak",
    });
    expect(clientActivityText("something_else", {}, "en")).toEqual({ title: "", description: "" });
  });
});

describe("guests' figures", () => {
  test("a month or less has daily rating points, longer ranges Kuwait weeks", () => {
    expect(guestRatingInterval("2026-03-01", "2026-03-31")).toBe("day");
    expect(guestRatingInterval("2026-03-01", "2026-04-01")).toBe("week");
    expect(guestRatingInterval("2026-03-01", "2026-03-01")).toBe("day");
  });
  test("response rate is a share with four decimals, null without items", () => {
    expect(responseRate(2, 3)).toBe(0.6667);
    expect(responseRate(0, 4)).toBe(0);
    expect(responseRate(4, 4)).toBe(1);
    expect(responseRate(0, 0)).toBeNull();
  });
  test("a topic's trend follows its count", () => {
    expect(topicTrend(3, 1)).toBe("up");
    expect(topicTrend(1, 3)).toBe("down");
    expect(topicTrend(2, 2)).toBe("flat");
    expect(GUEST_TRENDS).toEqual(["up", "down", "flat"]);
  });
  test("response times read in minutes, hours or days", () => {
    expect(responseTimeParts(45)).toEqual({ value: 1, unit: "minutes" });
    expect(responseTimeParts(20 * 60)).toEqual({ value: 20, unit: "minutes" });
    expect(responseTimeParts(5400)).toEqual({ value: 1.5, unit: "hours" });
    expect(responseTimeParts(3 * 86400)).toEqual({ value: 3, unit: "days" });
    expect(RESPONSE_TIME_UNITS.hours.ar).toContain("{n}");
    expect(NO_BRANCH_LABELS).toEqual({ en: "No branch", ar: "بلا فرع" });
  });
});
