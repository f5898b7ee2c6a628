// The code of the developer documentation (/developers, docs/product.md#routes): curl and JavaScript around
// the operations of the one catalogue of API examples (shared/apiExamples.ts, which the playground's tabs
// share), and the webhook texts. server/tests/api-examples.test.ts checks them against the running API.
import {
  ME,
  PICK_MEDIA,
  POST_CHANGED,
  READ_ANALYTICS,
  SCHEDULE_POST,
  LIST_POSTS,
  type ExampleOperation,
} from "../../shared/apiExamples.ts";

/** Where the examples send requests; the page puts its own origin in their place. */
export const ORIGIN_PLACEHOLDER = "https://sufra.example";
/** A key in the examples (never a real one). */
const KEY_PLACEHOLDER = "sk_live_…";

const json = (v: unknown) => JSON.stringify(v);

/** curl for one operation: POST /graphql with the key as a Bearer token. */
export function curlOf(op: ExampleOperation, origin = ORIGIN_PLACEHOLDER): string {
  const body = json({
    query: op.query.replace(/\s+/g, " "),
    ...(op.variables ? { variables: op.variables } : {}),
  }).replace(/'/g, "'\\''");
  return [
    `curl ${origin}/graphql \\`,
    `  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

/** A small fetch helper the JavaScript examples share (Node 18+ or a browser-free server). */
export function jsClient(origin = ORIGIN_PLACEHOLDER): string {
  return `const SUFRA = "${origin}/graphql";
const KEY = process.env.SUFRA_API_KEY; // ${KEY_PLACEHOLDER}

async function sufra(query, variables = {}) {
  const res = await fetch(SUFRA, {
    method: "POST",
    headers: { Authorization: \`Bearer \${KEY}\`, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 429) {
    const wait = Number(res.headers.get("Retry-After") ?? 60);
    throw new Error(\`Over the key's budget: try again in \${wait} s\`);
  }
  const { data, errors } = await res.json();
  if (errors?.length) {
    const [e] = errors;
    throw Object.assign(new Error(e.message), { code: e.extensions?.code, reason: e.extensions?.reason });
  }
  return data;
}`;
}

const indent = (text: string, by: string) => text.split("\n").join(`\n${by}`);

/** JavaScript: every page of posts. */
export const JS_LIST_POSTS = `const LIST_POSTS = \`${LIST_POSTS.query}\`;

let after = null;
do {
  const { posts } = await sufra(LIST_POSTS, { first: 20, after });
  for (const { node } of posts.edges) console.log(node.id, node.status, node.scheduledFor);
  after = posts.pageInfo.hasNextPage ? posts.pageInfo.endCursor : null;
} while (after);`;

/** JavaScript: pick a photo from the library, then create and schedule a post with it. */
export const JS_SCHEDULE_POST = `const PICK_MEDIA = \`${PICK_MEDIA.query}\`;
const SCHEDULE_POST = \`${SCHEDULE_POST.query}\`;

const { mediaLibrary } = await sufra(PICK_MEDIA);
const photo = mediaLibrary.edges.find(({ node }) => node.kind === "IMAGE")?.node;
const { createPost } = await sufra(SCHEDULE_POST, {
  input: {
    content: "Karak and fresh saj, every morning from 7",
    hashtags: ["kuwait", "breakfast"],
    platforms: ["INSTAGRAM"],
    mediaIds: photo ? [photo.id] : [],
    // 08:00 in Kuwait (UTC+3) is 05:00 UTC
    scheduledFor: "2026-12-03T05:00:00.000Z",
  },
});
console.log(createPost.status, createPost.targets);`;

/** JavaScript: the business id, then the figures of November. */
export const JS_READ_ANALYTICS = `const ME = \`${ME.query}\`;
const OVERVIEW = \`${READ_ANALYTICS.query}\`;

const { me } = await sufra(ME);
const { analyticsOverview } = await sufra(OVERVIEW, { clientId: me.businessId, from: "2026-11-01", to: "2026-11-25" });
console.log(analyticsOverview.totals);`;

/** JavaScript: postChanged over graphql-ws (npm install graphql-ws ws). */
export function jsSubscribe(origin = ORIGIN_PLACEHOLDER): string {
  return `import { createClient } from "graphql-ws";
import WebSocket from "ws";

const client = createClient({
  url: "${origin.replace(/^http/, "ws")}/graphql",
  webSocketImpl: WebSocket,
  connectionParams: { authorization: \`Bearer \${process.env.SUFRA_API_KEY}\` },
});

client.subscribe(
  { query: \`${indent(POST_CHANGED.query, "  ")}\` },
  {
    next: ({ data }) => console.log(data.postChanged.postId, data.postChanged.postStatus),
    error: (err) => console.error(err),
    complete: () => {},
  },
);`;
}

/** The events a webhook endpoint may subscribe to (docs/product.md#webhooks), and the test event. */
export const WEBHOOK_EVENTS = [
  "post.scheduled",
  "post.published",
  "post.failed",
  "post.unconfirmed",
  "review.received",
  "campaign.ended",
  "subscription.changed",
  "comment.received",
  "ping",
] as const;

/** A webhook request's body, as sent. */
export const WEBHOOK_BODY = `{ "id": "9f1c…", "type": "post.published", "created_at": "2026-11-26T09:00:00.000Z", "data": { "id": "…", "status": "published", … } }`;

/** A webhook request's headers. */
export const WEBHOOK_HEADERS = `Content-Type: application/json
User-Agent: Sufra-Webhooks/1
Sufra-Event: post.published
Sufra-Delivery: <delivery id>
Sufra-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`;

/** Verifying Sufra-Signature in Node.js (the same as docs/product.md#webhooks). */
export const VERIFY_WEBHOOK = `import { createHmac, timingSafeEqual } from "node:crypto";

export function verifySufraSignature(rawBody, header, secret, toleranceSeconds = 300, nowMs = Date.now()) {
  const pairs = String(header ?? "").split(",").map((p) => p.trim().split("="));
  const t = pairs.find(([k]) => k === "t")?.[1];
  const signatures = pairs.filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v ?? "")).map(([, v]) => v);
  if (!t || !/^\\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
}`;

/** The answer headers a key caller reads. */
export const RATE_LIMIT_HEADERS = `HTTP/1.1 200 OK
RateLimit-Limit: 600
RateLimit-Remaining: 597
RateLimit-Reset: 42
RateLimit-Policy: 600;w=60

HTTP/1.1 429 Too Many Requests
RateLimit-Remaining: 0
Retry-After: 17
{"errors":[{"message":"Too many requests. Please try again later","extensions":{"code":"RATE_LIMITED","reason":"RATE_LIMITED"}}],"data":null}`;

/** An error as it arrives. */
export const ERROR_SHAPE = `{
  "errors": [{
    "message": "API access is part of the Premium plan",
    "path": ["posts"],
    "extensions": { "code": "FORBIDDEN", "reason": "API_ACCESS_REQUIRES_PREMIUM" }
  }],
  "data": null
}`;

/** Authentication, over HTTP and WebSocket. */
export function authExample(origin = ORIGIN_PLACEHOLDER): string {
  return `POST ${origin}/graphql
Authorization: Bearer ${KEY_PLACEHOLDER}
Content-Type: application/json

// graphql-ws, on the same path
connectionParams: { authorization: "Bearer ${KEY_PLACEHOLDER}" }`;
}
