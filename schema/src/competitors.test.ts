// The competitor rules both sides share: usernames per network (the @ and profile links taken off,
// lower case), area and cuisine from the vocabularies, a day's figures as people write them, the CSV
// reader's headers in English and Arabic, themes from captions, and the benchmark's summary in both
// languages from message templates and numbers.
import { describe, expect, test } from "@jest/globals";
import {
  addDays,
  benchmarkSummary,
  COMPETITOR_CSV_TEMPLATE,
  competitorBenchmarkQuerySchema,
  competitorHandleProblem,
  competitorInputSchema,
  competitorRowMessages,
  competitorSnapshotSchema,
  fieldErrors,
  findCompetitorPlatform,
  kuwaitDate,
  normaliseHandle,
  readCompetitorCsv,
  readFigure,
  summaryPointText,
  summaryText,
  themesOf,
  COMPETITOR_METRIC_LABELS,
  COMPETITOR_FIELD_LABELS,
  COMPETITOR_SOURCE_LABELS,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, "");

describe("competitor form", () => {
  test("the username loses its @, its profile link and its capitals; area and cuisine become vocabulary keys", () => {
    const r = competitorInputSchema.parse({
      name: "  Cafe   X ",
      platform: "Instagram",
      handle: "https://www.instagram.com/Cafe.X/?hl=en",
      area: "Al-Salmiya",
      cuisine: "Coffee shop",
    });
    expect(r).toEqual({ name: "Cafe X", platform: "instagram", handle: "cafe.x", area: "salmiya", cuisine: "cafe" });
    expect(
      competitorInputSchema.parse({
        name: "بيت القهوة",
        platform: "إكس",
        handle: "@Bait_Qahwa",
        area: "منطقة جديدة",
        cuisine: "",
      }),
    ).toEqual({
      name: "بيت القهوة",
      platform: "twitter",
      handle: "bait_qahwa",
      area: "منطقة جديدة",
      cuisine: null,
    });
    expect(normaliseHandle("x.com/@Karak_KW")).toBe("karak_kw");
    expect(normaliseHandle("https://snapchat.com/add/Dar.Qahwa")).toBe("dar.qahwa");
  });

  test("each network's username rule", () => {
    expect(competitorHandleProblem("cafe.x_2", "instagram")).toBeNull();
    expect(competitorHandleProblem(".cafe", "instagram")).toBe("competitorHandleInstagram");
    expect(competitorHandleProblem("cafe..x", "instagram")).toBe("competitorHandleInstagram");
    expect(competitorHandleProblem("a".repeat(31), "instagram")).toBe("competitorHandleInstagram");
    expect(competitorHandleProblem("cafe.x", "twitter")).toBe("competitorHandleTwitter");
    expect(competitorHandleProblem("a".repeat(16), "twitter")).toBe("competitorHandleTwitter");
    expect(competitorHandleProblem("dar-qahwa", "snapchat")).toBeNull();
    expect(competitorHandleProblem("2dar", "snapchat")).toBe("competitorHandleSnapchat");
    expect(competitorHandleProblem("", "snapchat")).toBe("competitorHandleRequired");
    expect(errorsOf(competitorInputSchema.safeParse({ name: "", platform: "myspace", handle: "x" }))).toEqual({
      name: ["competitorNameRequired"],
      platform: ["competitorPlatformInvalid"],
    });
    expect(errorsOf(competitorInputSchema.safeParse({ name: "Cafe", platform: "twitter", handle: "café" }))).toEqual({
      handle: ["competitorHandleTwitter"],
    });
    expect(
      errorsOf(
        competitorInputSchema.safeParse({
          name: "x".repeat(81),
          platform: "instagram",
          handle: "ok",
          area: "a".repeat(61),
        }),
      ),
    ).toEqual({ name: ["competitorNameTooLong"], area: ["areaTooLong"] });
  });

  test("networks by their names in both languages", () => {
    expect(["ig", "Insta", "انستقرام", "إنستغرام"].map(findCompetitorPlatform)).toEqual([
      "instagram",
      "instagram",
      "instagram",
      "instagram",
    ]);
    expect(["X", "twitter", "تويتر"].map(findCompetitorPlatform)).toEqual(["twitter", "twitter", "twitter"]);
    expect(["Snap Chat", "سناب شات"].map(findCompetitorPlatform)).toEqual(["snapchat", "snapchat"]);
    expect(findCompetitorPlatform("tiktok")).toBeNull();
  });
});

