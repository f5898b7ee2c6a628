// The competitors screen: the empty state that teaches; the cards with each competitor's latest
// figures in the person's digits; the summary written from the server's points in English and in
// Arabic (RTL); the benchmark charts' figures as tables; the add form's messages from the shared
// rules (the username checked against the network chosen); a day's figures; reading from Instagram
// when the Facebook sign-in is missing (the states of that sign-in are in Discovery.test.tsx); the CSV
// import's wrong lines, and a file refused before sending.
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CompetitorsBenchmarkDocument,
  CompetitorsCreateDocument,
  CompetitorsDiscoveryDocument,
  CompetitorsFetchDocument,
  CompetitorsImportDocument,
  CompetitorsSaveSnapshotDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, resetScreenWidth, setScreenWidth, signIn, recordedMock } from "../../../test/screens.tsx";
import CompetitorsPage from "./CompetitorsPage.tsx";

const snapshot = (id: string, competitorId: string, day: string, extra: Record<string, unknown> = {}) => ({
  __typename: "CompetitorSnapshot",
  id,
  competitorId,
  day,
  followers: null,
  postsPerWeek: null,
  avgEngagement: null,
  topThemes: [],
  source: "MANUAL",
  simulated: false,
  ...extra,
});
const competitor = (id: string, name: string, handle: string, extra: Record<string, unknown> = {}) => ({
  __typename: "Competitor",
  id,
  name,
  platform: "INSTAGRAM",
  handle,
  area: null,
  cuisine: null,
  ...extra,
});

const CAFE_X_LATEST = snapshot("s2", "c1", "2026-03-08", {
  followers: 12500,
  postsPerWeek: 6,
  avgEngagement: 1.8,
  topThemes: ["karak", "brunch"],
  source: "INSTAGRAM",
});
const BENCHMARK = {
  __typename: "CompetitorBenchmark",
  from: "2026-02-10",
  to: "2026-03-09",
  days: 28,
  historyFrom: "2025-09-11",
  own: [
    {
      __typename: "CompetitorOwnFigures",
      platform: "INSTAGRAM",
      followers: 2000,
      postsPerWeek: 0.5,
      avgEngagement: 14.25,
      topThemes: ["karak"],
      posts: 2,
      simulated: false,
    },
  ],
  ownHistory: [
    {
      __typename: "CompetitorFollowersPoint",
      platform: "INSTAGRAM",
      day: "2026-02-17",
      followers: 1800,
      simulated: false,
    },
    {
      __typename: "CompetitorFollowersPoint",
      platform: "INSTAGRAM",
      day: "2026-03-08",
      followers: 2000,
      simulated: false,
    },
  ],
  competitors: [
    {
      __typename: "CompetitorBenchmarkEntry",
      competitor: competitor("c1", "Cafe X", "cafe.x", { area: "salmiya", cuisine: "cafe" }),
      latest: CAFE_X_LATEST,
      history: [snapshot("s1", "c1", "2026-02-07", { followers: 11000, postsPerWeek: 5 }), CAFE_X_LATEST],
    },
    {
      __typename: "CompetitorBenchmarkEntry",
      competitor: competitor("c2", "بيت القهوة", "bait_qahwa", { platform: "TWITTER" }),
      latest: snapshot("s3", "c2", "2026-03-09", { followers: 1500 }),
      history: [snapshot("s3", "c2", "2026-03-09", { followers: 1500 })],
    },
    {
      __typename: "CompetitorBenchmarkEntry",
      competitor: competitor("c3", "Not read yet", "not.read"),
      latest: null,
      history: [],
    },
  ],
  summary: [
    {
      __typename: "CompetitorSummaryPoint",
      key: "competitorSummaryFollowersTrail",
      platform: "INSTAGRAM",
      metric: "FOLLOWERS",
      own: 2000,
      theirs: 12500,
      name: "Cafe X",
      ahead: 1,
      total: 1,
      themes: null,
    },
    {
      __typename: "CompetitorSummaryPoint",
      key: "competitorSummaryPostsTrail",
      platform: "INSTAGRAM",
      metric: "POSTS_PER_WEEK",
      own: 0.5,
      theirs: 6,
      name: "Cafe X",
      ahead: 1,
      total: 1,
      themes: null,
    },
    {
      __typename: "CompetitorSummaryPoint",
      key: "competitorSummaryEngagementLead",
      platform: "INSTAGRAM",
      metric: "AVG_ENGAGEMENT",
      own: 14.25,
      theirs: 1.8,
      name: "Cafe X",
      ahead: 0,
      total: 1,
      themes: null,
    },
    {
      __typename: "CompetitorSummaryPoint",
      key: "competitorSummaryThemes",
      platform: "INSTAGRAM",
      metric: null,
      own: null,
      theirs: null,
      name: null,
      ahead: null,
      total: null,
      themes: ["brunch"],
    },
    {
      __typename: "CompetitorSummaryPoint",
      key: "competitorSummaryNoOwn",
      platform: "TWITTER",
      metric: null,
      own: null,
      theirs: null,
      name: null,
      ahead: null,
      total: null,
      themes: null,
    },
  ],
};

