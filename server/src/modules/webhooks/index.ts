// The webhooks module's face: outbound webhooks of a business (Premium). Modules whose changes are events
// (posts, publishing, reviews, campaigns, clients) are handed its emitter by services.ts and record the
// event inside their own transaction, then dispatch it after the commit.
export type { WebhookEmitter } from "./events.ts";
