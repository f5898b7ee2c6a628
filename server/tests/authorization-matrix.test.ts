// Authorization matrix, generated from the running server: every REST route (walked from Express's
// router stack) and every GraphQL root field (read from the built schema) is called by every kind of
// caller with business A's ids. A route or field without an expectation in support/access-rules.ts
// fails the suite. A refused call must answer 401/403/404 (GraphQL: UNAUTHENTICATED, FORBIDDEN or
// NOT_FOUND) and, when it could write, leave every business table as it was; an allowed call must pass
// the door. No call may answer 5xx.
import { afterAll, describe, expect, test } from "@jest/globals";
import { getNamedType, isNonNullType } from "graphql";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { schema } from "../src/graphql/schema.ts";
import { GRAPHQL_RULES, mayCall, REST_RULES, type Rule } from "./support/access-rules.ts";
import { worldForFile } from "./support/per-file.ts";
import {
  bounded,
  changedTables,
  documentFor,
  fieldKey,
  fingerprint,
  restRoutes,
  rootFields,
  routeKey,
  sampleInput,
  type RestRoute,
  type RootField,
} from "./support/surface.ts";
import { CALLERS, type CallerName } from "./support/world.ts";

const { app, world } = worldForFile();
const tally = {
  calls: 0,
  statuses: new Map<number | string, number>(),
  fiveXX: [] as string[],
  unexpectedAllows: [] as string[],
  wrongRefusals: [] as string[],
  writes: [] as string[],
};

afterAll(async () => {
  console.log(
    `authorization matrix: ${tally.calls} calls, statuses ${JSON.stringify(Object.fromEntries([...tally.statuses].sort(([a], [b]) => String(a).localeCompare(String(b)))))}, ` +
      `${tally.fiveXX.length} answers >= 500, ${tally.unexpectedAllows.length} unexpected allows, ` +
      `${tally.wrongRefusals.length} allowed callers refused, ${tally.writes.length} refused calls that wrote` +
      (tally.fiveXX.length ? `\nanswers >= 500:\n${tally.fiveXX.join("\n")}` : ""),
  );
});

const count = (k: number | string) => tally.statuses.set(k, (tally.statuses.get(k) ?? 0) + 1);

// ---------- REST: how each route is called ----------

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 0;

/** Path parameters: A's ids; deletions take A's throwaway rows, admin state changes take business D. */
function restParams(route: RestRoute): Record<string, string> {
  const ids = world.ids;
  const p = route.path;
  const del = route.method === "DELETE";
  if (p.startsWith("/api/admin/clients/:id"))
    return { id: p === "/api/admin/clients/:id" ? ids.business : ids.businessD };
  if (p.startsWith("/api/auth/businesses/:id")) return { id: ids.business };
  if (p.startsWith("/api/team/invitations/:id")) return { id: ids.invitation };
  if (p.startsWith("/api/team/members/:id")) return { id: ids.member };
  if (p.startsWith("/api/api-keys/:id")) return { id: ids.apiKey };
  if (p.startsWith("/api/posts/media/:id")) return { id: del ? ids.mediaDoomed : ids.media };
  if (p.startsWith("/api/posts/targets/:id")) return { id: ids.target };
  if (p.startsWith("/api/posts/:id")) return { id: del ? ids.postDoomed : ids.post };
  if (p.startsWith("/api/platforms/:platform"))
    return { platform: del ? "twitter" : p.endsWith("/connect") ? "snapchat" : "instagram" };
  if (p.startsWith("/api/calendar/holiday-overrides/:id")) return { id: ids.override };
  if (p.startsWith("/api/opening-hours/locations/:id")) return { id: ids.hoursLocation };
  if (p.startsWith("/api/opening-hours/special/:id")) return { id: ids.specialHours };
  if (p.startsWith("/api/templates/:id")) return { id: ids.template };
  if (p.startsWith("/api/reviews/:id")) return { id: ids.review };
  if (p.startsWith("/api/competitors/:id")) return { id: ids.competitor, day: ids.snapshotDay };
  if (p.startsWith("/api/analytics/platforms/:platform")) return { platform: "instagram" };
  if (p.startsWith("/api/campaigns/:id")) return { id: ids.campaign, postId: ids.post };
  if (p.startsWith("/api/planner/plans/:id")) return { id: ids.plan };
  if (p.startsWith("/api/business-profile/menu/:id")) return { id: ids.menuItem };
  if (p.startsWith("/api/billing/payments/:id")) return { id: ids.payment };
  if (p.startsWith("/api/google-menu/:locationId")) return { locationId: ids.review };
  // the world has no Google location: an allowed caller meets NOT_FOUND past the door, which is what is probed
  if (p.startsWith("/api/review-requests/:locationId")) return { locationId: ids.review };
  if (p.startsWith("/media/:id")) return { id: ids.media, variant: "original" };
  return {};
}

