// "Figures from Instagram" on the competitors screen: each state of the Facebook sign-in (demo, not set
// up on the server, not connected, connected, sign in again) with its text and action, in English and
// in Arabic (right to left, usernames and Page names isolated); "Sign in with Facebook" (the mutation
// coming back to /competitors, then the browser sent to Facebook); Disconnect, confirmed first; the
// outcome Facebook sends the person back with, said once and taken off the address; and "Read from
// Instagram": off with its reason while the sign-in is missing, and the server's refusals in the
// person's language with the way to sign in.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CompetitorsBenchmarkDocument,
  CompetitorsDiscoveryConnectDocument,
  CompetitorsDiscoveryDisconnectDocument,
  CompetitorsDiscoveryDocument,
  CompetitorsFetchDocument,
} from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, resetScreenWidth, setScreenWidth, signIn, recordedMock } from "../../../test/screens.tsx";
import { browser } from "../../shared/leave.ts";
import CompetitorsPage from "./CompetitorsPage.tsx";

const competitor = (id: string, name: string, handle: string, platform = "INSTAGRAM") => ({
  __typename: "Competitor",
  id,
  name,
  platform,
  handle,
  area: null,
  cuisine: null,
});
const entry = (c: ReturnType<typeof competitor>) => ({
  __typename: "CompetitorBenchmarkEntry",
  competitor: c,
  latest: null,
  history: [],
});
const BENCHMARK = {
  __typename: "CompetitorBenchmark",
  from: "2026-10-25",
  to: "2026-11-21",
  days: 28,
  historyFrom: "2026-05-25",
  own: [],
  ownHistory: [],
  competitors: [
    entry(competitor("c1", "Cafe X", "cafe.x")),
    entry(competitor("c2", "Karak House", "karakhouse", "TWITTER")),
  ],
  summary: [],
};
const benchmarkMock: MockLink.MockedResponse = {
  request: { query: CompetitorsBenchmarkDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { competitorBenchmark: BENCHMARK } },
};

type Status = {
  __typename: "CompetitorDiscovery";
  configured: boolean;
  demo: boolean;
  status: string;
  instagramUsername: string | null;
  pageName: string | null;
  connectedAt: string | null;
  expiresAt: string | null;
};
const status = (over: Partial<Status> = {}): Status => ({
  __typename: "CompetitorDiscovery",
  configured: true,
  demo: false,
  status: "NOT_CONNECTED",
  instagramUsername: null,
  pageName: null,
  connectedAt: null,
  expiresAt: null,
  ...over,
});
const CONNECTED = status({
  status: "CONNECTED",
  instagramUsername: "daralqahwa",
  pageName: "دار القهوة",
  connectedAt: "2026-11-01T09:00:00.000Z",
  expiresAt: "2030-01-15T09:00:00.000Z",
});

