// The playground's saved example operations, one tab each (docs/product.md#api-keys). Plain strings and no
// imports: the server's tests read this file too and validate every example against the built schema
// (server/tests/playground-examples.test.ts), so an example that no longer matches the API fails there.
// They are not in a .graphql file on purpose: codegen would type them as if a screen sent them.

export interface PlaygroundExample {
  /** what the tab is for, in the tab's first comment line */
  title: string;
  query: string;
  /** JSON text for the variables editor (a function of the page's clock when it names a date) */
  variables?: string | ((now: Date) => string);
}

export const EXAMPLES: PlaygroundExample[] = [
  {
    title: "List posts",
    query: `# List posts: the business's newest posts, 10 at a time.
# Paste your API key in the Headers tab below, then press the run button.
query ListPosts($first: Int, $after: String) {
  posts(first: $first, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        content
        status
        platforms
        scheduledFor
        publishedAt
        media {
          id
          kind
          url
        }
      }
    }
  }
}
`,
    variables: `{
  "first": 10
}
`,
  },
  {
    title: "Create and schedule a post with media",
    query: `# Create and schedule a post with media.
# 1. Run "MediaLibrary" (the run button lists both operations) to find the id of an image or video
#    already uploaded (files are uploaded in Sufra's composer or with POST /api/posts/media).
# 2. Put that id in "mediaIds" in the variables, pick a time in the future, run "CreateScheduledPost".
#    With "scheduledFor" the post is scheduled at once; without it, it stays a draft.
mutation CreateScheduledPost($input: PostInput!) {
  createPost(input: $input) {
    id
    status
    scheduledFor
    platforms
    media {
      id
      kind
    }
    targets {
      platform
      status
      dueAt
    }
  }
}

query MediaLibrary {
  mediaLibrary(first: 10) {
    edges {
      node {
        id
        kind
        originalName
        url
      }
    }
  }
}
`,
    // tomorrow at 09:00 Kuwait time (UTC+3, no daylight saving): always in the future, never past the one-year limit
    variables: (now) => `{
  "input": {
    "content": "Fresh karak and warm khubz every morning from 7.",
    "hashtags": ["#Kuwait", "#karak"],
    "platforms": ["INSTAGRAM"],
    "mediaIds": ["paste-a-media-id-here"],
    "scheduledFor": "${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 6)).toISOString()}"
  }
}
`,
  },
  {
    title: "Read analytics",
    query: `# Read analytics: totals over a range of Kuwait days, with the change against the period before.
# Run "MyBusiness" first: its businessId is the clientId of "AnalyticsOverview".
query AnalyticsOverview($clientId: ID!, $from: String, $to: String) {
  analyticsOverview(clientId: $clientId, from: $from, to: $to) {
    from
    to
    publishedPosts
    totals {
      posts
      reach
      views
      likes
      comments
      shares
      engagementRate
    }
    change {
      reach
      engagementRate
    }
  }
}

query MyBusiness {
  me {
    businessId
  }
}
`,
    variables: `{
  "clientId": "paste-your-businessId-here"
}
`,
  },
  {
    title: "Subscribe to post changes",
    query: `# Subscribe to post changes: each status change of the business's posts (scheduled, publishing,
# published, failed, ...) arrives here as it happens, over a WebSocket (graphql-ws). Press stop to end.
subscription PostChanged {
  postChanged {
    postId
    postStatus
    post {
      id
      status
      publishedAt
    }
  }
}
`,
  },
];
