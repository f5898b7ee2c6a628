// A small world for suites that call every path: a Premium business A with its people, an API key and
// one of everything it can own; a business B of another tenant; a revoked key and a key whose business
// left Premium; and the admin. Every id the paths take is one of A's (or a throwaway of A's to delete).
import pg from "pg";
import sharp from "sharp";
import { adminToken, call, gql, registeredClient, signedInBusiness, type TestApp } from "./app.ts";
import type { startMailbox } from "./mailbox.ts";
import { joinedMember, login } from "./team.ts";

export type CallerName =
  | "anon"
  | "holderA"
  | "ownerA"
  | "memberA"
  | "clientB"
  | "memberBF"
  | "agencyEndedA"
  | "admin"
  | "keyA"
  | "revokedKey"
  | "exPremiumKey";
export const CALLERS: CallerName[] = [
  "anon",
  "holderA",
  "ownerA",
  "memberA",
  "clientB",
  "memberBF",
  "agencyEndedA",
  "admin",
  "keyA",
  "revokedKey",
  "exPremiumKey",
];

export interface World {
  pool: pg.Pool;
  tokens: Record<CallerName, string | undefined>;
  /** what a caller sends beside its token: memberBF, a person of B and F, names A (docs/architecture.md#memberships) */
  headers: Partial<Record<CallerName, Record<string, string>>>;
  /** A's ids (and the names of the few other rows the paths need) */
  ids: Record<string, string>;
  businessA: string;
  businessB: string;
}

