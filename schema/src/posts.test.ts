// The post rules both sides apply: counting as each network counts, hashtags, the post forms and
// queries (keys), the state machine, and the per-platform preview.
import { describe, expect, test } from "@jest/globals";
import {
  accountPostsLong,
  DELETABLE_POST_STATUSES,
  EDITABLE_POST_STATUSES,
  MESSAGES,
  PLATFORM_LABELS,
  PLATFORM_LIMITS,
  platformLabel,
  PLATFORMS,
  POST_STATUSES,
  POST_TRANSITIONS,
  StateTransitionError,
  TARGET_STATUSES,
  TARGET_TRANSITIONS,
  assertPostTransition,
  assertTargetTransition,
  canPostTransition,
  canTargetTransition,
  canSendTo,
  composeText,
  extractHashtags,
  fieldErrors,
  isMessageKey,
  isPostEditable,
  mayPublishNowFrom,
  mayScheduleFrom,
  messageText,
  normalizeHashtag,
  platformLength,
  postInputSchema,
  postIssueText,
  postStatusKey,
  postUpdateSchema,
  postsQuerySchema,
  previewPost,
  scheduleSchema,
  targetStatusKey,
  truncateForPlatform,
  urlsIn,
  xWeightedLength,
  type PlatformPreview,
  type PostIssue,
  type PostStatus,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));
const keysOf = (issues: PostIssue[]) => issues.map((i) => i.key);
const UUID = (n: number) => `6f1c2b8e-4d3a-4c8b-9a1e-${String(n).padStart(12, "0")}`;
const photo = { kind: "image" as const, bytes: 200_000, width: 1080, height: 1080 };
const video = { kind: "video" as const, bytes: 5_000_000, width: 1080, height: 1920, durationMs: 20_000 };

describe("X's weighted length", () => {
  test("ASCII counts 1 a character: 280 fits, 281 does not", () => {
    expect(xWeightedLength("a".repeat(280))).toBe(280);
    expect(previewPost({ content: "a".repeat(280), platforms: ["twitter"] })[0]).toMatchObject({
      length: 280,
      remaining: 0,
      overLimit: false,
      errors: [],
    });
    expect(previewPost({ content: "a".repeat(281), platforms: ["twitter"] })[0]).toMatchObject({
      length: 281,
      remaining: -1,
      overLimit: true,
    });
  });
  test("Arabic letters count 1 each, like Latin ones", () => {
    expect(xWeightedLength("مطعم")).toBe(4);
    expect(xWeightedLength("أهلا وسهلا")).toBe(10);
    expect(xWeightedLength("ب".repeat(280))).toBe(280);
  });
  test("CJK and most symbols count 2", () => {
    expect(xWeightedLength("漢字")).toBe(4);
    expect(xWeightedLength("★")).toBe(2);
  });
  test("the light punctuation ranges count 1 (dashes, quotes), the ellipsis 2", () => {
    expect(xWeightedLength("\u2014\u201C\u201D\u2032")).toBe(4);
    expect(xWeightedLength("…")).toBe(2);
  });
  test("a URL counts 23 whatever its length, with or without https://", () => {
    expect(xWeightedLength("https://sufra.kw/menu/ramadan-2026/iftar-boxes?utm_source=x&utm_medium=social")).toBe(23);
    expect(xWeightedLength("http://a.co")).toBe(23);
    expect(xWeightedLength("sufra.kw")).toBe(23);
    expect(xWeightedLength("www.example.com/menu")).toBe(23);
    expect(xWeightedLength("Order at sufra.kw/order.")).toBe("Order at ".length + 23 + 1);
    expect(xWeightedLength("اطلب الآن: https://sufra.kw")).toBe(11 + 23);
  });
  test("what is not a URL counts its characters", () => {
    expect(xWeightedLength("info@sufra.kw")).toBe(13);
    expect(xWeightedLength("e.g. Mr.Smith")).toBe(13);
    expect(xWeightedLength("#sufra.kw")).toBe(9);
  });
  test("an emoji sequence counts 2, however many code points it has", () => {
    expect(xWeightedLength("😋")).toBe(2);
    expect(xWeightedLength("👍🏽")).toBe(2); // skin tone
    expect(xWeightedLength("👨‍👩‍👧‍👦")).toBe(2); // ZWJ family
    expect(xWeightedLength("🇰🇼")).toBe(2); // flag
    expect(xWeightedLength("❤️")).toBe(2); // with the variation selector
    expect(xWeightedLength("1️⃣")).toBe(2); // keycap
    expect(xWeightedLength("Iftar 🌙🍽️")).toBe(6 + 2 + 2);
    expect(xWeightedLength("©")).toBe(1); // text, unless followed by the emoji selector
  });
  test("the text is NFC-normalised first", () => {
    expect(xWeightedLength("Cafe\u0301")).toBe(4);
    expect(platformLength("instagram", "Cafe\u0301")).toBe(4);
  });
});