const benchmarkMock = (b: object = BENCHMARK) => ({
  request: { query: CompetitorsBenchmarkDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { competitorBenchmark: b } },
});
const EMPTY = {
  ...BENCHMARK,
  own: [],
  ownHistory: [],
  competitors: [],
  summary: [
    {
      ...BENCHMARK.summary[0],
      key: "competitorSummaryNoSnapshots",
      platform: null,
      metric: null,
      own: null,
      theirs: null,
      name: null,
      ahead: null,
      total: null,
    },
  ],
};

/** A mutation's mock that records the variables it was called with. */
const recorded = recordedMock;

/** The Facebook sign-in for reading competitors from Instagram, done (its other states: Discovery.test.tsx). */
const discoveryMock = {
  request: { query: CompetitorsDiscoveryDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      competitorDiscovery: {
        __typename: "CompetitorDiscovery",
        configured: true,
        demo: false,
        status: "CONNECTED",
        instagramUsername: "daralqahwa",
        pageName: "Dar Al Qahwa",
        connectedAt: "2026-03-01T09:00:00.000Z",
        expiresAt: "2030-04-30T09:00:00.000Z",
      },
    },
  },
};

const render = (mocks: object[]) =>
  renderWithMocks([{ path: "/competitors", element: <CompetitorsPage /> }], "/competitors", [
    discoveryMock,
    ...mocks,
  ] as never);
const plain = (s: string | null | undefined) => (s ?? "").replace(/[\u2068\u2069]/g, "");
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));

beforeEach(async () => {
  signIn("client");
  setScreenWidth(1280);
  await inLanguage("en");
});
afterEach(() => resetScreenWidth());

