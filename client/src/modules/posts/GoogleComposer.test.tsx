// The composer's Google part (docs/product.md#posts): shown once Google is chosen; the kind of post, the
// button and its link, an offer's coupon and an event's title, checked by the shared rule as the person
// types, with Google's limits in the person's digits; the Google preview shows the title, the coupon and
// the button as Google lays them out; saving sends the options with the post.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { messageText } from "@sufra/schema";
import { PostsComposerSetupDocument, PostsCreateDocument } from "../../graphql/graphql.ts";
import i18n, { currentLocale } from "../../i18n/index.ts";
import { apiHooks } from "../../lib/api.ts";
import { inLanguage, pick, type } from "../../../test/render.tsx";
import { freshStart, renderWithMocks as renderScreen, resetScreenWidth } from "../../../test/screens.tsx";
import { insightsMock } from "../insights/testMocks.ts";
import { campaignOptionsMock } from "../campaigns/testMocks.ts";
import ComposerPage from "./ComposerPage.tsx";
import { post } from "./testMocks.ts";

const renderWithMocks = (mocks: object[] = []) =>
  renderScreen(
    [
      { path: "/posts/new", element: <ComposerPage /> },
      { path: "/posts", element: <p>posts list</p> },
    ],
    "/posts/new",
    [...mocks, insightsMock(), campaignOptionsMock()] as never,
  );

const setupMock = {
  request: { query: PostsComposerSetupDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: "u-client",
        business: {
          __typename: "Client",
          id: "b1",
          subscription: { __typename: "ClientSubscription", plan: "PROFESSIONAL", status: "ACTIVE" },
        },
      },
      platformConnections: [
        {
          __typename: "PlatformConnection",
          platform: "GOOGLE",
          available: true,
          configured: true,
          manual: false,
          account: {
            __typename: "PlatformAccount",
            id: "a-google",
            platform: "GOOGLE",
            handle: "Dar Al Qahwa",
            displayName: "Dar Al Qahwa",
            demo: false,
            practice: false,
            status: "CONNECTED",
          },
        },
      ],
    },
  },
};

const chooseGoogle = async () => {
  await screen.findByTestId("platform-google");
  fireEvent.click(within(screen.getByTestId("platform-google")).getByRole("checkbox"));
};

let warn: jest.SpyInstance;
let err: jest.SpyInstance;
beforeEach(async () => {
  apiHooks.language = currentLocale;
  apiHooks.translate = (key) => i18n.t(key, { ns: "common" });
  await freshStart({ as: "client" });
  warn = jest.spyOn(console, "warn");
  err = jest.spyOn(console, "error");
});
afterEach(() => {
  const antd = [...warn.mock.calls, ...err.mock.calls]
    .map((c) => String(c[0]))
    .filter((m) => /antd|Warning:|deprecated/i.test(m));
  warn.mockRestore();
  err.mockRestore();
  resetScreenWidth();
  expect(antd).toEqual([]);
});

test("an event with a Book button: the shared rule's problems in the Google preview until the title, the dates and the link are given", async () => {
  renderWithMocks([setupMock]);
  await screen.findByTestId("platform-google");
  expect(screen.queryByTestId("google-section")).toBeNull();
  await chooseGoogle();
  const section = within(screen.getByTestId("google-section"));
  type(screen.getByTestId("caption"), "Live oud on Thursday");
  const card = within(screen.getByTestId("preview-google"));
  expect(card.getByTestId("counter-google")).toHaveTextContent("20 / 1,500");

  fireEvent.click(section.getByText("Event"));
  expect(card.getByText(messageText("googleEventRequired", "en"))).toBeInTheDocument();
  type(section.getByTestId("google-title"), "Oud night");
  expect(section.getByText("9 / 58")).toBeInTheDocument();
  expect(card.getByTestId("preview-google-title")).toHaveTextContent("Oud night");
  expect(card.getByText(messageText("googleEventTimeInvalid", "en"))).toBeInTheDocument();

  await pick("google-cta", "Book");
  expect(card.getByText(messageText("googleCtaUrlRequired", "en"))).toBeInTheDocument();
  type(section.getByTestId("google-url"), "https://darqahwa.example/book");
  expect(card.queryByText(messageText("googleCtaUrlRequired", "en"))).toBeNull();
  expect(within(card.getByTestId("preview-google-foot")).getByText("Book")).toBeInTheDocument();

  // saving stops at the Google part, with the rule's words at the field
  fireEvent.click(screen.getByTestId("save-draft"));
  expect(await screen.findByText("Check the Google part of the post")).toBeInTheDocument();
  expect(section.getAllByText(messageText("googleEventTimeInvalid", "en")).length).toBeGreaterThan(0);
});

test("in Arabic: an offer has no button, its coupon counts in Arabic digits, and the preview shows the coupon", async () => {
  await inLanguage("ar");
  renderWithMocks([setupMock]);
  await chooseGoogle();
  const section = within(screen.getByTestId("google-section"));
  expect(section.getByRole("heading", { level: 3 })).toHaveTextContent("على جوجل");
  fireEvent.click(section.getByText("عرض"));
  expect(section.getByTestId("google-offer-no-button")).toHaveTextContent("لا تعرض جوجل زرًا في العروض");
  expect(section.queryByTestId("google-cta")).toBeNull();
  type(section.getByTestId("google-coupon"), "KARAK");
  expect(section.getByText("٥ / ٥٨")).toBeInTheDocument();
  const card = within(screen.getByTestId("preview-google"));
  expect(card.getByTestId("preview-google-foot")).toHaveTextContent("رمز القسيمة: KARAK");
  expect(card.getByText(messageText("googleEventRequired", "ar"))).toBeInTheDocument();
});

test("a What's new post with an Order button is saved with its Google options", async () => {
  const created = post("g1", {
    status: "DRAFT",
    scheduledFor: null,
    content: "Fresh dates",
    platforms: ["GOOGLE"],
    targets: [],
    googleOptions: {
      __typename: "GooglePostOptions",
      type: "STANDARD",
      cta: { __typename: "GoogleCallToAction", action: "ORDER", url: "https://darqahwa.example/order" },
      offer: null,
      event: null,
    },
  });
  renderWithMocks([
    setupMock,
    {
      request: {
        query: PostsCreateDocument,
        variables: {
          input: {
            content: "Fresh dates",
            hashtags: [],
            firstComment: null,
            mediaIds: [],
            platforms: ["GOOGLE"],
            googleOptions: { type: "STANDARD", cta: { action: "ORDER", url: "https://darqahwa.example/order" } },
          },
        },
      },
      result: { data: { createPost: created } },
    },
  ]);
  await chooseGoogle();
  type(screen.getByTestId("caption"), "Fresh dates");
  await pick("google-cta", "Order online");
  type(screen.getByTestId("google-url"), "https://darqahwa.example/order");
  fireEvent.click(screen.getByTestId("save-draft"));
  expect(await screen.findByText("posts list")).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText("Saved in your drafts")).toBeInTheDocument());
});
