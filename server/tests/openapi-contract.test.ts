// The REST contract, GET /api/openapi.json (docs/architecture.md#how-a-request-flows): the document is valid OpenAPI 3.1
// (checked by @seriousme/openapi-schema-validator against the published 3.1 schema); it names every route Express
// serves under /api and /media and nothing else; and every one of its operations, called on the running server
// with valid inputs, answers with a status it declares and a body its schema for that status accepts (ajv,
// draft 2020-12). Some refusals are checked against the error catalogue's schema too.
import { afterAll, describe, expect, test } from "@jest/globals";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import sharp from "sharp";
import { ERRORS } from "@sufra/schema";
import { REST_OPERATIONS } from "../src/http/app.ts";
import { call, registeredClient, signedInBusiness, signUp } from "./support/app.ts";
import { tokenFrom } from "./support/mailbox.ts";
import { worldForFile } from "./support/per-file.ts";
import { restRoutes, routeKey } from "./support/surface.ts";
import { invite } from "./support/team.ts";
import { issueInvoice } from "../src/modules/billing/invoices.ts";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const { app, world, mailbox } = worldForFile();

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any>; responses: Record<string, any> };
  "x-error-codes": Record<string, number>;
};
const METHODS = ["get", "post", "put", "patch", "delete"];
let doc: Doc;
let ajv: Ajv2020;
const tally = { operations: 0, success: 0, declaredError: [] as string[], failures: [] as string[] };

