// What the webhooks test files share: the settings that let Sufra reach the receiver (and only it), the
// GraphQL operations a client uses, and reading the delivery rows.
import { gql, type TestApp } from "../support/app.ts";

/** http:// for the local receiver, and its one loopback address exempt: every other private address stays refused. */
export const WEBHOOK_ENV = { WEBHOOKS_ALLOW_HTTP: "true", WEBHOOKS_ALLOW_ADDRESSES: "127.0.0.5" };

const ENDPOINT_FIELDS = `id url description events enabled disabledBecauseFailing disabledAt secretRotatedUntil createdAt updatedAt
  lastDelivery { id status }`;
const DELIVERY_FIELDS = `id eventId eventType eventCreatedAt status attempts responseStatus latencyMs responseExcerpt error createdAt lastAttemptAt nextAttemptAt succeededAt`;

export const CREATE = `mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { ${ENDPOINT_FIELDS} } } }`;
export const UPDATE = `mutation($id: ID!, $input: WebhookEndpointPatch!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT_FIELDS} } }`;
export const DELETE = `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`;
export const ROTATE = `mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret endpoint { ${ENDPOINT_FIELDS} } } }`;
export const TEST = `mutation($id: ID!) { sendTestWebhook(id: $id) { ${DELIVERY_FIELDS} } }`;
export const REDELIVER = `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { ${DELIVERY_FIELDS} } }`;
export const LIST = `{ webhooks { premium canManage eventTypes endpoints { ${ENDPOINT_FIELDS} } } }`;
export const LOG = `query($id: ID!, $first: Int, $after: String) { webhookEndpoint(id: $id) { id deliveries(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${DELIVERY_FIELDS} } } } } }`;

/** Creates an endpoint as `token`; throws with the errors when refused. */
export async function createEndpoint(
  app: TestApp,
  token: string,
  input: { url: string; events: string[]; description?: string; enabled?: boolean },
) {
  // the GraphQL enum spells post.published as POST_PUBLISHED
  const r = await gql(
    app.base,
    CREATE,
    { input: { ...input, events: input.events.map((e) => e.replace(".", "_").toUpperCase()) } },
    token,
  );
  if (!r.data) throw new Error(`createWebhookEndpoint failed: ${JSON.stringify(r.errors)}`);
  return r.data.createWebhookEndpoint as { secret: string; endpoint: { id: string; url: string; events: string[] } };
}

export async function deliveryRows(app: TestApp, endpointId: string) {
  const { rows } = await app.sufra.deps.pool.query(
    `select d.*, e.type, e.data from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.endpoint_id = $1 order by d.created_at, d.id`,
    [endpointId],
  );
  return rows as {
    id: string;
    event_id: string;
    type: string;
    data: any;
    status: string;
    attempts: number;
    response_status: number | null;
    latency_ms: number | null;
    response_excerpt: string | null;
    error: string | null;
    next_attempt_at: Date | null;
    first_attempt_at: Date | null;
    succeeded_at: Date | null;
  }[];
}

/** Polls `check` until it returns something truthy (a job's outcome written by the scheduler). */
export async function until<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
