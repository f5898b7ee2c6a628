// Webhooks at the GraphQL door: thin, every field calls the webhooks service. People of the business
// read; managers change (Premium). API keys are refused (personOfBusiness), as for API keys themselves.
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import type { WebhookDeliveryView, WebhookEndpointView, WebhooksService } from "./webhooks.service.ts";

const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "post.scheduled": "post.scheduled: a post was given a time to go out (data: the post)",
  "post.published":
    "post.published: a post's networks have all answered and at least one has it; status is published or partially_published (data: the post)",
  "post.failed": "post.failed: a post could not be published on any network (data: the post with each target's error)",
  "post.unconfirmed":
    "post.unconfirmed: a network did not answer in time; a person should check whether the post went out (data: the post)",
  "review.received":
    "review.received: a review was added by hand, imported from a CSV file or found on Google by the inbox's sync (data: the review)",
  "campaign.ended": "campaign.ended: the Kuwait day after a campaign's last day began (data: the campaign)",
  "subscription.changed":
    "subscription.changed: the business's plan or its status changed, e.g. trial days gifted (data: the subscription)",
  "comment.received":
    "comment.received: a guest commented under one of the business's Instagram posts (data: the comment, in the review's shape with kind comment)",
};

const eventName = (t: WebhookEventType) => t.replace(".", "_").toUpperCase();

const WebhookEventTypeEnum = builder.enumType("WebhookEventType", {
  description:
    "An event an endpoint may subscribe to. In the body and the Sufra-Event header it is written in lower case with a dot (POST_PUBLISHED is post.published).",
  values: Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((t) => [eventName(t), { value: t, description: EVENT_DESCRIPTIONS[t] }]),
  ) as Record<string, { value: WebhookEventType; description: string }>,
});

const WebhookDeliveryStatusEnum = builder.enumType("WebhookDeliveryStatus", {
  description: "Where a delivery stands.",
  values: {
    PENDING: { value: WEBHOOK_DELIVERY_STATUSES[0], description: "Not tried yet (queued, or asked to be sent again)." },
    RETRYING: {
      value: WEBHOOK_DELIVERY_STATUSES[1],
      description: "Tried without a 2xx answer; tried again at nextAttemptAt.",
    },
    SUCCEEDED: {
      value: WEBHOOK_DELIVERY_STATUSES[2],
      description: "The endpoint answered 2xx; never sent again unless a person asks.",
    },
    FAILED: {
      value: WEBHOOK_DELIVERY_STATUSES[3],
      description:
        "Given up: no 2xx within 24 hours of the first attempt, or the endpoint was off or the plan no longer Premium.",
    },
  },
});

const WebhookDelivery = builder.objectRef<WebhookDeliveryView>("WebhookDelivery").implement({
  description: "One event sent to one endpoint: its log line. Kept 30 days.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The delivery's id: the Sufra-Delivery header." }),
    eventId: t.id({
      description: "The event's id: the body's id, the same for every endpoint and every retry (dedupe on it).",
      resolve: (d) => d.event.id,
    }),
    eventType: t.string({
      description: "The event's type as sent (post.published, ... or ping for a test event).",
      resolve: (d) => d.event.type,
    }),
    eventCreatedAt: t.field({
      type: "DateTime",
      description: "When the event happened (UTC; the body's created_at).",
      resolve: (d) => d.event.createdAt,
    }),
    status: t.field({
      type: WebhookDeliveryStatusEnum,
      description: "Where the delivery stands.",
      resolve: (d) => d.status as (typeof WEBHOOK_DELIVERY_STATUSES)[number],
    }),
    attempts: t.exposeInt("attempts", { description: "Attempts made so far, retries and sends again included." }),
    responseStatus: t.exposeInt("responseStatus", {
      nullable: true,
      description:
        "The HTTP status of the last answer; null when none came (refused address, timeout, connection failed).",
    }),
    latencyMs: t.exposeInt("latencyMs", {
      nullable: true,
      description: "How long the last attempt took, in milliseconds, redirects included.",
    }),
    responseExcerpt: t.exposeString("responseExcerpt", {
      nullable: true,
      description: "The first 1 KB of the last answer's body, as text.",
    }),
    error: t.exposeString("error", {
      nullable: true,
      description:
        "Why the last attempt did not succeed, in English (e.g. HTTP 500, no answer within 10 s, address refused); null after a success.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the delivery was queued (UTC)." }),
    lastAttemptAt: t.expose("lastAttemptAt", {
      type: "DateTime",
      nullable: true,
      description: "When the last attempt was made (UTC).",
    }),
    nextAttemptAt: t.expose("nextAttemptAt", {
      type: "DateTime",
      nullable: true,
      description: "When the next attempt is due (UTC); null once succeeded or failed.",
    }),
    succeededAt: t.expose("succeededAt", {
      type: "DateTime",
      nullable: true,
      description: "When the endpoint answered 2xx (UTC).",
    }),
  }),
});