describe("Instagram and Snapchat count code points", () => {
  test("a letter of any script 1, an emoji each of its code points", () => {
    expect(platformLength("instagram", "مطعم")).toBe(4);
    expect(platformLength("instagram", "漢字")).toBe(2);
    expect(platformLength("snapchat", "😋")).toBe(1);
    expect(platformLength("snapchat", "👨‍👩‍👧‍👦")).toBe(7);
    expect(platformLength("instagram", "https://sufra.kw")).toBe(16);
  });
});

describe("hashtags", () => {
  test.each([
    ["#Kuwait", "Kuwait"],
    ["##  food ", "food"],
    ["مطعم كويتي", "مطعم_كويتي"],
    ["#  فطور   رمضان ", "فطور_رمضان"],
    ["pizza-night!", "pizzanight"],
    ["café's", "café's".normalize("NFC").replace("'", "")],
    ["رمضان٢٠٢٦", "رمضان٢٠٢٦"],
    ["kuwait_eats", "kuwait_eats"],
    ["2026", null],
    ["#١٢٣", null],
    ["#", null],
    ["  ", null],
    ["!!!", null],
    ["___", null],
  ])("normalizeHashtag(%j) -> %j", (raw, tag) => {
    expect(normalizeHashtag(raw)).toBe(tag);
  });

  test("extractHashtags: each once (case-insensitive), not inside words, not digits only", () => {
    expect(extractHashtags("Hi #Pizza and #pizza! a#b #2026 #مطعم_كويتي. ＃wide")).toEqual([
      "Pizza",
      "مطعم_كويتي",
      "wide",
    ]);
  });

  test("composeText: content, a blank line, the hashtags with #, without the ones already written", () => {
    expect(composeText("  Fresh bread today  ", ["bakery", "#Kuwait"])).toBe("Fresh bread today\n\n#bakery #Kuwait");
    expect(composeText("Try our #Machboos", ["machboos", "kuwait", "Kuwait"])).toBe("Try our #Machboos\n\n#kuwait");
    expect(composeText("فطور رمضان", ["مطعم كويتي"])).toBe("فطور رمضان\n\n#مطعم_كويتي");
    expect(composeText("No tags", [])).toBe("No tags");
    expect(composeText("", ["only"])).toBe("#only");
    expect(composeText("Dup #a", ["A"])).toBe("Dup #a");
  });
});

