// Connected accounts in Settings: each network's state (connected with its handle and access expiry,
// reconnect needed with the network's words, not connected), connecting through the network's page
// (the mutation, then the browser sent to authorizeUrl), Snapchat's username asked and connected at
// once, networks outside the plan or not set up on the server, disconnecting, and the outcome the
// network sends the person back with (?connected=1 / ?connect_error=CODE) in their language.
import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ERRORS } from "@sufra/schema";
import {
  BusinessProfileDocument,
  PlatformsAddPracticeDocument,
  PlatformsChooseFacebookPageDocument,
  PlatformsConnectDocument,
  PlatformsConnectionsDocument,
  PlatformsDisconnectDocument,
  PlatformsFacebookPagesDocument,
  PlatformsTikTokCreatorInfoDocument,
  SettingsMeDocument,
} from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage } from "../../../test/render.tsx";
import { people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import SettingsPage from "../account/SettingsPage.tsx";
import { ConnectedAccounts } from "./ConnectedAccounts.tsx";
import { browser } from "../../shared/leave.ts";

type P = "INSTAGRAM" | "TWITTER" | "SNAPCHAT" | "GOOGLE" | "TIKTOK" | "FACEBOOK";

const account = (platform: P, over: Record<string, unknown> = {}) => ({
  __typename: "PlatformAccount",
  id: `acc-${platform}`,
  platform,
  handle: "daralqahwa",
  displayName: "Dar Al Qahwa",
  status: "CONNECTED",
  demo: false,
  practice: false,
  lastError: null,
  tokenExpiresAt: null,
  connectedAt: "2026-11-01T09:00:00.000Z",
  ...over,
});

const connection = (platform: P, acc: ReturnType<typeof account> | null, over: Record<string, unknown> = {}) => ({
  __typename: "PlatformConnection",
  platform,
  available: true,
  configured: true,
  manual: platform === "SNAPCHAT",
  account: acc,
  practiceAvailable: false,
  setupProblem: null,
  scopes: null,
  ...over,
});

const connectionsMock = (list: ReturnType<typeof connection>[], maxUsageCount = 1): MockLink.MockedResponse => ({
  request: { query: PlatformsConnectionsDocument },
  result: { data: { platformConnections: list } },
  maxUsageCount,
});

const at = () => "/settings";
const routes = [{ path: "/settings", element: <ConnectedAccounts /> }];
const card = (p: string) => within(screen.getByTestId(`account-${p}`));

beforeEach(async () => {
  localStorage.clear();
  session.clear();
  signIn("client");
  await inLanguage("en");
});
afterEach(() => jest.restoreAllMocks());

test("each network's state: connected with handle and access expiry, reconnect needed with why, Snapchat by hand", async () => {
  renderWithMocks(routes, at(), [
    connectionsMock([
      connection("INSTAGRAM", account("INSTAGRAM", { tokenExpiresAt: "2027-01-20T09:00:00.000Z" })),
      connection(
        "TWITTER",
        account("TWITTER", { status: "RECONNECT_NEEDED", lastError: "X says: the token was revoked" }),
      ),
      connection("SNAPCHAT", null),
    ]),
  ]);
  await screen.findByTestId("account-instagram");
  const ig = card("instagram");
  expect(ig.getByText("Connected")).toBeInTheDocument();
  expect(ig.getByText("@daralqahwa")).toBeInTheDocument();
  expect(ig.getByText("Access valid until")).toBeInTheDocument();
  expect(ig.getByText("Jan 20, 2027, 12:00 PM")).toBeInTheDocument(); // Kuwait time
  expect(ig.queryByRole("button", { name: "Connect Instagram" })).toBeNull();
  expect(ig.getByRole("button", { name: "Disconnect" })).toBeInTheDocument();

  const x = card("twitter");
  expect(x.getByText("Reconnect needed")).toBeInTheDocument();
  expect(x.getByTestId("reconnect-needed")).toHaveTextContent(
    "X stopped accepting our access. Reconnect it so your scheduled posts can go out.",
  );
  expect(x.getByTestId("reconnect-needed")).toHaveTextContent("X says: the token was revoked");
  expect(x.getByRole("button", { name: "Reconnect X" })).toBeInTheDocument();

  const snap = card("snapchat");
  expect(snap.getByText("Not connected")).toBeInTheDocument();
  expect(snap.getByTestId("assisted")).toHaveTextContent(
    /^Assisted: Sufra cannot publish to Snapchat for you yet\. At the scheduled time Sufra reminds you/,
  );
  expect(snap.queryByTestId("publishes-for-you")).toBeNull();
  expect(snap.getByRole("button", { name: "Connect Snapchat" })).toBeInTheDocument();
});

test("a practice account is labelled, can be replaced by the real one, and missing ones can be added", async () => {
  const practice = account("INSTAGRAM", {
    handle: "practice_instagram",
    displayName: "Practice account (simulated)",
    demo: true,
    practice: true,
  });
  const added = [
    connection("INSTAGRAM", practice),
    connection("TWITTER", account("TWITTER", { id: "acc-pt", handle: "practice_twitter", demo: true, practice: true })),
  ];
  renderWithMocks(routes, at(), [
    connectionsMock([connection("INSTAGRAM", practice), connection("TWITTER", null, { practiceAvailable: true })]),
    { request: { query: PlatformsAddPracticeDocument }, result: { data: { addPracticeAccounts: added } } },
    connectionsMock(added),
  ]);
  await screen.findByTestId("account-instagram");
  const ig = card("instagram");
  expect(ig.getByText("Practice account (simulated)")).toBeInTheDocument();
  expect(ig.getByText(/Rehearse here/)).toBeInTheDocument();
  expect(ig.getByRole("button", { name: "Connect your real Instagram" })).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("add-practice"));
  expect(await screen.findByText("Practice accounts are ready.")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId("add-practice")).toBeNull());
  // switching language re-renders the page
  await act(() => inLanguage("ar"));
  expect(await within(screen.getByTestId("account-instagram")).findByText("حساب تدريب (محاكاة)")).toBeInTheDocument();
});

