// The composer's per-network parts (docs/product.md#posts): each shown only once its network is chosen;
// TikTok's as its content sharing guidelines require (the creator's own privacy levels and no default,
// switches the creator turned off greyed out, branded content never private, the declaration); X's link
// moved to a reply in one click; Instagram's first comment under the caption; photos' alt text and a
// draft's options saved and read back; a story previewed without its caption or the feed's crops; and the
// TikTok part in Arabic.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { messageText } from "@sufra/schema";
import {
  PostsComposerSetupDocument,
  PostsCreateDocument,
  PostsPostDocument,
  PostsTikTokCreatorDocument,
  PostsUpdateDocument,
} from "../../graphql/graphql.ts";
import i18n, { currentLocale } from "../../i18n/index.ts";
import { apiHooks } from "../../lib/api.ts";
import { inLanguage, type } from "../../../test/render.tsx";
import { freshStart, renderWithMocks as renderScreen, resetScreenWidth } from "../../../test/screens.tsx";
import { campaignOptionsMock } from "../campaigns/testMocks.ts";
import { insightsMock } from "../insights/testMocks.ts";
import ComposerPage from "./ComposerPage.tsx";
import { media, post } from "./testMocks.ts";

const renderAt = (path: string, mocks: object[] = []) =>
  renderScreen(
    [
      { path: "/posts/new", element: <ComposerPage /> },
      { path: "/posts/:id/edit", element: <ComposerPage /> },
      { path: "/posts", element: <p>posts list</p> },
    ],
    path,
    [...mocks, insightsMock(), campaignOptionsMock()] as never,
  );

const NETWORKS = ["INSTAGRAM", "TWITTER", "SNAPCHAT", "TIKTOK", "FACEBOOK"];
const account = (platform: string) => ({
  __typename: "PlatformAccount",
  id: `a-${platform.toLowerCase()}`,
  platform,
  handle: "daralqahwa",
  displayName: "Dar Al Qahwa",
  demo: false,
  practice: false,
  status: "CONNECTED",
});
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
      platformConnections: NETWORKS.map((platform) => ({
        __typename: "PlatformConnection",
        platform,
        available: true,
        configured: true,
        manual: false,
        account: account(platform),
      })),
    },
  },
};
/** creator_info as TikTok answers it: this creator may post to everyone or to themselves only, with comments and duets off in TikTok. */
const creatorMock = (over: object = {}) => ({
  request: { query: PostsTikTokCreatorDocument, variables: { accountId: "a-tiktok" } },
  result: {
    data: {
      tiktokCreatorInfo: {
        __typename: "TikTokCreatorInfo",
        privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "SELF_ONLY"],
        commentDisabled: true,
        duetDisabled: true,
        stitchDisabled: false,
        maxVideoPostDurationSec: 600,
        creatorUsername: "daralqahwa",
        creatorNickname: "Dar Al Qahwa Café",
        creatorAvatarUrl: null,
        directPost: false,
        simulated: false,
        ...over,
      },
    },
  },
});

