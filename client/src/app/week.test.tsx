// Lives in app/ because it renders both modules' heat maps (shared/ imports no module).
// One week rule (Saturday first in Arabic, Sunday first in English) for the calendar, the date pickers
// and both weekday grids: the dashboard's best times and the analytics heat map.
import { screen, within } from "@testing-library/react";
import dayjs from "dayjs";
import "dayjs/locale/ar";
import { inLanguage, renderAt } from "../../test/render.tsx";
import { EngagementHeatmap } from "../modules/analytics/components/EngagementHeatmap.tsx";
import { PostingHeatmap } from "../modules/insights/PostingHeatmap.tsx";
import { insightsData } from "../modules/insights/testMocks.ts";
import { firstWeekday, weekOrder } from "../shared/week.ts";

const WEEK = insightsData({ from: "2030-06-09" });
const ENGAGEMENT = [{ weekday: 4, hour: 21, posts: 2, averageEngagement: 40 }];

const firstRows = () =>
  ["posting-heatmap", "engagement-heatmap"].map((id) =>
    within(screen.getByTestId(id)).getAllByRole("row")[1]!.getAttribute("data-testid"),
  );

afterEach(() => inLanguage("en"));

test("the rule: Sunday first in English, Saturday first in Arabic, every weekday once", () => {
  expect(firstWeekday("en")).toBe(0);
  expect(firstWeekday("ar")).toBe(6);
  expect(weekOrder("en")).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(weekOrder("ar")).toEqual([6, 0, 1, 2, 3, 4, 5]);
});

test("the date pickers' locales (dayjs) start their weeks on the same day", () => {
  expect(dayjs.Ls.en?.weekStart ?? 0).toBe(firstWeekday("en"));
  expect(dayjs.Ls.ar?.weekStart).toBe(firstWeekday("ar"));
});

test.each([
  ["en", "heat-row-0"],
  ["ar", "heat-row-6"],
] as const)("in %s the dashboard's best times and the analytics heat map start on the same day", async (lng, first) => {
  await inLanguage(lng);
  renderAt(
    "/",
    <>
      <PostingHeatmap cells={WEEK.postingInsights.cells} best={WEEK.postingInsights.best} />
      <EngagementHeatmap cells={ENGAGEMENT} />
    </>,
  );
  await screen.findByTestId("engagement-heatmap");
  expect(firstRows()).toEqual([first, first]);
});