test("Connect sends connectPlatform (coming back to /settings) and then the browser to the network's page", async () => {
  const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
  const sent: unknown[] = [];
  renderWithMocks(routes, at(), [
    connectionsMock([connection("INSTAGRAM", null), connection("TWITTER", null), connection("SNAPCHAT", null)]),
    {
      request: { query: PlatformsConnectDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
      result: {
        data: {
          connectPlatform: {
            __typename: "ConnectPlatformResult",
            authorizeUrl: "https://www.instagram.com/oauth/authorize?state=s1",
            account: null,
          },
        },
      },
    },
  ]);
  fireEvent.click(await screen.findByRole("button", { name: "Connect Instagram" }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.instagram.com/oauth/authorize?state=s1"));
  expect(sent).toEqual([{ platform: "INSTAGRAM", handle: null, returnTo: "/settings" }]);
});

test("Snapchat asks for the username, connects at once and says so", async () => {
  const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
  const sent: unknown[] = [];
  renderWithMocks(routes, at(), [
    connectionsMock([connection("SNAPCHAT", null)]),
    {
      request: { query: PlatformsConnectDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
      result: {
        data: {
          connectPlatform: {
            __typename: "ConnectPlatformResult",
            authorizeUrl: null,
            account: account("SNAPCHAT", { displayName: null }),
          },
        },
      },
    },
    connectionsMock([connection("SNAPCHAT", account("SNAPCHAT", { displayName: null }))]),
  ]);
  fireEvent.click(await screen.findByRole("button", { name: "Connect Snapchat" }));
  const form = within(await screen.findByTestId("snapchat-form"));
  fireEvent.click(form.getByRole("button", { name: "Connect" }));
  expect(await form.findByText("Enter your Snapchat username")).toBeInTheDocument();
  fireEvent.change(form.getByLabelText("Snapchat username"), { target: { value: "@daralqahwa" } });
  fireEvent.click(form.getByRole("button", { name: "Connect" }));
  expect(await screen.findByText("Snapchat is connected.")).toBeInTheDocument();
  expect(sent).toEqual([{ platform: "SNAPCHAT", handle: "daralqahwa", returnTo: "/settings" }]);
  expect(assign).not.toHaveBeenCalled();
  await waitFor(() => expect(card("snapchat").getByText("Connected")).toBeInTheDocument());
  expect(screen.queryByTestId("snapchat-form")).toBeNull();
});

test("outside the plan: the upgrade; not set up: said plainly, with whom to ask; a demo account is labelled", async () => {
  renderWithMocks(routes, at(), [
    connectionsMock([
      connection(
        "INSTAGRAM",
        account("INSTAGRAM", { demo: true, handle: "sufra_demo_instagram", displayName: "Sufra demo (simulated)" }),
      ),
      connection("TWITTER", null, { available: false }),
      connection("SNAPCHAT", null, { configured: false }),
    ]),
  ]);
  await screen.findByTestId("account-instagram");
  expect(card("instagram").getByText("Demo (simulated)")).toBeInTheDocument();
  expect(card("twitter").getByTestId("not-in-plan")).toHaveTextContent(
    "X comes with the Professional and Premium plans, not with yours.",
  );
  // the way up is Billing's Change plan, where the café changes the plan itself
  expect(card("twitter").getByTestId("upgrade-hint")).toHaveTextContent(
    "To upgrade, choose a plan in Billing under Change plan",
  );
  expect(card("twitter").getByTestId("upgrade-hint")).not.toHaveTextContent("support@sufra.kw");
  expect(card("twitter").getByTestId("upgrade-link")).toHaveAttribute("href", "/billing#change-plan");
  expect(card("twitter").queryByRole("button", { name: "Connect X" })).toBeNull();
  expect(card("snapchat").getByTestId("not-configured")).toHaveTextContent(
    "Connecting Snapchat is not available yet. Write to support@sufra.kw to ask for it.",
  );
  expect(card("snapchat").queryByRole("button", { name: "Connect Snapchat" })).toBeNull();
});

test("TikTok and Facebook on Basic, in Arabic: their cards say which plans have them and how to upgrade, with no connect button", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, at(), [
    connectionsMock([
      connection("INSTAGRAM", account("INSTAGRAM")),
      connection("GOOGLE", null),
      connection("TIKTOK", null, { available: false }),
      connection("FACEBOOK", null, { available: false }),
    ]),
  ]);
  await screen.findByTestId("account-tiktok");
  expect(card("tiktok").getByText("تيك توك")).toBeInTheDocument();
  expect(card("tiktok").getByTestId("not-in-plan")).toHaveTextContent(
    "تيك توك متاحة في الباقة الاحترافية والباقة المميزة، لا في باقتك.",
  );
  expect(card("tiktok").getByTestId("upgrade-hint")).toHaveTextContent("للترقية اختر باقة في الفوترة ضمن تغيير الباقة");
  expect(card("tiktok").getByTestId("upgrade-link")).toHaveTextContent("تغيير الباقة");
  expect(card("facebook").getByTestId("not-in-plan")).toHaveTextContent(
    "فيسبوك متاحة في الباقة الاحترافية والباقة المميزة، لا في باقتك.",
  );
  for (const p of ["tiktok", "facebook"]) {
    expect(card(p).queryByRole("button", { name: /اربط/ })).toBeNull();
    expect(card(p).queryByTestId("permissions")).toBeNull();
  }
  expect(card("google").getByRole("button", { name: "اربط جوجل" })).toBeInTheDocument();
});

test("TikTok and Facebook in the plan: connect through their own page, after naming what each will ask for", async () => {
  const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
  const sent: unknown[] = [];
  renderWithMocks(routes, at(), [
    // the server's TikTok posts to the inbox: it asks video.upload, not video.publish
    connectionsMock([
      connection("TIKTOK", null, { scopes: ["user.info.basic", "user.info.profile", "video.upload"] }),
      connection("FACEBOOK", null),
    ]),
    {
      request: { query: PlatformsConnectDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
      result: {
        data: {
          connectPlatform: {
            __typename: "ConnectPlatformResult",
            authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/?client_key=k",
            account: null,
          },
        },
      },
    },
  ]);
  await screen.findByTestId("account-tiktok");
  const tiktok = card("tiktok");
  expect(tiktok.getByTestId("permissions")).toHaveTextContent("TikTok will ask you to allow:");
  expect(tiktok.getByText("video.upload")).toBeInTheDocument();
  expect(tiktok.getByText("user.info.profile")).toBeInTheDocument();
  expect(tiktok.queryByText("video.publish")).toBeNull();
  expect(tiktok.queryByText("video.list")).toBeNull();
  expect(card("facebook").getByText("pages_manage_posts")).toBeInTheDocument();
  expect(card("facebook").getByText("pages_show_list")).toBeInTheDocument();
  fireEvent.click(tiktok.getByRole("button", { name: "Connect TikTok" }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.tiktok.com/v2/auth/authorize/?client_key=k"));
  expect(sent).toEqual([{ platform: "TIKTOK", handle: null, returnTo: "/settings" }]);
});

test("TikTok on a server whose media TikTok would not pull: the card says why in the person's language, and offers no Connect", async () => {
  await inLanguage("ar");
  renderWithMocks(routes, at(), [
    connectionsMock([
      connection("TIKTOK", null, {
        setupProblem: "TIKTOK_URL_UNVERIFIED",
        scopes: ["user.info.basic", "user.info.profile", "video.upload"],
      }),
    ]),
  ]);
  await screen.findByTestId("account-tiktok");
  expect(card("tiktok").getByTestId("setup-problem")).toHaveTextContent(ERRORS.TIKTOK_URL_UNVERIFIED.ar);
  expect(card("tiktok").queryByRole("button", { name: /اربط/ })).toBeNull();
  expect(card("tiktok").queryByTestId("permissions")).toBeNull();
});

const page = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  __typename: "FacebookPage",
  id,
  name,
  category: "Cafe",
  canPublish: true,
  chosen: false,
  ...over,
});

test("Facebook with several Pages, in Arabic: back from Facebook it asks for a Page, a Page without the posting role cannot be chosen, choosing one connects it", async () => {
  await inLanguage("ar");
  const sent: unknown[] = [];
  const waiting = account("FACEBOOK", {
    id: "acc-fb",
    handle: "Mona Saleh",
    displayName: "Mona Saleh",
    status: "RECONNECT_NEEDED",
    lastError: "Choose the Facebook Page Sufra publishes to",
  });
  const pages = [page("101", "دار القهوة"), page("202", "Dar Al Qahwa Jabriya", { canPublish: false })];
  const { router } = renderWithMocks(routes, "/settings?connected=1&choose_page=1&platform=facebook", [
    connectionsMock([connection("FACEBOOK", waiting)]),
    // the server's list: the chosen Page marked once chosen
    {
      request: { query: PlatformsFacebookPagesDocument, variables: { accountId: "acc-fb" } },
      result: () => ({ data: { facebookPages: sent.length ? [{ ...pages[0], chosen: true }, pages[1]] : pages } }),
      maxUsageCount: 5,
    },
    {
      request: {
        query: PlatformsChooseFacebookPageDocument,
        variables: (v: Record<string, unknown>) => (sent.push(v), true),
      },
      result: { data: { chooseFacebookPage: [{ ...pages[0], chosen: true }, pages[1]] } },
    },
    connectionsMock([
      connection("FACEBOOK", {
        ...waiting,
        status: "CONNECTED",
        handle: "دار القهوة",
        displayName: "دار القهوة",
        lastError: null,
      }),
    ]),
  ]);
  expect(await screen.findByTestId("connect-outcome")).toHaveTextContent(
    "تم ربط فيسبوك. اختر الصفحة التي ينشر عليها سفرة.",
  );
  await waitFor(() => expect(router.state.location.search).toBe(""));
  const fb = card("facebook");
  expect(await fb.findByTestId("facebook-choose")).toHaveTextContent("اختر الصفحة التي ينشر عليها سفرة");
  expect(fb.getByText("اختر صفحة")).toBeInTheDocument();
  // waiting for a choice is not a broken connection
  expect(fb.queryByTestId("reconnect-needed")).toBeNull();
  expect(fb.queryByRole("button", { name: "أعد ربط فيسبوك" })).toBeNull();
  expect(
    within(fb.getByTestId("facebook-page-202")).getByRole("button", {
      name: "انشر على \u2068Dar Al Qahwa Jabriya\u2069",
    }),
  ).toBeDisabled();
  expect(
    within(fb.getByTestId("facebook-page-202")).getByText(
      "دورك في هذه الصفحة لا يسمح بإنشاء المنشورات. اطلب من مدير الصفحة صلاحية المحتوى.",
    ),
  ).toBeInTheDocument();
  fireEvent.click(within(fb.getByTestId("facebook-page-101")).getByRole("button", { name: "انشر على دار القهوة" }));
  expect(await screen.findByText("تُنشر منشوراتك على فيسبوك الآن في دار القهوة.")).toBeInTheDocument();
  expect(sent).toEqual([{ accountId: "acc-fb", pageId: "101" }]);
  await waitFor(() => expect(card("facebook").getByText("مرتبط")).toBeInTheDocument());
  expect(
    within(card("facebook").getByTestId("facebook-page-101")).getByTestId("facebook-page-chosen"),
  ).toHaveTextContent("تُنشر المنشورات هنا");
  expect(card("facebook").queryByTestId("facebook-choose")).toBeNull();
});

test("Facebook: a Page role refused by the server is said in the person's words", async () => {
  renderWithMocks(routes, at(), [
    connectionsMock([connection("FACEBOOK", account("FACEBOOK", { id: "acc-fb", status: "RECONNECT_NEEDED" }))]),
    {
      request: { query: PlatformsFacebookPagesDocument, variables: { accountId: "acc-fb" } },
      result: { data: { facebookPages: [page("101", "Dar Al Qahwa"), page("303", "Qahwa Kids")] } },
      maxUsageCount: 2,
    },
    {
      request: { query: PlatformsChooseFacebookPageDocument, variables: { accountId: "acc-fb", pageId: "303" } },
      result: {
        errors: [
          {
            message:
              "Your role on this Facebook Page does not allow creating posts. Ask a Page admin for content access, then connect Facebook again",
            extensions: { code: "BAD_USER_INPUT", reason: "FACEBOOK_PAGE_ROLE_MISSING" },
          },
        ],
      },
    },
  ]);
  fireEvent.click(
    await within(await screen.findByTestId("facebook-page-303")).findByRole("button", {
      name: "Publish to Qahwa Kids",
    }),
  );
  expect(await screen.findByText(/Your role on this Facebook Page does not allow creating posts/)).toBeInTheDocument();
});

test("TikTok says whether posts go straight to the profile or to the TikTok inbox", async () => {
  const info = (directPost: boolean) => ({
    __typename: "TikTokCreatorInfo",
    creatorUsername: "daralqahwa",
    directPost,
    simulated: false,
  });
  renderWithMocks(routes, at(), [
    connectionsMock([connection("TIKTOK", account("TIKTOK", { id: "acc-tt" }))]),
    {
      request: { query: PlatformsTikTokCreatorInfoDocument, variables: { accountId: "acc-tt" } },
      result: { data: { tiktokCreatorInfo: info(true) } },
    },
  ]);
  await screen.findByTestId("account-tiktok");
  expect(await card("tiktok").findByTestId("tiktok-direct")).toHaveTextContent(
    "Posts go straight to @daralqahwa's profile.",
  );
});

test("TikTok, in Arabic: posts that go to the TikTok inbox say so", async () => {
  const info = (directPost: boolean) => ({
    __typename: "TikTokCreatorInfo",
    creatorUsername: "daralqahwa",
    directPost,
    simulated: false,
  });
  await inLanguage("ar");
  renderWithMocks(routes, at(), [
    connectionsMock([connection("TIKTOK", account("TIKTOK", { id: "acc-tt" }))]),
    {
      request: { query: PlatformsTikTokCreatorInfoDocument, variables: { accountId: "acc-tt" } },
      result: { data: { tiktokCreatorInfo: info(false) } },
    },
  ]);
  await screen.findByTestId("account-tiktok");
  expect(await card("tiktok").findByTestId("tiktok-inbox")).toHaveTextContent(
    "تذهب المنشورات إلى صندوق الوارد في تيك توك",
  );
});

test("Snapchat with Snap's Public Profile API on this server, in Arabic: it publishes for you and connects through Snapchat's page", async () => {
  await inLanguage("ar");
  const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
  renderWithMocks(routes, at(), [
    connectionsMock([connection("SNAPCHAT", null, { manual: false })]),
    {
      request: {
        query: PlatformsConnectDocument,
        variables: { platform: "SNAPCHAT", handle: null, returnTo: "/settings" },
      },
      result: {
        data: {
          connectPlatform: {
            __typename: "ConnectPlatformResult",
            authorizeUrl: "https://accounts.snapchat.com/login/oauth2/authorize?client_id=c",
            account: null,
          },
        },
      },
    },
  ]);
  await screen.findByTestId("account-snapchat");
  const snap = card("snapchat");
  expect(snap.getByTestId("publishes-for-you")).toHaveTextContent(
    "ينشر سفرة على سناب شات نيابةً عنك في الموعد المحدد (ملفك العام).",
  );
  expect(snap.queryByTestId("assisted")).toBeNull();
  fireEvent.click(snap.getByRole("button", { name: "اربط سناب شات" }));
  // no username asked: Snapchat's own page approves the connection
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith("https://accounts.snapchat.com/login/oauth2/authorize?client_id=c"),
  );
  expect(screen.queryByTestId("snapchat-form")).toBeNull();
});

test("Disconnect asks first, then disconnects and says so", async () => {
  const sent: unknown[] = [];
  renderWithMocks(routes, at(), [
    connectionsMock([connection("INSTAGRAM", account("INSTAGRAM"))]),
    {
      request: { query: PlatformsDisconnectDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
      result: { data: { disconnectPlatform: account("INSTAGRAM", { status: "DISCONNECTED" }) } },
    },
    connectionsMock([connection("INSTAGRAM", account("INSTAGRAM", { status: "DISCONNECTED" }))]),
  ]);
  fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }));
  expect(await screen.findByText("Disconnect Instagram?")).toBeInTheDocument();
  expect(sent).toEqual([]);
  const confirm = screen.getAllByRole("button", { name: "Disconnect" }).find((b) => b.closest(".ant-popover"))!;
  fireEvent.click(confirm);
  expect(await screen.findByText("Instagram is disconnected.")).toBeInTheDocument();
  expect(sent).toEqual([{ platform: "INSTAGRAM" }]);
  await waitFor(() => expect(card("instagram").getByText("Not connected")).toBeInTheDocument());
});