/** The sign-in's state, one answer after another (the last one repeats); counts the questions. */
function discoveryMock(...answers: Status[]) {
  const asked = { count: 0 };
  const mock: MockLink.MockedResponse = {
    request: { query: CompetitorsDiscoveryDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: () => ({ data: { competitorDiscovery: answers[Math.min(asked.count++, answers.length - 1)] } }),
  };
  return { mock, asked };
}

/** A mutation's mock that records the variables it was called with. */
const recorded = recordedMock;
const refusal = (reason: string, message: string) => () => ({
  errors: [{ message, extensions: { code: "BAD_USER_INPUT", reason } }],
});

const render = (mocks: MockLink.MockedResponse[], path = "/competitors") =>
  renderWithMocks([{ path: "/competitors", element: <CompetitorsPage /> }], path, [benchmarkMock, ...mocks]);
const plain = (s: string | null | undefined) => (s ?? "").replace(/[\u2068\u2069]/g, "");
const discoveryCard = async (state: string) => {
  const card = await screen.findByTestId("competitor-discovery");
  await waitFor(() => expect(card).toHaveAttribute("data-state", state));
  return card;
};
const readButton = async () =>
  within((await screen.findAllByTestId("competitor-card"))[0]!).getByRole("button", { name: "Fetch from Instagram" });

beforeEach(async () => {
  signIn("client");
  setScreenWidth(1280);
  await inLanguage("en");
});
afterEach(() => {
  resetScreenWidth();
  jest.restoreAllMocks();
});

describe("each state of the Facebook sign-in", () => {
  test("demo: readings are simulated, nothing to connect, and reading stays on", async () => {
    render([discoveryMock(status({ demo: true, configured: false })).mock]);
    const card = await discoveryCard("demo");
    expect(within(card).getByRole("heading", { level: 2, name: "Figures from Instagram" })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      "Your Instagram is the demo account, so readings of your competitors are simulated (demo figures). There is nothing to connect.",
    );
    expect(within(card).getByText("Demo")).toBeInTheDocument();
    expect(within(card).queryByRole("button")).toBeNull();
    expect(await readButton()).toBeEnabled();
    expect(screen.queryByTestId("read-hint")).toBeNull();
  }, 60_000);

  test("not available: said plainly with the other ways in, no button; reading is off and says why", async () => {
    render([discoveryMock(status({ configured: false })).mock]);
    const card = await discoveryCard("notConfigured");
    expect(card).toHaveTextContent(
      "Reading figures from Instagram is not available yet. You can still enter competitors' figures by hand or import them from a CSV file, and write to support@sufra.kw to ask for it.",
    );
    expect(within(card).getByText("Not set up")).toBeInTheDocument();
    expect(within(card).queryByRole("button")).toBeNull();
    const read = await readButton();
    expect(read).toBeDisabled();
    const hint = screen.getByTestId("read-hint");
    expect(hint).toHaveTextContent(
      "Reading from Instagram is not available yet: enter figures by hand or import a CSV file.",
    );
    expect(read).toHaveAttribute("aria-describedby", hint.id);
    // the X competitor is not read from its network at all: no button, no hint
    expect(screen.getAllByTestId("read-hint")).toHaveLength(1);
  }, 60_000);

  test("not connected: why Facebook, the Sign in with Facebook button; reading is off and points to it", async () => {
    render([discoveryMock(status()).mock]);
    const card = await discoveryCard("notConnected");
    expect(card).toHaveTextContent(
      "Instagram shares competitors' public figures only with apps you sign in to through Facebook, using the Instagram professional account linked to your Facebook Page.",
    );
    expect(within(card).getByText("Not connected")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Sign in with Facebook" })).toBeEnabled();
    expect(within(card).queryByRole("button", { name: "Disconnect" })).toBeNull();
    const read = await readButton();
    expect(read).toBeDisabled();
    expect(screen.getByTestId("read-hint")).toHaveTextContent(
      "Sign in with Facebook under “Figures from Instagram” above to read from Instagram.",
    );
  }, 60_000);

  test("connected: who readings are made as, through which Page, since and until when, and Disconnect", async () => {
    render([discoveryMock(CONNECTED).mock]);
    const card = await discoveryCard("connected");
    expect(plain(within(card).getByTestId("discovery-as").textContent)).toBe(
      "Reading as @daralqahwa through the Page «دار القهوة»",
    );
    expect(within(card).getByText("@daralqahwa").tagName).toBe("BDI");
    expect(within(card).getByText("@daralqahwa")).toHaveAttribute("dir", "ltr");
    expect(within(card).getByText("\u2068دار القهوة\u2069")).toHaveAttribute("dir", "auto");
    expect(card).toHaveTextContent("Signed in on Nov 1, 2026");
    expect(card).toHaveTextContent("Valid until Jan 15, 2030");
    expect(within(card).getByText("Connected")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Disconnect" })).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Sign in with Facebook" })).toBeNull();
    expect(await readButton()).toBeEnabled();
    expect(screen.queryByTestId("read-hint")).toBeNull();
  }, 60_000);

  test("reconnect needed: a warning and Sign in again; a sign-in past its expiry reads the same", async () => {
    const { unmount } = render([
      discoveryMock(status({ status: "RECONNECT_NEEDED", instagramUsername: "daralqahwa" })).mock,
    ]);
    let card = await discoveryCard("reconnect");
    expect(within(card).getByTestId("discovery-reconnect")).toHaveTextContent(
      "Your Facebook sign-in for competitor figures has expired or was withdrawn. Sign in again to keep reading from Instagram.",
    );
    expect(within(card).getByText("Sign-in expired")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Sign in again" })).toBeInTheDocument();
    expect(await readButton()).toBeDisabled();
    expect(screen.getByTestId("read-hint")).toHaveTextContent(
      "Your Facebook sign-in has expired: sign in again under “Figures from Instagram” above.",
    );
    unmount();

    render([discoveryMock({ ...CONNECTED, expiresAt: "2026-01-01T00:00:00.000Z" }).mock]);
    card = await discoveryCard("reconnect");
    expect(within(card).getByRole("button", { name: "Sign in again" })).toBeInTheDocument();
  }, 60_000);

  test("the state cannot be loaded: said with Retry, and reading stays on (the server will say what is wrong)", async () => {
    render([
      {
        request: { query: CompetitorsDiscoveryDocument },
        maxUsageCount: Number.POSITIVE_INFINITY,
        error: new TypeError("Failed to fetch"),
      },
    ]);
    const card = await screen.findByTestId("competitor-discovery");
    expect(await within(card).findByText("We could not check reading from Instagram")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(await readButton()).toBeEnabled();
  }, 60_000);
});

describe("in Arabic, right to left", () => {
  test("connected: Arabic sentences, the username left to right and the Page name isolated, Arabic-Indic dates", async () => {
    await inLanguage("ar");
    render([discoveryMock({ ...CONNECTED, pageName: "Dar Al Qahwa" }).mock]);
    const card = await discoveryCard("connected");
    expect(document.documentElement.dir).toBe("rtl");
    expect(within(card).getByRole("heading", { level: 2, name: "الأرقام من إنستغرام" })).toBeInTheDocument();
    expect(plain(within(card).getByTestId("discovery-as").textContent)).toBe(
      "تُقرأ الأرقام باسم @daralqahwa عبر الصفحة «Dar Al Qahwa»",
    );
    expect(within(card).getByText("@\u2068daralqahwa\u2069")).toHaveAttribute("dir", "ltr");
    expect(within(card).getByText("\u2068Dar Al Qahwa\u2069").tagName).toBe("BDI");
    expect(card).toHaveTextContent("سُجّل الدخول في");
    expect(card).toHaveTextContent("٢٠٢٦");
    expect(card).toHaveTextContent("صالح حتى");
    expect(card).toHaveTextContent("٢٠٣٠");
    expect(within(card).getByText("مرتبط")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "إلغاء الربط" })).toBeInTheDocument();
  }, 60_000);

  test("not connected: why, in Arabic, and the Arabic Sign in with Facebook button; the read action's reason in Arabic", async () => {
    await inLanguage("ar");
    render([discoveryMock(status()).mock]);
    const card = await discoveryCard("notConnected");
    expect(card).toHaveTextContent(
      "لا يشارك إنستغرام الأرقام العامة للمنافسين إلا مع التطبيقات التي تسجّل الدخول إليها عبر فيسبوك",
    );
    expect(within(card).getByText("غير مرتبط")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "تسجيل الدخول عبر فيسبوك" })).toBeInTheDocument();
    const read = within((await screen.findAllByTestId("competitor-card"))[0]!).getByRole("button", {
      name: "القراءة من إنستغرام",
    });
    expect(read).toBeDisabled();
    expect(screen.getByTestId("read-hint")).toHaveTextContent(
      "سجّل الدخول عبر فيسبوك في «الأرقام من إنستغرام» أعلاه لتقرأ من إنستغرام.",
    );
  }, 60_000);
});