function restQuery(route: RestRoute): string {
  if (route.path.startsWith("/api/analytics/"))
    return `?client_id=${world.ids.business}${route.path.endsWith("/export") ? "&format=csv" : ""}`;
  if (route.path === "/api/posts/calendar") return `?from=${future(-1)}&to=${future(5)}`;
  if (route.path.endsWith("/callback")) return "?state=probe&code=probe";
  return "";
}

/** A valid body for each path that takes one (the point is the door, not the rules behind it). */
function restBody(route: RestRoute): unknown {
  const ids = world.ids;
  const n = ++serial;
  const bodies: Record<string, unknown> = {
    "POST /api/auth/login": { email: "nobody@example.kw", password: "Wrong#Pass123" },
    "POST /api/auth/register": {},
    "POST /api/auth/refresh": { refresh_token: "probe" },
    "POST /api/auth/logout": { refresh_token: ids.spareRefresh },
    "PUT /api/auth/profile": { name: "Probe Person" },
    "PUT /api/link-page": { bio: `Probe ${n}` },
    "POST /api/link-page/preview": { bio: "Probe" },
    "POST /api/auth/change-password": { current_password: "Wrong#Pass123", new_password: "Another#Pass123" },
    "POST /api/auth/forgot-password": { email: "nobody@example.kw" },
    "POST /api/auth/reset-password": { token: "probe", new_password: "Another#Pass123" },
    "POST /api/auth/verify-email": { token: "probe" },
    "POST /api/auth/resend-verification": { email: "nobody@example.kw" },
    "POST /api/admin/clients/:id/reject": { reason: "Probe" },
    "POST /api/admin/clients/:id/gift-trial-days": { days: 3 },
    "POST /api/notifications/read": { ids: [ids.notification] },
    "PUT /api/translations/bulk": { updates: [] },
    "POST /api/team/invitations/accept": { token: "probe", name: "Probe", password: "Another#Pass123" },
    "POST /api/team/invitations": { email: `probe-${n}@example.kw`, role: "client" },
    "POST /api/api-keys": { name: `Probe ${n}` },
    "POST /api/posts/generate": { prompt: "Iftar boxes", platform: "instagram" },
    "POST /api/posts/hashtags/suggest": { content: "Saffron latte", platform: "instagram" },
    "POST /api/posts": { content: "Probe", platforms: ["instagram"], media_ids: [ids.media] },
    "POST /api/posts/drafts": { content: "Probe", platforms: ["instagram"], media_ids: [ids.media] },
    "POST /api/posts/preview": { content: "Probe", platforms: ["instagram"] },
    "POST /api/posts/bulk/delete": { ids: [ids.postDoomed] },
    "POST /api/posts/bulk/schedule": { ids: [ids.post], scheduled_for: future(2) },
    "PUT /api/posts/:id": { content: "Edited" },
    "POST /api/posts/:id/schedule": { scheduled_for: future(2) },
    "POST /api/platforms/:platform/connect": { handle: "probe.cafe" },
    "PUT /api/calendar/holiday-overrides": { occasion_key: "eid_al_adha", year: 2026, date: "2026-05-27" },
    "POST /api/templates": { name: `Probe ${n}`, occasion: "weekend", language: "en", body: "Hello {business}" },
    "PUT /api/templates/:id": { name: "Friday brunch", occasion: "weekend", language: "en", body: "Edited {business}" },
    "POST /api/reviews": {
      source: "google",
      author: `Guest ${n}`,
      rating: 4,
      text: "Good karak",
      reviewed_at: "2026-01-11",
    },
    "PUT /api/reviews/:id/reply": { reply: "Thank you!" },
    "POST /api/competitors": { name: `Rival ${n}`, platform: "instagram", handle: `rival.${n}` },
    "PUT /api/competitors/:id": { name: "Rival", platform: "instagram", handle: "rival.cafe" },
    "POST /api/competitors/:id/snapshots": { day: ids.snapshotDay, followers: 1300 },
    "POST /api/campaigns": {
      name: `Probe ${n}`,
      goal: "awareness",
      start_date: ids.snapshotDay,
      end_date: ids.snapshotDay,
    },
    "PUT /api/campaigns/:id": { name: `Renamed ${n}` },
    "POST /api/campaigns/:id/posts": { post_ids: [ids.post] },
    "POST /api/planner/preview": { month: ids.nextMonth, days: [`${ids.nextMonth}-11`] },
    "POST /api/planner/plans": { month: ids.nextMonth, days: [`${ids.nextMonth}-11`] },
    "POST /api/planner/plans/:id/approve": { proposal_ids: [ids.proposal], schedule: false },
    "POST /api/campaigns/:id/posts/detach": { post_ids: [ids.post] },
    "PUT /api/business-profile": { hours: "8 AM - 11 PM" },
    "POST /api/business-profile/menu": { name: `Tea ${n}`, price_kwd: 0.5 },
    "POST /api/business-profile/menu/import": { text: "Karak, 0.25" },
    "PUT /api/business-profile/menu/order": { ids: [ids.menuItem] },
    "PUT /api/business-profile/menu/:id": { name: "Kunafa", price_kwd: 1.75 },
    "PUT /api/ai/settings": { provider: "local" },
  };
  const body = bodies[routeKey(route)];
  return body ?? (route.method === "GET" ? undefined : {});
}

