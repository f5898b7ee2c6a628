// For tests only: a post, its media and its per-network copies as the server sends them (with
// __typename), the posts list's answer, and the live feed kept quiet.
import { PostsChangedDocument, PostsListDocument, type PostsListQueryVariables } from "../../graphql/graphql.ts";
import { PAGE_SIZE } from "./PostsPage.tsx";

export const AT = "2026-03-01T10:00:00.000Z"; // 13:00 in Kuwait, 11 Ramadan 1447

/** A photo (or a video, with its poster as `thumb`), with the signed root-relative addresses the server sends. */
export const media = (id: string, kind = "IMAGE", thumb: string | null = `/media/${id}/thumb?exp=1&sig=s`) => ({
  __typename: "Media",
  id,
  kind,
  mime: kind === "VIDEO" ? "video/mp4" : "image/jpeg",
  bytes: 120_000,
  width: 1080,
  height: 1080,
  durationMs: kind === "VIDEO" ? 8000 : null,
  originalName: "karak.jpg",
  // what the server sends people: signed, root-relative (loads from whatever address the page was opened by)
  url: `/media/${id}/original?exp=1&sig=s`,
  thumbnailUrl: thumb,
  sourceId: null,
  menuItemId: null,
  crops: [],
});

export const target = (id: string, platform: string, status: string, extra: object = {}) => ({
  __typename: "PostTarget",
  id,
  platform,
  handle: "daralqahwa",
  status,
  error: null,
  errorCode: null,
  permalink: null,
  demo: false,
  dueAt: null,
  publishedAt: null,
  ...extra,
});

/** A post scheduled on X at AT, unless `extra` says otherwise. */
export const post = (id: string, extra: object = {}) => ({
  __typename: "Post",
  id,
  content: `Fresh karak every morning ${id}`,
  hashtags: ["karak"],
  firstComment: null,
  platforms: ["TWITTER"],
  status: "SCHEDULED",
  scheduledFor: AT,
  publishedAt: null,
  createdAt: "2026-02-20T08:00:00.000Z",
  updatedAt: "2026-02-20T08:00:00.000Z",
  authorName: "Noura",
  occasion: null,
  campaignId: null,
  approval: "NONE",
  revision: 1,
  googleOptions: null,
  networkOptions: null,
  media: [],
  targets: [target(`${id}-x`, "TWITTER", "PENDING")],
  ...extra,
});

/** The list's first page, for the filters in `variables`. */
export const listMock = (posts: object[], variables: Partial<PostsListQueryVariables> = {}, total = posts.length) => ({
  request: { query: PostsListDocument, variables: { first: PAGE_SIZE, ...variables } },
  result: {
    data: {
      posts: {
        __typename: "QueryPostsConnection",
        totalCount: total,
        pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
        edges: posts.map((node, i) => ({ __typename: "QueryPostsConnectionEdge", cursor: `c${i}`, node })),
      },
    },
  },
});

/** The live feed, silent: the subscription is open and nothing happens. */
export const quiet = {
  request: { query: PostsChangedDocument },
  delay: Infinity,
  maxUsageCount: Number.POSITIVE_INFINITY,
};