afterAll(() => {
  console.log(
    `openapi contract: ${tally.operations} operations checked against the live server (${tally.success} with a success answer, ` +
      `${tally.declaredError.length} with a declared error answer: ${tally.declaredError.join("; ")})`,
  );
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
/** Express's form of a document path: /api prefix unless the path item names its own server; {x} -> :x. */
const expressPath = (path: string) => (doc.paths[path]!.servers ? "" : "/api") + path.replace(/\{([^}]+)\}/g, ":$1");

async function fetchDoc() {
  const r = await fetch(`${app.base}/api/openapi.json`);
  expect(r.status).toBe(200);
  return {
    etag: r.headers.get("etag"),
    cache: r.headers.get("cache-control"),
    type: r.headers.get("content-type"),
    doc: (await r.json()) as Doc,
  };
}

describe("the document", () => {
  test("is served to anyone, with an ETag (304 when unchanged), and is valid OpenAPI 3.1", async () => {
    const first = await fetchDoc();
    doc = first.doc;
    expect(first.type).toMatch(/^application\/json/);
    expect(first.cache).toBe("public, no-cache");
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    // fetch adds "cache-control: no-cache" to a conditional request unless told otherwise (the Fetch standard), and no-cache forbids a 304
    const again = await fetch(`${app.base}/api/openapi.json`, {
      headers: { "if-none-match": first.etag!, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);

    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/api", description: "This server" }]);

    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc, "openapi.json");
  });

  test("names every route Express serves under /api and /media, and no other", () => {
    const served = restRoutes(app.sufra.server!.httpServer)
      .filter((r) => r.path.startsWith("/api/") || r.path.startsWith("/media/"))
      .map(routeKey)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${expressPath(path)}`))
      .sort();
    // a route missing here needs its entry in its module's <name>.openapi.ts (registered in http/app.ts REST_OPERATIONS)
    expect(served.filter((k) => !documented.includes(k))).toEqual([]);
    expect(documented.filter((k) => !served.includes(k))).toEqual([]);
    expect(documented.length).toBe(REST_OPERATIONS.length);
  });

  test("request bodies and query parameters are the services' zod rules, in snake_case", () => {
    const post = doc.paths["/posts"]!.post.requestBody.content["application/json"].schema;
    const keys = JSON.stringify(post);
    expect(keys).toContain('"media_ids"');
    expect(keys).toContain('"first_comment"');
    expect(keys).not.toContain('"mediaIds"');
    const signUpBody = doc.paths["/auth/register"]!.post.requestBody.content["application/json"].schema;
    expect(Object.keys(signUpBody.properties)).toEqual(
      expect.arrayContaining(["company_name", "contact_name", "requested_plan"]),
    );
    const analytics = doc.paths["/analytics/export"]!.get.parameters.map((p: { name: string }) => p.name);
    expect(analytics).toEqual(
      expect.arrayContaining(["client_id", "from", "to", "include_simulated", "campaign_id", "format", "lang"]),
    );
    expect(doc.paths["/posts/media"]!.post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(Object.keys(doc.paths["/reviews/import"]!.post.requestBody.content).sort()).toEqual([
      "application/json",
      "multipart/form-data",
      "text/csv",
    ]);
    // answers with a name are described once and pointed to
    expect(doc.components.schemas.Post.properties).toHaveProperty("targets");
    expect(doc.paths["/posts/{id}"]!.get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Post",
    });
  });

  test("the error catalogue: every code with its status, each error response naming its codes; sign-in and health are public", () => {
    expect(doc["x-error-codes"]).toEqual(Object.fromEntries(Object.entries(ERRORS).map(([c, e]) => [c, e.status])));
    expect(doc.components.schemas.Error.properties.code.enum.sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [code, e] of Object.entries(ERRORS))
      expect(doc.components.schemas[`Error${e.status}`].properties.code.enum).toContain(code);
    expect(doc.paths["/auth/login"]!.post.security).toEqual([]);
    expect(doc.paths["/health"]!.get.security).toEqual([]);
    expect(doc.paths["/posts"]!.get.security).toBeUndefined(); // the document's default: the session token
    expect((doc as unknown as { security: unknown }).security).toEqual([{ session: [] }]);
  });
});

// ---------- the walk ----------

interface Call {
  token?: string | null;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  csv?: string;
  /** a refusal this call must meet (the state it needs cannot be reached in a test): checked against the declared error */
  refusal?: number;
}

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 0;
const n = () => ++serial;

async function jpeg() {
  const bytes = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#c8691c" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "kunafa.jpg");
  form.append("platforms", "instagram");
  return form;
}

/** A call's JSON answer, or a failure naming what the setup needed. */
/** A plan of next month's tenth day: one proposal, one AI caption. */
function planBody() {
  const next = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 7);
  return { month: next, days: [`${next}-10`], language: "en" };
}

/** A Kuwait day some days ahead, YYYY-MM-DD (special hours' dates). */
const hoursDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function made<T = any>(
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  status = [200, 201],
): Promise<T> {
  const r = await call(app.base, method, path, { token, body });
  if (!status.includes(r.status)) throw new Error(`setup ${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** How each operation is called with valid inputs: A's holder for the business's paths, the admin for the admin's. */
function plans(): Record<string, () => Promise<Call> | Call> {
  const ids = world.ids;
  const holder = world.tokens.holderA!;
  const admin = world.tokens.admin!;
  // a practice Google location of A's (demo: nothing leaves the server), for the menu on Google
  let menuLocationId: string | null = null;
  const menuLocation = async () =>
    (menuLocationId ??= (
      await world.pool.query(
        `insert into google_locations (id, business_id, account_id, google_account, name, title, verified, picked, demo, updated_at)
         select gen_random_uuid(), business_id, id, 'accounts/contract', 'locations/contract-menu', 'Menu branch', true, true,
                true, now()
           from platform_accounts where business_id = $1 and platform = 'google'
         on conflict (business_id, name) do update set title = excluded.title returning id`,
        [world.businessA],
      )
    ).rows[0].id as string);
  const post = (content = "Walk") =>
    made("POST", "/api/posts", holder, { content, platforms: ["instagram"], media_ids: [ids.media] });
  const targetIn = async (status: "unconfirmed" | "failed") => {
    const p = await post(`Walk ${status}`);
    // as publishing leaves them: the post and its one target in the same state
    await world.pool.query('update post_targets set status = $2::"TargetStatus", due_at = now() where id = $1', [
      p.targets[0].id,
      status,
    ]);
    await world.pool.query('update posts set status = $2::"PostStatus" where id = $1', [p.id, status]);
    return p.targets[0].id as string;
  };
  let reviewLocationId: string | null = null;
  const reviewLocation = async () =>
    (reviewLocationId ??= (
      await world.pool.query(
        `insert into google_locations (id, business_id, account_id, google_account, name, title, verified, picked, place_id, updated_at)
         select gen_random_uuid(), business_id, id, 'accounts/contract', 'locations/contract', 'Contract branch', true, true,
                'ChIJcontract-place', now()
           from platform_accounts where business_id = $1 and platform = 'google'
         on conflict (business_id, name) do update set picked = true returning id`,
        [world.businessA],
      )
    ).rows[0].id as string);
  let person: { email: string; password: string } | null = null;
  const me = async () => (person ??= await signedInBusiness(app.base));
  const loginOf = async () => {
    const p = await me();
    return made("POST", "/api/auth/login", undefined, { email: p.email, password: p.password });
  };
  // an agency (its owner signed in) serving a new café through an active link (docs/product.md#agency-payments)
  const agencyServing = async () => {
    const agency = await signedInBusiness(app.base);
    const cafe = await registeredClient(app.base);
    await world.pool.query("update businesses set is_agency = true where id = $1", [agency.businessId]);
    await world.pool.query(
      "insert into agency_links (id, agency_id, cafe_id, status, requested_by, accepted_at) values (gen_random_uuid(), $1, $2, 'active', 'cafe', now())",
      [agency.businessId, cafe.businessId],
    );
    return { token: agency.token, cafeId: cafe.businessId };
  };
  return {
    "GET /openapi.json": () => ({ token: null }),
    "POST /auth/login": async () => {
      const p = await me();
      return { token: null, body: { email: p.email, password: p.password } };
    },
    "POST /auth/register": () => ({ token: null, body: signUp() }),
    "POST /auth/refresh": async () => ({ token: null, body: { refresh_token: (await loginOf()).refresh_token } }),
    "POST /auth/logout": async () => ({ token: null, body: { refresh_token: (await loginOf()).refresh_token } }),
    "PUT /auth/profile": () => ({ body: { name: "Noura Al-Sabah" } }),
    "POST /auth/change-password": async () => {
      const l = await loginOf();
      const p = await me();
      const next = `Walk#Pass${n()}2026`;
      const c: Call = { token: l.access_token, body: { current_password: p.password, new_password: next } };
      p.password = next;
      return c;
    },
    "POST /auth/forgot-password": async () => ({ token: null, body: { email: (await me()).email } }),
    "POST /auth/reset-password": async () => {
      const c = await registeredClient(app.base);
      await made("POST", "/api/auth/forgot-password", undefined, { email: c.email });
      return {
        token: null,
        body: {
          token: tokenFrom(await mailbox.waitFor(c.email, /reset-password/), "/reset-password"),
          new_password: "Walk#Reset2026",
        },
      };
    },
    "POST /auth/verify-email": async () => {
      const c = await registeredClient(app.base, { approve: false });
      return {
        token: null,
        body: { token: tokenFrom(await mailbox.waitFor(c.email, /verify-email/), "/verify-email") },
      };
    },
    "POST /auth/resend-verification": async () => ({
      token: null,
      body: { email: (await registeredClient(app.base, { approve: false })).email },
    }),
    // the default caller is a person of A: choosing A
    "POST /auth/businesses/{id}/use": () => ({ params: { id: world.businessA } }),
    "GET /admin/clients/{id}": () => ({ params: { id: world.businessA } }),
    "POST /admin/clients/{id}/approve": async () => ({
      params: { id: (await registeredClient(app.base, { approve: false })).businessId },
    }),
    "POST /admin/clients/{id}/reject": async () => ({
      params: { id: (await registeredClient(app.base, { approve: false })).businessId },
      body: { reason: "Not a café" },
    }),
    "POST /admin/clients/{id}/gift-trial-days": async () => ({
      params: { id: (await registeredClient(app.base, { over: { requested_plan: "basic" } })).businessId },
      body: { days: 3 },
    }),
    "POST /admin/clients/{id}/suspend": async () => ({ params: { id: (await registeredClient(app.base)).businessId } }),
    "POST /admin/clients/{id}/reactivate": async () => {
      const c = await registeredClient(app.base);
      await made("POST", `/api/admin/clients/${c.businessId}/suspend`, admin);
      return { params: { id: c.businessId } };
    },
    // the admin's billing: a transfer recorded, a trial extended, a recorded payment partly refunded
    "POST /admin/clients/{id}/payments": async () => ({
      params: { id: (await registeredClient(app.base)).businessId },
      body: { amount_fils: 15_000, method: "bank_transfer", receipt: "NBK-1" },
    }),
    "POST /admin/clients/{id}/extend-period": async () => ({
      params: { id: (await registeredClient(app.base)).businessId },
      body: { days: 5 },
    }),
    "POST /admin/payments/{id}/refund": async () => {
      const paid = await made(
        "POST",
        `/api/admin/clients/${(await registeredClient(app.base)).businessId}/payments`,
        admin,
        { amount_fils: 15_000, method: "bank_transfer" },
      );
      return { params: { id: paid.id }, body: { amount_fils: 5_000, reason: "Two days without service" } };
    },
    "POST /notifications/read": () => ({ body: {} }),
    "PUT /translations/bulk": () => ({
      body: { updates: [{ key: "common:actions.save", locale: "en", value: "Save" }] },
    }),
    "POST /team/invitations/lookup": async () => {
      const inv = await invite(app.base, mailbox, holder, "client");
      return { token: null, body: { token: inv.link } };
    },
    "POST /team/invitations/accept": async () => {
      const inv = await invite(app.base, mailbox, holder, "client");
      return { token: null, body: { token: inv.link, name: "Fatma Al-Ali", password: "Walk#Member2026" } };
    },
    "POST /team/invitations": () => ({ body: { email: `walk-${n()}@example.kw`, role: "client" } }),
    "DELETE /team/invitations/{id}": () => ({ params: { id: ids.invitation } }),
    "DELETE /team/members/{id}": () => ({ params: { id: ids.member } }),
    "POST /api-keys": () => ({ body: { name: `Walk ${n()}` } }),
    "DELETE /api-keys/{id}": () => ({ params: { id: ids.apiKey } }),
    "POST /posts/media": async () => ({ form: await jpeg() }),
    "GET /posts/media/{id}": () => ({ params: { id: ids.media } }),
    "DELETE /posts/media/{id}": () => ({ params: { id: ids.mediaDoomed } }),
    "POST /posts/media/{id}/enhance": () => ({ params: { id: ids.media }, body: { warmth: 0.4 } }),
    "PATCH /posts/media/{id}": async () => ({
      params: { id: ids.media },
      body: {
        menu_item_id: (await made("POST", "/api/business-profile/menu", holder, { name: `Photo dish ${n()}` })).id,
      },
    }),
    "GET /media/{id}/{variant}": async () => {
      const m = await made("GET", `/api/posts/media/${ids.media}`, holder);
      const url = new URL(m.url as string, app.base);
      return {
        token: null,
        params: { id: ids.media, variant: "original" },
        query: Object.fromEntries(url.searchParams),
      };
    },
    "POST /posts/generate": () => ({ body: { prompt: "Iftar boxes", platform: "instagram" } }),
    "POST /planner/preview": () => ({ body: planBody() }),
    "POST /planner/plans": () => ({ body: planBody() }),
    "GET /planner/plans/{id}": async () => ({
      params: { id: (await made("POST", "/api/planner/plans", holder, planBody())).id },
    }),
    "POST /planner/plans/{id}/approve": async () => {
      const plan = await made("POST", "/api/planner/plans", holder, planBody());
      return { params: { id: plan.id }, body: { proposal_ids: [plan.proposals[0].id], schedule: false } };
    },
    "POST /posts/hashtags/suggest": () => ({ body: { content: "Saffron latte", platform: "instagram" } }),
    "PUT /ai/settings": () => ({ body: { provider: "local" } }),
    "GET /posts": () => ({ query: { status: "draft,scheduled", limit: "5" } }),
    "POST /posts": () => ({
      body: { content: "Walk", platforms: ["instagram"], media_ids: [ids.media], scheduled_for: future(2) },
    }),
    "POST /posts/drafts": () => ({ body: { content: "Walk draft", platforms: ["instagram"], media_ids: [ids.media] } }),
    "POST /posts/preview": () => ({ body: { content: "Walk #karak", platforms: ["instagram", "twitter"] } }),
    "GET /posts/calendar": () => ({ query: { from: future(-1), to: future(5) } }),
    "POST /posts/bulk/delete": async () => ({ body: { ids: [(await post()).id] } }),
    "POST /posts/bulk/schedule": async () => ({ body: { ids: [(await post()).id], scheduled_for: future(2) } }),
    // a target waits for confirmation or a retry only after a network's answer: the row is put in that state
    "POST /posts/targets/{id}/confirm": async () => ({
      params: { id: await targetIn("unconfirmed") },
      body: { permalink: "https://www.instagram.com/p/walk/" },
    }),
    "POST /posts/targets/{id}/retry": async () => ({ params: { id: await targetIn("failed") } }),
    "GET /posts/{id}": () => ({ params: { id: ids.post } }),
    "PUT /posts/{id}": () => ({ params: { id: ids.post }, body: { content: "Saffron latte, edited" } }),
    "DELETE /posts/{id}": async () => ({ params: { id: (await post()).id } }),
    "POST /posts/{id}/schedule": async () => ({
      params: { id: (await post()).id },
      body: { scheduled_for: future(2) },
    }),
    "POST /posts/{id}/unschedule": async () => {
      const p = await post();
      await made("POST", `/api/posts/${p.id}/schedule`, holder, { scheduled_for: future(2) });
      return { params: { id: p.id } };
    },
    "POST /posts/{id}/duplicate": () => ({ params: { id: ids.post }, body: { media_only: false } }),
    "POST /posts/{id}/publish": async () => ({ params: { id: (await post("Walk now")).id } }),
    "POST /platforms/{platform}/connect": () => ({ params: { platform: "snapchat" }, body: { handle: "walk.cafe" } }),
    "GET /platforms/{platform}/callback": () => ({
      token: null,
      params: { platform: "instagram" },
      query: { state: "walk", code: "walk" },
    }),
    "DELETE /platforms/{platform}": () => ({ params: { platform: "twitter" } }),
    "GET /calendar/prayer-times": () => ({ query: { date: today() } }),
    "GET /calendar/holidays": () => ({ query: { year: "2026" } }),
    "GET /calendar/upcoming": () => ({ query: { days: "90" } }),
    "PUT /calendar/holiday-overrides": () => ({
      body: { occasion_key: "eid_al_adha", year: 2026, date: "2026-05-27" },
    }),
    "DELETE /calendar/holiday-overrides/{id}": () => ({ params: { id: ids.override } }),
    // opening hours (docs/architecture.md#menus-and-hours): A's simulated branch and a span of its own
    "PUT /opening-hours/weekly": () => ({ body: { periods: [{ day: "SUNDAY", open: "08:00", close: "01:00" }] } }),
    "PUT /opening-hours/locations/{id}": () => ({ params: { id: ids.hoursLocation }, body: { regular_hours: null } }),
    "GET /opening-hours/locations/{id}/google": () => ({ params: { id: ids.hoursLocation } }),
    "POST /opening-hours/locations/{id}/send": async () => {
      await made("PUT", "/api/opening-hours/weekly", holder, {
        periods: [{ day: "MONDAY", open: "08:00", close: "22:00" }],
      });
      return { params: { id: ids.hoursLocation } };
    },
    "POST /opening-hours/special/propose": () => ({ body: { year: new Date().getUTCFullYear() + 1 } }),
    "POST /opening-hours/special/confirm": () => ({ body: { ids: [ids.specialHours] } }),
    "POST /opening-hours/special": () => ({ body: { start_date: hoursDay(50), end_date: hoursDay(51), closed: true } }),
    "PUT /opening-hours/special/{id}": () => ({
      params: { id: ids.specialHours },
      body: { periods: [{ open: "09:00", close: "13:00" }] },
    }),
    "DELETE /opening-hours/special/{id}": async () => ({
      params: {
        id: (
          await made("POST", "/api/opening-hours/special", holder, {
            start_date: hoursDay(60),
            end_date: hoursDay(60),
            closed: true,
          })
        ).id,
      },
    }),
    "POST /opening-hours/special/{id}/draft-post": () => ({ params: { id: ids.specialHours } }),
    "POST /templates/{id}/apply": () => ({ params: { id: ids.template }, body: { language: "en" } }),
    "POST /templates": () => ({
      body: { name: `Walk ${n()}`, occasion: "weekend", language: "en", body: "Hello {business}" },
    }),
    "PUT /templates/{id}": () => ({
      params: { id: ids.template },
      body: { name: "Friday brunch", occasion: "weekend", language: "en", body: "Brunch at {business}" },
    }),
    "DELETE /templates/{id}": async () => ({
      params: {
        id: (
          await made("POST", "/api/templates", holder, {
            name: `Doomed ${n()}`,
            occasion: "weekend",
            language: "en",
            body: "Bye {business}",
          })
        ).id,
      },
    }),
    "GET /reviews": () => ({ query: { limit: "5" } }),
    "POST /reviews": () => ({
      body: { source: "google", author: `Guest ${n()}`, rating: 4, text: "Good karak", reviewed_at: "2026-01-11" },
    }),
    "POST /reviews/import": () => ({
      csv: "source,author,rating,text,date\ngoogle,Walk,5,Amazing coffee,2026-01-01\n",
    }),
    "GET /reviews/{id}": () => ({ params: { id: ids.review } }),
    "POST /reviews/{id}/suggest-reply": () => ({ params: { id: ids.review }, body: { seed: 7 } }),
    "PUT /reviews/{id}/reply": () => ({ params: { id: ids.review }, body: { reply: "Thank you!" } }),
    "POST /reviews/{id}/approve": () => ({ params: { id: ids.review } }),
    "POST /reviews/{id}/replied": () => ({ params: { id: ids.review } }),
    "DELETE /reviews/{id}": async () => ({
      params: {
        id: (
          await made("POST", "/api/reviews", holder, {
            source: "google",
            author: `Doomed ${n()}`,
            rating: 3,
            text: "Fine",
            reviewed_at: "2026-01-12",
          })
        ).id,
      },
    }),
    "POST /competitors": () => ({ body: { name: `Rival ${n()}`, platform: "instagram", handle: `rival.walk${n()}` } }),
    "GET /competitors/benchmark": () => ({ query: { days: "28" } }),
    "GET /competitors/import/template": () => ({ query: { lang: "ar" } }),
    "POST /competitors/import": () => ({
      csv: `name,handle,platform,date,followers,posts_per_week,avg_engagement,top_themes\nRival,rival.cafe,instagram,${today()},1400,5,2.5,coffee\n`,
    }),
    // Facebook is not configured on the test server: the door answers its catalogue refusal
    "POST /competitors/discovery/connect": () => ({ body: {}, refusal: 409 }),
    "GET /competitors/discovery/callback": () => ({ token: null, query: { state: "walk", code: "walk" } }),
    // no Instagram app on the test server: the handshake and an unsigned body are refused
    "GET /webhooks/instagram": () => ({
      token: null,
      query: { "hub.mode": "subscribe", "hub.verify_token": "walk", "hub.challenge": "42" },
      refusal: 403,
    }),
    "POST /webhooks/instagram": () => ({ token: null, body: { object: "instagram", entry: [] }, refusal: 403 }),
    // nor a Messenger or WhatsApp webhook: the same refusals
    ...Object.fromEntries(
      (["facebook", "whatsapp"] as const).flatMap((c) => [
        [
          `GET /webhooks/${c}`,
          () => ({
            token: null,
            query: { "hub.mode": "subscribe", "hub.verify_token": "walk", "hub.challenge": "42" },
            refusal: 403,
          }),
        ],
        [`POST /webhooks/${c}`, () => ({ token: null, body: { object: "page", entry: [] }, refusal: 403 })],
      ]),
    ),
    // billing (no payment gateway on the test server): Pay now says so; the others on a business of their own
    "POST /billing/pay": () => ({ body: { source: "knet" }, refusal: 409 }),
    "POST /billing/plan": async () => ({ token: (await signedInBusiness(app.base)).token, body: { plan: "basic" } }),
    "POST /billing/cancel": async () => {
      const c = await signedInBusiness(app.base);
      await world.pool.query(
        "update subscriptions set status = 'active', period_starts_at = now(), renews_at = now() + interval '30 days' where business_id = $1",
        [c.businessId],
      );
      return { token: c.token };
    },
    "PUT /billing/details": () => ({
      body: { legal_name: "Business A W.L.L.", billing_address: "Block 3, Salmiya, Kuwait" },
    }),
    "GET /billing/payments/{id}": async () => {
      const { rows } = await world.pool.query(
        "insert into payments (id, business_id, purpose, plan, period_start, period_end, amount_fils, status, gateway, updated_at) values (gen_random_uuid(), $1, 'period', 'premium', now(), now() + interval '1 month', 49000, 'pending', 'tap', now()) returning id",
        [world.businessA],
      );
      return { params: { id: rows[0].id } };
    },
    "GET /billing/agency": async () => ({ token: (await agencyServing()).token }),
    "POST /billing/agency/pay": async () => {
      const a = await agencyServing();
      return { token: a.token, body: { cafe_ids: [a.cafeId] } };
    },
    "GET /billing/agency/payments/{id}": async () => {
      const a = await agencyServing();
      const p = await made("POST", "/api/billing/agency/pay", a.token, { cafe_ids: [a.cafeId] });
      return { token: a.token, params: { id: p.payment.id } };
    },
    "POST /admin/agency-payments/{id}/transfer": async () => {
      const a = await agencyServing();
      const p = await made("POST", "/api/billing/agency/pay", a.token, { cafe_ids: [a.cafeId] });
      return { params: { id: p.payment.id }, body: { receipt: "NBK-2" } };
    },
    "GET /billing/return": () => ({ token: null, query: { tap_id: "chg_walk" } }),
    "POST /billing/webhooks/tap": () => ({ token: null, body: { id: "chg_walk", object: "charge" }, refusal: 404 }),
    // A has no Tap account of its own: nothing can be signed with its key, so the walk meets the refusal
    "POST /orders/webhooks/tap/{businessId}": () => ({
      token: null,
      params: { businessId: ids.business },
      body: { id: "chg_walk", object: "charge" },
      refusal: 403,
    }),
    "GET /competitors/{id}": () => ({ params: { id: ids.competitor } }),
    "PUT /competitors/{id}": () => ({
      params: { id: ids.competitor },
      body: { name: "Rival", platform: "instagram", handle: "rival.cafe" },
    }),
    "DELETE /competitors/{id}": async () => ({
      params: {
        id: (
          await made("POST", "/api/competitors", holder, {
            name: `Doomed ${n()}`,
            platform: "instagram",
            handle: `doomed.${n()}`,
          })
        ).id,
      },
    }),
    "GET /competitors/{id}/snapshots": () => ({ params: { id: ids.competitor } }),
    "POST /competitors/{id}/snapshots": () => ({
      params: { id: ids.competitor },
      body: { day: today(), followers: 1300 },
    }),
    "DELETE /competitors/{id}/snapshots/{day}": async () => {
      const c = await made("POST", "/api/competitors", holder, {
        name: `Snap ${n()}`,
        platform: "instagram",
        handle: `snap.${n()}`,
      });
      await made("POST", `/api/competitors/${c.id}/snapshots`, holder, { day: today(), followers: 900 });
      return { params: { id: c.id, day: today() } };
    },
    "POST /competitors/{id}/fetch": () => ({ params: { id: ids.competitor } }),
    "GET /analytics/platforms/{platform}": () => ({
      params: { platform: "instagram" },
      query: { client_id: world.businessA },
    }),
    "GET /analytics/export": () => ({ query: { client_id: world.businessA, format: "csv", lang: "ar" } }),
    "POST /campaigns": () => ({
      body: { name: `Walk ${n()}`, goal: "awareness", start_date: today(), end_date: today() },
    }),
    "GET /campaigns/{id}": () => ({ params: { id: ids.campaign } }),
    "PUT /campaigns/{id}": () => ({ params: { id: ids.campaign }, body: { notes: "Walked" } }),
    "DELETE /campaigns/{id}": async () => ({
      params: {
        id: (
          await made("POST", "/api/campaigns", holder, {
            name: `Doomed ${n()}`,
            goal: "awareness",
            start_date: today(),
            end_date: today(),
          })
        ).id,
      },
    }),
    "POST /campaigns/{id}/posts": async () => ({
      params: { id: ids.campaign },
      body: { post_ids: [(await post()).id] },
    }),
    "POST /campaigns/{id}/posts/detach": async () => {
      const p = await post();
      await made("POST", `/api/campaigns/${ids.campaign}/posts`, holder, { post_ids: [p.id] });
      return { params: { id: ids.campaign }, body: { post_ids: [p.id] } };
    },
    "DELETE /campaigns/{id}/posts/{postId}": async () => {
      const p = await post();
      await made("POST", `/api/campaigns/${ids.campaign}/posts`, holder, { post_ids: [p.id] });
      return { params: { id: ids.campaign, postId: p.id } };
    },
    "PUT /business-profile": () => ({ body: { hours: "8 AM - 11 PM" } }),
    "POST /business-profile/menu": () => ({ body: { name: `Tea ${n()}`, price_kwd: 0.5 } }),
    "POST /business-profile/menu/import": () => ({ body: { text: "Karak, 0.25" } }),
    "PUT /business-profile/menu/order": async () => ({
      body: {
        ids: ((await made("GET", "/api/business-profile", holder)).menu as { id: string }[]).map((m) => m.id).reverse(),
      },
    }),
    "PUT /business-profile/menu/{id}": () => ({
      params: { id: ids.menuItem },
      body: { name: "Kunafa", price_kwd: 1.75 },
    }),
    "DELETE /business-profile/menu/{id}": async () => ({
      params: { id: (await made("POST", "/api/business-profile/menu", holder, { name: `Doomed ${n()}` })).id },
    }),
    "GET /google-menu/{locationId}": async () => ({ params: { locationId: await menuLocation() } }),
    "POST /google-menu/{locationId}/send": async () => {
      await made("POST", "/api/business-profile/menu", holder, { name: `Sent tea ${n()}`, price_kwd: 0.5 });
      return { params: { locationId: await menuLocation() } };
    },
    // a picked Google location of A's with a place id, on its (demo) Google connection: the review request's files
    "GET /review-requests/{locationId}": async () => ({ params: { locationId: await reviewLocation() } }),
    "GET /review-requests/{locationId}/qr.png": async () => ({
      params: { locationId: await reviewLocation() },
      query: { size: "300" },
    }),
    "GET /review-requests/{locationId}/qr.pdf": async () => ({
      params: { locationId: await reviewLocation() },
      query: { format: "receipt", lang: "both" },
    }),
    // an invoice of A's: a paid payment as billing leaves it, issued as its transaction would
    "GET /billing/invoices/{id}/pdf": async () => {
      const { rows } = await world.pool.query(
        "insert into payments (id, business_id, purpose, plan, period_start, period_end, amount_fils, status, method, gateway, paid_at, applied_at, updated_at) values (gen_random_uuid(), $1, 'period', 'professional', now(), now() + interval '1 month', 15000, 'paid', 'knet', 'tap', now(), now(), now()) returning id",
        [world.businessA],
      );
      const { db, mailer } = app.sufra.deps;
      const issued = await db.$transaction((tx) => issueInvoice(tx, mailer, rows[0].id));
      return { params: { id: issued.invoice.id }, query: { lang: "ar" } };
    },
  };
}

/** Who calls an operation when its plan does not say: nobody for public paths, the admin for the admin's, else A's holder. */
function defaultToken(op: { "x-access": string }) {
  if (op["x-access"] === "public") return null;
  if (op["x-access"] === "admin") return world.tokens.admin!;
  return world.tokens.holderA!;
}

/** The analytics paths name the business in client_id. */
const defaultQuery = (path: string): Record<string, string> =>
  path.startsWith("/analytics/") ? { client_id: world.businessA } : {};

async function send(path: string, method: string, c: Call) {
  const url = new URL(
    `${doc.paths[path]!.servers ? "" : "/api"}${path.replace(/\{([^}]+)\}/g, (_, k: string) => encodeURIComponent(c.params?.[k] ?? `missing-${k}`))}`,
    app.base,
  );
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: "application/json" };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let body: BodyInit | undefined;
  if (c.form) body = c.form;
  else if (c.csv !== undefined) {
    headers["content-type"] = "text/csv; charset=utf-8";
    body = c.csv;
  } else if (c.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(c.body);
  }
  const res = await fetch(url, { method: method.toUpperCase(), headers, body, redirect: "manual" });
  const type = res.headers.get("content-type") ?? "";
  const buf = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type,
    location: res.headers.get("location"),
    json: type.includes("application/json") && buf.length ? JSON.parse(buf.toString("utf8")) : undefined,
    bytes: buf.length,
  };
}

/** The declared response for a status (following a $ref into components), or undefined. */
function declared(path: string, method: string, status: number): { ref: string; response: any } | undefined {
  const r = doc.paths[path]![method].responses[String(status)];
  if (!r) return undefined;
  if (r.$ref) {
    const name = String(r.$ref).split("/").pop()!;
    return {
      ref: `openapi.json#/components/responses/${name}/content/application~1json/schema`,
      response: doc.components.responses[name],
    };
  }
  return {
    ref: `openapi.json#/${pointer("paths", path, method, "responses", String(status), "content", "application/json", "schema")}`,
    response: r,
  };
}

/** Checks one live answer against the document; "" when it conforms, else what is wrong. */
function conformance(path: string, method: string, answer: Awaited<ReturnType<typeof send>>): string {
  const d = declared(path, method, answer.status);
  if (!d)
    return `status ${answer.status} is not declared (${Object.keys(doc.paths[path]![method].responses).join(", ")}); body ${JSON.stringify(answer.json)?.slice(0, 300)}`;
  const content = d.response.content as Record<string, unknown> | undefined;
  if (!content)
    return answer.status >= 300 && answer.status < 400 && !answer.location ? "a redirect without Location" : "";
  if (content["application/json"]) {
    if (answer.json === undefined) return `expected JSON, got ${answer.type} (${answer.bytes} bytes)`;
    const validate = ajv.getSchema(d.ref) ?? ajv.compile({ $ref: d.ref });
    return validate(answer.json)
      ? ""
      : `body does not match: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 800)}`;
  }
  const [mediaType] = Object.keys(content);
  if (mediaType !== "application/octet-stream" && !answer.type.startsWith(mediaType!))
    return `expected ${mediaType}, got ${answer.type}`;
  return answer.bytes > 0 ? "" : "an empty file";
}

describe("every operation, called on the live server", () => {
  test("answers with a declared status and a body its schema accepts", async () => {
    const table = plans();
    const known = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    // a plan for an operation the document lacks is a stale line here
    expect(Object.keys(table).filter((k) => !known.has(k))).toEqual([]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const plan: Call = await (table[key]?.() ?? {});
        const c: Call = {
          token: plan.token === undefined ? defaultToken(op) : plan.token,
          ...plan,
          query: { ...defaultQuery(path), ...plan.query },
        };
        if (c.token === null) delete c.token;
        const answer = await send(path, method, c);
        tally.operations++;
        const wrong = conformance(path, method, answer);
        if (wrong) tally.failures.push(`${key}: ${wrong}`);
        else if (plan.refusal !== undefined) {
          if (answer.status !== plan.refusal)
            tally.failures.push(
              `${key}: expected the refusal ${plan.refusal}, got ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`,
            );
          else tally.declaredError.push(`${key} ${answer.status} ${answer.json?.code}`);
        } else if (answer.status >= 400)
          tally.failures.push(`${key}: refused ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 300)}`);
        else tally.success++;
      }
    }
    expect(tally.failures).toEqual([]);
    expect(tally.operations).toBe(REST_OPERATIONS.length);
  }, 240_000);

  test("with the subscription ended, the operations that answer 402 SUBSCRIPTION_ENDED are exactly those that document it", async () => {
    // reading, exporting and paying stay open to a stopped subscription (schema's RUNNING_RIGHTS): only writes are walked
    const table = plans();
    const documented: string[] = [];
    const answered: string[] = [];
    const wrong: string[] = [];
    const original = (
      await world.pool.query<{ status: string }>("select status::text from subscriptions where business_id = $1", [
        world.businessA,
      ])
    ).rows[0]!.status;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS.filter((m) => m !== "get")) {
        const op = item[method];
        if (!op) continue;
        const key = `${method.toUpperCase()} ${path}`;
        if (op.responses["402"]) documented.push(key);
        // the inputs are made while the subscription runs; then it ends for the one call
        const plan: Call = await (table[key]?.() ?? {});
        const c: Call = {
          token: plan.token === undefined ? defaultToken(op) : plan.token,
          ...plan,
          query: { ...defaultQuery(path), ...plan.query },
        };
        if (c.token === null) delete c.token;
        await world.pool.query("update subscriptions set status = 'expired' where business_id = $1", [world.businessA]);
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send(path, method, c);
        } finally {
          await world.pool.query('update subscriptions set status = $2::"SubscriptionStatus" where business_id = $1', [
            world.businessA,
            original,
          ]);
        }
        if (answer.status !== 402) continue;
        answered.push(key);
        if (answer.json?.code !== "SUBSCRIPTION_ENDED") wrong.push(`${key}: 402 ${answer.json?.code}`);
        const off = conformance(path, method, answer);
        if (off) wrong.push(`${key}: ${off}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(answered.sort()).toEqual(documented.sort());
    // the ones integrators met
    expect(answered).toEqual(
      expect.arrayContaining(["POST /posts/{id}/schedule", "POST /posts/{id}/publish", "POST /posts/generate"]),
    );
    const schedule = doc.paths["/posts/{id}/schedule"]!.post;
    expect(schedule.responses["402"]).toEqual({ $ref: "#/components/responses/Error402" });
    expect(doc.components.schemas.Error402.properties.code.enum).toEqual(["SUBSCRIPTION_ENDED"]);
    expect(schedule.description).toContain("402 SUBSCRIPTION_ENDED");
  }, 240_000);

  test("refusals match the error catalogue's schema for their status", async () => {
    const holder = world.tokens.holderA!;
    const cases: [string, string, Call, number, string][] = [
      ["/auth/me", "get", {}, 401, "UNAUTHENTICATED"],
      [
        "/auth/login",
        "post",
        { body: { email: "nobody@example.kw", password: "Wrong#Pass123" } },
        401,
        "INVALID_CREDENTIALS",
      ],
      ["/posts", "post", { token: holder, body: { content: 42, platforms: ["myspace"] } }, 400, "VALIDATION_ERROR"],
      [
        "/posts/{id}",
        "get",
        { token: holder, params: { id: "00000000-0000-4000-8000-000000000000" } },
        404,
        "NOT_FOUND",
      ],
      ["/admin/stats", "get", { token: holder }, 403, "FORBIDDEN"],
      ["/api-keys", "get", { token: world.tokens.keyA! }, 401, "UNAUTHENTICATED"], // REST takes no API key
    ];
    for (const [path, method, c, status, code] of cases) {
      const answer = await send(path, method, c);
      expect([path, answer.status, answer.json?.code]).toEqual([path, status, code]);
      expect(conformance(path, method, answer)).toBe("");
      if (code === "VALIDATION_ERROR")
        expect(Object.keys(answer.json.details)).toEqual(expect.arrayContaining(["content"]));
    }
    // an answer whose code belongs to another status is refused by the schema: the enums are the catalogue's
    const validate = ajv.compile({ $ref: "openapi.json#/components/schemas/Error404" });
    expect(validate({ message: "x", code: "FORBIDDEN" })).toBe(false);
    expect(validate({ message: "x", code: "NOT_FOUND" })).toBe(true);
  });
});
