// The posting insights on screen: the heat map (168 named cells, the week from Sunday in English and
// from Saturday in Arabic with Arabic-Indic digits, a legend), the dashboard card (defaults or own
// figures, Ramadan's note, the coming best times as links to the composer, a failure with a retry
// that works) and the schedule picker's suggested-time chips (a click sets the time; none, quietly,
// when the insights cannot be had).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState, type ReactElement } from "react";
import { InsightsPostingTimesDocument } from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { KuwaitDateTimePicker } from "../posts/components/KuwaitDateTimePicker.tsx";
import { BestTimesCard } from "./BestTimesCard.tsx";
import { PostingHeatmap } from "./PostingHeatmap.tsx";
import { insightsData, insightsMock } from "./testMocks.ts";

/** A week of the defaults from Sunday 9 June 2030 (in the future, so every suggestion is still ahead). */
const WEEK = insightsData({ from: "2030-06-09" });
const OWN = insightsData({
  from: "2030-06-09",
  own: [
    { weekday: 2, hour: 15, posts: 9, value: 1.9 },
    { weekday: 4, hour: 21, posts: 6, value: 0.3 },
  ],
});

const render = (element: ReactElement, mocks: object[]) =>
  renderWithMocks(
    [
      { path: "/dashboard", element },
      { path: "/posts/new", element: <p>composer</p> },
    ],
    "/dashboard",
    mocks as never,
  );

beforeEach(() => signIn("client"));
afterEach(() => freshStart());

describe("the heat map", () => {
  test("in English: Sunday first, 7 × 24 cells each named with its day, hour and score; the legend", async () => {
    await inLanguage("en");
    render(<PostingHeatmap cells={WEEK.postingInsights.cells} best={WEEK.postingInsights.best} />, []);
    const map = await screen.findByTestId("posting-heatmap");
    const rows = within(map).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").getAttribute("aria-label"))).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(map.querySelectorAll("td.sufra-heat")).toHaveLength(168);
    const thursday9pm = screen.getByTestId("heat-4-21");
    expect(thursday9pm).toHaveAttribute("aria-label", "Thursday 9 PM, score 100");
    expect(thursday9pm).toHaveClass("sufra-heat-4", "is-best");
    expect(screen.getByTestId("heat-2-4")).toHaveClass("sufra-heat-0");
    expect(within(map).getByRole("columnheader", { name: "9 PM" })).toBeInTheDocument();
    expect(
      within(map).getByRole("region", { name: "Good hours to post by weekday and hour, Kuwait time" }),
    ).toHaveAttribute("tabindex", "0");
    const legend = screen.getByTestId("heatmap-legend");
    expect(legend).toHaveTextContent("Quieter");
    expect(legend).toHaveTextContent("Busier");
    expect(within(legend).getByLabelText("80–100")).toBeInTheDocument();
  });

  test("in Arabic: Saturday first, right to left, Arabic names and digits", async () => {
    await inLanguage("ar");
    render(<PostingHeatmap cells={WEEK.postingInsights.cells} best={WEEK.postingInsights.best} />, []);
    const map = await screen.findByTestId("posting-heatmap");
    expect(document.documentElement.dir).toBe("rtl");
    const rows = within(map).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveAttribute("data-testid", "heat-row-6");
    expect(within(rows[0]!).getByRole("rowheader")).toHaveAttribute("aria-label", "السبت");
    expect(screen.getByTestId("heat-4-21")).toHaveAttribute("aria-label", "الخميس ٩ م، الدرجة ١٠٠");
    expect(screen.getByTestId("heatmap-legend")).toHaveTextContent("أهدأ");
  });
});