describe("a day's figures", () => {
  test("numbers as spreadsheets and people write them", () => {
    expect(["12,500", "12.5k", "1.2M", "٣٫٤", "3.4%", " 7 ", ".5"].map(readFigure)).toEqual([
      12500, 12500, 1200000, 3.4, 3.4, 7, 0.5,
    ]);
    expect(readFigure("twelve")).toBe("twelve");
    const r = competitorSnapshotSchema.parse({
      day: "01/03/2026",
      followers: "12,500",
      postsPerWeek: "6",
      avgEngagement: "3.456%",
      topThemes: "#Karak; breakfast | KARAK، حلويات",
    });
    expect(r).toEqual({
      day: "2026-03-01",
      followers: 12500,
      postsPerWeek: 6,
      avgEngagement: 3.46,
      topThemes: ["karak", "breakfast", "حلويات"],
    });
    expect(competitorSnapshotSchema.parse({ day: "2026-03-02", followers: null, topThemes: ["desserts"] })).toEqual({
      day: "2026-03-02",
      topThemes: ["desserts"],
    });
  });

  test("refusals name the field", () => {
    const tomorrow = addDays(kuwaitDate(), 1);
    expect(errorsOf(competitorSnapshotSchema.safeParse({ day: tomorrow, followers: 1 }))).toEqual({
      day: ["competitorDateFuture"],
    });
    expect(errorsOf(competitorSnapshotSchema.safeParse({ day: "31/02/2026", followers: 1 }))).toEqual({
      day: ["competitorDateInvalid"],
    });
    expect(
      errorsOf(
        competitorSnapshotSchema.safeParse({
          day: "2026-03-01",
          followers: "12.5",
          postsPerWeek: 1001,
          avgEngagement: "120%",
        }),
      ),
    ).toEqual({
      followers: ["competitorFollowersInvalid"],
      postsPerWeek: ["competitorPostsPerWeekInvalid"],
      avgEngagement: ["competitorEngagementInvalid"],
    });
    expect(errorsOf(competitorSnapshotSchema.safeParse({ day: "2026-03-01", topThemes: "a;b;c;d;e;f" }))).toEqual({
      topThemes: ["competitorThemesTooMany"],
    });
    expect(errorsOf(competitorSnapshotSchema.safeParse({ day: "2026-03-01" }))).toEqual({
      followers: ["competitorSnapshotEmpty"],
    });
  });

  test("a row's problems read in both languages", () => {
    const errors = { followers: ["competitorFollowersInvalid"], day: ["competitorDateInvalid"] };
    expect(competitorRowMessages(errors, "en")).toEqual([
      "Followers: Followers must be a whole number, 0 or more",
      "Date: Enter the date as YYYY-MM-DD or DD/MM/YYYY",
    ]);
    expect(competitorRowMessages(errors, "ar")).toEqual([
      "المتابعون: يجب أن يكون عدد المتابعين عددًا صحيحًا، ٠ أو أكثر",
      "التاريخ: أدخل التاريخ بالصيغة YYYY-MM-DD أو DD/MM/YYYY",
    ]);
  });

  test("the benchmark's window and history", () => {
    expect(competitorBenchmarkQuerySchema.parse({})).toEqual({ days: 28, historyDays: 180 });
    expect(competitorBenchmarkQuerySchema.parse({ days: "14", historyDays: "" })).toEqual({
      days: 14,
      historyDays: 180,
    });
    expect(errorsOf(competitorBenchmarkQuerySchema.safeParse({ days: 3, historyDays: 1000 }))).toEqual({
      days: ["competitorBenchmarkDaysInvalid"],
      historyDays: ["competitorHistoryDaysInvalid"],
    });
  });

  test("every label has both languages", () => {
    for (const labels of [COMPETITOR_METRIC_LABELS, COMPETITOR_FIELD_LABELS, COMPETITOR_SOURCE_LABELS])
      for (const l of Object.values(labels)) expect(l.en && l.ar).toBeTruthy();
  });
});