describe("the list and the benchmark", () => {
  test("no competitors yet: the empty state says what the screen does and how to start", async () => {
    render([benchmarkMock(EMPTY)]);
    const empty = await screen.findByTestId("competitors-empty");
    expect(
      within(empty).getByRole("heading", { name: "See how you compare with the places around you" }),
    ).toBeInTheDocument();
    expect(empty).toHaveTextContent("read straight from Instagram for professional accounts");
    expect(within(empty).getByRole("button", { name: "Add competitor" })).toBeInTheDocument();
    expect(within(empty).getByRole("button", { name: "Import CSV" })).toBeInTheDocument();
    expect(within(empty).getByRole("button", { name: "Template (Arabic headers)" })).toBeInTheDocument();
    expect(screen.queryByTestId("competitor-summary")).toBeNull();
  }, 60_000);

  test("cards with each competitor's latest figures, the summary, and the charts' figures as tables", async () => {
    render([benchmarkMock()]);
    const cards = await screen.findAllByTestId("competitor-card");
    expect(cards).toHaveLength(3);
    const cafe = within(cards[0]!);
    expect(cafe.getByText("Cafe X")).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent("@cafe.x · Salmiya · Café");
    expect(cards[0]).toHaveTextContent("Latest figures, Mar 8, 2026");
    expect(cards[0]).toHaveTextContent("Read from Instagram");
    expect(cards[0]).toHaveTextContent("Followers12,500");
    expect(cards[0]).toHaveTextContent("Posts per week6");
    expect(cards[0]).toHaveTextContent("Average engagement1.8%");
    expect(cafe.getByText("#karak")).toBeInTheDocument();
    expect(cafe.getByRole("button", { name: "Fetch from Instagram" })).toBeInTheDocument();
    // X competitors cannot be read from the network
    expect(within(cards[1]!).queryByRole("button", { name: "Fetch from Instagram" })).toBeNull();
    expect(cards[2]).toHaveTextContent("No figures yet");
    expect(screen.getByTestId("competitor-count")).toHaveTextContent("3 of 50 competitors");

    const summary = screen.getByTestId("competitor-summary");
    const sentences = within(summary)
      .getAllByRole("listitem")
      .map((li) => plain(li.textContent));
    expect(sentences).toEqual([
      "On Instagram, you have 2,000 followers, fewer than Cafe X (12,500).",
      "On Instagram, you post 0.5 times a week, less than Cafe X (6).",
      "On Instagram, your posts engage the most: 14.3% average engagement, ahead of every competitor you follow (the closest: Cafe X, 1.8%).",
      "On Instagram, your competitors post about brunch, which you have not posted about lately.",
      "On X, Sufra has none of your own figures for this period yet: publish through Sufra to compare.",
    ]);

    // jsdom has no canvas: each chart shows its figures as a table
    const followers = within(screen.getByTestId("chart-followers")).getByRole("table", { name: "Followers" });
    expect(rowsOf(followers)).toEqual([
      ["Account", "You", "Competitors"],
      ["You on Instagram", "2,000", "—"],
      ["Cafe X", "—", "12,500"],
      ["بيت القهوة", "—", "1,500"],
    ]);
    const history = within(screen.getByTestId("chart-history")).getByRole("table", { name: "Followers over time" });
    expect(rowsOf(history)).toEqual([
      ["Day", "Cafe X", "You", "بيت القهوة"],
      ["Feb 7, 2026", "11,000", "—", "—"],
      ["Feb 17, 2026", "—", "1,800", "—"],
      ["Mar 8, 2026", "12,500", "2,000", "—"],
      ["Mar 9, 2026", "—", "—", "1,500"],
    ]);
    fireEvent.click(screen.getByText("Posts per week", { selector: ".ant-segmented-item-label" }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId("chart-history")).getByRole("table", { name: "Posts per week over time" }),
      ).toBeInTheDocument(),
    );
  }, 60_000);

  test("in Arabic: right to left, the summary in Arabic with Arabic-Indic digits", async () => {
    await inLanguage("ar");
    render([benchmarkMock()]);
    const summary = await screen.findByTestId("competitor-summary");
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByRole("heading", { level: 1, name: "المنافسون" })).toBeInTheDocument();
    const sentences = within(summary)
      .getAllByRole("listitem")
      .map((li) => plain(li.textContent));
    expect(sentences[0]).toBe("على إنستغرام، عدد متابعيك ٢٬٠٠٠، أقل من Cafe X (١٢٬٥٠٠).");
    expect(sentences[1]).toBe("على إنستغرام، تنشر ٠٫٥ مرة في الأسبوع، أقل من Cafe X (٦).");
    expect(sentences[4]).toBe("على إكس، لا توجد لدى سفرة أرقامك لهذه الفترة بعد: انشر عبر سفرة لتقارن.");
    expect((await screen.findAllByTestId("competitor-card"))[0]).toHaveTextContent("١٢٬٥٠٠");
  }, 60_000);

  test("a phone (360 px) shows the same cards in one column, with every action", async () => {
    setScreenWidth(360);
    render([benchmarkMock()]);
    const cards = await screen.findAllByTestId("competitor-card");
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole("button", { name: "Add figures" })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole("button", { name: "Edit: Cafe X" })).toBeInTheDocument();
  }, 60_000);
});