describe("signing in and out", () => {
  test("Sign in with Facebook asks for the address (coming back to /competitors), waits, then sends the browser there", async () => {
    const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
    const connect = recorded(CompetitorsDiscoveryConnectDocument, () => ({
      data: {
        connectCompetitorDiscovery: {
          __typename: "CompetitorDiscoveryConnect",
          authorizeUrl: "https://www.facebook.com/v21.0/dialog/oauth?client_id=app&state=s1",
        },
      },
    }));
    render([discoveryMock(status()).mock, connect.mock]);
    const card = await discoveryCard("notConnected");
    const button = within(card).getByRole("button", { name: "Sign in with Facebook" });
    fireEvent.click(button);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://www.facebook.com/v21.0/dialog/oauth?client_id=app&state=s1"),
    );
    expect(connect.calls).toEqual([{ returnTo: "/competitors" }]);
    // the browser is leaving: the button keeps saying so
    expect(within(card).getByTestId("discovery-sign-in")).toHaveClass("ant-btn-loading");
  }, 60_000);

  test("a refused sign-in says why in the person's language and the button comes back", async () => {
    await inLanguage("ar");
    const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
    const connect = recorded(
      CompetitorsDiscoveryConnectDocument,
      refusal("FACEBOOK_NOT_CONFIGURED", "قراءة الأرقام من إنستغرام غير مفعّلة على هذا الخادم."),
    );
    render([discoveryMock(status()).mock, connect.mock]);
    const card = await discoveryCard("notConnected");
    fireEvent.click(within(card).getByRole("button", { name: "تسجيل الدخول عبر فيسبوك" }));
    expect(await screen.findByText("قراءة الأرقام من إنستغرام غير مفعّلة على هذا الخادم.")).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId("discovery-sign-in")).not.toHaveClass("ant-btn-loading"));
    expect(assign).not.toHaveBeenCalled();
    expect(connect.calls).toEqual([{ returnTo: "/competitors" }]);
  }, 60_000);

  test("Disconnect asks first (the readings stay), then forgets the sign-in and says so", async () => {
    const disconnect = recorded(CompetitorsDiscoveryDisconnectDocument, () => ({
      data: { disconnectCompetitorDiscovery: status() },
    }));
    render([discoveryMock(CONNECTED).mock, disconnect.mock]);
    const card = await discoveryCard("connected");
    fireEvent.click(within(card).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Stop reading competitors through Facebook?")).toBeInTheDocument();
    expect(screen.getByText("Sufra forgets this Facebook sign-in. The figures already read stay.")).toBeInTheDocument();
    expect(disconnect.calls).toEqual([]);
    fireEvent.click(screen.getAllByRole("button", { name: "Disconnect" }).find((b) => b.closest(".ant-popover"))!);
    expect(await screen.findByText("Facebook sign-in removed. The figures already read stay.")).toBeInTheDocument();
    expect(disconnect.calls).toEqual([{}]);
    // the answer is the new state: the card and the read action follow it
    await discoveryCard("notConnected");
    expect(within(card).getByRole("button", { name: "Sign in with Facebook" })).toBeInTheDocument();
    expect(await readButton()).toBeDisabled();
  }, 60_000);
});

