// The one catalogue of API examples (docs/architecture.md#client-rooms): the operations the developer
// documentation shows in curl and JavaScript (modules/developers/examples.ts) and the playground's saved
// tabs, made of the same operations. Plain strings with no imports: server/tests/api-examples.test.ts
// imports this file, validates every operation and tab against the built schema, and runs every query
// with a real API key, so neither page shows an example the server would refuse. They are not in a
// .graphql file on purpose: codegen would type them as if a screen sent them.

export interface ExampleOperation {
  /** the operation's name, unique on the page */
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** a mutation or subscription: the server test validates it but does not run it */
  runs: boolean;
}

/** Who the key acts for: the business id that analytics fields take as clientId. */
export const ME: ExampleOperation = {
  name: "Me",
  query: `query Me {
  me {
    email
    businessId
  }
}`,
  runs: true,
};

/** The business's posts, 20 a page, following pageInfo.endCursor. */
export const LIST_POSTS: ExampleOperation = {
  name: "ListPosts",
  query: `query ListPosts($first: Int, $after: String) {
  posts(first: $first, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        status
        content
        platforms
        scheduledFor
        publishedAt
      }
    }
  }
}`,
  variables: { first: 20, after: null },
  runs: true,
};

/** Files already in the media library (uploaded in Sufra by a person), to attach by id. */
export const PICK_MEDIA: ExampleOperation = {
  name: "PickMedia",
  query: `query PickMedia {
  mediaLibrary(first: 5) {
    edges {
      node {
        id
        kind
        originalName
        url
      }
    }
  }
}`,
  runs: true,
};

/** A post created and scheduled at once (scheduledFor set), with a photo from the library. */
export const SCHEDULE_POST: ExampleOperation = {
  name: "CreateScheduledPost",
  query: `mutation CreateScheduledPost($input: PostInput!) {
  createPost(input: $input) {
    id
    status
    scheduledFor
    media {
      id
    }
    targets {
      platform
      status
      dueAt
    }
  }
}`,
  variables: {
    input: {
      content: "Karak and fresh saj, every morning from 7",
      hashtags: ["kuwait", "breakfast"],
      platforms: ["INSTAGRAM"],
      mediaIds: ["0b6f2c7e-5a34-4d7e-9a51-3f0c2d8e4b11"],
      scheduledFor: "2026-12-03T05:00:00.000Z",
    },
  },
  runs: false,
};

/** Totals over Kuwait days, against the period of the same length before. */
export const READ_ANALYTICS: ExampleOperation = {
  name: "AnalyticsOverview",
  query: `query AnalyticsOverview($clientId: ID!, $from: String, $to: String) {
  analyticsOverview(clientId: $clientId, from: $from, to: $to) {
    from
    to
    publishedPosts
    totals {
      reach
      views
      likes
      comments
      shares
      engagementRate
    }
  }
}`,
  variables: { clientId: "<me.businessId>", from: "2026-11-01", to: "2026-11-25" },
  runs: true,
};

/** Status changes of the business's posts, over graphql-ws. */
export const POST_CHANGED: ExampleOperation = {
  name: "PostChanged",
  query: `subscription PostChanged {
  postChanged {
    postId
    postStatus
    post {
      id
      scheduledFor
      publishedAt
    }
  }
}`,
  runs: false,
};

export const EXAMPLE_OPERATIONS = [ME, LIST_POSTS, PICK_MEDIA, SCHEDULE_POST, READ_ANALYTICS, POST_CHANGED] as const;

/** A playground tab: what it is for, as its first comment lines, then its operations. */
export interface PlaygroundExample {
  /** what the tab is for */
  title: string;
  query: string;
  /** JSON text for the variables editor (a function of the page's clock when it names a date) */
  variables?: string | ((now: Date) => string);
}

const tab = (comment: string, ...operations: ExampleOperation[]) =>
  `${comment
    .trim()
    .split("\n")
    .map((line) => `# ${line}`)
    .join("\n")}\n${operations.map((o) => o.query).join("\n\n")}\n`;

const jsonText = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The playground's saved examples, one tab each (docs/product.md#api-keys). */
export const EXAMPLES: PlaygroundExample[] = [
  {
    title: "List posts",
    query: tab(
      `List posts: the business's newest posts, 20 at a time.
Paste your API key in the Headers tab below, then press the run button.`,
      LIST_POSTS,
    ),
    variables: jsonText(LIST_POSTS.variables),
  },
  {
    title: "Create and schedule a post with media",
    query: tab(
      `Create and schedule a post with media.
1. Run "PickMedia" (the run button lists both operations) to find the id of an image or video
   already uploaded (files are uploaded in Sufra's composer or with POST /api/posts/media).
2. Put that id in "mediaIds" in the variables, pick a time in the future, run "CreateScheduledPost".
   With "scheduledFor" the post is scheduled at once; without it, it stays a draft.`,
      SCHEDULE_POST,
      PICK_MEDIA,
    ),
    // tomorrow at 09:00 Kuwait time (UTC+3, no daylight saving): always in the future, never past the one-year limit
    variables: (now) =>
      jsonText({
        input: {
          ...(SCHEDULE_POST.variables!.input as Record<string, unknown>),
          mediaIds: ["paste-a-media-id-here"],
          scheduledFor: new Date(
            Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 6),
          ).toISOString(),
        },
      }),
  },
  {
    title: "Read analytics",
    query: tab(
      `Read analytics: totals over a range of Kuwait days.
Run "Me" first: its businessId is the clientId of "AnalyticsOverview".`,
      READ_ANALYTICS,
      ME,
    ),
    variables: jsonText({ ...READ_ANALYTICS.variables, clientId: "paste-your-businessId-here" }),
  },
  {
    title: "Subscribe to post changes",
    query: tab(
      `Subscribe to post changes: each status change of the business's posts (scheduled, publishing,
published, failed, ...) arrives here as it happens, over a WebSocket (graphql-ws). Press stop to end.`,
      POST_CHANGED,
    ),
  },
];