test("back from the network with an error: the message in the person's language, and the query cleared", async () => {
  await inLanguage("ar");
  const { router } = renderWithMocks(routes, "/settings?connect_error=OAUTH_FAILED&platform=twitter", [
    connectionsMock([connection("TWITTER", null)]),
  ]);
  expect(await screen.findByTestId("connect-outcome")).toHaveTextContent(
    "تعذر ربط إكس: تعذر ربط الحساب. يرجى المحاولة مرة أخرى",
  );
  await waitFor(() => expect(router.state.location.search).toBe(""));
  expect(screen.getByTestId("connect-outcome")).toBeInTheDocument();
});

test("back from the network connected: it says so", async () => {
  renderWithMocks(routes, "/settings?connected=1&platform=instagram", [
    connectionsMock([connection("INSTAGRAM", account("INSTAGRAM"))]),
  ]);
  expect(await screen.findByTestId("connect-outcome")).toHaveTextContent("Instagram is connected.");
});

test("an unknown error code still reads as a sentence", async () => {
  renderWithMocks(routes, "/settings?connect_error=SOMETHING_NEW&platform=instagram", [
    connectionsMock([connection("INSTAGRAM", null)]),
  ]);
  expect(await screen.findByTestId("connect-outcome")).toHaveTextContent(
    "Instagram could not be connected: The account could not be connected. Please try again",
  );
});