describe("post input", () => {
  const ok = { content: "  Iftar boxes are back  ", platforms: ["instagram", "twitter"] };

  test("a valid post, with its defaults", () => {
    expect(postInputSchema.parse(ok)).toEqual({
      content: "Iftar boxes are back",
      platforms: ["instagram", "twitter"],
      mediaIds: [],
      hashtags: [],
      firstComment: null,
    });
  });
  test("a caption or at least one photo or video", () => {
    expect(errorsOf(postInputSchema.safeParse({ ...ok, content: "   " }))).toEqual({
      content: ["captionOrMediaRequired"],
    });
    expect(errorsOf(postInputSchema.safeParse({ platforms: ["twitter"] }))).toEqual({
      content: ["captionOrMediaRequired"],
    });
    expect(postInputSchema.safeParse({ platforms: ["instagram"], mediaIds: [UUID(1)] }).success).toBe(true);
  });
  test("the caption-or-media rule is reported with the other fields' errors", () => {
    expect(
      errorsOf(postInputSchema.safeParse({ content: "", platforms: [], scheduledFor: "2030-01-01T10:00" })),
    ).toEqual({ content: ["captionOrMediaRequired"], platforms: ["platformsRequired"] });
  });
  test("a draft needs no network; a post with a time needs one", () => {
    expect(postInputSchema.parse({ content: "Karak" })).toEqual({
      content: "Karak",
      platforms: [],
      mediaIds: [],
      hashtags: [],
      firstComment: null,
    });
    expect(postInputSchema.parse({ content: "Karak", platforms: [], scheduledFor: null }).platforms).toEqual([]);
    expect(
      errorsOf(postInputSchema.safeParse({ content: "Karak", platforms: [], scheduledFor: "2030-01-01T10:00" })),
    ).toEqual({ platforms: ["platformsRequired"] });
    expect(errorsOf(postInputSchema.safeParse({ content: "Karak", scheduledFor: "2030-01-01T10:00" }))).toEqual({
      platforms: ["platformsRequired"],
    });
    // the time itself is scheduleSchema's to check: it is not part of the post's fields
    expect(
      postInputSchema.parse({ content: "Karak", platforms: ["twitter"], scheduledFor: "2030-01-01T10:00" }),
    ).not.toHaveProperty("scheduledFor");
    expect(canSendTo([])).toBe(false);
    expect(canSendTo(["instagram"])).toBe(true);
  });
  test("a caption of at most 4000 code points (any script): X's longest, for verified accounts", () => {
    expect(postInputSchema.safeParse({ ...ok, content: "ب".repeat(4000) }).success).toBe(true);
    expect(errorsOf(postInputSchema.safeParse({ ...ok, content: "a".repeat(4001) }))).toEqual({
      content: ["captionTooLong"],
    });
  });
  test.each([
    [{ platforms: "instagram" }, { platforms: ["platformsRequired"] }],
    [{ platforms: ["myspace"] }, { "platforms.0": ["platformInvalid"] }],
    [{ platforms: ["twitter", "twitter"] }, { platforms: ["platformsDuplicate"] }],
  ])("platforms %j", (over, expected) => {
    expect(errorsOf(postInputSchema.safeParse({ ...ok, ...over }))).toEqual(expected);
  });
  test("media: ids, at most 10, each once", () => {
    expect(errorsOf(postInputSchema.safeParse({ ...ok, mediaIds: ["photo-1"] }))).toEqual({
      "mediaIds.0": ["postMediaInvalid"],
    });
    expect(
      errorsOf(postInputSchema.safeParse({ ...ok, mediaIds: Array.from({ length: 11 }, (_, i) => UUID(i)) })),
    ).toEqual({ mediaIds: ["postTooManyMedia"] });
    expect(errorsOf(postInputSchema.safeParse({ ...ok, mediaIds: [UUID(1), UUID(1)] }))).toEqual({
      mediaIds: ["postMediaDuplicate"],
    });
    expect(
      postInputSchema.parse({ ...ok, mediaIds: Array.from({ length: 10 }, (_, i) => UUID(i)) }).mediaIds,
    ).toHaveLength(10);
  });
  test("hashtags: normalised and each once; invalid ones and more than 30 are errors", () => {
    expect(postInputSchema.parse({ ...ok, hashtags: ["#Kuwait", "kuwait", "مطعم كويتي", "food!"] }).hashtags).toEqual([
      "Kuwait",
      "مطعم_كويتي",
      "food",
    ]);
    expect(errorsOf(postInputSchema.safeParse({ ...ok, hashtags: ["ok", "2026"] }))).toEqual({
      hashtags: ["hashtagInvalid"],
    });
    expect(
      errorsOf(postInputSchema.safeParse({ ...ok, hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) })),
    ).toEqual({ hashtags: ["tooManyHashtags"] });
    expect(
      postInputSchema.parse({ ...ok, hashtags: [...Array.from({ length: 30 }, (_, i) => `tag${i}`), "#TAG0"] })
        .hashtags,
    ).toHaveLength(30);
  });
  test("first comment: trimmed, empty is none, at most 2200", () => {
    expect(postInputSchema.parse({ ...ok, firstComment: "  #more #tags " }).firstComment).toBe("#more #tags");
    expect(postInputSchema.parse({ ...ok, firstComment: "  " }).firstComment).toBeNull();
    expect(postInputSchema.parse({ ...ok, firstComment: null }).firstComment).toBeNull();
    expect(errorsOf(postInputSchema.safeParse({ ...ok, firstComment: "x".repeat(2201) }))).toEqual({
      firstComment: ["firstCommentTooLong"],
    });
  });
  test("wrong types are field errors, not crashes", () => {
    expect(errorsOf(postInputSchema.safeParse({ content: 42, platforms: ["twitter"], hashtags: "food" }))).toEqual({
      content: ["invalidValue"],
      hashtags: ["hashtagInvalid"],
    });
  });
});

describe("post update", () => {
  test("every field is optional; the given ones follow the same rules", () => {
    expect(postUpdateSchema.parse({})).toEqual({});
    expect(postUpdateSchema.parse({ content: " new " })).toEqual({ content: "new" });
    expect(postUpdateSchema.safeParse({ content: "" }).success).toBe(true); // the server checks the merged post
    expect(postUpdateSchema.parse({ platforms: [] })).toEqual({ platforms: [] }); // a draft's networks can be cleared; the server refuses it on a scheduled post
    expect(errorsOf(postUpdateSchema.safeParse({ hashtags: ["!!"] }))).toEqual({ hashtags: ["hashtagInvalid"] });
  });
  test("emptying both the caption and the media at once", () => {
    expect(errorsOf(postUpdateSchema.safeParse({ content: " ", mediaIds: [] }))).toEqual({
      content: ["captionOrMediaRequired"],
    });
  });
});

