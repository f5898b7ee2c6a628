// The posts screens: the list (status, Kuwait time with the Hijri date, filters as query variables,
// bulk delete with its report, live status changes) and the composer (per-network counters as each
// network counts, in English and Arabic/RTL; hashtags normalised; the schedule rule; saving a draft;
// upload progress).
import { File as NodeFile } from "node:buffer";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { messageText } from "@sufra/schema";
import {
  PostsChangedDocument,
  PostsComposerSetupDocument,
  PostsCreateDocument,
  PostsDeleteManyDocument,
} from "../../graphql/graphql.ts";
import i18n, { currentLocale } from "../../i18n/index.ts";
import { apiHooks } from "../../lib/api.ts";
import { formatDateTime, formatHijri } from "../../lib/format.ts";
import { inLanguage, openPopover, pick, type } from "../../../test/render.tsx";
import {
  freshStart,
  renderWithMocks as renderScreen,
  resetScreenWidth,
  setScreenWidth,
} from "../../../test/screens.tsx";
import { insightsMock } from "../insights/testMocks.ts";
import { campaignOptionsMock } from "../campaigns/testMocks.ts";
import ComposerPage from "./ComposerPage.tsx";
import PostsPage from "./PostsPage.tsx";
import { AT, listMock, media, post, quiet, target } from "./testMocks.ts";

/** Every screen here may show the schedule picker, and with it the week's suggested times. */
const renderWithMocks = (
  routes: Parameters<typeof renderScreen>[0],
  path: string,
  mocks: Parameters<typeof renderScreen>[2] = [],
) => renderScreen(routes, path, [...(mocks ?? []), insightsMock(), campaignOptionsMock()] as never);

const connection = (platform: string, account: object | null, extra: object = {}) => ({
  __typename: "PlatformConnection",
  platform,
  available: true,
  configured: true,
  manual: platform === "SNAPCHAT",
  account: account && {
    __typename: "PlatformAccount",
    id: `a-${platform}`,
    platform,
    handle: "daralqahwa",
    displayName: "Dar Al Qahwa",
    demo: false,
    practice: false,
    status: "CONNECTED",
    ...account,
  },
  ...extra,
});

const setupMock = (plan = "PROFESSIONAL", status = "ACTIVE") => ({
  request: { query: PostsComposerSetupDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: "u-client",
        business: { __typename: "Client", id: "b1", subscription: { __typename: "ClientSubscription", plan, status } },
      },
      platformConnections: [
        connection("INSTAGRAM", {}),
        connection("TWITTER", { demo: true }),
        connection("SNAPCHAT", null),
      ],
    },
  },
});

const listRoutes = [{ path: "/posts", element: <PostsPage /> }];
const renderList = (mocks: object[], live: object = quiet) =>
  renderWithMocks(listRoutes, "/posts", [live, ...mocks] as Parameters<typeof renderWithMocks>[2]);
const composerRoutes = [
  { path: "/posts/new", element: <ComposerPage /> },
  { path: "/posts", element: <p>posts list</p> },
];

const checkPlatform = (p: string) => fireEvent.click(within(screen.getByTestId(`platform-${p}`)).getByRole("checkbox"));

let warn: jest.SpyInstance;
let err: jest.SpyInstance;
beforeEach(async () => {
  apiHooks.language = currentLocale; // as main.tsx sets them
  apiHooks.translate = (key) => i18n.t(key, { ns: "common" });
  await freshStart({ as: "client" });
  warn = jest.spyOn(console, "warn");
  err = jest.spyOn(console, "error");
});
afterEach(() => {
  // antd reports deprecated props and React reports mistakes on the console: either is a bug here
  const antd = [...warn.mock.calls, ...err.mock.calls]
    .map((c) => String(c[0]))
    .filter((m) => /antd|Warning:|deprecated/i.test(m));
  warn.mockRestore();
  err.mockRestore();
  resetScreenWidth();
  expect(antd).toEqual([]);
});

