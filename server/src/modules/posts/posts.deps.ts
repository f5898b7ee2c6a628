// What the parts of the posts service share (docs/architecture.md#a-service-in-parts: a large service is a
// factory composing smaller ones): the server's deps, the modules posts talks to and the pooled reader.
import type { Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { MediaService } from "../media/index.ts";
import type { PublishingService } from "../publishing/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import type { Reader } from "./posts.read.ts";

/** What posts tell analytics (services.ts hands it analytics' function): a published post's Kuwait days, recounted in the caller's transaction. */
export interface DeletedDays {
  recountDays(tx: Tx, businessId: string, days: string[]): Promise<void>;
}

/** The deps object the commands and the queries are made from (posts.service.ts makes it once). */
export interface PostsDeps extends Deps {
  publishing: PublishingService;
  media: MediaService;
  analytics: DeletedDays;
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">;
  /** a read outside a transaction goes to pg straight (posts.read.ts) */
  pooled: Reader;
}