describe("scheduling", () => {
  const now = new Date("2026-03-01T09:00:00Z");
  const at = (v: unknown) => scheduleSchema(now).safeParse({ scheduledFor: v });

  test("at least a minute ahead", () => {
    expect(errorsOf(at("2026-03-01T08:00:00Z"))).toEqual({ scheduledFor: ["scheduleInPast"] });
    expect(errorsOf(at("2026-03-01T09:00:30Z"))).toEqual({ scheduledFor: ["scheduleInPast"] });
    expect(at("2026-03-01T09:01:00Z").success).toBe(true);
  });
  test("at most a year ahead", () => {
    expect(at("2027-03-01T09:00:00Z").success).toBe(true);
    expect(errorsOf(at("2027-03-02T09:00:00Z"))).toEqual({ scheduledFor: ["scheduleTooFar"] });
  });
  test.each([
    ["tomorrow"],
    [""],
    [undefined],
    [null],
    [true],
    ["2026-02-30T10:00:00Z"],
    ["2026-03-01T25:00:00Z"],
    [new Date("x")],
  ])("%j is not a date", (v) => {
    expect(errorsOf(at(v))).toEqual({ scheduledFor: ["scheduleInvalid"] });
  });
  test("a Date, epoch milliseconds, ISO 8601 with a zone; without one it is Kuwait time", () => {
    expect(
      scheduleSchema(now)
        .parse({ scheduledFor: new Date("2026-03-02T10:00:00Z") })
        .scheduledFor.toISOString(),
    ).toBe("2026-03-02T10:00:00.000Z");
    expect(
      scheduleSchema(now)
        .parse({ scheduledFor: Date.parse("2026-03-02T10:00:00Z") })
        .scheduledFor.toISOString(),
    ).toBe("2026-03-02T10:00:00.000Z");
    expect(scheduleSchema(now).parse({ scheduledFor: "2026-03-02T19:30:00+03:00" }).scheduledFor.toISOString()).toBe(
      "2026-03-02T16:30:00.000Z",
    );
    expect(scheduleSchema(now).parse({ scheduledFor: "2026-03-02T19:30" }).scheduledFor.toISOString()).toBe(
      "2026-03-02T16:30:00.000Z",
    );
    expect(scheduleSchema(now).parse({ scheduledFor: "2026-03-02 19:30:00.250Z" }).scheduledFor.toISOString()).toBe(
      "2026-03-02T19:30:00.250Z",
    );
  });
  test("now defaults to the moment the rule is made", () => {
    expect(scheduleSchema().safeParse({ scheduledFor: new Date(Date.now() + 3_600_000) }).success).toBe(true);
    expect(errorsOf(scheduleSchema().safeParse({ scheduledFor: new Date(Date.now() - 1) }))).toEqual({
      scheduledFor: ["scheduleInPast"],
    });
  });
});

