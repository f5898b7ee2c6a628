// The admin console's Agencies tab (docs/architecture.md#agencies): each agency with its status and the cafés it
// serves now, in both languages.
import { screen, within } from "@testing-library/react";
import { AdminAgenciesDocument } from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../test/screens.tsx";
import AgenciesTab from "./components/AgenciesTab.tsx";
import "./i18n.ts";

const agenciesMock = (agencies: object[]) => ({
  request: { query: AdminAgenciesDocument },
  result: { data: { adminAgencies: agencies } },
});
const agency = {
  __typename: "AdminAgency",
  id: "g1",
  companyName: "Dar Al Ilan",
  status: "ACTIVE",
  cafes: [
    { __typename: "ServedCafe", id: "c1", companyName: "Qahwat Al Bahar", since: "2026-11-03T09:00:00.000Z" },
    { __typename: "ServedCafe", id: "c2", companyName: "Karak House", since: "2026-12-01T09:00:00.000Z" },
  ],
};

test("each agency with its status and the cafés it serves, since when", async () => {
  signIn("admin");
  renderWithMocks([{ path: "/admin", element: <AgenciesTab /> }], "/admin", [agenciesMock([agency])]);
  const card = within(await screen.findByTestId("agency-g1"));
  expect(card.getByText("Dar Al Ilan")).toBeInTheDocument();
  expect(card.getByText("Active")).toBeInTheDocument();
  expect(card.getByText("Serves 2 cafés")).toBeInTheDocument();
  expect(card.getByText("Qahwat Al Bahar")).toBeInTheDocument();
  expect(card.getByText("Karak House")).toBeInTheDocument();
  expect(card.getAllByText(/^since /)).toHaveLength(2);
});

test("in Arabic, with Arabic digits and the plural of two; none yet says so", async () => {
  signIn("admin");
  await inLanguage("ar");
  renderWithMocks([{ path: "/admin", element: <AgenciesTab /> }], "/admin", [agenciesMock([agency])]);
  const card = within(await screen.findByTestId("agency-g1"));
  expect(card.getByText("تخدم مقهيين")).toBeInTheDocument();
  expect(card.getAllByText(/^منذ .*[٠-٩]/)).toHaveLength(2);
  await inLanguage("en");
});

test("no agency yet", async () => {
  signIn("admin");
  renderWithMocks([{ path: "/admin", element: <AgenciesTab /> }], "/admin", [agenciesMock([])]);
  expect(await screen.findByText("No business is an agency yet")).toBeInTheDocument();
});