describe("back from Facebook", () => {
  test("signed in: it says so, the parameter leaves the address without a new history entry, and the state is asked again", async () => {
    const d = discoveryMock(status(), CONNECTED);
    const { router } = render([d.mock], "/competitors?discovery=connected&view=cards");
    expect(await screen.findByTestId("discovery-outcome")).toHaveTextContent(
      "Signed in with Facebook: Sufra can now read competitors' figures from Instagram.",
    );
    await waitFor(() => expect(router.state.location.search).toBe("?view=cards"));
    expect(router.state.historyAction).toBe("REPLACE");
    await discoveryCard("connected");
    expect(d.asked.count).toBeGreaterThanOrEqual(2);
    // said once, and it stays until closed
    expect(screen.getAllByTestId("discovery-outcome")).toHaveLength(1);
  }, 60_000);

  test("no Instagram professional account on the person's Pages: what to do", async () => {
    const { router } = render([discoveryMock(status()).mock], "/competitors?discovery_error=NO_INSTAGRAM_BUSINESS");
    const outcome = await screen.findByTestId("discovery-outcome");
    expect(outcome).toHaveTextContent(
      "None of the Facebook Pages you manage has an Instagram professional account linked to it. Link your Instagram professional account to a Facebook Page you manage, then try again.",
    );
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.historyAction).toBe("REPLACE");
  }, 60_000);

  test("a failed sign-in in Arabic; an unknown code reads the same", async () => {
    await inLanguage("ar");
    const { router, unmount } = render([discoveryMock(status()).mock], "/competitors?discovery_error=OAUTH_FAILED");
    expect(await screen.findByTestId("discovery-outcome")).toHaveTextContent(
      "لم يكتمل تسجيل الدخول عبر فيسبوك، فلم يتغير شيء. حاول مجددًا ووافق على الأذونات التي يطلبها فيسبوك.",
    );
    await waitFor(() => expect(router.state.location.search).toBe(""));
    unmount();

    await inLanguage("en");
    render([discoveryMock(status()).mock], "/competitors?discovery_error=SOMETHING_NEW");
    expect(await screen.findByTestId("discovery-outcome")).toHaveTextContent(
      "Signing in with Facebook did not finish, so nothing changed.",
    );
  }, 60_000);
});

