// The posts list beyond the text: each post's first photo or video as a small thumbnail (the small
// variant, lazily loaded, described in the person's language), where each published copy can be seen
// (the network's own page; the simulated network has none), and a new draft from a published post
// (duplicate, or only its media) that opens in the composer.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PostsDuplicateDocument } from "../../graphql/graphql.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import PostsPage from "./PostsPage.tsx";
import { AT, post as basePost, listMock as postsListMock, media, quiet, target } from "./testMocks.ts";

/** Here a post was published on three networks, unless `extra` says otherwise. */
const post = (id: string, extra: object = {}) =>
  basePost(id, {
    platforms: ["INSTAGRAM", "TWITTER", "SNAPCHAT"],
    status: "PUBLISHED",
    publishedAt: AT,
    targets: [],
    ...extra,
  });
/** The screen asks for the list again after each action. */
const listMock = (posts: object[]) => ({ ...postsListMock(posts), maxUsageCount: 5 });

const routes = [
  { path: "/posts", element: <PostsPage /> },
  { path: "/posts/:id/edit", element: <p>Composer</p> },
];
const renderList = (mocks: object[]) =>
  renderWithMocks(routes, "/posts", [quiet, ...mocks] as Parameters<typeof renderWithMocks>[2]);

const published = post("p1", {
  media: [media("m1"), media("m2")],
  targets: [
    target("p1-ig", "INSTAGRAM", "PUBLISHED", { permalink: "https://www.instagram.com/p/DAbc123/" }),
    target("p1-x", "TWITTER", "PUBLISHED", { permalink: "https://x.com/daralqahwa/status/1890000000000000000" }),
    target("p1-sc", "SNAPCHAT", "PUBLISHED", {
      demo: true,
      handle: "demo_snapchat_1",
      permalink: "https://demo.sufra.local/snapchat/abc",
    }),
  ],
});

beforeEach(() => freshStart({ as: "client" }));
afterEach(resetScreenWidth);

describe("thumbnails", () => {
  test("a post with media shows its first photo small, lazily, described by the post; more are counted", async () => {
    setScreenWidth(1280);
    renderList([
      listMock([
        published,
        post("p2", { status: "DRAFT", media: [media("v1", "VIDEO", null)] }),
        post("p3", { status: "DRAFT" }),
      ]),
    ]);
    const rows = await screen.findAllByTestId("post-row");
    const img = within(rows[0]).getByRole("img", { name: "Photo of the post “Fresh karak every morning p1”" });
    // the small variant, never the full-size file
    expect(img).toHaveAttribute("src", "/media/m1/thumb?exp=1&sig=s");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(within(rows[0]).getByTestId("post-thumb")).toHaveTextContent("+1");
    expect(within(rows[0]).getByText("More photos or videos: 1")).toHaveClass("sufra-visually-hidden");
    // a video without a poster: an icon that says what it is, no file loaded
    const video = within(rows[1]).getByRole("img", { name: "Video of the post “Fresh karak every morning p2”" });
    expect(video.tagName).toBe("SPAN");
    expect(rows[1].querySelector("img")).toBeNull();
    // no media: no thumbnail
    expect(within(rows[2]).queryByTestId("post-thumb")).toBeNull();
  });

  test("in Arabic on a phone: the card's thumbnail is described in Arabic, with Arabic digits", async () => {
    await inLanguage("ar");
    setScreenWidth(360);
    renderList([listMock([published])]);
    const card = within((await screen.findAllByTestId("post-card"))[0]);
    expect(card.getByRole("img", { name: "صورة المنشور «\u2068Fresh karak every morning p1\u2069»" })).toHaveAttribute(
      "src",
      "/media/m1/thumb?exp=1&sig=s",
    );
    expect(card.getByTestId("post-thumb")).toHaveTextContent("+١");
  });
});

