// The Google card in Settings: not set up (write to Sufra); before connecting, the permissions named
// (Google's business.manage, Instagram's scopes); once connected, the locations with their verification,
// picked by checkbox, and read again. In English and Arabic.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  PlatformsConnectionsDocument,
  PlatformsGoogleLocationsDocument,
  PlatformsPickGoogleLocationsDocument,
  PlatformsRefreshGoogleLocationsDocument,
} from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../test/screens.tsx";
import { ConnectedAccounts } from "./ConnectedAccounts.tsx";

const googleAccount = {
  __typename: "PlatformAccount",
  id: "acc-google",
  platform: "GOOGLE",
  handle: "dar_al_qahwa",
  displayName: "Dar Al Qahwa",
  status: "CONNECTED",
  demo: false,
  practice: false,
  lastError: null,
  tokenExpiresAt: null,
  connectedAt: "2026-11-01T09:00:00.000Z",
};
const connection = (platform: string, account: unknown, over: Record<string, unknown> = {}) => ({
  __typename: "PlatformConnection",
  platform,
  available: true,
  configured: true,
  manual: false,
  account,
  practiceAvailable: false,
  setupProblem: null,
  scopes: null,
  ...over,
});
const connections = (list: unknown[]): MockLink.MockedResponse => ({
  request: { query: PlatformsConnectionsDocument },
  result: { data: { platformConnections: list } },
  maxUsageCount: 5,
});
const location = (id: string, title: string, over: Record<string, unknown> = {}) => ({
  __typename: "GoogleLocation",
  id,
  title,
  address: "Salmiya, Kuwait",
  verified: true,
  picked: false,
  goneAt: null,
  demo: false,
  ...over,
});
const salmiya = location("00000000-0000-4000-8000-000000000001", "Salmiya");
const jabriya = location("00000000-0000-4000-8000-000000000002", "Jabriya", { verified: false });
const routes = [{ path: "/settings", element: <ConnectedAccounts /> }];
const google = () => within(screen.getByTestId("account-google"));

beforeEach(async () => {
  localStorage.clear();
  session.clear();
  signIn("owner");
  await inLanguage("en");
});

test("a server without Google says so; before connecting, each network names the permissions it asks for", async () => {
  renderWithMocks(routes, "/settings", [
    connections([connection("INSTAGRAM", null), connection("GOOGLE", null, { configured: false })]),
  ]);
  await screen.findByTestId("account-google");
  expect(
    google().getByText("Google is not available yet: write to support@sufra.kw to ask for it"),
  ).toBeInTheDocument();
  expect(google().queryByRole("button", { name: /Connect/ })).toBeNull();
  const ig = within(screen.getByTestId("account-instagram"));
  expect(ig.getByText("instagram_business_manage_comments")).toBeInTheDocument();
  expect(ig.getByText(/Read, answer and hide comments/)).toBeInTheDocument();
});

test("Google's permission is named before connecting", async () => {
  renderWithMocks(routes, "/settings", [connections([connection("GOOGLE", null)])]);
  await screen.findByTestId("account-google");
  expect(google().getByText("business.manage")).toBeInTheDocument();
  expect(google().getByRole("button", { name: "Connect Google" })).toBeInTheDocument();
});

test("connected: the locations with their verification, picked by checkbox, read again", async () => {
  const pickVars = jest.fn();
  const rereads = jest.fn();
  renderWithMocks(routes, "/settings", [
    connections([connection("GOOGLE", googleAccount)]),
    {
      request: { query: PlatformsGoogleLocationsDocument },
      result: { data: { googleLocations: [salmiya, jabriya] } },
      maxUsageCount: 5,
    },
    {
      request: { query: PlatformsPickGoogleLocationsDocument, variables: { locationIds: [salmiya.id], picked: true } },
      result: () => {
        pickVars();
        return { data: { pickGoogleLocations: [{ ...salmiya, picked: true }, jabriya] } };
      },
    },
    {
      request: { query: PlatformsRefreshGoogleLocationsDocument },
      result: () => {
        rereads();
        return { data: { refreshGoogleLocations: [{ ...salmiya, picked: true }, jabriya] } };
      },
    },
  ]);
  await screen.findByTestId("google-locations");
  expect(google().getByText("Verified")).toBeInTheDocument();
  expect(google().getByTestId("location-unverified")).toHaveTextContent("Not verified");
  expect(
    google().getByText("Google has not verified this location yet: replies and posts are refused until it is"),
  ).toBeInTheDocument();

  fireEvent.click(google().getByRole("checkbox", { name: "Pick Salmiya" }));
  await waitFor(() => expect(pickVars).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(google().getByRole("checkbox", { name: "Pick Salmiya" })).toBeChecked());

  fireEvent.click(google().getByRole("button", { name: "Read locations again" }));
  await waitFor(() => expect(rereads).toHaveBeenCalledTimes(1));
});

test("in Arabic: the unverified location's warning and the button", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, "/settings", [
    connections([connection("GOOGLE", googleAccount)]),
    {
      request: { query: PlatformsGoogleLocationsDocument },
      result: { data: { googleLocations: [jabriya] } },
      maxUsageCount: 5,
    },
  ]);
  await screen.findByTestId("google-locations");
  expect(google().getByText("لم توثّق جوجل هذا الموقع بعد: تُرفض الردود والمنشورات حتى يتم توثيقه")).toBeInTheDocument();
  expect(google().getByRole("button", { name: "اقرأ المواقع مجددًا" })).toBeInTheDocument();
});