const WebhookEndpoint = builder.objectRef<WebhookEndpointView>("WebhookEndpoint").implement({
  description:
    "An address of the business's own software that Sufra POSTs events to, signed with the endpoint's secret (Premium).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The endpoint's id." }),
    url: t.exposeString("url", { description: "Where events are POSTed: https:// and a public address." }),
    description: t.exposeString("description", {
      description: "A note for people (up to 200 characters); empty when none.",
    }),
    events: t.field({
      type: [WebhookEventTypeEnum],
      description: "The events this endpoint receives.",
      resolve: (e) => e.events as WebhookEventType[],
    }),
    enabled: t.exposeBoolean("enabled", {
      description:
        "Whether events are sent to it. Turned off by a manager, or by Sufra after 3 days of failed deliveries.",
    }),
    disabledBecauseFailing: t.exposeBoolean("disabledBecauseFailing", {
      description: "Sufra turned it off because every delivery failed for 3 days (its managers were notified).",
    }),
    disabledAt: t.expose("disabledAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was turned off (UTC); null while on.",
    }),
    secretRotatedUntil: t.expose("previousSecretUntil", {
      type: "DateTime",
      nullable: true,
      description:
        "After a rotation: until when (UTC) the previous secret also signs, as a second v1= in Sufra-Signature.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was created (UTC)." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last changed (UTC)." }),
    lastDelivery: t.field({
      type: WebhookDelivery,
      nullable: true,
      description: "Its most recent delivery, to show at a glance how it is doing.",
      resolve: (e) => e.lastDelivery,
    }),
    deliveries: t.connection(
      {
        type: WebhookDelivery,
        description: "Its delivery log, newest first (30 days).",
        complexity: connectionComplexity,
        resolve: async (e, args, ctx) => {
          const r = await ctx.services.webhooks.deliveries(ctx.viewer, e.id, {
            first: args.first ?? undefined,
            after: args.after ?? undefined,
          });
          return { ...idConnection(r, args.after), totalCount: r.totalCount };
        },
      },
      {
        description: "A page of deliveries.",
        fields: (c) => ({
          totalCount: c.int({
            description: "Deliveries in the log of this endpoint.",
            resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
          }),
        }),
      },
      { description: "A delivery in the log." },
    ),
  }),
});

type WebhooksShape = Awaited<ReturnType<WebhooksService["list"]>>;
const Webhooks = builder.objectRef<WebhooksShape>("Webhooks").implement({
  description: "The business's webhook endpoints and what the viewer may do with them.",
  fields: (t) => ({
    premium: t.exposeBoolean("premium", {
      description:
        "Webhooks are part of the Premium plan (trial or active); without it nothing is sent and nothing may be created.",
    }),
    canManage: t.exposeBoolean("canManage", {
      description: "The viewer may create, change, test and delete endpoints (owners and the account holder).",
    }),
    endpoints: t.field({
      type: [WebhookEndpoint],
      description: "Oldest first; at most 10.",
      resolve: (r) => r.endpoints,
    }),
    eventTypes: t.field({
      type: [WebhookEventTypeEnum],
      description: "Every event an endpoint may subscribe to, in the order to show them.",
      resolve: (r) => r.eventTypes,
    }),
  }),
});

const WebhookEndpointWithSecret = builder
  .objectRef<{ endpoint: WebhookEndpointView; secret: string }>("WebhookEndpointWithSecret")
  .implement({
    description: "An endpoint with its signing secret: this answer is the only time the secret is shown.",
    fields: (t) => ({
      endpoint: t.field({ type: WebhookEndpoint, description: "The endpoint as stored.", resolve: (r) => r.endpoint }),
      secret: t.exposeString("secret", {
        description:
          "The signing secret (whsec_ and 32 characters). Shown once; Sufra keeps it encrypted to sign with it.",
      }),
    }),
  });

const WebhookEndpointInput = builder.inputType("WebhookEndpointInput", {
  description: "A new endpoint.",
  fields: (t) => ({
    url: t.string({
      required: true,
      description: "https:// and a public address; no user name or password in it; up to 2048 characters.",
    }),
    events: t.field({ type: [WebhookEventTypeEnum], required: true, description: "At least one event." }),
    description: t.string({ description: "A note for people, up to 200 characters." }),
    enabled: t.boolean({ description: "Start sending at once (default true)." }),
  }),
});