describe("Read from Instagram", () => {
  test("the sign-in expired on Facebook's side: the server's words, Sign in again where the problem is, and the state asked again", async () => {
    const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
    const d = discoveryMock(CONNECTED, CONNECTED, status({ status: "RECONNECT_NEEDED" }));
    const fetch = recorded(
      CompetitorsFetchDocument,
      refusal("FACEBOOK_RECONNECT_NEEDED", "Your Facebook sign-in for competitor figures has expired. Sign in again."),
    );
    const connect = recorded(CompetitorsDiscoveryConnectDocument, () => ({
      data: {
        connectCompetitorDiscovery: {
          __typename: "CompetitorDiscoveryConnect",
          authorizeUrl: "https://www.facebook.com/dialog?state=s2",
        },
      },
    }));
    render([d.mock, fetch.mock, connect.mock]);
    await discoveryCard("connected");
    const before = d.asked.count;
    fireEvent.click(await readButton());
    const cafe = (await screen.findAllByTestId("competitor-card"))[0]!;
    const problem = await within(cafe).findByTestId("fetch-problem");
    expect(problem).toHaveTextContent("Your Facebook sign-in for competitor figures has expired. Sign in again.");
    expect(fetch.calls).toEqual([{ id: "c1" }]);
    await waitFor(() => expect(d.asked.count).toBeGreaterThan(before));
    fireEvent.click(within(problem).getByRole("button", { name: "Sign in again" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.facebook.com/dialog?state=s2"));
    expect(connect.calls).toEqual([{ returnTo: "/competitors" }]);
  }, 60_000);

  test("not signed in, in Arabic: the Arabic message and the Arabic Sign in with Facebook", async () => {
    await inLanguage("ar");
    const fetch = recorded(
      CompetitorsFetchDocument,
      refusal("FACEBOOK_NOT_CONNECTED", "سجّل الدخول عبر فيسبوك لقراءة أرقام المنافسين من إنستغرام."),
    );
    render([discoveryMock(CONNECTED).mock, fetch.mock]);
    await discoveryCard("connected");
    const cafe = (await screen.findAllByTestId("competitor-card"))[0]!;
    fireEvent.click(within(cafe).getByRole("button", { name: "القراءة من إنستغرام" }));
    const problem = await within(cafe).findByTestId("fetch-problem");
    expect(problem).toHaveTextContent("سجّل الدخول عبر فيسبوك لقراءة أرقام المنافسين من إنستغرام.");
    expect(within(problem).getByRole("button", { name: "تسجيل الدخول عبر فيسبوك" })).toBeInTheDocument();
    expect(problem).not.toHaveTextContent("الإعدادات");
  }, 60_000);

  test("not set up on the server: the message alone, no sign-in offered", async () => {
    const fetch = recorded(CompetitorsFetchDocument, () => ({
      errors: [
        {
          message:
            "Reading figures from Instagram is not available yet. Enter competitors' figures by hand or import a CSV file",
          extensions: { code: "BAD_USER_INPUT", reason: "FACEBOOK_NOT_CONFIGURED" },
        },
      ],
    }));
    render([discoveryMock(status({ demo: true })).mock, fetch.mock]);
    await discoveryCard("demo");
    fireEvent.click(await readButton());
    const problem = await screen.findByTestId("fetch-problem");
    expect(problem).toHaveTextContent(
      "Reading figures from Instagram is not available yet. Enter competitors' figures by hand or import a CSV file",
    );
    expect(within(problem).queryByRole("button")).toBeNull();
    expect(within(problem).queryByRole("link")).toBeNull();
  }, 60_000);
});
