// What the parts of the publishing service share (docs/architecture.md#a-service-in-parts: a large service
// is a factory composing smaller ones): the server's deps and the modules publishing talks to, the lease's
// clock, the one way to queue a target's job, the jobs' names and the target as an attempt reads it.
import type { Deps } from "../../deps.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { MediaService } from "../media/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { ShortLinksService } from "../short-links/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

export const PUBLISH_JOB = "publish.target";
export const RECOVER_JOB = "publish.recover";

/**
 * What publishing tells analytics (services.ts hands it analytics' functions): the Kuwait days whose
 * published targets changed, and the targets just published, whose figures analytics then reads on
 * its schedule (schema's FIGURES_SCHEDULE_MINUTES).
 */
export interface PublishedDays {
  refreshDays(businessId: string, days: string[]): Promise<void>;
  figuresDue(targets: { id: string; publishedAt: Date }[]): Promise<void>;
}

/** The deps object every part of the service is made from (publishing.service.ts makes it once). */
export interface PublishingDeps extends Deps {
  accounts: PlatformAccountsService;
  media: MediaService;
  notifications: NotificationsService;
  analytics: PublishedDays;
  webhooks: Pick<WebhookEmitter, "record" | "dispatch">;
  /** a caption's links and a Google post's buttons as short links, per post and network (docs/architecture.md#short-links) */
  links: Pick<ShortLinksService, "captionText" | "captionUrl">;
  /** when a lease taken or renewed now lapses */
  leaseUntil: () => Date;
  /** Queues (or moves) one target's job; the lane is the network (jobs/adaptive.ts). */
  enqueueOne: (targetId: string, when: Date, lane: string) => Promise<unknown>;
}

// the business's subscription comes with the target: a stopped business's due targets are held (docs/product.md#subscriptions-and-billing)
export const targetInclude = {
  account: true,
  post: {
    include: {
      media: { orderBy: { position: "asc" }, select: { mediaId: true } },
      business: { select: { subscription: { select: { status: true } } } },
    },
  },
} as const satisfies Prisma.PostTargetInclude;
/** A target as a batch reads it: its account, and its post with its media and its business's subscription. */
export type LoadedTarget = Prisma.PostTargetGetPayload<{ include: typeof targetInclude }>;

/** An attempt's step: "prepare" (uploads, containers: safe to redo) then "send" (the one call that creates the post). */
export type Step = "prepare" | "send";