function ok<T = any>(r: { status: number; body: T }, what: string, status = [200, 201]): T {
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function uploadPhoto(base: string, token: string) {
  const jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#c8691c" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "kunafa.jpg");
  const r = await fetch(`${base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ok({ status: r.status, body: (await r.json()) as { id: string } }, "upload").id;
}

async function apiKey(base: string, token: string, name: string) {
  const r = ok(await call(base, "POST", "/api/api-keys", { token, body: { name } }), "api key") as {
    key: string;
    api_key: { id: string };
  };
  return { id: r.api_key.id, key: r.key };
}

export async function buildWorld(app: TestApp, mailbox: Awaited<ReturnType<typeof startMailbox>>): Promise<World> {
  const base = app.base;
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  const admin = await adminToken(base);

  const holder = await signedInBusiness(base, { over: { requested_plan: "premium", company_name: "Business A" } });
  await app.sufra.services.platformAccounts.ensureDemoAccounts(holder.businessId);
  const owner = await joinedMember(base, mailbox, holder.token, "owner");
  const member = await joinedMember(base, mailbox, holder.token, "client");
  const victim = await joinedMember(base, mailbox, holder.token, "client"); // removed by the team path
  const b = await signedInBusiness(base, { over: { requested_plan: "premium", company_name: "Business B" } });
  // a person of two businesses, B and F, neither A: what they name in the header is refused (NOT_A_MEMBER)
  const f = await signedInBusiness(base, { over: { requested_plan: "premium", company_name: "Business F" } });
  await pool.query("insert into memberships (user_id, business_id, role) values ($1, $2, 'owner')", [
    f.userId,
    b.businessId,
  ]);
  // a business whose state the admin paths change (approve, suspend ...), so A's people stay signed in
  const d = await registeredClient(base, { approve: false, over: { company_name: "Business D" } });

  const key = await apiKey(base, holder.token, "Point of sale");
  const revoked = await apiKey(base, holder.token, "Old till");
  ok(await call(base, "DELETE", `/api/api-keys/${revoked.id}`, { token: holder.token }), "revoke");
  const doomedKey = await apiKey(base, holder.token, "To delete");
  // the admin has no path to change a plan: a business that left Premium is a changed row, as billing would leave it
  const c = await signedInBusiness(base, { over: { requested_plan: "premium", company_name: "Business C" } });
  const cKey = await apiKey(base, c.token, "Left Premium");
  await pool.query("update subscriptions set plan = 'professional' where business_id = $1", [c.businessId]);

  const media = await uploadPhoto(base, holder.token);
  const mediaDoomed = await uploadPhoto(base, holder.token);
  const post = ok(
    await call(base, "POST", "/api/posts", {
      token: holder.token,
      body: { content: "Saffron latte", platforms: ["instagram"], media_ids: [media] },
    }),
    "post",
  );
  const postDoomed = ok(
    await call(base, "POST", "/api/posts", {
      token: holder.token,
      body: { content: "Old offer", platforms: ["instagram"], media_ids: [media] },
    }),
    "post 2",
  );
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const campaign = ok(
    await call(base, "POST", "/api/campaigns", {
      token: holder.token,
      body: { name: "Ramadan nights", goal: "awareness", start_date: today, end_date: today },
    }),
    "campaign",
  );
  ok(
    await call(base, "POST", `/api/campaigns/${campaign.id}/posts`, {
      token: holder.token,
      body: { post_ids: [post.id] },
    }),
    "attach",
  );
  const competitor = ok(
    await call(base, "POST", "/api/competitors", {
      token: holder.token,
      body: { name: "Rival", platform: "instagram", handle: "rival.cafe" },
    }),
    "competitor",
  );
  ok(
    await call(base, "POST", `/api/competitors/${competitor.id}/snapshots`, {
      token: holder.token,
      body: { day: today, followers: 1200 },
    }),
    "snapshot",
  );
  const review = ok(
    await call(base, "POST", "/api/reviews", {
      token: holder.token,
      body: { source: "google", author: "Fatma", rating: 5, text: "Loved the kunafa", reviewed_at: "2026-01-10" },
    }),
    "review",
  );
  const template = ok(
    await call(base, "POST", "/api/templates", {
      token: holder.token,
      body: { name: "Friday brunch", occasion: "weekend", language: "en", body: "Brunch at {business}" },
    }),
    "template",
  );
  const menuItem = ok(
    await call(base, "POST", "/api/business-profile/menu", {
      token: holder.token,
      body: { name: "Kunafa", price_kwd: 1.5 },
    }),
    "menu item",
  );
  // a draft guest's order of A (1 × the menu item), for the orders' paths (no Tap account: no link is made)
  const order = (
    await pool.query(
      `insert into orders (id, business_id, number, items, total_fils, fulfilment, updated_at) values (gen_random_uuid(), $1, 1,
         jsonb_build_array(jsonb_build_object('menuItemId', $2::text, 'name', 'Kunafa', 'nameAr', null, 'quantity', 1, 'unitFils', 1500)),
         1500, 'pickup', now()) returning id`,
      [holder.businessId, menuItem.id],
    )
  ).rows[0].id as string;
  const invitation = ok(
    await call(base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: "invited-a@example.kw", role: "client" },
    }),
    "invitation",
  );
  const override = ok(
    await call(base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "eid_al_fitr", year: 2026, date: "2026-03-21" },
    }),
    "override",
  );
  // a notification of A's holder (approval tells the applicant)
  const notes = ok(await call(base, "GET", "/api/notifications", { token: holder.token }), "notifications");
  // webhook endpoints (one to delete) and a delivery of a test event (it fails offline: it is only an id);
  // they hear only of A's subscription changing, which no suite does, so no delivery is written meanwhile
  const endpoint = async (url: string) => {
    const r = await gql(
      base,
      `mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`,
      { input: { url, events: ["SUBSCRIPTION_CHANGED"] } },
      holder.token,
    );
    if (!r.data) throw new Error(`webhook endpoint: ${JSON.stringify(r.errors)}`);
    return r.data.createWebhookEndpoint.endpoint.id as string;
  };
  const webhookEndpoint = await endpoint("https://hooks.example.com/sufra");
  const webhookEndpointDoomed = await endpoint("https://old-hooks.example.com/sufra");
  const webhookDelivery = (
    await gql(base, `mutation($id: ID!) { sendTestWebhook(id: $id) { id } }`, { id: webhookEndpoint }, holder.token)
  ).data.sendTestWebhook.id as string;
  // once its first attempt is over, it is given up, so no retry writes while the suites watch for writes
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query("select attempts, locked_until from webhook_deliveries where id = $1", [
      webhookDelivery,
    ]);
    if (rows[0].attempts > 0 && !rows[0].locked_until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await pool.query("update webhook_deliveries set status = 'failed', next_attempt_at = null where id = $1", [
    webhookDelivery,
  ]);

  // agency G served A until A ended its access (docs/architecture.md#agencies): its person names A and passes no door
  const g = await signedInBusiness(base, { over: { company_name: "Agency G" } });
  await gql(base, `mutation { setAgency(isAgency: true) { isAgency } }`, {}, g.token);
  const agencyLink = (
    await gql(base, `mutation($e: String!) { requestAgencyLink(email: $e) }`, { e: holder.email }, g.token)
  ).data.requestAgencyLink as string;
  await gql(base, `mutation($id: ID!) { acceptAgencyLink(id: $id) { isAgency } }`, { id: agencyLink }, holder.token);
  await gql(base, `mutation($id: ID!) { endAgencyLink(id: $id) { isAgency } }`, { id: agencyLink }, holder.token);
  // an approval link of A, for a draft of its own (its revoke and mail paths name it)
  const forApproval = ok(
    await call(base, "POST", "/api/posts", { token: holder.token, body: { content: "For the owner's eyes" } }),
    "post for approval",
  );
  const approvalLink = (
    await gql(
      base,
      `mutation($ids: [ID!]) { sendForApproval(postIds: $ids) { id } }`,
      { ids: [forApproval.id] },
      holder.token,
    )
  ).data.sendForApproval.id as string;

  const tokens: World["tokens"] = {
    anon: undefined,
    holderA: holder.token,
    ownerA: owner.access_token,
    memberA: member.access_token,
    clientB: b.token,
    memberBF: f.token,
    agencyEndedA: g.token,
    admin,
    keyA: key.key,
    revokedKey: revoked.key,
    exPremiumKey: cKey.key,
  };
  // a payment of A still on the gateway's page (billing's payment paths name it)
  const payment = (
    await pool.query(
      "insert into payments (id, business_id, purpose, plan, period_start, period_end, amount_fils, status, gateway, updated_at) values (gen_random_uuid(), $1, 'period', 'premium', now(), now() + interval '1 month', 49000, 'pending', 'tap', now()) returning id",
      [holder.businessId],
    )
  ).rows[0].id as string;
  // a guest's WhatsApp conversation of A (as a webhook stores it), its saved reply and a template draft, for the
  // conversations' paths (no channel is connected: a send is refused before anything leaves)
  const conversation = (
    await pool.query(
      "insert into conversations (id, business_id, channel, account_external_id, guest_external_id, guest_name, last_message_at, last_guest_at, unread, updated_at) values (gen_random_uuid(), $1, 'whatsapp', '100200300', '96550000000', 'Noura', now(), now(), 1, now()) returning id",
      [holder.businessId],
    )
  ).rows[0].id as string;
  await pool.query(
    "insert into conversation_messages (id, conversation_id, business_id, direction, text, external_id, at) values (gen_random_uuid(), $1, $2, 'in', 'ابي كرك', 'wamid.world', now())",
    [conversation, holder.businessId],
  );
  const savedReply = (
    await pool.query(
      "insert into saved_replies (id, business_id, title, text_en, text_ar, updated_at) values (gen_random_uuid(), $1, 'Hours', 'Daily 7 AM - 1 AM', 'يوميًا', now()) returning id",
      [holder.businessId],
    )
  ).rows[0].id as string;
  const whatsappTemplate = (
    await pool.query(
      "insert into whatsapp_templates (id, business_id, name, language, category, body, updated_at) values (gen_random_uuid(), $1, 'order_ready', 'en', 'UTILITY', 'Your order {{1}} is ready', now()) returning id",
      [holder.businessId],
    )
  ).rows[0].id as string;
  // a content plan of next month's tenth day (one proposal, one AI caption), for the planner's paths
  const nextMonth = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 7);
  const plan = ok(
    await call(base, "POST", "/api/planner/plans", {
      token: holder.token,
      body: { month: nextMonth, days: [`${nextMonth}-10`], language: "en" },
    }),
    "plan",
  );
  // a picked Google location of A's (its simulated Google account) and a café-wide span of special hours, for the
  // opening-hours paths
  const hoursLocation = (
    await pool.query(
      `insert into google_locations (id, business_id, account_id, google_account, name, title, verified, picked, demo, updated_at)
       select gen_random_uuid(), $1, id, 'accounts/demo', 'locations/world', 'Branch A', true, true, true, now()
         from platform_accounts where business_id = $1 and platform = 'google' returning id`,
      [holder.businessId],
    )
  ).rows[0].id as string;
  const specialHours = (
    await pool.query(
      `insert into special_hours (id, business_id, occasion, start_date, end_date, periods, updated_at)
       values (gen_random_uuid(), $1, 'other', current_date + 30, current_date + 30, '[{"open":"10:00","close":"14:00"}]', now())
       returning id`,
      [holder.businessId],
    )
  ).rows[0].id as string;
  // a refresh token of its own for the logout path, so no caller's session ends
  const spare = await login(base, holder.email, holder.password);
  return {
    pool,
    tokens,
    headers: {
      memberBF: { "x-sufra-business": holder.businessId },
      agencyEndedA: { "x-sufra-business": holder.businessId },
    },
    businessA: holder.businessId,
    businessB: b.businessId,
    ids: {
      business: holder.businessId,
      businessD: d.businessId,
      hoursLocation,
      specialHours,
      post: post.id,
      postDoomed: postDoomed.id,
      target: post.targets[0].id,
      campaign: campaign.id,
      plan: plan.id as string,
      proposal: plan.proposals[0].id as string,
      nextMonth,
      competitor: competitor.id,
      snapshotDay: today,
      review: review.id,
      template: template.id,
      menuItem: menuItem.id,
      order,
      invitation: invitation.id,
      member: victim.userId,
      apiKey: doomedKey.id,
      media,
      mediaDoomed,
      override: override.id,
      webhookEndpoint,
      webhookEndpointDoomed,
      webhookDelivery,
      payment,
      agencyLink,
      approvalLink,
      conversation,
      savedReply,
      whatsappTemplate,
      notification: notes.notifications[0]?.id ?? "00000000-0000-4000-8000-000000000000",
      spareRefresh: spare.refresh_token,
      // its access token, for suites whose calls of logout (which ends the caller's own session) must not sign A out
      spareAccess: spare.access_token,
    },
  };
}