describe("CSV", () => {
  test("English headers in any order, quoted themes, blank lines skipped", () => {
    const csv =
      'date,handle,name,followers,posts_per_week,avg_engagement,top_themes,platform\r\n2026-03-01,cafex,Cafe X,"12,500",6,3.4,"karak, breakfast",instagram\r\n\r\n2026-03-02,@bait,Bait,900,,,,X\r\n';
    const r = readCompetitorCsv(csv);
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          name: "Cafe X",
          handle: "cafex",
          platform: "instagram",
          date: "2026-03-01",
          followers: "12,500",
          postsPerWeek: "6",
          avgEngagement: "3.4",
          topThemes: "karak, breakfast",
          area: "",
          cuisine: "",
        },
        {
          line: 4,
          name: "Bait",
          handle: "@bait",
          platform: "X",
          date: "2026-03-02",
          followers: "900",
          postsPerWeek: "",
          avgEngagement: "",
          topThemes: "",
          area: "",
          cuisine: "",
        },
      ],
    });
  });

  test("the Arabic template's header reads", () => {
    const r = readCompetitorCsv(
      `${COMPETITOR_CSV_TEMPLATE.ar}بيت القهوة,baitqahwa,إنستغرام,٠١/٠٣/٢٠٢٦,٣٠٠٠,٤,٢٫٥,قهوة;حلويات\n`,
    );
    expect(r.ok && r.rows[0]).toEqual({
      line: 2,
      name: "بيت القهوة",
      handle: "baitqahwa",
      platform: "إنستغرام",
      date: "٠١/٠٣/٢٠٢٦",
      followers: "٣٠٠٠",
      postsPerWeek: "٤",
      avgEngagement: "٢٫٥",
      topThemes: "قهوة;حلويات",
      area: "",
      cuisine: "",
    });
    expect(readCompetitorCsv(COMPETITOR_CSV_TEMPLATE.en)).toEqual({ ok: false, problem: "competitorImportEmpty" });
  });

  test("whole-file refusals", () => {
    expect(readCompetitorCsv("name,followers\nCafe,1\n")).toEqual({
      ok: false,
      problem: "competitorImportColumnsMissing",
    });
    expect(readCompetitorCsv('handle,date\n"cafe,2026-03-01\n')).toEqual({
      ok: false,
      problem: "reviewImportUnclosedQuote",
    });
    expect(readCompetitorCsv(`handle,date\n${"cafe,2026-03-01\n".repeat(1001)}`)).toEqual({
      ok: false,
      problem: "competitorImportTooManyRows",
    });
    expect(readCompetitorCsv("")).toEqual({ ok: false, problem: "competitorImportEmpty" });
  });
});

describe("themes from captions", () => {
  test("hashtags first by how many captions use them, then words seen in two captions or more", () => {
    const captions = [
      "Fresh #Karak and #breakfast today",
      "#karak with saffron cake",
      "Saffron cake is back! #Desserts",
      "كرك الزعفران #كرك",
      "كرك بارد اليوم",
    ];
    expect(themesOf(captions)).toEqual(["karak", "breakfast", "desserts", "كرك", "cake"]);
    expect(themesOf(captions, 3)).toEqual(["karak", "breakfast", "desserts"]);
    expect(themesOf([])).toEqual([]);
  });
});