describe("a published post", () => {
  test("each copy links to the network's own page; the simulated network's copy says so and has no link", async () => {
    setScreenWidth(1280);
    renderList([listMock([published])]);
    const row = within((await screen.findAllByTestId("post-row"))[0]);
    const ig = row.getByRole("link", { name: /View on Instagram/ });
    expect(ig).toHaveAttribute("href", "https://www.instagram.com/p/DAbc123/");
    expect(ig).toHaveAttribute("target", "_blank");
    expect(ig).toHaveAttribute("rel", "noopener noreferrer");
    expect(row.getByRole("link", { name: /View on X/ })).toHaveAttribute(
      "href",
      "https://x.com/daralqahwa/status/1890000000000000000",
    );
    expect(row.queryByRole("link", { name: /Snapchat/ })).toBeNull();
    expect(row.getByTestId("simulated-p1-sc")).toHaveTextContent("Simulated on Snapchat: not on the real network");
    expect(row.getAllByRole("link")).toHaveLength(2);
  });

  test("a copy not yet published, or with an address that is not a web page, offers no link", async () => {
    setScreenWidth(1280);
    renderList([
      listMock([
        post("p4", {
          status: "PARTIALLY_PUBLISHED",
          targets: [
            target("p4-ig", "INSTAGRAM", "FAILED", { permalink: "https://www.instagram.com/p/x/" }),
            target("p4-x", "TWITTER", "PUBLISHED", { permalink: "javascript:alert(1)" }),
          ],
        }),
      ]),
    ]);
    const row = within((await screen.findAllByTestId("post-row"))[0]);
    expect(row.queryByRole("link")).toBeNull();
  });

  test("Duplicate as new draft: the mutation makes the draft and the composer opens it", async () => {
    setScreenWidth(1280);
    const dup = recordedMock(PostsDuplicateDocument, (v) => ({
      data: {
        duplicatePost: post(v.mediaOnly ? "p9" : "p8", { status: "DRAFT", publishedAt: null, scheduledFor: null }),
      },
    }));
    const { router } = renderList([listMock([published]), dup.mock]);
    const row = within((await screen.findAllByTestId("post-row"))[0]);
    // what a published post offers: no editing, a new draft instead
    expect(row.queryByTestId("edit-p1")).toBeNull();
    fireEvent.click(row.getByRole("button", { name: "Duplicate as new draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/posts/p8/edit"));
    expect(dup.calls).toEqual([{ id: "p1" }]);
    expect(
      await screen.findByText("A new draft with the same caption and media. Change what you like, then schedule it."),
    ).toBeInTheDocument();
  });

  test("Reuse media: a draft with only the media, opened in the composer; a post without media does not offer it", async () => {
    setScreenWidth(1280);
    const dup = recordedMock(PostsDuplicateDocument, (v) => ({
      data: { duplicatePost: post(v.mediaOnly ? "p9" : "p8", { status: "DRAFT", content: "" }) },
    }));
    const { router } = renderList([
      listMock([published, post("p5", { targets: [target("p5-x", "TWITTER", "PUBLISHED")] })]),
      dup.mock,
    ]);
    const rows = await screen.findAllByTestId("post-row");
    expect(within(rows[1]).queryByRole("button", { name: "Reuse media" })).toBeNull();
    expect(within(rows[1]).getByRole("button", { name: "Duplicate as new draft" })).toBeInTheDocument();
    fireEvent.click(within(rows[0]).getByRole("button", { name: "Reuse media" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/posts/p9/edit"));
    expect(dup.calls).toEqual([{ id: "p1", mediaOnly: true }]);
  });

  test("a refusal is said in the person's language and nothing opens", async () => {
    await inLanguage("ar");
    setScreenWidth(1280);
    const dup = recordedMock(PostsDuplicateDocument, () => ({
      errors: [{ message: "لم يُعثر على المنشور", extensions: { code: "NOT_FOUND" } }],
    }));
    const { router } = renderList([listMock([published]), dup.mock]);
    fireEvent.click(
      within((await screen.findAllByTestId("post-row"))[0]).getByRole("button", { name: "انسخه كمسودة جديدة" }),
    );
    expect(await screen.findByText("لم يُعثر على المنشور")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/posts");
  });
});