describe("post list query", () => {
  test("defaults", () => {
    expect(postsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
  });
  test("status: one, a list or comma-separated, any case", () => {
    expect(postsQuerySchema.parse({ status: "draft" }).status).toEqual(["draft"]);
    expect(postsQuerySchema.parse({ status: "Scheduled, FAILED,scheduled" }).status).toEqual(["scheduled", "failed"]);
    expect(postsQuerySchema.parse({ status: ["published", "partially_published"] }).status).toEqual([
      "published",
      "partially_published",
    ]);
    expect(postsQuerySchema.parse({ status: "" }).status).toBeUndefined();
    expect(errorsOf(postsQuerySchema.safeParse({ status: "draft,archived" }))).toEqual({ status: ["invalidStatus"] });
  });
  test("platform", () => {
    expect(postsQuerySchema.parse({ platform: "Instagram" }).platform).toBe("instagram");
    expect(errorsOf(postsQuerySchema.safeParse({ platform: "myspace" }))).toEqual({ platform: ["platformInvalid"] });
  });
  test("from/to: days in Kuwait (to: through its end) or instants; from not after to", () => {
    const q = postsQuerySchema.parse({ from: "2026-03-01", to: "2026-03-31" });
    expect(q.from?.toISOString()).toBe("2026-02-28T21:00:00.000Z");
    expect(q.to?.toISOString()).toBe("2026-03-31T20:59:59.999Z");
    expect(postsQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-01" }).success).toBe(true);
    expect(postsQuerySchema.parse({ from: "2026-03-01T00:00:00Z" }).from?.toISOString()).toBe(
      "2026-03-01T00:00:00.000Z",
    );
    expect(errorsOf(postsQuerySchema.safeParse({ from: "2026-03-05", to: "2026-03-01" }))).toEqual({
      to: ["dateRangeInvalid"],
    });
    expect(errorsOf(postsQuerySchema.safeParse({ from: "March", to: "2026-13-01" }))).toEqual({
      from: ["dateInvalid"],
      to: ["dateInvalid"],
    });
  });
  test("search: trimmed, at most 200", () => {
    expect(postsQuerySchema.parse({ search: "  iftar " }).search).toBe("iftar");
    expect(postsQuerySchema.parse({ search: "   " }).search).toBeUndefined();
    expect(errorsOf(postsQuerySchema.safeParse({ search: "x".repeat(201) }))).toEqual({ search: ["tooLong"] });
  });
  test("page and limit: whole numbers (query-string text too), limit 1..100", () => {
    expect(postsQuerySchema.parse({ page: "3", limit: "50" })).toMatchObject({ page: 3, limit: 50 });
    expect(postsQuerySchema.parse({ page: "", limit: "" })).toMatchObject({ page: 1, limit: 20 });
    expect(errorsOf(postsQuerySchema.safeParse({ page: 0, limit: 101 }))).toEqual({
      page: ["invalidPage"],
      limit: ["invalidPageSize"],
    });
    expect(errorsOf(postsQuerySchema.safeParse({ page: "1.5", limit: "many" }))).toEqual({
      page: ["invalidPage"],
      limit: ["invalidPageSize"],
    });
  });
});

describe("the post state machine", () => {
  const allowed: Record<PostStatus, PostStatus[]> = {
    draft: ["scheduled", "publishing"],
    scheduled: ["draft", "scheduled", "publishing"],
    publishing: ["published", "partially_published", "failed", "unconfirmed"],
    unconfirmed: ["published", "partially_published", "failed", "publishing"],
    failed: ["publishing", "draft", "scheduled"],
    partially_published: ["publishing", "published"],
    published: [],
  };
  test("every pair of statuses", () => {
    for (const from of POST_STATUSES)
      for (const to of POST_STATUSES)
        expect([from, to, canPostTransition(from, to)]).toEqual([from, to, allowed[from].includes(to)]);
    expect(Object.keys(POST_TRANSITIONS).sort()).toEqual([...POST_STATUSES].sort());
  });
  test("published is final; publishing cannot go back to draft; nothing skips publishing to published", () => {
    expect(POST_TRANSITIONS.published).toEqual([]);
    expect(canPostTransition("publishing", "draft")).toBe(false);
    expect(canPostTransition("draft", "published")).toBe(false);
    expect(canPostTransition("scheduled", "published")).toBe(false);
  });
  test("a transition not in the table throws, naming the machine and both statuses", () => {
    expect(() => assertPostTransition("scheduled", "publishing")).not.toThrow();
    expect(() => assertPostTransition("published", "draft")).toThrow(StateTransitionError);
    expect(() => assertPostTransition("draft", "published")).toThrow(
      "post status draft -> published is not in POST_TRANSITIONS",
    );
    expect(() => assertTargetTransition(["pending", "failed"], "pending")).not.toThrow();
    expect(() => assertTargetTransition(["unconfirmed", "published"], "pending")).toThrow(
      "target status published -> pending is not in TARGET_TRANSITIONS",
    );
    expect(() => assertTargetTransition("awaiting_manual", "failed")).toThrow(StateTransitionError);
  });
  test("targets: every status has its row; published is final; nothing is sent again on its own from unconfirmed", () => {
    expect(Object.keys(TARGET_TRANSITIONS).sort()).toEqual([...TARGET_STATUSES].sort());
    expect(TARGET_TRANSITIONS.published).toEqual([]);
    expect(canTargetTransition("unconfirmed", "publishing")).toBe(false);
    expect(canTargetTransition("pending", "published")).toBe(false);
    for (const from of TARGET_STATUSES) expect(canTargetTransition(from, "cancelled")).toBe(false);
  });
  test("editable and deletable statuses", () => {
    expect([...EDITABLE_POST_STATUSES]).toEqual(["draft", "scheduled", "failed"]);
    expect([...DELETABLE_POST_STATUSES].sort()).toEqual(POST_STATUSES.filter((s) => s !== "publishing").sort());
  });
  test("a post is scheduled from the statuses it may be edited in, and published now from those or partly published", () => {
    for (const s of POST_STATUSES) expect(mayScheduleFrom(s)).toBe(isPostEditable(s));
    expect(POST_STATUSES.filter(mayScheduleFrom)).toEqual(["draft", "scheduled", "failed"]);
    expect(POST_STATUSES.filter(mayPublishNowFrom).sort()).toEqual(
      ["draft", "failed", "partially_published", "scheduled"].sort(),
    );
    // each status it leaves from is a move the post's machine allows
    for (const s of POST_STATUSES.filter(mayScheduleFrom)) expect(canPostTransition(s, "scheduled")).toBe(true);
    for (const s of POST_STATUSES.filter(mayPublishNowFrom)) expect(canPostTransition(s, "publishing")).toBe(true);
    expect(mayPublishNowFrom("published")).toBe(false);
    expect(mayPublishNowFrom("publishing")).toBe(false);
    expect(mayPublishNowFrom("unconfirmed")).toBe(false);
  });
  test("only an X account that X reports as verified posts long captions", () => {
    expect(accountPostsLong({ platform: "twitter", longPosts: true })).toBe(true);
    expect(accountPostsLong({ platform: "twitter", longPosts: false })).toBe(false);
    expect(accountPostsLong({ platform: "twitter", longPosts: null })).toBe(false);
    expect(accountPostsLong({ platform: "twitter" })).toBe(false);
    // a flag left on another network's row does not lengthen its posts
    for (const p of PLATFORMS.filter((p) => p !== "twitter"))
      expect(accountPostsLong({ platform: p, longPosts: true })).toBe(false);
  });
  test("every post and target status has a label in both languages", () => {
    expect(postStatusKey("partially_published")).toBe("postStatusPartiallyPublished");
    expect(targetStatusKey("awaiting_manual")).toBe("targetStatusAwaitingManual");
    for (const k of [...POST_STATUSES.map(postStatusKey), ...TARGET_STATUSES.map(targetStatusKey)]) {
      expect(isMessageKey(k)).toBe(true);
      expect(MESSAGES[k].en).toBeTruthy();
      expect(MESSAGES[k].ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(messageText(postStatusKey("scheduled"), "ar")).toBe("مجدول");
  });
});

describe("platforms", () => {
  test("names and limits", () => {
    expect(PLATFORMS).toEqual(["instagram", "twitter", "snapchat", "google", "tiktok", "facebook"]);
    expect([platformLabel("tiktok", "ar"), platformLabel("FACEBOOK", "en")]).toEqual(["تيك توك", "Facebook"]);
    expect([platformLabel("google", "en"), platformLabel("GOOGLE", "ar")]).toEqual(["Google", "جوجل"]);
    expect(PLATFORM_LIMITS.google).toMatchObject({ maxLength: 1500, maxMedia: 1, requiresMedia: false, manual: false });
    expect(PLATFORM_LABELS.twitter).toEqual({ en: "X", ar: "إكس" });
  });

  test("platformLabel: one name per network from any spelling of its id, never a raw lower-case id", () => {
    expect(["instagram", "twitter", "snapchat", "facebook", "tiktok"].map((p) => platformLabel(p, "en"))).toEqual([
      "Instagram",
      "X",
      "Snapchat",
      "Facebook",
      "TikTok",
    ]);
    expect(["INSTAGRAM", "TWITTER", "SNAPCHAT", "facebook", "tiktok"].map((p) => platformLabel(p, "ar"))).toEqual([
      "إنستغرام",
      "إكس",
      "سناب شات",
      "فيسبوك",
      "تيك توك",
    ]);
    expect(platformLabel("x", "en")).toBe("X");
    expect(platformLabel("new_network", "en")).toBe("New network");
    expect(PLATFORM_LIMITS.instagram).toMatchObject({
      maxLength: 2200,
      maxHashtags: 30,
      maxMedia: 10,
      requiresMedia: true,
      firstComment: true,
    });
    expect(PLATFORM_LIMITS.twitter).toMatchObject({
      maxLength: 280,
      maxHashtags: null,
      hashtagWarnAbove: 2,
      maxMedia: 4,
      requiresMedia: false,
    });
    expect(PLATFORM_LIMITS.snapchat).toMatchObject({
      maxLength: 250,
      maxHashtags: null,
      maxMedia: 1,
      requiresMedia: true,
      manual: true,
    });
  });
});

describe("preview", () => {
  const one = (p: Parameters<typeof previewPost>[0]): PlatformPreview => previewPost(p)[0]!;

  test("one preview per platform, in the order given, each once", () => {
    expect(
      previewPost({ content: "Hi", platforms: ["snapchat", "instagram", "snapchat"], media: [photo] }).map(
        (p) => p.platform,
      ),
    ).toEqual(["snapchat", "instagram"]);
  });

  describe("Instagram", () => {
    test("a photo post with hashtags and a first comment is fine", () => {
      const p = one({
        content: "Fresh kunafa",
        hashtags: ["dessert", "kuwait"],
        firstComment: "#more",
        platforms: ["instagram"],
        media: [photo],
      });
      expect(p).toMatchObject({
        text: "Fresh kunafa\n\n#dessert #kuwait",
        length: 30,
        limit: 2200,
        remaining: 2170,
        overLimit: false,
        hashtagCount: 2,
        hashtagLimit: 30,
        mediaCount: 1,
        mediaLimit: 10,
        errors: [],
        warnings: [],
      });
      expect(p.truncated).toBe(p.text);
    });
    test("needs a photo or video", () => {
      expect(one({ content: "Hi", platforms: ["instagram"] }).errors).toEqual([
        { key: "mediaRequiredFor", params: { platform: "instagram" } },
      ]);
    });
    test("at most 30 hashtags, counting those in the caption", () => {
      const p = one({
        content: "#a #b",
        hashtags: Array.from({ length: 29 }, (_, i) => `t${i}`),
        platforms: ["instagram"],
        media: [photo],
      });
      expect(p.hashtagCount).toBe(31);
      expect(p.errors).toEqual([
        { key: "tooManyHashtagsFor", params: { platform: "instagram", limit: "30", count: "31" } },
      ]);
    });
    test("links are not clickable: a warning", () => {
      expect(
        keysOf(one({ content: "Menu at sufra.kw/menu", platforms: ["instagram"], media: [photo] }).warnings),
      ).toEqual(["instagramLinksNotClickable"]);
    });
    test("over 2200, close to it, and at most 10 media", () => {
      expect(one({ content: "ب".repeat(2201), platforms: ["instagram"], media: [photo] }).errors).toEqual([
        { key: "captionTooLongFor", params: { platform: "instagram", limit: "2200", length: "2201" } },
      ]);
      expect(one({ content: "ب".repeat(2000), platforms: ["instagram"], media: [photo] }).warnings).toEqual([
        { key: "captionNearLimit", params: { platform: "instagram", limit: "2200", remaining: "200" } },
      ]);
      expect(keysOf(one({ content: "x", platforms: ["instagram"], media: Array(11).fill(photo) }).errors)).toEqual([
        "mediaTooManyItems",
      ]);
    });
    test("the media's own problems on the platform come from media.ts", () => {
      const wide = { kind: "image" as const, bytes: 100_000, width: 3000, height: 1000 };
      expect(keysOf(one({ content: "x", platforms: ["instagram"], media: [wide] }).errors)).toEqual([
        "mediaRatioOutOfRange",
      ]);
    });
  });

  describe("Google", () => {
    test("one JPG or PNG photo of at least 250 x 250; no video (local posts take none)", () => {
      expect(one({ content: "x", platforms: ["google"], media: [photo] }).errors).toEqual([]);
      expect(one({ content: "x", platforms: ["google"], media: [video] }).errors).toEqual([
        { key: "mediaVideoNotTakenBy", params: { platform: "google" } },
      ]);
      expect(
        one({ content: "x", platforms: ["google"], media: [{ ...photo, width: 240, height: 400 }] }).errors,
      ).toEqual([
        { key: "mediaImageTooSmallFor", params: { platform: "google", min: "250", width: "240", height: "400" } },
      ]);
      expect(keysOf(one({ content: "x", platforms: ["google"], media: [photo, photo] }).errors)).toEqual([
        "mediaTooManyItems",
      ]);
    });
  });

  describe("X", () => {
    test("text only is fine; more than 2 hashtags is a warning", () => {
      const p = one({ content: "Open till 2am", hashtags: ["kuwait", "food", "late"], platforms: ["twitter"] });
      expect(p).toMatchObject({ hashtagCount: 3, hashtagLimit: null, mediaLimit: 4, errors: [] });
      expect(p.warnings).toEqual([{ key: "hashtagsReduceReach", params: { platform: "twitter", count: "3" } }]);
    });
    test("nothing to post at all", () => {
      expect(keysOf(one({ content: " ", platforms: ["twitter"] }).errors)).toEqual(["captionOrMediaRequired"]);
    });
    test("up to 4 photos, or one video alone; a first comment is not posted there", () => {
      expect(keysOf(one({ content: "x", platforms: ["twitter"], media: Array(5).fill(photo) }).errors)).toEqual([
        "mediaTooManyItems",
      ]);
      expect(keysOf(one({ content: "x", platforms: ["twitter"], media: [photo, video] }).errors)).toEqual([
        "videoAloneFor",
      ]);
      expect(one({ content: "x", platforms: ["twitter"], media: [video] }).errors).toEqual([]);
      expect(keysOf(one({ content: "x", firstComment: "more", platforms: ["twitter"] }).warnings)).toEqual([
        "firstCommentNotSupported",
      ]);
    });
    test("weighted counting: a URL is 23, CJK 2, Arabic 1", () => {
      const p = one({
        content: `${"ب".repeat(230)} https://sufra.kw/a/very/long/path/to/the/ramadan/menu 漢字`,
        platforms: ["twitter"],
      });
      expect(p.length).toBe(230 + 1 + 23 + 1 + 4);
      expect(p.overLimit).toBe(false);
      // the link also draws X's cost warning (x-thread.test.ts)
      expect(keysOf(p.warnings)).toEqual(["captionNearLimit", "xLinkCosts"]);
    });
    test("truncation respects the weighted limit and ends with an ellipsis (weight 2)", () => {
      const cjk = one({ content: "漢".repeat(150), platforms: ["twitter"] });
      expect(cjk.length).toBe(300);
      expect(cjk.truncated).toBe("漢".repeat(139) + "…");
      expect(xWeightedLength(cjk.truncated)).toBe(280);

      const mixed = one({ content: `${"ب".repeat(270)} 🇰🇼🇰🇼🇰🇼🇰🇼🇰🇼🇰🇼`, platforms: ["twitter"] });
      expect(mixed.length).toBe(283);
      expect(mixed.truncated).toBe(`${"ب".repeat(270)} 🇰🇼🇰🇼🇰🇼…`);
      expect(xWeightedLength(mixed.truncated)).toBe(279);
    });
    test("truncation never cuts a URL in half", () => {
      const p = one({ content: `${"a".repeat(260)} https://sufra.kw/menu ${"b".repeat(10)}`, platforms: ["twitter"] });
      expect(p.overLimit).toBe(true);
      expect(p.truncated).toBe(`${"a".repeat(260)}…`);
      expect(truncateForPlatform("twitter", "short")).toBe("short");
    });
  });

  describe("Snapchat", () => {
    test("posted by hand: always a warning; one photo or video, required; 250 characters", () => {
      const p = one({ content: "Weekend brunch", platforms: ["snapchat"], media: [photo] });
      expect(p).toMatchObject({ limit: 250, mediaLimit: 1, hashtagLimit: null, errors: [] });
      expect(keysOf(p.warnings)).toEqual(["snapchatManual"]);
      expect(keysOf(one({ content: "x", platforms: ["snapchat"] }).errors)).toEqual(["mediaRequiredFor"]);
      expect(keysOf(one({ content: "x", platforms: ["snapchat"], media: [photo, photo] }).errors)).toEqual([
        "mediaTooManyItems",
      ]);
      const long = one({ content: "😋".repeat(251), platforms: ["snapchat"], media: [photo] });
      expect(long).toMatchObject({ length: 251, overLimit: true });
      expect(long.truncated).toBe("😋".repeat(249) + "…");
      expect(keysOf(long.errors)).toEqual(["captionTooLongFor"]);
    });
  });

  test("every issue renders in both languages, with the platform's name and no placeholder left", () => {
    const all = previewPost({
      content: "a".repeat(2300) + " sufra.kw",
      hashtags: Array.from({ length: 31 }, (_, i) => `t${i}`),
      firstComment: "more",
      platforms: ["instagram", "twitter", "snapchat"],
      media: [photo, video, { kind: "image", bytes: 100, width: 3000, height: 1000 }],
    });
    const issues = all.flatMap((p) => [...p.errors, ...p.warnings]);
    expect(new Set(issues.map((i) => i.key)).size).toBeGreaterThan(8);
    for (const issue of issues) {
      expect(isMessageKey(issue.key)).toBe(true);
      for (const locale of ["en", "ar"] as const) expect(postIssueText(issue, locale)).not.toMatch(/[{}]/);
    }
  });

  test("postIssueText: the platform by name, numbers the language's way", () => {
    const issue: PostIssue = {
      key: "captionTooLongFor",
      params: { platform: "twitter", limit: "280", length: "2301" },
    };
    expect(postIssueText(issue, "en")).toBe("X allows at most 280 characters; this caption has 2,301");
    expect(postIssueText(issue, "ar")).toBe("الحد الأقصى للأحرف على إكس هو ٢٨٠، وطول هذا النص ٢٬٣٠١");
    expect(postIssueText(issue, "ar", String)).toBe("الحد الأقصى للأحرف على إكس هو 280، وطول هذا النص 2301");
  });
});

describe("urlsIn", () => {
  test("each address where it starts, sentence punctuation and an unbalanced bracket left out, bare domains too", () => {
    const text = "Order: https://cafe.example/order?x=1. Menu (https://cafe.example/menu) or cafe.kw, not hi@cafe.kw";
    expect(urlsIn(text)).toEqual([
      { url: "https://cafe.example/order?x=1", index: 7 },
      { url: "https://cafe.example/menu", index: 45 },
      { url: "cafe.kw", index: 75 },
    ]);
    for (const u of urlsIn(text)) expect(text.slice(u.index, u.index + u.url.length)).toBe(u.url);
    // indexes into the NFC text, astral characters (emoji) counted as JavaScript counts them
    const ar = "🙂 اطلب https://a.kw/x";
    expect(urlsIn(ar)).toEqual([{ url: "https://a.kw/x", index: ar.indexOf("https") }]);
    expect(urlsIn("No links here #karak")).toEqual([]);
  });
});