describe("posts list", () => {
  test("shows each post with its status, its networks, and the time in Kuwait with the Hijri date", async () => {
    // a draft may have no network yet
    renderList([
      listMock([post("p1"), post("p2", { status: "DRAFT", scheduledFor: null, targets: [], platforms: [] })]),
    ]);
    const cards = await screen.findAllByTestId("post-card");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByTestId("post-status")).toHaveTextContent("Scheduled");
    expect(first.getByTestId("target-status-twitter")).toHaveTextContent("X: Pending");
    const when = first.getByTestId("kuwait-date");
    expect(when).toHaveTextContent(formatDateTime(AT, "en"));
    expect(when).toHaveTextContent(/1:00\s?PM|13:00/); // Kuwait, not UTC
    expect(first.getByTestId("hijri-date")).toHaveTextContent(formatHijri(AT, "en"));
    expect(first.getByTestId("hijri-date")).toHaveTextContent(/Ramadan.*1447/);
    expect(within(cards[1]).getByTestId("post-status")).toHaveTextContent("Draft");
    expect(within(cards[1]).getByText("Not scheduled")).toBeInTheDocument();
    expect(within(cards[1]).getByTestId("no-network-p2")).toHaveTextContent("No network yet");
    expect(screen.getByTestId("posts-total")).toHaveTextContent("2 posts");
  });

  test("on a wide screen: a table whose rows can be selected for bulk actions", async () => {
    setScreenWidth(1280);
    renderList([listMock([post("p1"), post("p2")])]);
    const table = await screen.findByTestId("posts-table");
    await waitFor(() => expect(within(table).getAllByTestId("post-row")).toHaveLength(2));
    expect(within(table).getByRole("columnheader", { name: "When (Kuwait time)" })).toBeInTheDocument();
    expect(within(table).getAllByTestId("hijri-date")[0]).toHaveTextContent(formatHijri(AT, "en"));
    fireEvent.click(within(within(table).getAllByTestId("post-row")[1]).getByRole("checkbox"));
    expect(screen.getByTestId("bulk-bar")).toHaveTextContent("1 post selected");
  });

  test("an empty list teaches: no posts yet, and a way to write the first", async () => {
    renderList([listMock([])]);
    const empty = await screen.findByTestId("posts-empty");
    expect(within(empty).getByText("No posts yet")).toBeInTheDocument();
    expect(within(empty).getByRole("link", { name: "Write your first post" })).toHaveAttribute("href", "/posts/new");
  });

  test("filters send the network, the statuses and the search as query variables", async () => {
    renderList([
      listMock([post("p1"), post("p2")]),
      listMock([post("p2")], { platform: "TWITTER" }),
      listMock([post("p2")], { platform: "TWITTER", status: ["FAILED"] }),
      listMock([post("p3", { content: "Saffron cake" })], {
        platform: "TWITTER",
        status: ["FAILED"],
        search: "saffron",
      }),
    ]);
    expect(await screen.findAllByTestId("post-card")).toHaveLength(2);
    await pick("platform-filter", "X");
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(1));
    await pick("status-filter", "Failed");
    await waitFor(() => expect(screen.getByText(/every morning p2/)).toBeInTheDocument());
    type(within(screen.getByTestId("post-search")).getByRole("searchbox"), "  saffron ");
    expect(await screen.findByText("Saffron cake")).toBeInTheDocument();
  });

  test("bulk delete asks first, then reports how many were deleted and how many could not be", async () => {
    renderList([
      listMock([post("p1"), post("p2", { status: "PUBLISHING" })]),
      {
        request: { query: PostsDeleteManyDocument, variables: { ids: ["p1", "p2"] } },
        result: { data: { deletePosts: { __typename: "BulkPostsResult", done: ["p1"], refusedIds: ["p2"] } } },
      },
      listMock([post("p2", { status: "PUBLISHING" })]),
    ]);
    await screen.findAllByTestId("post-card");
    fireEvent.click(screen.getByTestId("select-p1"));
    fireEvent.click(screen.getByTestId("select-p2"));
    expect(screen.getByTestId("bulk-bar")).toHaveTextContent("2 posts selected");
    fireEvent.click(screen.getByTestId("bulk-delete"));
    const confirm = within(await openPopover());
    expect(confirm.getByText("Delete 2 posts?")).toBeInTheDocument();
    fireEvent.click(confirm.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("1 deleted, 1 could not be deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(1));
    expect(screen.getByTestId("bulk-bar")).toHaveTextContent("1 post selected"); // the refused one stays selected
  });

  test("a postChanged event updates the post's status without a reload", async () => {
    const published = post("p1", {
      status: "PUBLISHED",
      publishedAt: AT,
      targets: [target("p1-x", "TWITTER", "PUBLISHED")],
    });
    renderList([listMock([post("p1")])], {
      request: { query: PostsChangedDocument },
      result: {
        data: { postChanged: { __typename: "PostChange", postId: "p1", postStatus: "PUBLISHED", post: published } },
      },
      delay: 300,
    });
    const card = (await screen.findAllByTestId("post-card"))[0];
    expect(within(card).getByTestId("post-status")).toHaveTextContent("Scheduled");
    await waitFor(() =>
      expect(within(screen.getAllByTestId("post-card")[0]).getByTestId("post-status")).toHaveTextContent("Published"),
    );
    expect(within(screen.getAllByTestId("post-card")[0]).getByTestId("target-status-twitter")).toHaveTextContent(
      "X: Published",
    );
  });

  test("a part published with a step after it failed (a first comment) says so, and offers nothing to do", async () => {
    const p = post("p1", {
      status: "PUBLISHED",
      publishedAt: AT,
      platforms: ["FACEBOOK"],
      targets: [
        target("t-f", "FACEBOOK", "PUBLISHED", {
          errorCode: "PUBLISHED_WITH_WARNING",
          error: "Published on Facebook, but one step after it did not go through: the first comment was not added",
        }),
      ],
    });
    renderList([listMock([p])]);
    expect(await screen.findByTestId("target-warning")).toHaveTextContent("the first comment was not added");
    expect(screen.queryByTestId("attention-t-f")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send again" })).toBeNull();
  });

  test("a network part waiting for a person says why and offers the next step; Snapchat shows what to post", async () => {
    const p = post("p1", {
      status: "UNCONFIRMED",
      platforms: ["TWITTER", "SNAPCHAT"],
      media: [media("m1")],
      targets: [
        target("t-x", "TWITTER", "UNCONFIRMED", { error: "X did not answer in time. Check X before sending again." }),
        target("t-s", "SNAPCHAT", "AWAITING_MANUAL"),
      ],
    });
    renderList([listMock([p])]);
    const x = within(await screen.findByTestId("attention-t-x"));
    expect(x.getByTestId("target-error")).toHaveTextContent("X did not answer in time");
    expect(x.getByRole("button", { name: "It's posted" })).toBeInTheDocument();
    expect(x.getByRole("button", { name: "Send again" })).toBeInTheDocument();
    const snap = within(screen.getByTestId("attention-t-s"));
    expect(snap.getByTestId("manual-caption")).toHaveTextContent("Fresh karak every morning p1 #karak");
    expect(snap.getByRole("button", { name: "Copy caption" })).toBeInTheDocument();
    expect(snap.getByRole("link", { name: "Download karak.jpg" })).toHaveAttribute(
      "href",
      "/media/m1/original?exp=1&sig=s",
    );
    expect(snap.queryByRole("button", { name: "Send again" })).toBeNull();
  });
});

describe("composer", () => {
  test("the X preview counts as X does and shows the caption over the limit, in English", async () => {
    renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
    await screen.findByTestId("platform-twitter");
    expect(
      within(screen.getByTestId("platform-snapchat")).getByRole("link", { name: "Connect in Settings" }),
    ).toHaveAttribute("href", "/settings");
    expect(within(screen.getByTestId("platform-twitter")).getByText("Demo")).toBeInTheDocument();
    checkPlatform("twitter");
    type(screen.getByTestId("caption"), "a".repeat(281));
    const card = within(screen.getByTestId("preview-twitter"));
    expect(card.getByTestId("counter-twitter")).toHaveTextContent("281 / 280");
    expect(card.getByTestId("over-twitter")).toHaveTextContent("Over the limit by 1");
    expect(card.getByText("X allows at most 280 characters; this caption has 281")).toBeInTheDocument();
    expect(card.getByTestId("preview-text-twitter").textContent).toMatch(/…$/);
    type(screen.getByTestId("caption"), "a".repeat(280));
    expect(card.getByTestId("counter-twitter")).toHaveTextContent("280 / 280");
    expect(card.queryByTestId("over-twitter")).toBeNull();
  });

  test("in Arabic, the problem is written in Arabic and the page reads right to left", async () => {
    await inLanguage("ar");
    renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
    await screen.findByTestId("platform-twitter");
    checkPlatform("twitter");
    type(screen.getByTestId("caption"), "a".repeat(281));
    const card = screen.getByTestId("preview-twitter");
    expect(within(card).getByTestId("counter-twitter")).toHaveTextContent("٢٨١ / ٢٨٠");
    expect(within(card).getByText("الحد الأقصى للأحرف على إكس هو ٢٨٠، وطول هذا النص ٢٨١")).toBeInTheDocument();
    expect(document.documentElement.dir).toBe("rtl");
    expect(card.className).toMatch(/ant-card-rtl/);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("منشور جديد");
  });

  test("hashtags are normalised as the server stores them and appear in the previews", async () => {
    renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
    await screen.findByTestId("platform-twitter");
    checkPlatform("twitter");
    type(screen.getByTestId("caption"), "Fresh karak");
    const input = within(screen.getByTestId("hashtags")).getByRole("combobox");
    fireEvent.mouseDown(input);
    type(input, "#Kuwait Food");
    fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.getAllByTestId("hashtag").map((el) => el.textContent)).toEqual(["#Kuwait_Food"]));
    type(input, "##karak,");
    await waitFor(() =>
      expect(screen.getAllByTestId("hashtag").map((el) => el.textContent)).toEqual(["#Kuwait_Food", "#karak"]),
    );
    expect(screen.getByTestId("preview-text-twitter")).toHaveTextContent("Fresh karak #Kuwait_Food #karak");
    expect(within(screen.getByTestId("preview-twitter")).getByText("Hashtags: 2")).toBeInTheDocument();
  });

  test("a time in the past is refused with the shared rule's message; the Hijri date is shown beside it", async () => {
    renderWithMocks(composerRoutes, "/posts/new?at=2020-01-01T10:00:00Z", [setupMock()]);
    expect(await screen.findByText(messageText("scheduleInPast", "en"))).toBeInTheDocument();
    expect(screen.getByTestId("schedule-hijri")).toHaveTextContent(formatHijri("2020-01-01T10:00:00Z", "en"));
    expect(screen.getByTestId("schedule-readout")).toHaveTextContent(/1:00\s?PM|13:00/);
  });

  test("save as draft sends createPost with the caption, hashtags and networks, then goes back to the list", async () => {
    const created = post("new1", {
      status: "DRAFT",
      scheduledFor: null,
      content: "Fresh karak",
      hashtags: ["Kuwait_Food"],
    });
    renderWithMocks(composerRoutes, "/posts/new", [
      setupMock(),
      {
        request: {
          query: PostsCreateDocument,
          variables: {
            input: {
              content: "Fresh karak",
              hashtags: ["Kuwait_Food"],
              firstComment: null,
              mediaIds: [],
              platforms: ["TWITTER"],
            },
          },
        },
        result: { data: { createPost: created } },
      },
    ]);
    await screen.findByTestId("platform-twitter");
    checkPlatform("twitter");
    type(screen.getByTestId("caption"), "Fresh karak");
    type(within(screen.getByTestId("hashtags")).getByRole("combobox"), "Kuwait Food,");
    await screen.findByTestId("hashtag");
    fireEvent.click(screen.getByTestId("save-draft"));
    expect(await screen.findByText("posts list")).toBeInTheDocument();
    expect(await screen.findByText("Saved in your drafts")).toBeInTheDocument();
  });

  test("a draft needs no network: saved with none, then back to the list", async () => {
    const created = post("new2", {
      status: "DRAFT",
      scheduledFor: null,
      content: "Fresh karak",
      platforms: [],
      targets: [],
    });
    renderWithMocks(composerRoutes, "/posts/new", [
      setupMock(),
      {
        request: {
          query: PostsCreateDocument,
          variables: {
            input: { content: "Fresh karak", hashtags: [], firstComment: null, mediaIds: [], platforms: [] },
          },
        },
        result: { data: { createPost: created } },
      },
    ]);
    await screen.findByTestId("platform-twitter");
    type(screen.getByTestId("caption"), "Fresh karak");
    fireEvent.click(screen.getByTestId("save-draft"));
    expect(await screen.findByText("posts list")).toBeInTheDocument();
    expect(await screen.findByText("Saved in your drafts")).toBeInTheDocument();
  });

  test("a stopped subscription: drafts still save; Publish and Schedule say why they wait for a payment (docs/product.md#subscriptions-and-billing)", async () => {
    renderWithMocks(composerRoutes, "/posts/new", [setupMock("PROFESSIONAL", "EXPIRED")]);
    await screen.findByTestId("platform-twitter");
    expect(screen.getByTestId("composer-subscription-ended")).toHaveTextContent(
      "Your subscription has ended. Your posts and data are kept; pay on the Billing page to publish, schedule and write with AI again",
    );
    expect(
      within(screen.getByTestId("composer-subscription-ended")).getByRole("link", { name: "Pay now" }),
    ).toHaveAttribute("href", "/billing");
    expect(screen.getByTestId("publish-now")).toBeDisabled();
    expect(screen.getByTestId("schedule-button")).toBeDisabled();
    expect(screen.getByTestId("save-draft")).toBeEnabled();
  });

  test("past due still publishes (the grace keeps every right)", async () => {
    renderWithMocks(composerRoutes, "/posts/new", [setupMock("PROFESSIONAL", "PAST_DUE")]);
    await screen.findByTestId("platform-twitter");
    expect(screen.queryByTestId("composer-subscription-ended")).toBeNull();
    expect(screen.getByTestId("publish-now")).toBeEnabled();
  });

  test("publishing or scheduling without a network is stopped at the networks field, in the person's language", async () => {
    renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
    await screen.findByTestId("platform-twitter");
    type(screen.getByTestId("caption"), "Fresh karak");
    fireEvent.click(screen.getByTestId("publish-now"));
    expect(await screen.findByText(messageText("platformsRequired", "en"))).toBeInTheDocument();
  });

  test("a practice account is offered with a visible Practice tag, in both languages", async () => {
    const practiceSetup = setupMock();
    practiceSetup.result.data.platformConnections = [
      connection("INSTAGRAM", { demo: true, practice: true, handle: "practice_instagram" }),
      connection("TWITTER", null),
      connection("SNAPCHAT", null),
    ];
    renderWithMocks(composerRoutes, "/posts/new", [practiceSetup]);
    const tag = await screen.findByTestId("practice-instagram");
    expect(tag).toHaveTextContent("Practice");
    expect(within(screen.getByTestId("platform-instagram")).getByRole("checkbox")).toBeEnabled();
    expect(within(screen.getByTestId("platform-twitter")).getByRole("checkbox")).toBeDisabled();
    // switching language re-renders the page
    await act(() => inLanguage("ar"));
    expect(await screen.findByTestId("practice-instagram")).toHaveTextContent("تدريب");
  });

  describe("upload", () => {
    const realXhr = globalThis.XMLHttpRequest;
    let sent: FakeXhr[] = [];
    class FakeXhr {
      status = 0;
      responseText = "";
      headers: Record<string, string> = {};
      method = "";
      url = "";
      body: FormData | null = null;
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      send(body: FormData) {
        this.body = body;
        sent.push(this);
      }
      abort() {}
      respond(status: number, body: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }
    }
    beforeEach(() => {
      sent = [];
      globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    });
    afterEach(() => {
      globalThis.XMLHttpRequest = realXhr;
    });

    test("shows the percentage while the file goes up, then its thumbnail", async () => {
      renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
      await screen.findByTestId("platform-instagram");
      checkPlatform("instagram");
      const file = new NodeFile(["jpeg"], "karak.jpg", { type: "image/jpeg" });
      fireEvent.change(screen.getByTestId("media-input"), { target: { files: [file] } });
      await waitFor(() => expect(sent).toHaveLength(1));
      const xhr = sent[0];
      expect(xhr.method).toBe("POST");
      expect(xhr.url).toBe("/api/posts/media");
      expect(xhr.headers.Authorization).toBe("Bearer access-token");
      expect(xhr.body?.get("platforms")).toBe("instagram");
      expect((xhr.body?.get("file") as File).name).toBe("karak.jpg");
      act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 }));
      expect(await screen.findByText("Uploading karak.jpg")).toBeInTheDocument();
      expect(screen.getByTestId("upload-percent")).toHaveTextContent("42%");
      act(() =>
        xhr.respond(201, {
          id: "9b2f6a7e-2c1d-4f7a-9a51-1d2a3b4c5d6e",
          kind: "image",
          mime: "image/jpeg",
          bytes: 4,
          width: 1080,
          height: 1080,
          duration_ms: null,
          original_name: "karak.jpg",
          url: "/media/k/original?exp=1&sig=s",
          thumbnail_url: "/media/k/thumb?exp=1&sig=s",
          crops: { square: { url: "/media/k/square?exp=1&sig=s", width: 1080, height: 1080 } },
          source_id: null,
          created_at: AT,
        }),
      );
      const item = await screen.findByTestId("media-item");
      expect(within(item).getByRole("img", { name: "karak.jpg" })).toHaveAttribute("src", "/media/k/thumb?exp=1&sig=s");
      expect(screen.queryByTestId("upload-progress")).toBeNull();
      // Instagram now has its picture: its "needs a photo" problem is gone
      expect(within(screen.getByTestId("preview-instagram")).queryByText(/needs a photo|requires/i)).toBeNull();
    });

    test("a refusal is shown in the person's language, as the server wrote it", async () => {
      await inLanguage("ar");
      renderWithMocks(composerRoutes, "/posts/new", [setupMock()]);
      await screen.findByTestId("platform-instagram");
      fireEvent.change(screen.getByTestId("media-input"), {
        target: { files: [new NodeFile(["x"], "menu.gif", { type: "image/gif" })] },
      });
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0].headers["Accept-Language"]).toBe("ar");
      act(() => sent[0].respond(400, { message: "هذا الملف غير مدعوم", code: "MEDIA_UNSUPPORTED", details: {} }));
      expect(await screen.findByTestId("upload-error")).toHaveTextContent("هذا الملف غير مدعوم");
    });
  });
});