describe("adding and reading", () => {
  test("the add form's messages come from the shared rules; the username is checked against the network", async () => {
    const create = recorded(CompetitorsCreateDocument, (v) => ({
      data: {
        createCompetitor: competitor("c9", "Karak House", "karakhouse", {
          platform: "TWITTER",
          ...((v.input as object) ?? {}),
        }),
      },
    }));
    render([benchmarkMock(), create.mock]);
    fireEvent.click(await screen.findByTestId("add-competitor"));
    const dialog = await screen.findByRole("dialog", { name: "Add a competitor" });
    const submit = () => fireEvent.click(within(dialog).getByText("Add competitor").closest("button")!);
    submit();
    expect(await within(dialog).findByText("Enter the competitor's name")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the account's username")).toBeInTheDocument();
    expect(create.calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Karak House" } });
    fireEvent.change(within(dialog).getByLabelText("Username"), { target: { value: "karak..house" } });
    expect(await within(dialog).findByText(/An Instagram username has up to 30 letters/)).toBeInTheDocument();

    // X: no dots at all
    fireEvent.mouseDown(within(dialog).getByLabelText("Network"));
    fireEvent.click(await screen.findByTitle("X"));
    fireEvent.change(within(dialog).getByLabelText("Username"), { target: { value: "@Karak.House" } });
    expect(
      await within(dialog).findByText("An X username has up to 15 letters, numbers and underscores"),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Username"), { target: { value: "@KarakHouse" } });
    await waitFor(() =>
      expect(within(dialog).queryByText("An X username has up to 15 letters, numbers and underscores")).toBeNull(),
    );
    submit();
    expect(await screen.findByText("Karak House added")).toBeInTheDocument();
    expect(create.calls).toEqual([
      { input: { name: "Karak House", platform: "TWITTER", handle: "@KarakHouse", area: null, cuisine: null } },
    ]);
  }, 60_000);

  test("in Arabic, the form's messages are Arabic", async () => {
    await inLanguage("ar");
    render([benchmarkMock()]);
    fireEvent.click(await screen.findByTestId("add-competitor"));
    const dialog = await screen.findByRole("dialog", { name: "إضافة منافس" });
    fireEvent.click(within(dialog).getByText("إضافة منافس", { selector: "button span" }).closest("button")!);
    expect(await within(dialog).findByText("أدخل اسم المنافس")).toBeInTheDocument();
    expect(within(dialog).getByText("أدخل اسم مستخدم الحساب")).toBeInTheDocument();
  }, 60_000);

  test("a day's figures: at least one figure, then saved with what happened", async () => {
    const save = recorded(CompetitorsSaveSnapshotDocument, (v) => ({
      data: {
        saveCompetitorSnapshot: {
          __typename: "CompetitorSnapshotSaved",
          replaced: true,
          snapshot: snapshot("s9", "c1", (v.input as { day: string }).day, { followers: 13000 }),
        },
      },
    }));
    render([benchmarkMock(), save.mock]);
    const cards = await screen.findAllByTestId("competitor-card");
    fireEvent.click(within(cards[0]!).getByRole("button", { name: "Add figures" }));
    const dialog = await screen.findByRole("dialog", { name: "Figures for Cafe X" });
    const submit = () => fireEvent.click(within(dialog).getByText("Save figures").closest("button")!);
    submit();
    expect(await within(dialog).findByTestId("snapshot-failure")).toHaveTextContent(
      "Enter at least one figure: followers, posts per week, average engagement or themes",
    );
    expect(save.calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Followers"), { target: { value: "13000" } });
    submit();
    expect(await screen.findByText(/^Figures for .* replaced$/)).toBeInTheDocument();
    expect(save.calls).toHaveLength(1);
    expect(save.calls[0]).toMatchObject({
      competitorId: "c1",
      input: { followers: 13000, postsPerWeek: null, avgEngagement: null, topThemes: [] },
    });
  }, 60_000);

  test("reading from Instagram when the server finds no Facebook sign-in: its words, and Sign in with Facebook on the spot", async () => {
    const fetch = recorded(CompetitorsFetchDocument, () => ({
      errors: [
        {
          message: "Sign in with Facebook to read competitors' figures from Instagram.",
          extensions: { code: "BAD_USER_INPUT", reason: "FACEBOOK_NOT_CONNECTED" },
        },
      ],
    }));
    render([benchmarkMock(), fetch.mock]);
    const cards = await screen.findAllByTestId("competitor-card");
    fireEvent.click(within(cards[0]!).getByRole("button", { name: "Fetch from Instagram" }));
    const problem = await within(cards[0]!).findByTestId("fetch-problem");
    expect(problem).toHaveTextContent("Sign in with Facebook to read competitors' figures from Instagram.");
    expect(within(problem).getByRole("button", { name: "Sign in with Facebook" })).toBeInTheDocument();
    expect(within(problem).queryByRole("link")).toBeNull();
    expect(fetch.calls).toEqual([{ id: "c1" }]);
  }, 60_000);
});

describe("CSV import", () => {
  test("wrong rows: nothing imported, each line and what is wrong with it", async () => {
    const csv = "handle,date,followers\ncafe.x,2026-03-01,lots\n,2026-03-01,10\n";
    const run = recorded(CompetitorsImportDocument, () => ({
      data: {
        importCompetitors: {
          __typename: "CompetitorImportResult",
          imported: 0,
          replaced: 0,
          created: 0,
          errors: [
            {
              __typename: "CompetitorImportError",
              line: 2,
              messages: ["Followers: Followers must be a whole number, 0 or more"],
            },
            { __typename: "CompetitorImportError", line: 3, messages: ["Username: Enter the account's username"] },
          ],
        },
      },
    }));
    render([benchmarkMock(), run.mock]);
    fireEvent.click(await screen.findByTestId("import-competitors-button"));
    const dialog = await screen.findByRole("dialog", { name: "Import competitors' figures from a CSV file" });
    expect(within(dialog).getByRole("button", { name: "Template (English headers)" })).toBeInTheDocument();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new NodeFile([csv], "competitors.csv", { type: "text/csv" })] } });
    const result = await screen.findByTestId("import-result");
    expect(result).toHaveTextContent("Nothing was imported");
    expect(result).toHaveTextContent("2 lines need fixing. Correct them and import the whole file again:");
    const lines = within(result).getByTestId("import-errors");
    expect(lines).toHaveTextContent("Line 2Followers: Followers must be a whole number, 0 or more");
    expect(lines).toHaveTextContent("Line 3Username: Enter the account's username");
    expect(run.calls).toEqual([{ csv }]);
  }, 60_000);

  test("a good file says how many rows, new competitors and replaced dates; in Arabic", async () => {
    await inLanguage("ar");
    const run = recorded(CompetitorsImportDocument, () => ({
      data: {
        importCompetitors: { __typename: "CompetitorImportResult", imported: 3, replaced: 1, created: 2, errors: [] },
      },
    }));
    render([benchmarkMock(), run.mock]);
    fireEvent.click(await screen.findByTestId("import-competitors-button"));
    const dialog = await screen.findByRole("dialog", { name: "استيراد أرقام المنافسين من ملف CSV" });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [new NodeFile(["المعرف,التاريخ,المتابعون\ncafe.x,2026-03-01,10\n"], "c.csv", { type: "text/csv" })],
      },
    });
    const result = await screen.findByTestId("import-result");
    expect(result).toHaveTextContent("استُوردت ٣ صفوف");
    expect(result).toHaveTextContent("أُضيف منافسان جديدان");
    expect(result).toHaveTextContent("تاريخ واحد كانت له أرقام فاستُبدلت");
  }, 60_000);

  test("a file without the username and date columns is refused at once, without asking the server", async () => {
    const run = recorded(CompetitorsImportDocument, () => ({
      data: {
        importCompetitors: { __typename: "CompetitorImportResult", imported: 0, replaced: 0, created: 0, errors: [] },
      },
    }));
    render([benchmarkMock(), run.mock]);
    fireEvent.click(await screen.findByTestId("import-competitors-button"));
    const dialog = await screen.findByRole("dialog", { name: "Import competitors' figures from a CSV file" });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new NodeFile(["name,followers\nCafe X,10\n"], "c.csv", { type: "text/csv" })] },
    });
    expect(await screen.findByTestId("import-failure")).toHaveTextContent(
      "The first row must name the columns handle and date",
    );
    expect(run.calls).toEqual([]);
  }, 60_000);
});