const choose = async (p: string) => {
  await screen.findByTestId(`platform-${p}`);
  fireEvent.click(within(screen.getByTestId(`platform-${p}`)).getByRole("checkbox"));
};
/** The labels of the open antd select's options, and which are disabled. */
const openOptions = async (testId: string) => {
  const box = within(screen.getByTestId(testId)).getByRole("combobox");
  fireEvent.mouseDown(box);
  return waitFor(() => {
    const items = Array.from(
      document.querySelectorAll<HTMLElement>(
        ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option",
      ),
    );
    if (!items.length) throw new Error("no options");
    return items.map((o) => ({
      label: o.textContent,
      disabled: o.classList.contains("ant-select-item-option-disabled"),
      el: o,
    }));
  });
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

test("each network's part shows only while that network is chosen", async () => {
  renderAt("/posts/new", [setupMock, creatorMock()]);
  await screen.findByTestId("platform-instagram");
  for (const id of ["instagram-options", "tiktok-options", "x-options", "snapchat-options", "facebook-options"])
    expect(screen.queryByTestId(id)).toBeNull();
  expect(screen.queryByTestId("first-comment")).toBeNull();

  await choose("instagram");
  expect(screen.getByTestId("instagram-options")).toBeInTheDocument();
  // Instagram's first comment, under the caption (its pack's field)
  expect(screen.getByLabelText("First comment (Instagram)")).toHaveAttribute("data-testid", "first-comment");
  expect(screen.queryByTestId("x-options")).toBeNull();
  expect(screen.queryByTestId("facebook-options")).toBeNull();
  // a reel's options only for a reel
  expect(screen.queryByTestId("instagram-reel")).toBeNull();
  fireEvent.click(within(screen.getByTestId("instagram-format")).getByText("Reel"));
  expect(screen.getByTestId("instagram-reel")).toBeInTheDocument();

  // collaborators: usernames as Instagram writes them, one it would refuse dropped with a notice
  const collaborators = within(screen.getByTestId("instagram-collaborators")).getByRole("combobox");
  type(collaborators, "@noura.kw,");
  type(collaborators, "bad!name,");
  expect(await screen.findByText("“bad!name” is not an Instagram username")).toBeInTheDocument();
  expect(within(screen.getByTestId("instagram-collaborators")).getByText("@noura.kw")).toBeInTheDocument();
  expect(within(screen.getByTestId("instagram-collaborators")).queryByText(/bad!name/)).toBeNull();

  await choose("facebook");
  expect(screen.getByTestId("facebook-options")).toBeInTheDocument();
  await choose("snapchat");
  expect(within(screen.getByTestId("snapchat-options")).getByText("Spotlight")).toBeInTheDocument();
  await choose("instagram");
  expect(screen.queryByTestId("instagram-options")).toBeNull();
  expect(screen.queryByTestId("first-comment")).toBeNull();
  expect(screen.getByTestId("facebook-options")).toBeInTheDocument();
});

test("TikTok without Direct Post: the post waits in the creator's TikTok inbox, where who can watch is chosen", async () => {
  renderAt("/posts/new", [setupMock, creatorMock()]);
  await choose("tiktok");
  const section = within(screen.getByTestId("tiktok-options"));
  expect(await section.findByTestId("tiktok-inbox")).toHaveTextContent("open the TikTok app to finish it");
  // the inbox takes only the media: who can watch, the switches and the disclosure are set in TikTok
  expect(section.queryByTestId("tiktok-privacy")).toBeNull();
  expect(section.queryByTestId("tiktok-comment")).toBeNull();
  expect(section.queryByTestId("tiktok-disclose")).toBeNull();
  expect(section.queryByTestId("tiktok-declaration")).toBeNull();
  type(screen.getByTestId("caption"), "Saffron buns this morning");
  const card = within(screen.getByTestId("preview-tiktok"));
  await waitFor(() => expect(card.getByText("Saffron buns this morning")).toBeInTheDocument());
  expect(card.queryByText(messageText("tiktokPrivacyRequired", "en"))).toBeNull();
});

test("TikTok: the creator's name, only their privacy levels and no default, switches they turned off greyed out, branded content never private", async () => {
  renderAt("/posts/new", [setupMock, creatorMock({ directPost: true })]);
  await choose("tiktok");
  const section = within(screen.getByTestId("tiktok-options"));
  expect(await section.findByTestId("tiktok-creator")).toHaveTextContent("Dar Al Qahwa Café");
  // no default: the placeholder shows, the preview says a choice is needed and scheduling stops
  expect(section.getByText("Choose who can watch")).toBeInTheDocument();
  type(screen.getByTestId("caption"), "Saffron buns this morning");
  const card = within(screen.getByTestId("preview-tiktok"));
  expect(card.getByText(messageText("tiktokPrivacyRequired", "en"))).toBeInTheDocument();

  // comments and duets were turned off in TikTok: off and disabled; stitch is offered, off until turned on
  expect(section.getByTestId("tiktok-comment")).toBeDisabled();
  expect(section.getByTestId("tiktok-comment")).not.toBeChecked();
  expect(section.getByTestId("tiktok-duet")).toBeDisabled();
  expect(section.getByTestId("tiktok-stitch")).toBeEnabled();
  expect(section.getByTestId("tiktok-stitch")).not.toBeChecked();
  expect(section.getAllByText("Turned off in your TikTok settings")).toHaveLength(2);
  expect(section.queryByTestId("tiktok-inbox")).toBeNull();
  expect(section.getByTestId("tiktok-declaration")).toHaveTextContent(
    "By posting, you agree to TikTok's Music Usage Confirmation.",
  );

  // only the creator's own levels are offered
  let options = await openOptions("tiktok-privacy");
  expect(options.map((o) => o.label)).toEqual(["Everyone", "Only me"]);
  fireEvent.click(options[0]!.el);
  await waitFor(() => expect(card.queryByText(messageText("tiktokPrivacyRequired", "en"))).toBeNull());

  // the disclosure: on, it needs a kind; branded content makes "Only me" unavailable, with TikTok's reason
  fireEvent.click(section.getByTestId("tiktok-disclose"));
  expect(section.getByTestId("tiktok-choose-disclosure")).toHaveTextContent(
    "You need to indicate if your content promotes yourself, a third party, or both.",
  );
  fireEvent.click(section.getByRole("checkbox", { name: "Branded content" }));
  expect(section.queryByTestId("tiktok-choose-disclosure")).toBeNull();
  expect(section.getByText(/labeled “Paid partnership”/)).toBeInTheDocument();
  expect(section.getByTestId("tiktok-declaration")).toHaveTextContent(
    "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
  );
  options = await openOptions("tiktok-privacy");
  const onlyMe = options.find((o) => o.label?.startsWith("Only me"))!;
  expect(onlyMe.disabled).toBe(true);
  expect(onlyMe.label).toContain("Branded content visibility cannot be set to private.");
  expect(options.find((o) => o.label === "Everyone")!.disabled).toBe(false);
});

test("TikTok: a photo post has a title and no Duet or Stitch; a private post cannot be branded content", async () => {
  const photoPost = post("tk1", {
    status: "DRAFT",
    scheduledFor: null,
    platforms: ["TIKTOK"],
    targets: [],
    media: [media("m1")],
    networkOptions: {
      __typename: "NetworkOptions",
      instagram: null,
      twitter: null,
      snapchat: null,
      facebook: null,
      altText: [],
      tiktok: {
        __typename: "TikTokOptions",
        privacyLevel: "SELF_ONLY",
        disableComment: false,
        disableDuet: true,
        disableStitch: true,
        brandOrganic: false,
        brandContent: false,
        title: "Karak",
        autoAddMusic: false,
      },
    },
  });
  renderAt("/posts/tk1/edit", [
    setupMock,
    { request: { query: PostsPostDocument, variables: { id: "tk1" } }, result: { data: { post: photoPost } } },
    creatorMock({ commentDisabled: false, directPost: true }),
  ]);
  const section = within(await screen.findByTestId("tiktok-options"));
  await section.findByTestId("tiktok-creator");
  expect(section.queryByTestId("tiktok-duet")).toBeNull();
  expect(section.queryByTestId("tiktok-stitch")).toBeNull();
  // the stored choices read back: "Only me", comments allowed, the title
  expect(section.getByTestId("tiktok-privacy")).toHaveTextContent("Only me");
  expect(section.getByTestId("tiktok-comment")).toBeChecked();
  expect(section.getByTestId("tiktok-title")).toHaveValue("Karak");
  expect(within(screen.getByTestId("preview-tiktok")).getByTestId("preview-tiktok-title")).toHaveTextContent("Karak");
  fireEvent.click(section.getByTestId("tiktok-disclose"));
  expect(section.getByRole("checkbox", { name: "Branded content" })).toBeDisabled();
  expect(section.getByTestId("tiktok-branded-private")).toHaveTextContent(
    "Branded content visibility cannot be set to private.",
  );
});

test("TikTok: a video longer than the creator may post, or TikTok's settings unread, stop scheduling", async () => {
  const longVideo = { ...media("0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f", "VIDEO"), durationMs: 700_000 };
  const draft = post("tk2", {
    status: "DRAFT",
    scheduledFor: null,
    platforms: ["TIKTOK"],
    targets: [],
    media: [longVideo],
    networkOptions: {
      __typename: "NetworkOptions",
      instagram: null,
      twitter: null,
      snapchat: null,
      facebook: null,
      altText: [],
      tiktok: {
        __typename: "TikTokOptions",
        privacyLevel: "PUBLIC_TO_EVERYONE",
        disableComment: true,
        disableDuet: true,
        disableStitch: true,
        brandOrganic: false,
        brandContent: false,
        title: null,
        autoAddMusic: false,
      },
    },
  });
  const postMock = {
    request: { query: PostsPostDocument, variables: { id: "tk2" } },
    result: { data: { post: draft } },
  };
  const { unmount } = renderAt("/posts/tk2/edit", [setupMock, postMock, creatorMock()]);
  await screen.findByTestId("tiktok-creator");
  const card = within(screen.getByTestId("preview-tiktok"));
  expect(
    card.getByText("TikTok takes videos up to 600 seconds from this account; this one is 700 seconds."),
  ).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("publish-now"));
  expect(await screen.findByTestId("composer-error")).toHaveTextContent("Fix the problems shown in the previews");
  unmount();

  // TikTok did not answer: the person is told, can try again, and cannot schedule meanwhile
  renderAt("/posts/tk2/edit", [
    setupMock,
    postMock,
    {
      request: { query: PostsTikTokCreatorDocument, variables: { accountId: "a-tiktok" } },
      error: new Error("TikTok did not answer"),
    },
  ]);
  const failed = await screen.findByTestId("tiktok-creator-failed");
  expect(failed).toHaveTextContent("We could not read your TikTok account. TikTok needs it before each post.");
  expect(within(failed).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  expect(
    within(screen.getByTestId("preview-tiktok")).getByText(
      "We could not read your TikTok account. TikTok needs it before each post.",
    ),
  ).toBeInTheDocument();
  expect(within(screen.getByTestId("tiktok-privacy")).getByRole("combobox")).toBeDisabled();
});

test("X: a caption with a link warns of X's price, and one click moves the link to a reply, saved as linkInReply", async () => {
  const created = post("x1", { status: "DRAFT", scheduledFor: null, platforms: ["TWITTER"], targets: [] });
  const content = "Order our karak online https://darqahwa.example/order";
  renderAt("/posts/new", [
    setupMock,
    {
      request: {
        query: PostsCreateDocument,
        variables: {
          input: {
            content,
            hashtags: [],
            firstComment: null,
            mediaIds: [],
            platforms: ["TWITTER"],
            networkOptions: { twitter: { thread: false, linkInReply: true } },
          },
        },
      },
      result: { data: { createPost: created } },
    },
  ]);
  await choose("twitter");
  const section = within(screen.getByTestId("x-options"));
  expect(section.queryByTestId("x-link-cost")).toBeNull();
  type(screen.getByTestId("caption"), content);
  expect(section.getByTestId("x-link-cost")).toHaveTextContent("X charges more for a post that carries a link");
  fireEvent.click(section.getByTestId("x-move-link"));
  expect(section.getByTestId("x-link-moved")).toBeInTheDocument();
  // the preview shows the post, then the link's reply
  const parts = within(screen.getByTestId("preview-twitter")).getAllByTestId("preview-x-part");
  expect(parts.map((p) => p.textContent)).toEqual([
    expect.stringContaining("Order our karak online"),
    expect.stringContaining("https://darqahwa.example/order"),
  ]);
  expect(parts[0]).not.toHaveTextContent("https://");
  fireEvent.click(screen.getByTestId("save-draft"));
  expect(await screen.findByText("posts list")).toBeInTheDocument();
});

test("X: a caption over 280 characters goes out as a numbered thread once the switch is on", async () => {
  renderAt("/posts/new", [setupMock]);
  await choose("twitter");
  const sentence = "Fresh saffron buns and hot karak are waiting for you at Dar Al Qahwa this morning.";
  type(screen.getByTestId("caption"), Array.from({ length: 5 }, () => sentence).join(" "));
  const card = within(screen.getByTestId("preview-twitter"));
  expect(card.getByTestId("over-twitter")).toBeInTheDocument();
  expect(card.queryByTestId("preview-x-thread")).toBeNull();
  fireEvent.click(within(screen.getByTestId("x-options")).getByRole("switch", { name: "Post as a thread" }));
  const parts = card.getAllByTestId("preview-x-part");
  expect(parts).toHaveLength(2);
  expect(parts[0]!.querySelector(".sufra-preview-text")!.textContent).toMatch(/^1\/2 Fresh saffron/);
  expect(parts[1]).toHaveTextContent("2/2");
  expect(card.queryByTestId("over-twitter")).toBeNull();
});

test("a draft's Instagram story and alt text read back, preview as a story without the caption, and are saved again", async () => {
  const story = post("s1", {
    status: "DRAFT",
    scheduledFor: null,
    platforms: ["INSTAGRAM"],
    targets: [],
    media: [media("0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f")],
    networkOptions: {
      __typename: "NetworkOptions",
      instagram: {
        __typename: "InstagramOptions",
        format: "STORY",
        reel: null,
        collaborators: [],
        locationId: null,
        userTags: [],
      },
      tiktok: null,
      twitter: null,
      snapchat: null,
      facebook: null,
      altText: [
        { __typename: "MediaAltText", mediaId: "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f", text: "A cup of karak" },
      ],
    },
  });
  renderAt("/posts/s1/edit", [
    setupMock,
    { request: { query: PostsPostDocument, variables: { id: "s1" } }, result: { data: { post: story } } },
    {
      request: {
        query: PostsUpdateDocument,
        variables: {
          id: "s1",
          input: {
            content: story.content,
            hashtags: ["karak"],
            firstComment: "",
            mediaIds: ["0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f"],
            platforms: ["INSTAGRAM"],
            campaignId: null,
            occasion: null,
            networkOptions: {
              instagram: { format: "STORY" },
              altText: [{ mediaId: "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f", text: "A cup of hot karak" }],
            },
          },
        },
      },
      result: { data: { updatePost: story } },
    },
  ]);
  const section = within(await screen.findByTestId("instagram-options"));
  expect(within(section.getByTestId("instagram-format")).getByRole("radio", { name: "Story" })).toBeChecked();
  // a story takes no collaborators
  expect(section.queryByTestId("instagram-collaborators")).toBeNull();
  const card = within(screen.getByTestId("preview-instagram"));
  expect(card.getByTestId("phone-story")).toBeInTheDocument();
  expect(card.queryByTestId("preview-text-instagram")).toBeNull();
  expect(screen.getByTestId("preview-instagram")).not.toHaveTextContent("Fresh karak every morning");
  // a story's photo is tall: Instagram's feed shapes (the crops) are not offered
  expect(screen.queryByText("Shape for Instagram")).toBeNull();
  // a feed post's photo is offered them, and the story is chosen again
  fireEvent.click(within(section.getByTestId("instagram-format")).getByText("Feed post"));
  expect(screen.getByText("Shape for Instagram")).toBeInTheDocument();
  fireEvent.click(within(section.getByTestId("instagram-format")).getByText("Story"));
  expect(screen.queryByText("Shape for Instagram")).toBeNull();

  const alt = screen.getByLabelText("Alt text for karak.jpg");
  expect(alt).toHaveValue("A cup of karak");
  // the counter sits in the field's foot beside the hint, never drawn over it (antd's own count is placed over what follows)
  const field = alt.closest<HTMLElement>(".sufra-alt-text")!;
  expect(field.querySelector(".ant-input-data-count")).toBeNull();
  const foot = within(field).getByTestId("alt-text-foot");
  expect(within(foot).getByTestId("alt-text-count")).toHaveTextContent("14 / 1,000");
  expect(foot).toHaveTextContent(/Describe/);
  type(alt, "A cup of hot karak");
  fireEvent.click(screen.getByTestId("save-draft"));
  expect(await screen.findByText("posts list")).toBeInTheDocument();
});

test("in Arabic: the TikTok part right to left, with TikTok's words in Arabic", async () => {
  await inLanguage("ar");
  renderAt("/posts/new", [setupMock, creatorMock({ directPost: true })]);
  await choose("tiktok");
  const section = within(screen.getByTestId("tiktok-options"));
  expect(section.getByRole("heading", { level: 3, name: "على تيك توك" })).toBeInTheDocument();
  expect(await section.findByText("النشر على تيك توك باسم")).toBeInTheDocument();
  expect(section.getByText("اختر من يمكنه المشاهدة")).toBeInTheDocument();
  expect(section.getByText("من يمكنه مشاهدة المنشور")).toBeInTheDocument();
  expect(section.getByTestId("tiktok-declaration")).toHaveTextContent(
    "بالنشر، أنت توافق على تأكيد استخدام الموسيقى في تيك توك.",
  );
  expect(section.queryByTestId("tiktok-inbox")).toBeNull();
  // each switch is named by its label, for screen readers and keyboard users
  expect(section.getByRole("switch", { name: "السماح بالتعليقات" })).toBeDisabled();
  expect(section.getByRole("switch", { name: "السماح بالدمج (Stitch)" })).not.toBeChecked();
  expect(section.getByRole("switch", { name: "الإفصاح عن محتوى المنشور" })).toBeEnabled();
  expect(screen.getByTestId("tiktok-privacy").closest(".ant-select-rtl")).not.toBeNull();
  const options = await openOptions("tiktok-privacy");
  expect(options.map((o) => o.label)).toEqual(["الجميع", "أنا فقط"]);
});