describe("the dashboard card", () => {
  test("the defaults until there are 12 posts, and the coming best times as links to the composer", async () => {
    await inLanguage("en");
    render(<BestTimesCard />, [insightsMock(WEEK)]);
    const card = await screen.findByTestId("best-times");
    expect(within(card).getByText("Best times to post")).toBeInTheDocument();
    expect(await within(card).findByTestId("best-times-source")).toHaveTextContent(
      "Kuwait food & beverage defaults until you have 12 published posts (0 so far).",
    );
    expect(within(card).queryByTestId("best-times-ramadan")).toBeNull();
    const links = within(screen.getByTestId("best-times-next")).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual([
      "Sun 1:00 PM · lunch · Schedule a post at Sun 1:00 PM",
      "Sun 9:00 PM · after Isha · Schedule a post at Sun 9:00 PM",
      "Mon 1:00 PM · lunch · Schedule a post at Mon 1:00 PM",
    ]);
    expect(links[1]).toHaveAttribute("href", `/posts/new?at=${encodeURIComponent("2030-06-09T18:00:00.000Z")}`);
    // the spoken name starts with the visible text (WCAG 2.5.3) and says what the link does
    expect(links[1]).toHaveAccessibleName("Sun 9:00 PM · after Isha · Schedule a post at Sun 9:00 PM");
    expect(within(card).getByTestId("posting-heatmap")).toBeInTheDocument();
  });

  test("simulated posts (demo, practice) do not count, and the card says so: 33 simulated beside '0 so far', in English and Arabic", async () => {
    await inLanguage("en");
    const demo = insightsData({ from: "2030-06-09", simulatedPosts: 33 });
    const { unmount } = render(<BestTimesCard />, [insightsMock(demo)]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "Kuwait food & beverage defaults until you have 12 published posts (0 so far; the 33 posts with simulated figures do not count).",
    );
    unmount();
    const one = render(<BestTimesCard />, [insightsMock(insightsData({ from: "2030-06-09", simulatedPosts: 1 }))]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "(0 so far; 1 post with simulated figures does not count).",
    );
    one.unmount();
    await inLanguage("ar");
    const ar = render(<BestTimesCard />, [insightsMock(demo)]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "(نشرت ٠ حتى الآن؛ ولا يُحتسب ٣٣ منشورًا أرقامها محاكاة).",
    );
    ar.unmount();
    render(<BestTimesCard />, [insightsMock(insightsData({ from: "2030-06-09", simulatedPosts: 2 }))]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "ولا يُحتسب المنشوران ذوا الأرقام المحاكاة).",
    );
  });

  test("own figures, in both languages; Ramadan's note", async () => {
    await inLanguage("en");
    const { unmount } = render(<BestTimesCard />, [insightsMock(OWN)]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "Based on your 15 published posts of the last 90 days.",
    );
    expect(screen.getByTestId("heat-2-15")).toHaveAttribute("aria-label", "Tuesday 3 PM, score 100");
    unmount();
    await inLanguage("ar");
    const again = render(<BestTimesCard />, [insightsMock(OWN)]);
    expect(await screen.findByTestId("best-times-source")).toHaveTextContent(
      "بناءً على ١٥ منشورًا نشرتها خلال آخر ٩٠ يومًا.",
    );
    expect(screen.getAllByRole("link")[0]).toHaveTextContent("أفضل ساعاتك");
    again.unmount();
    await inLanguage("en");
    render(<BestTimesCard />, [insightsMock(insightsData({ from: "2030-06-09", ramadan: true }))]);
    expect(await screen.findByTestId("best-times-ramadan")).toHaveTextContent(
      "Ramadan hours: the hour before Iftar, the nights after Taraweeh and before Suhoor.",
    );
    expect(within(screen.getByTestId("best-times-next")).getAllByRole("link")[0]).toHaveTextContent(
      /after Iftar|before Suhoor|before Iftar/,
    );
  });

  test("a failure says so, and Retry loads them", async () => {
    await inLanguage("en");
    render(<BestTimesCard />, [
      { request: { query: InsightsPostingTimesDocument, variables: () => true }, error: new Error("Network down") },
      insightsMock(WEEK),
    ]);
    const failed = await screen.findByTestId("best-times-error");
    expect(failed).toHaveTextContent("We could not load the best posting times");
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("best-times-source")).toBeInTheDocument();
  });
});

function Picker({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <KuwaitDateTimePicker value={value} onChange={setValue} aria-label="When" testId="picker" />
      <output data-testid="value">{value ?? ""}</output>
    </>
  );
}

describe("the schedule picker's suggested times", () => {
  test("chips for the next suggested times; a click sets the picker to that time", async () => {
    await inLanguage("en");
    render(<Picker />, [insightsMock(WEEK)]);
    const group = await screen.findByRole("group", { name: "Suggested times" });
    const chips = within(group).getAllByTestId("suggested-time");
    expect(chips.map((c) => c.textContent)).toEqual([
      "Sun 1:00 PM · lunch",
      "Sun 9:00 PM · after Isha",
      "Mon 1:00 PM · lunch",
      "Mon 9:00 PM · after Isha",
    ]);
    expect(chips[1]).toHaveAccessibleName("Schedule for Sun 9:00 PM, after Isha");
    expect(chips[1]).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(chips[1]!);
    expect(screen.getByTestId("value")).toHaveTextContent("2030-06-09T18:00:00.000Z");
    expect(
      within(screen.getByRole("group", { name: "Suggested times" })).getAllByTestId("suggested-time")[1],
    ).toHaveAttribute("aria-pressed", "true");
    // the picker shows it, with the Hijri date
    expect(screen.getByTestId("schedule-readout")).toHaveTextContent(/9:00\s?PM/);
  });

  test("in Arabic the chips are Arabic", async () => {
    await inLanguage("ar");
    render(<Picker />, [insightsMock(WEEK)]);
    const group = await screen.findByRole("group", { name: "أوقات مقترحة" });
    expect(within(group).getAllByTestId("suggested-time")[1]).toHaveTextContent("الأحد ٩:٠٠ م، بعد العشاء");
  });

  test("without insights (an error) the picker works as before and shows no chips", async () => {
    await inLanguage("en");
    render(<Picker initial="2030-06-10T10:00:00.000Z" />, [
      {
        request: { query: InsightsPostingTimesDocument, variables: () => true },
        error: new Error("Network down"),
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
    ]);
    expect(await screen.findByTestId("schedule-readout")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("suggested-times")).toBeNull());
    expect(screen.getByTestId("picker")).toBeInTheDocument();
  });
});
