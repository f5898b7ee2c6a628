// The client dashboard's getting-started checklist: the steps the server reports, "n of m" in the
// person's digits, a link to where each open step gets done, nothing to click when the server's
// operator must set a network up, the team step as "Available on Premium" outside Premium, English
// and Arabic; gone when all is done; only the client dashboard shows it.
import { useQuery } from "@apollo/client/react";
import { screen, within } from "@testing-library/react";
import { GettingStartedDocument } from "../../graphql/graphql.ts";
import { setLatinDigits } from "../../lib/format.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../test/screens.tsx";
import { GettingStartedCard } from "./components/GettingStartedCard.tsx";
import { gettingStartedTexts } from "./getting-started/i18n.ts";
import { gettingStartedMock } from "./getting-started/testMocks.ts";

const FRESH = {
  PROFILE: { done: false, missing: ["HOURS", "MENU"] as ("HOURS" | "MENU")[] },
  CONNECT: { done: false },
  PRACTICE: { done: false },
  SCHEDULE: { done: false },
  TEAM: { done: false },
};

function open(mock: ReturnType<typeof gettingStartedMock>) {
  signIn("client");
  return renderWithMocks([{ path: "/dashboard", element: <GettingStartedCard /> }], "/dashboard", [mock]);
}

const card = () => screen.findByRole("region", { name: gettingStartedTexts.en.title });

beforeEach(async () => {
  localStorage.clear();
  await inLanguage("en");
});

test("a fresh business: every step open, each a link to where it gets done, 0 of 5", async () => {
  open(gettingStartedMock(FRESH));
  const region = await card();
  expect(within(region).getByRole("heading", { level: 2, name: "Getting started" })).toBeInTheDocument();
  expect(screen.getByTestId("getting-started-progress")).toHaveTextContent("0 of 5 done");
  const links = within(region)
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);
  expect(links).toEqual([
    ["Fill in your business profile and menu", "/settings#business-profile"],
    ["Connect your first network", "/settings#connected-accounts"],
    ["Publish a practice post", "/posts/new"],
    ["Schedule your first post", "/posts/new"],
    ["Invite your team", "/team"],
  ]);
  expect(screen.getByTestId("getting-started-profile")).toHaveTextContent("Still missing: opening hours and menu");
});

test("done steps are checked off (no link), the progress counts them", async () => {
  open(gettingStartedMock({ ...FRESH, PROFILE: { done: true }, PRACTICE: { done: true } }));
  const region = await card();
  expect(screen.getByTestId("getting-started-progress")).toHaveTextContent("2 of 5 done");
  expect(within(region).queryByRole("link", { name: /business profile/ })).toBeNull();
  expect(screen.getByTestId("getting-started-profile")).toHaveAttribute("data-done", "true");
  expect(screen.getByTestId("getting-started-profile")).toHaveTextContent(
    "Fill in your business profile and menu (Done)",
  );
  expect(within(region).getAllByRole("link")).toHaveLength(3);
});

test("no network of the plan can be connected: the owner is told to write to Sufra, and there is nothing to click", async () => {
  open(gettingStartedMock({ ...FRESH, CONNECT: { done: false, operatorNeeded: true, route: null } }));
  await card();
  const step = screen.getByTestId("getting-started-connect");
  expect(within(step).queryByRole("link")).toBeNull();
  expect(within(step).queryByRole("button")).toBeNull();
  expect(step).toHaveTextContent("Write to support@sufra.kw to ask for one");
});

test("outside Premium the team step reads 'Available on Premium' and is not counted", async () => {
  open(gettingStartedMock({ ...FRESH, TEAM: { done: false, available: false } }));
  await card();
  expect(screen.getByTestId("getting-started-progress")).toHaveTextContent("0 of 4 done");
  const team = screen.getByTestId("getting-started-team");
  expect(team).toHaveTextContent("Available on Premium");
  expect(within(team).queryByRole("link")).toBeNull();
});

/** Shows once the checklist's answer is in (the card beside it has had it too). */
function Answered() {
  const { data } = useQuery(GettingStartedDocument);
  return data ? <p data-testid="answered" /> : null;
}

test("all done: the card is gone", async () => {
  signIn("client");
  renderWithMocks(
    [
      {
        path: "/dashboard",
        element: (
          <>
            <GettingStartedCard />
            <Answered />
          </>
        ),
      },
    ],
    "/dashboard",
    [gettingStartedMock({ TEAM: { done: false, available: false } })],
  );
  await screen.findByTestId("answered");
  expect(screen.queryByTestId("getting-started")).toBeNull();
});

describe("in Arabic", () => {
  beforeEach(() => inLanguage("ar"));

  test("texts in Arabic with Arabic-Indic digits by default", async () => {
    open(gettingStartedMock({ ...FRESH, PROFILE: { done: true }, TEAM: { done: false, available: false } }));
    const region = await screen.findByRole("region", { name: gettingStartedTexts.ar.title });
    expect(screen.getByTestId("getting-started-progress")).toHaveTextContent("أُنجز ١ من ٤");
    expect(within(region).getByRole("link", { name: gettingStartedTexts.ar.steps.CONNECT })).toHaveAttribute(
      "href",
      "/settings#connected-accounts",
    );
    expect(screen.getByTestId("getting-started-team")).toHaveTextContent(gettingStartedTexts.ar.hints.TEAM_PLAN);
  });

  test("the person's choice of Latin digits holds", async () => {
    setLatinDigits(true);
    open(gettingStartedMock({ ...FRESH, PROFILE: { done: true } }));
    await screen.findByRole("region", { name: gettingStartedTexts.ar.title });
    expect(screen.getByTestId("getting-started-progress")).toHaveTextContent("أُنجز 1 من 5");
  });

  test("what the profile still misses, listed in Arabic", async () => {
    open(gettingStartedMock({ ...FRESH, PROFILE: { done: false, missing: ["CUISINE", "AREA", "MENU"] } }));
    await screen.findByRole("region", { name: gettingStartedTexts.ar.title });
    expect(screen.getByTestId("getting-started-profile")).toHaveTextContent(
      "ما زال ناقصًا: نوع المطبخ والمنطقة وقائمة الطعام",
    );
  });
});
