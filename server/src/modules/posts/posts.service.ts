// Posts: a caption, hashtags, a first comment and media, with one target per chosen network. People
// write, schedule, reschedule, cancel and publish here; the publishing service does the sending.
// Every function takes the caller's business from the viewer, never from the input.
// The service is made of parts sharing one deps object (docs/architecture.md#a-service-in-parts): its reads
// (posts.queries.ts) and its commands, on a post's content (posts.commands.ts) and on when it goes out
// (posts.sending.ts), with what the commands check alike (posts.checks.ts).
import type { Deps } from "../../deps.ts";
import type { MediaService } from "../media/index.ts";
import type { PublishingService } from "../publishing/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { createPostChecks } from "./posts.checks.ts";
import { createPostCommands } from "./posts.commands.ts";
import { createPostApproval } from "./posts.approval.ts";
import type { DeletedDays, PostsDeps } from "./posts.deps.ts";
import { createPostQueries } from "./posts.queries.ts";
import { onPool } from "./posts.read.ts";
import { createPostSending } from "./posts.sending.ts";

export function createPostsService(
  deps: Deps,
  publishing: PublishingService,
  media: MediaService,
  analytics: DeletedDays,
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">,
) {
  // a read outside a transaction goes to pg straight (posts.read.ts)
  const parts: PostsDeps = { ...deps, publishing, media, analytics, webhooks, pooled: onPool(deps.pool) };
  const queries = createPostQueries(parts);
  const checks = createPostChecks(parts, queries);
  const approval = createPostApproval(parts, queries, checks);
  const { list, calendar, get, forEvent, subscribe, preview } = queries;
  return {
    ...createPostCommands(parts, queries, checks, approval),
    ...createPostSending(parts, queries, checks, approval),
    /** approvals (posts.approval.ts): the approvals module sends posts and records decisions through these */
    approval,
    list,
    calendar,
    get,
    forEvent,
    subscribe,
    preview,
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