/** Which of A's ids a route names in its path or query (another tenant must be refused outright). */
const namesA = (route: RestRoute) =>
  /:(id|postId|day)\b/.test(route.path) && !route.path.startsWith("/api/admin/clients/:id/")
    ? true
    : route.path.startsWith("/api/analytics/");

interface Outcome {
  status: number;
  text: string;
}

async function restCall(route: RestRoute, caller: CallerName): Promise<Outcome> {
  let path = route.path;
  for (const [k, v] of Object.entries(restParams(route))) path = path.replace(`:${k}`, encodeURIComponent(v));
  const body = restBody(route);
  const headers: Record<string, string> = { accept: "application/json", ...world.headers[caller] };
  const token = world.tokens[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(app.base + path + restQuery(route), {
    method: route.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  tally.calls++;
  count(res.status);
  if (res.status >= 500) tally.fiveXX.push(`${caller} ${routeKey(route)}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, text };
}

// ---------- GraphQL: how each field is called ----------

function idFor(field: string, del: boolean): string {
  const ids = world.ids;
  if (/^(approve|reject|suspend|reactivate)Client$|^giftTrialDays$/.test(field)) return ids.businessD;
  if (field === "client" || field === "useBusiness") return ids.business;
  if (/SpecialHours/.test(field)) return ids.specialHours;
  if (/MenuItem|Menu$/.test(field)) return ids.menuItem;
  if (/Order|^order$/.test(field)) return ids.order;
  if (/WhatsappTemplate/.test(field)) return ids.whatsappTemplate;
  if (/SavedReply/.test(field)) return ids.savedReply;
  if (/Conversation|^conversation$/.test(field)) return ids.conversation;
  // no number is connected in the world: any id is another café's (NOT_FOUND), which is what is probed
  if (field === "disconnectWhatsapp") return "00000000-0000-4000-8000-000000000001";
  if (/Template/.test(field)) return ids.template;
  if (/Review|^review$|Inbox|^inboxItem$|PrivateReply/.test(field)) return ids.review;
  if (/Competitor|^competitor$/.test(field)) return ids.competitor;
  if (/Campaign|^campaign$/.test(field)) return ids.campaign;
  if (/PostTarget/.test(field)) return ids.target;
  if (/Media|^media$/.test(field)) return del ? ids.mediaDoomed : ids.media;
  if (/ApiKey/.test(field)) return ids.apiKey;
  if (/Invitation/.test(field)) return ids.invitation;
  if (/TeamMember/.test(field)) return ids.member;
  if (/HolidayOverride/.test(field)) return ids.override;
  if (/Notification/.test(field)) return ids.notification;
  if (/Webhook|^webhook/.test(field)) return del ? ids.webhookEndpointDoomed : ids.webhookEndpoint;
  if (/Post|^post$/.test(field)) return del ? ids.postDoomed : ids.post;
  if (/AgencyLink|AgencyAccess/.test(field)) return ids.agencyLink;
  if (/ApprovalLink/.test(field)) return ids.approvalLink;
  if (field === "billingPayment") return ids.payment;
  // the world has no agency: a café's payment id stands for an agency's payment (none of A's callers may read one)
  if (field === "agencyPayment" || field === "recordAgencyTransfer") return ids.payment;
  if (field === "contentPlan") return ids.plan;
  throw new Error(`no id known for ${field}`);
}

function gqlVariables(f: RootField): Record<string, unknown> {
  const ids = world.ids;
  const del = /^(delete|remove)/.test(f.name);
  const n = ++serial;
  const pick = (name: string, type: string): unknown => {
    switch (name) {
      case "id":
      case "ids":
        return idFor(f.name, del);
      case "clientId":
        return ids.business;
      case "competitorId":
        return ids.competitor;
      case "postId":
      case "postIds":
        return ids.post;
      case "campaignId":
        return f.name === "setPostCampaign" || f.name === "createPost" ? ids.campaign : undefined;
      case "menuItemId":
        return ids.menuItem;
      case "locationId":
        return /Hours/.test(f.name) ? ids.hoursLocation : undefined;
      case "conversationId":
        return ids.conversation;
      case "deliveryId":
        return ids.webhookDelivery;
      case "mediaIds":
        return ids.media;
      case "day":
        return ids.snapshotDay;
      case "date":
        return "2026-05-27";
      case "from":
        return type === "DateTime" ? future(-1) : undefined;
      case "to":
        return type === "DateTime" ? future(5) : undefined;
      case "scheduledFor":
        return future(2);
      case "email":
        return f.name === "inviteTeamMember" ? `probe-gql-${n}@example.kw` : "nobody@example.kw";
      case "password":
      case "newPassword":
        return "Another#Pass123";
      case "currentPassword":
        return "Wrong#Pass123";
      case "refreshToken":
        return f.name === "logout" ? ids.spareRefresh : "probe";
      case "token":
        return "probe";
      case "csv":
        return "source,author,rating,text,date\n";
      case "text":
        return f.name === "importMenu" ? "Karak, 0.25" : "Good karak";
      case "name":
        return `Probe ${n}`;
      case "handle":
        return `probe.${n}`;
      case "occasionKey":
        return "eid_al_adha";
      case "year":
        return 2026;
      case "days":
        // the planner's days are dates; the other fields named days are counts
        return type === "String" ? [`${ids.nextMonth}-11`] : 3;
      case "month":
        return type === "String" ? ids.nextMonth : undefined;
      case "planId":
        return ids.plan;
      case "proposalIds":
        return ids.proposal;
      case "rating":
        return 4;
      case "reviewedAt":
        return "2026-01-11";
      case "startDate":
      case "endDate":
        return ids.snapshotDay;
      case "platform":
        return type === "Platform"
          ? f.name === "disconnectPlatform"
            ? "twitter"
            : f.name === "connectPlatform"
              ? "snapchat"
              : "instagram"
          : undefined;
      case "platforms":
        return "instagram";
      case "content":
      case "prompt":
      case "body":
      case "reply":
      case "reason":
        return "Probe text";
      case "provider":
        return "local";
      // the plan A and B are on (Premium trials): choosing it again changes nothing (PLAN_UNCHANGED), so the
      // door is probed without moving A off Premium, which its key, team and webhooks need for the calls after
      case "plan":
        return type === "Plan" ? "premium" : undefined;
      case "locale":
        return type === "Locale" ? "en" : undefined;
      default:
        return undefined;
    }
  };
  const vars: Record<string, unknown> = {};
  for (const a of f.field.args) {
    if (isNonNullType(a.type)) vars[a.name] = sampleInput(a.type, a.name, pick);
    else {
      if (pick(a.name, getNamedType(a.type).name) !== undefined) vars[a.name] = sampleInput(a.type, a.name, pick);
    }
  }
  return vars;
}

const gqlNamesA = (f: RootField) =>
  f.field.args.some((a) =>
    ["id", "clientId", "competitorId", "postId", "deliveryId", "conversationId"].includes(a.name),
  ) && !/^(approve|reject|suspend|reactivate)Client$|^giftTrialDays$/.test(f.name);

interface GqlOutcome {
  status: number;
  codes: string[];
  hasData: boolean;
  text: string;
}

async function gqlCall(f: RootField, caller: CallerName): Promise<GqlOutcome> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    ...world.headers[caller],
  };
  const token = world.tokens[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${app.base}/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({ query: documentFor(f), variables: gqlVariables(f) }),
  });
  const text = await res.text();
  tally.calls++;
  let body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] } = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: counted by its status */
  }
  const codes = (body.errors ?? []).map((e) => e.extensions?.code ?? "?");
  count(`graphql ${res.status} ${codes.length ? [...new Set(codes)].join("+") : "data"}`);
  if (res.status >= 500 || codes.includes("INTERNAL_SERVER_ERROR"))
    tally.fiveXX.push(`${caller} ${fieldKey(f)}: ${res.status} ${text.slice(0, 200)}`);
  return {
    status: res.status,
    codes,
    hasData: body.data?.[f.name] !== undefined && body.data?.[f.name] !== null,
    text,
  };
}

/**
 * Subscribes and waits for a refusal. An open subscription sends nothing, so "open" is the absence
 * of a refusal within `quietMs`: a caller who must be refused gets a long wait (a loaded machine
 * answers late, and a late refusal is still a refusal), one who must be let in a short one.
 */
async function subscribe(
  f: RootField,
  caller: CallerName,
  quietMs = 700,
): Promise<{ refused: boolean; codes: string[]; text: string }> {
  const token = world.tokens[caller];
  const client = createClient({
    url: app.base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: token
      ? { authorization: `Bearer ${token}`, business: world.headers[caller]?.["x-sufra-business"] }
      : {},
    retryAttempts: 0,
    lazy: true,
  });
  tally.calls++;
  try {
    const out = await new Promise<{ refused: boolean; codes: string[]; text: string }>((resolve) => {
      const settle = setTimeout(() => resolve({ refused: false, codes: [], text: "open" }), quietMs);
      client.subscribe(
        { query: documentFor(f), variables: gqlVariables(f) },
        {
          next: (v) => {
            const codes = (v.errors ?? []).map((e) => String(e.extensions?.code));
            if (codes.length) {
              clearTimeout(settle);
              resolve({ refused: true, codes, text: JSON.stringify(v.errors) });
            }
          },
          error: (e: unknown) => {
            clearTimeout(settle);
            const list = Array.isArray(e) ? (e as { extensions?: { code?: string } }[]) : [];
            const closed = e && typeof e === "object" && "code" in e ? [`close ${(e as { code: number }).code}`] : [];
            resolve({
              refused: true,
              codes: [...list.map((x) => String(x.extensions?.code)), ...closed],
              text: JSON.stringify(e),
            });
          },
          complete: () => {},
        },
      );
    });
    count(`ws ${out.refused ? out.codes.join("+") || "refused" : "open"}`);
    return out;
  } finally {
    // dispose waits for the connection and rethrows its refusal (4403): the refusal is the answer, already read
    await Promise.resolve(client.dispose()).catch(() => {});
  }
}

// ---------- the expectations ----------

type Pair<T> = { target: T; caller: CallerName; rule: Rule };

/** Whether the caller is expected through the door; B on A's ids is refused; B with A's ids in a bulk body may answer but must not write. */
function expectation(
  rule: Rule,
  caller: CallerName,
  door: "rest" | "graphql",
  namesAnA: boolean,
): "allow" | "refuse" | "noWrite" {
  if (!mayCall(rule.policy, caller, rule.door ?? door)) return "refuse";
  if (caller === "clientB" && rule.policy !== "public" && rule.policy !== "signedIn" && rule.policy !== "person") {
    if (namesAnA) return "refuse";
    if (rule.crossBody) return "noWrite";
  }
  if (caller === "clientB" && rule.crossBody) return "noWrite";
  return "allow";
}

/** Pairs of one route or field together, in the order they came. */
function byTarget<T>(pairs: Pair<T>[], key: (p: Pair<T>) => string): Pair<T>[][] {
  const groups = new Map<string, Pair<T>[]>();
  for (const p of pairs) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  return [...groups.values()];
}

/**
 * Refused calls that could write, all together 8 at a time between two fingerprints of every business
 * table: a refused call writes nothing, so their order does not matter. Only when something changed are
 * they called again route by route (field by field), each between two fingerprints, to name who wrote.
 */
async function refusedWrites<T, O extends { text: string }>(
  pairs: Pair<T>[],
  key: (p: Pair<T>) => string,
  send: (p: Pair<T>) => Promise<O>,
  status: (o: O) => string,
): Promise<O[]> {
  const before = await fingerprint(world.pool);
  const outs = await bounded(
    8,
    pairs.map((p) => () => send(p)),
  );
  let after = await fingerprint(world.pool);
  const changed = changedTables(before, after);
  if (!changed.length) return outs;
  let named = false;
  for (const group of byTarget(pairs, key)) {
    const again = await Promise.all(group.map(send));
    const next = await fingerprint(world.pool);
    const wrote = changedTables(after, next);
    if (wrote.length) {
      named = true;
      tally.writes.push(
        `${key(group[0])} by ${group.map((p, i) => `${p.caller} (${status(again[i])})`).join(", ")} changed ${wrote.join(", ")}: ${again.map((o) => o.text.slice(0, 120)).join(" | ")}`,
      );
    }
    after = next;
  }
  if (!named)
    tally.writes.push(
      `refused calls changed ${changed.join(", ")}, and no route or field wrote again when called alone`,
    );
  return outs;
}

/**
 * Allowed calls 8 at a time, class after class (reads, writes, deletions), each class in the order given:
 * a route's callers stay side by side, so they still meet at the same moment (races show as 5xx).
 */
async function inClasses<T>(pairs: Pair<T>[], rank: (p: Pair<T>) => number, run: (p: Pair<T>) => Promise<void>) {
  for (const r of [...new Set(pairs.map(rank))].sort((a, b) => a - b))
    await bounded(
      8,
      pairs.filter((p) => rank(p) === r).map((p) => () => run(p)),
    );
}

const REFUSED_REST = [401, 403, 404];
const REFUSED_GQL = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"];
// allowed calls run reads first, then writes, deletions last (deepest paths first), so A's rows live as long as possible
const order = (method: string, path: string) => (method === "GET" ? 0 : method === "DELETE" ? 2 + 1 / path.length : 1);

describe("the surface is covered", () => {
  test("every REST route of the app has an expectation, and every expectation a route", () => {
    const keys = restRoutes(app.sufra.server!.httpServer).map(routeKey);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((k) => !(k in REST_RULES))).toEqual([]);
    expect(Object.keys(REST_RULES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  test("every GraphQL root field has an expectation, and every expectation a field", () => {
    const keys = rootFields(schema).map(fieldKey);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((k) => !(k in GRAPHQL_RULES))).toEqual([]);
    expect(Object.keys(GRAPHQL_RULES).filter((k) => !keys.includes(k))).toEqual([]);
  });
});

describe("refused callers are refused and change nothing", () => {
  test("REST", async () => {
    const pairs: Pair<RestRoute>[] = [];
    for (const route of restRoutes(app.sufra.server!.httpServer)) {
      const rule = REST_RULES[routeKey(route)];
      for (const caller of CALLERS)
        if (expectation(rule, caller, "rest", namesA(route)) !== "allow") pairs.push({ target: route, caller, rule });
    }
    const reads = pairs.filter((p) => p.target.method === "GET");
    await bounded(
      8,
      reads.map((p) => async () => check(p, await restCall(p.target, p.caller))),
    );
    const writes = pairs.filter((p) => p.target.method !== "GET");
    const outs = await refusedWrites(
      writes,
      (p) => routeKey(p.target),
      (p) => restCall(p.target, p.caller),
      (o) => String(o.status),
    );
    writes.forEach((p, i) => check(p, outs[i]));
    function check(p: Pair<RestRoute>, out: Outcome) {
      const e = expectation(p.rule, p.caller, "rest", namesA(p.target));
      if (e === "refuse" && !REFUSED_REST.includes(out.status))
        tally.unexpectedAllows.push(`${p.caller} ${routeKey(p.target)}: ${out.status} ${out.text.slice(0, 160)}`);
    }
    console.log(`REST refusals: ${pairs.length} calls`);
    expect({ fiveXX: tally.fiveXX, unexpectedAllows: tally.unexpectedAllows, writes: tally.writes }).toEqual({
      fiveXX: [],
      unexpectedAllows: [],
      writes: [],
    });
  }, 240_000);

  test("GraphQL queries and mutations", async () => {
    const pairs: Pair<RootField>[] = [];
    for (const f of rootFields(schema).filter((f) => f.kind !== "Subscription")) {
      const rule = GRAPHQL_RULES[fieldKey(f)];
      for (const caller of CALLERS)
        if (expectation(rule, caller, "graphql", gqlNamesA(f)) !== "allow") pairs.push({ target: f, caller, rule });
    }
    const found: string[] = [];
    const check = (p: Pair<RootField>, out: GqlOutcome) => {
      const e = expectation(p.rule, p.caller, "graphql", gqlNamesA(p.target));
      const refused = !out.hasData && out.codes.length > 0 && out.codes.every((c) => REFUSED_GQL.includes(c));
      if (e === "refuse" && !refused)
        found.push(`${p.caller} ${fieldKey(p.target)}: ${out.status} ${out.text.slice(0, 200)}`);
    };
    await bounded(
      8,
      pairs
        .filter((p) => p.target.kind === "Query")
        .map((p) => async () => check(p, await gqlCall(p.target, p.caller))),
    );
    const mutations = pairs.filter((p) => p.target.kind === "Mutation");
    const outs = await refusedWrites(
      mutations,
      (p) => fieldKey(p.target),
      (p) => gqlCall(p.target, p.caller),
      (o) => o.codes.join() || String(o.status),
    );
    mutations.forEach((p, i) => check(p, outs[i]));
    tally.unexpectedAllows.push(...found);
    console.log(`GraphQL refusals: ${pairs.length} calls`);
    expect({ fiveXX: tally.fiveXX, unexpectedAllows: found, writes: tally.writes }).toEqual({
      fiveXX: [],
      unexpectedAllows: [],
      writes: [],
    });
  }, 240_000);

  test("GraphQL subscriptions over WebSocket", async () => {
    const found: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const f of rootFields(schema).filter((f) => f.kind === "Subscription")) {
      const rule = GRAPHQL_RULES[fieldKey(f)];
      for (const caller of CALLERS) {
        const e = expectation(rule, caller, "graphql", gqlNamesA(f));
        tasks.push(async () => {
          const out = await subscribe(f, caller, e === "refuse" ? 10_000 : 700);
          if (out.codes.includes("INTERNAL_SERVER_ERROR")) tally.fiveXX.push(`${caller} ${fieldKey(f)}: ${out.text}`);
          if (e === "refuse" && !out.refused) found.push(`${caller} ${fieldKey(f)}: stayed open`);
          if (e === "allow" && out.refused)
            found.push(`${caller} ${fieldKey(f)}: refused an allowed caller ${out.text.slice(0, 160)}`);
        });
      }
    }
    await bounded(8, tasks);
    tally.unexpectedAllows.push(...found.filter((x) => x.endsWith("stayed open")));
    expect(found).toEqual([]);
  }, 120_000);
});

describe("allowed callers pass the door", () => {
  test("REST", async () => {
    const pairs: Pair<RestRoute>[] = [];
    for (const route of restRoutes(app.sufra.server!.httpServer)) {
      const rule = REST_RULES[routeKey(route)];
      for (const caller of CALLERS)
        if (expectation(rule, caller, "rest", namesA(route)) === "allow" && rule.policy !== "public")
          pairs.push({ target: route, caller, rule });
    }
    pairs.sort((a, b) => order(a.target.method, a.target.path) - order(b.target.method, b.target.path));
    const refused: string[] = [];
    const check = (p: Pair<RestRoute>, out: Outcome) => {
      if (out.status === 401 || out.status === 403)
        refused.push(`${p.caller} ${routeKey(p.target)}: ${out.status} ${out.text.slice(0, 160)}`);
    };
    await inClasses(
      pairs,
      (p) => order(p.target.method, p.target.path),
      async (p) => check(p, await restCall(p.target, p.caller)),
    );
    // public paths: anyone, with or without a token, and never a 5xx
    const open = restRoutes(app.sufra.server!.httpServer).filter((r) => REST_RULES[routeKey(r)].policy === "public");
    await bounded(
      8,
      open.flatMap((r) => CALLERS.map((c) => () => restCall(r, c))),
    );
    tally.wrongRefusals.push(...refused);
    expect({ fiveXX: tally.fiveXX, refused }).toEqual({ fiveXX: [], refused: [] });
  }, 240_000);

  test("GraphQL", async () => {
    const pairs: Pair<RootField>[] = [];
    for (const f of rootFields(schema).filter((f) => f.kind !== "Subscription")) {
      const rule = GRAPHQL_RULES[fieldKey(f)];
      for (const caller of CALLERS)
        if (expectation(rule, caller, "graphql", gqlNamesA(f)) === "allow") pairs.push({ target: f, caller, rule });
    }
    const rank = (f: RootField) => (f.kind === "Query" ? 0 : /^(delete|remove|revoke)/.test(f.name) ? 2 : 1);
    pairs.sort((a, b) => rank(a.target) - rank(b.target));
    const refused: string[] = [];
    const check = (p: Pair<RootField>, out: GqlOutcome) => {
      if (p.rule.policy !== "public" && (out.codes.includes("UNAUTHENTICATED") || out.codes.includes("FORBIDDEN")))
        refused.push(`${p.caller} ${fieldKey(p.target)}: ${out.text.slice(0, 200)}`);
    };
    await inClasses(
      pairs,
      (p) => rank(p.target),
      async (p) => check(p, await gqlCall(p.target, p.caller)),
    );
    tally.wrongRefusals.push(...refused);
    expect({ fiveXX: tally.fiveXX, refused }).toEqual({ fiveXX: [], refused: [] });
  }, 240_000);
});