describe("in Settings", () => {
  const me = {
    request: { query: SettingsMeDocument },
    result: {
      data: {
        me: {
          __typename: "User",
          id: people.client.id,
          role: "CLIENT",
          business: { __typename: "Client", id: "b1", companyName: "Dar Al Qahwa", phone: "+96512345678", address: "" },
        },
      },
    },
  };
  test("a client sees the connected accounts", async () => {
    // the page also shows the business profile (its own tests are in modules/business-profile)
    const profile = {
      request: { query: BusinessProfileDocument },
      result: {
        data: {
          businessProfile: {
            __typename: "BusinessProfile",
            id: "b1",
            companyName: "Dar Al Qahwa",
            nameAr: null,
            cuisine: null,
            area: null,
            hours: null,
            hoursAr: null,
            address: null,
            addressAr: null,
            mapUrl: null,
            ramadanHours: null,
            ramadanHoursAr: null,
            eidHours: null,
            eidHoursAr: null,
            deliveryApps: [],
            reservationMode: null,
            reservationPhone: null,
            reservationUrl: null,
            publicPhone: null,
            menu: [],
          },
        },
      },
    };
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings", [
      me,
      connectionsMock([connection("INSTAGRAM", null)]),
      profile,
    ]);
    expect(await screen.findByRole("button", { name: "Connect Instagram" })).toBeInTheDocument();
    expect(screen.getByTestId("connected-accounts")).toHaveTextContent("Connected accounts");
  });
  test("an admin does not", async () => {
    signIn("admin");
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId("connected-accounts")).toBeNull();
  });
});