const WebhookEndpointPatch = builder.inputType("WebhookEndpointPatch", {
  description: "A change to an endpoint: only the fields given change.",
  fields: (t) => ({
    url: t.string({ description: "https:// and a public address." }),
    events: t.field({ type: [WebhookEventTypeEnum], description: "At least one event." }),
    description: t.string({ description: "A note for people, up to 200 characters; empty to clear it." }),
    enabled: t.boolean({
      description:
        "Turn sending on or off. Turning it on again after Sufra turned it off resumes with new events (the old failed ones can be sent again one by one).",
    }),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.field({
    type: Webhooks,
    ...personOfBusiness,
    description: "The business's webhook endpoints (any person of the business; not an API key).",
    resolve: (_r, _a, ctx) => ctx.services.webhooks.list(ctx.viewer),
  }),
  webhookEndpoint: t.field({
    type: WebhookEndpoint,
    ...personOfBusiness,
    description: "One endpoint of the business, with its delivery log. Another business's is NOT_FOUND.",
    args: { id: t.arg.id({ required: true, description: "The endpoint's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.get(ctx.viewer, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointWithSecret,
    ...personOfBusiness,
    description:
      "Registers an endpoint (Premium; owners and the account holder). The answer holds its secret, shown this once.",
    args: { input: t.arg({ type: WebhookEndpointInput, required: true, description: "The endpoint to create." }) },
    resolve: (_r, { input }, ctx) => ctx.services.webhooks.create(ctx.viewer, input, ctx.meta),
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    ...personOfBusiness,
    description: "Changes an endpoint's address, events, note or on/off (Premium; managers).",
    args: {
      id: t.arg.id({ required: true, description: "The endpoint's id." }),
      input: t.arg({ type: WebhookEndpointPatch, required: true, description: "The fields to change." }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.webhooks.update(ctx.viewer, String(id), input, ctx.meta),
  }),
  deleteWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    ...personOfBusiness,
    description:
      "Deletes an endpoint and its log; nothing more is sent to it (managers; any plan). Answers the endpoint as it was.",
    args: { id: t.arg.id({ required: true, description: "The endpoint's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.remove(ctx.viewer, String(id), ctx.meta),
  }),
  rotateWebhookSecret: t.field({
    type: WebhookEndpointWithSecret,
    ...personOfBusiness,
    description:
      "Gives the endpoint a new secret, shown this once. The previous secret also signs for 24 hours (two v1= values), so the receiver can switch without losing events.",
    args: { id: t.arg.id({ required: true, description: "The endpoint's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.rotateSecret(ctx.viewer, String(id), ctx.meta),
  }),
  redeliverWebhook: t.field({
    type: WebhookDelivery,
    ...personOfBusiness,
    description:
      "Sends a delivery again now, with the same event id and body, whatever its status; failing again, it is retried for another 24 hours (Premium; managers).",
    args: { deliveryId: t.arg.id({ required: true, description: "The delivery's id (WebhookDelivery.id)." }) },
    resolve: (_r, { deliveryId }, ctx) => ctx.services.webhooks.redeliver(ctx.viewer, String(deliveryId), ctx.meta),
  }),
  sendTestWebhook: t.field({
    type: WebhookDelivery,
    ...personOfBusiness,
    description:
      "Sends a ping event to this endpoint now, even when it is off or has not subscribed to anything matching (Premium; managers). Poll the delivery (webhookEndpoint.deliveries) for the answer.",
    args: { id: t.arg.id({ required: true, description: "The endpoint's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.webhooks.sendTest(ctx.viewer, String(id), ctx.meta),
  }),
}));

builder.subscriptionFields((t) => ({
  webhookDeliveryUpdated: t.field({
    type: builder.objectRef<{ endpointId: string; deliveryId: string }>("WebhookDeliveryUpdate").implement({
      description: "A delivery attempt of one of the business's endpoints ended: refetch its last delivery and log.",
      fields: (f) => ({
        endpointId: f.exposeID("endpointId", { description: "The endpoint the attempt was for." }),
        deliveryId: f.exposeID("deliveryId", {
          description: "The delivery whose attempt ended (succeeded, failed or retrying).",
        }),
      }),
    }),
    ...personOfBusiness,
    description:
      "The business's webhook delivery attempts as they end, from any server process (any person of the business; not an API key).",
    subscribe: (_r, _a, ctx) => ctx.services.webhooks.subscribe(ctx.viewer),
    extensions: { fanOut: "business" }, // graphql/fanout.ts
    resolve: (e) => e,
  }),
}));
