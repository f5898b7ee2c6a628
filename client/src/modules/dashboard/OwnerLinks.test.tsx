// An owner's dashboard offers only screens an owner may open: an owner sees the coming occasions, but
// the calendar ("Plan posts") is the business's people's, so no link there would bounce back to /owner.
import { mayOpen } from "@sufra/schema";
import { screen } from "@testing-library/react";
import { DashboardMeDocument, DashboardUpcomingOccasionsDocument, OwnerStatsDocument } from "../../graphql/graphql.ts";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { OccasionsCard } from "./components/OccasionsCard.tsx";
import OwnerDashboardPage from "./OwnerDashboardPage.tsx";

const occasions = {
  request: { query: DashboardUpcomingOccasionsDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      upcomingOccasions: [
        {
          __typename: "UpcomingOccasion",
          occasionKey: "eid_al_fitr",
          nameEn: "Eid al-Fitr",
          nameAr: "عيد الفطر",
          kind: "ISLAMIC",
          date: "2026-03-20",
          days: 3,
          daysUntil: 12,
          suggestedPosts: 3,
        },
      ],
    },
  },
};
const me = {
  request: { query: DashboardMeDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: people.owner.id,
        name: "Khalid Al-Mutairi",
        email: "khalid@daralqahwa.kw",
        role: "OWNER",
        business: {
          __typename: "Client",
          id: "b1",
          companyName: "Dar Al Qahwa",
          status: "ACTIVE",
          requestedPlan: "PROFESSIONAL",
          subscription: {
            __typename: "ClientSubscription",
            plan: "PROFESSIONAL",
            status: "ACTIVE",
            trialEndsAt: null,
            renewsAt: "2027-01-01T00:00:00.000Z",
          },
        },
      },
    },
  },
};
const stats = {
  request: { query: OwnerStatsDocument },
  result: {
    data: {
      ownerStats: {
        __typename: "OwnerStats",
        totalPosts: 3,
        scheduledPosts: 1,
        publishedToday: 0,
        engagementRate: null,
        teamMembers: 2,
        platformsConnected: [],
        recentActivity: [],
      },
    },
  },
};

beforeEach(() => freshStart());

test("the owner sees the occasions without 'Plan posts', and no link on the dashboard leads where an owner may not go", async () => {
  signIn("owner");
  renderWithMocks([{ path: "/owner", element: <OwnerDashboardPage /> }], "/owner", [occasions, me, stats] as never);
  expect(await screen.findByText("Eid al-Fitr in 12 days: plan 3 posts")).toBeInTheDocument();
  expect(await screen.findByRole("link", { name: "Your team" })).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Plan posts" })).toBeNull();
  const hrefs = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href^='/']")).map((a) =>
    a.getAttribute("href")!,
  );
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((h) => !mayOpen("owner", h))).toEqual([]);
});

test("a client plans them on the calendar", async () => {
  signIn("client");
  renderWithMocks([{ path: "/dashboard", element: <OccasionsCard /> }], "/dashboard", [occasions] as never);
  expect(await screen.findByRole("link", { name: "Plan posts" })).toHaveAttribute("href", "/schedule?date=2026-03-20");
});