describe("the benchmark's summary", () => {
  const own = { instagram: { followers: 4200, postsPerWeek: 3.5, avgEngagement: 2.1, topThemes: ["karak"] } };
  const competitors = [
    {
      name: "Cafe X",
      platform: "instagram" as const,
      latest: { followers: 12500, postsPerWeek: 6, avgEngagement: 1.8, topThemes: ["karak", "brunch", "desserts"] },
    },
    {
      name: "بيت القهوة",
      platform: "instagram" as const,
      latest: { followers: 3000, postsPerWeek: 2, avgEngagement: null, topThemes: ["desserts"] },
    },
    { name: "Later", platform: "instagram" as const, latest: null },
  ];

  test("leads and trails against the best of them, with the count ahead", () => {
    expect(benchmarkSummary({ own, competitors })).toEqual([
      {
        key: "competitorSummaryFollowersTrailMany",
        platform: "instagram",
        metric: "followers",
        own: 4200,
        theirs: 12500,
        name: "Cafe X",
        ahead: 1,
        total: 2,
      },
      {
        key: "competitorSummaryPostsTrailMany",
        platform: "instagram",
        metric: "postsPerWeek",
        own: 3.5,
        theirs: 6,
        name: "Cafe X",
        ahead: 1,
        total: 2,
      },
      {
        key: "competitorSummaryEngagementLead",
        platform: "instagram",
        metric: "avgEngagement",
        own: 2.1,
        theirs: 1.8,
        name: "Cafe X",
        ahead: 0,
        total: 1,
      },
      { key: "competitorSummaryThemes", platform: "instagram", themes: ["desserts", "brunch"] },
    ]);
  });

  test("the text in English and in Arabic, numbers in each language's digits", () => {
    const points = benchmarkSummary({ own, competitors });
    expect(plain(summaryText(points, "en"))).toBe(
      "On Instagram, you have 4,200 followers, fewer than Cafe X (12,500); 1 of the 2 competitors you follow have more. " +
        "On Instagram, you post 3.5 times a week, less than Cafe X (6); 1 of the 2 competitors you follow post more often. " +
        "On Instagram, your posts engage the most: 2.1% average engagement, ahead of every competitor you follow (the closest: Cafe X, 1.8%). " +
        "On Instagram, your competitors post about desserts, brunch, which you have not posted about lately.",
    );
    expect(plain(summaryPointText(points[1]!, "ar"))).toBe(
      "على إنستغرام، تنشر ٣٫٥ مرة في الأسبوع، أقل من Cafe X (٦)؛ و١ من أصل ٢ من المنافسين الذين تتابعهم ينشرون أكثر منك.",
    );
    // the name keeps its own direction inside the other script
    expect(summaryPointText(points[1]!, "ar")).toContain("\u2068Cafe X\u2069");
    // each theme on its own, joined by the Arabic comma in the sentence's direction (one isolate around the
    // list would set it left to right, its order turned around for an Arabic reader)
    expect(summaryPointText(points[3]!, "ar")).toContain("\u2068desserts\u2069، \u2068brunch\u2069");
    expect(summaryPointText(points[3]!, "en")).toContain("\u2068desserts\u2069, \u2068brunch\u2069");
    const latin = { number: (n: number, d: number) => n.toFixed(n % 1 ? d : 0), percent: (n: number) => `${n}%` };
    expect(plain(summaryPointText(points[2]!, "ar", latin))).toBe(
      "على إنستغرام، منشوراتك الأعلى تفاعلًا: متوسط التفاعل 2.1%، متقدّمًا على كل المنافسين الذين تتابعهم (الأقرب: Cafe X، 1.8%).",
    );
  });

  test("one competitor, a tie, no own figures, no readings at all", () => {
    const one = [
      {
        name: "Cafe X",
        platform: "instagram" as const,
        latest: { followers: 4200, postsPerWeek: 6, avgEngagement: null, topThemes: [] },
      },
    ];
    const points = benchmarkSummary({ own, competitors: one });
    expect(points.map((p) => p.key)).toEqual(["competitorSummaryLevel", "competitorSummaryPostsTrail"]);
    expect(plain(summaryPointText(points[0]!, "en"))).toBe(
      "On Instagram, you are level with Cafe X on followers (4,200).",
    );
    expect(plain(summaryPointText(points[1]!, "en"))).toBe(
      "On Instagram, you post 3.5 times a week, less than Cafe X (6).",
    );
    expect(
      benchmarkSummary({
        own: {},
        competitors: [
          {
            name: "Snap",
            platform: "snapchat",
            latest: { followers: 10, postsPerWeek: null, avgEngagement: null, topThemes: [] },
          },
        ],
      }),
    ).toEqual([{ key: "competitorSummaryNoOwn", platform: "snapchat" }]);
    const none = benchmarkSummary({ own, competitors: [] });
    expect(none).toEqual([{ key: "competitorSummaryNoSnapshots" }]);
    expect(summaryText(none, "ar")).toBe(
      "أضف أرقام منافسيك (يدويًا أو من ملف CSV أو من إنستغرام) لترى أين تتقدّم وأين تتأخر.",
    );
  });
});
