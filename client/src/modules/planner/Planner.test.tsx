// The planner screen: the plan's cost stated before the tap (in the person's digits), the refusal when too
// few AI captions remain, the proposals with their shot list, and approving some of them.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  PlannerApproveDocument,
  PlannerPlanMonthDocument,
  PlannerPlansDocument,
  PlannerPreviewDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth } from "../../../test/screens.tsx";
import PlannerPage from "./PlannerPage.tsx";

const text = (en: string, ar: string) => ({ __typename: "PlanText", en, ar });
const preview = (over: Record<string, unknown> = {}) => ({
  request: { query: PlannerPreviewDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      planPreview: {
        __typename: "PlanPreview",
        from: "2027-03-01",
        to: "2027-03-31",
        cost: 12,
        enough: true,
        networks: ["INSTAGRAM", "TWITTER"],
        missing: [],
        usage: { __typename: "AiUsage", used: 62, limit: 100, remaining: 38, resetsOn: "2027-01-01" },
        days: [
          {
            __typename: "PlanDay",
            date: "2027-03-09",
            calendarKey: "eid_al_fitr",
            occasion: "eid_al_fitr",
            ramadan: false,
            occasionName: text("Eid al-Fitr", "عيد الفطر"),
          },
        ],
        ...over,
      },
    },
  },
});
const noPlans = {
  request: { query: PlannerPlansDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { contentPlans: [] } },
};

const proposal = (id: string, date: string, over: Record<string, unknown> = {}) => ({
  __typename: "PlanProposal",
  id,
  date,
  calendarKey: null,
  occasion: "food_photo",
  occasionName: text("From the menu", "من قائمتنا"),
  dish: text("Karak tea", "شاي كرك"),
  platform: "INSTAGRAM",
  format: "FEED",
  scheduledFor: `${date}T17:30:00.000Z`,
  reason: "after_maghrib",
  content: "Karak tea, brewed slow.",
  hashtags: ["KarakTea"],
  media: null,
  shotList: {
    __typename: "ShotList",
    what: text("Karak tea, on a clean table", "شاي كرك، على طاولة نظيفة"),
    angle: text("Square (1:1) or 4:5, at 45 degrees", "مربعة (١:١) أو ٤:٥، بزاوية ٤٥ درجة"),
    light: text("Soft daylight from a side window, no flash", "ضوء نهار ناعم من نافذة جانبية، بلا فلاش"),
  },
  status: "PROPOSED",
  postId: null,
  ...over,
});
const plan = (proposals: object[]) => ({
  __typename: "ContentPlan",
  id: "plan-1",
  period: "month",
  from: "2027-03-01",
  to: "2027-03-31",
  createdAt: "2026-12-07T00:00:00.000Z",
  proposals,
});

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

const render = (mocks: object[]) =>
  renderWithMocks([{ path: "/planner", element: <PlannerPage /> }], "/planner", mocks as never);

test("the cost is stated before the tap, in AI captions against those left", async () => {
  render([preview(), noPlans]);
  expect(await screen.findByText("This plan uses 12 of your 38 remaining AI captions this month.")).toBeInTheDocument();
  expect(screen.getByTestId("planner-plan")).toBeEnabled();
  expect(screen.getByTestId("planner-plan")).toHaveTextContent("Plan 12 posts");
});

test("refused before the tap when the allowance is too small", async () => {
  render([
    preview({
      cost: 12,
      enough: false,
      usage: { __typename: "AiUsage", used: 95, limit: 100, remaining: 5, resetsOn: "2027-01-01" },
    }),
    noPlans,
  ]);
  expect(
    await screen.findByText("It needs 12 AI captions and 5 remain this month: choose fewer days (at most 5)."),
  ).toBeInTheDocument();
  expect(screen.getByTestId("planner-plan")).toBeDisabled();
});

test("in Arabic: Arabic digits and right-to-left texts", async () => {
  await inLanguage("ar");
  render([preview(), noPlans]);
  expect(
    await screen.findByText("تستخدم هذه الخطة ١٢ من ٣٨ نصًا متبقيًا بالذكاء الاصطناعي هذا الشهر."),
  ).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute("dir", "rtl");
});

test("planning shows the proposals with their shot list; approving some sends exactly those", async () => {
  const planned = recordedMock(PlannerPlanMonthDocument, () => ({
    data: {
      planMonth: {
        ...plan([proposal("p1", "2027-03-03"), proposal("p2", "2027-03-04", { platform: "TWITTER", format: "POST" })]),
        usage: { __typename: "AiUsage", used: 64, remaining: 36 },
      },
    },
  }));
  const approved = recordedMock(PlannerApproveDocument, (v) => {
    const ids = (v.input as { proposalIds: string[] }).proposalIds;
    return {
      data: {
        approvePlan: {
          __typename: "PlanApproval",
          plan: plan([
            proposal("p1", "2027-03-03"),
            proposal("p2", "2027-03-04", { platform: "TWITTER", format: "POST", status: "APPROVED", postId: "post-2" }),
          ]),
          created: ids.map((id) => ({
            __typename: "PlanPostCreated",
            proposalId: id,
            postId: "post-2",
            scheduled: true,
          })),
          failed: [],
        },
      },
    };
  });
  render([preview(), noPlans, planned.mock, approved.mock]);
  fireEvent.click(await screen.findByTestId("planner-plan"));
  const first = await screen.findByTestId("proposal-2027-03-03");
  expect(within(first).getByTestId("shot-list")).toHaveTextContent("Karak tea, on a clean table");
  expect(within(first).getByTestId("shot-list")).toHaveTextContent("Soft daylight from a side window, no flash");
  expect(first).toHaveTextContent("Dish: Karak tea");
  expect(first).toHaveTextContent("after Maghrib");
  expect(planned.calls[0]!.input).toMatchObject({ period: "MONTH", perWeek: 3, language: "EN" });
  // approve the second only
  fireEvent.click(within(first).getByRole("checkbox"));
  fireEvent.click(screen.getByTestId("planner-approve"));
  await waitFor(() => expect(approved.calls).toHaveLength(1));
  expect(approved.calls[0]!.input).toEqual({ planId: "plan-1", proposalIds: ["p2"], schedule: true });
  expect(await screen.findByText("1 post made.")).toBeInTheDocument();
  expect(
    within(await screen.findByTestId("proposal-2027-03-04")).getByRole("link", { name: "Open the post" }),
  ).toHaveAttribute("href", "/posts/post-2/edit");
});
