// Batched HTTP requests at the GraphQL door (docs/architecture.md#how-a-request-flows): the web client sends
// a screen's queries as one JSON array. The client dashboard's and the analytics screen's batches, as the
// client sends them on opening each, answer every operation and cost the database few statements (the
// request's memo spans the batch); each operation is still checked on its own (scopes, document limits);
// a batch over the limit is refused 400 in the person's language; an API key spends one request of its
// budget per operation.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { addDays, ERRORS, kuwaitDate } from "@sufra/schema";
import { DEMO_CLIENT_EMAIL } from "../src/seed/seed.ts";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { clientOperation } from "./support/client-documents.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";
import { GRAPHQL_LIMITS } from "../src/graphql/limits.ts";

let app: TestApp;
let client: string;
let businessId: string;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp({ DEMO_DATA: "true", DEMO_PASSWORD: "Demo#Pass2026" });
  countStatements(app.sufra.server!.httpServer);
  client = (
    await call(app.base, "POST", "/api/auth/login", { body: { email: DEMO_CLIENT_EMAIL, password: "Demo#Pass2026" } })
  ).body.access_token as string;
  businessId = app.sufra.demo!.businessId;
}, 120_000);
afterAll(() => app?.stop());

type Op = [name: string, variables: Record<string, unknown>];
const batch = (ops: Op[]) =>
  ops.map(([operationName, variables]) => ({ operationName, query: clientOperation(operationName), variables }));

/** One batched request: its status, answers and the SQL statements it sent. */
async function send(token: string, body: unknown, headers: Record<string, string> = {}) {
  const id = `batch-${++seq}`;
  const r = await call(app.base, "POST", "/graphql", { token, body, headers: { ...headers, "x-count-sql": id } });
  return { ...r, statements: statementsOf(id).length };
}

const range = () => {
  const today = kuwaitDate();
  return { clientId: businessId, from: addDays(today, -29), to: today };
};

// what the web client sends on opening each screen (client/src/app/apollo.test.tsx asserts it is one request)
const SCREENS: { screen: string; ops: () => Op[]; most: number }[] = [
  {
    // pinned at what the batch takes today; the goal is 5: the cards' reads in other modules (the person's
    // business and subscription, the accounts read three ways, inbox, insights, content performance) are not yet combined
    screen: "client dashboard",
    most: 15,
    ops: () => [
      ["DashboardMe", {}],
      ["GettingStarted", {}],
      ["SimulatedAccounts", {}],
      ["ClientDashboard", {}],
      ["DashboardContentPerformance", { clientId: businessId }],
      ["DashboardReviewStats", {}],
      ["DashboardPrayerTimes", {}],
      ["DashboardUpcomingOccasions", { days: 60 }],
      ["InsightsPostingTimes", {}],
    ],
  },
  {
    // the analytics module's own statements are many (docs/scaling.md): pinned at what the batch takes today
    screen: "analytics screen",
    most: 25,
    ops: () => [
      ["SimulatedAccounts", {}],
      ["AnalyticsFilters", {}],
      ["AnalyticsOverviewCards", range()],
      ["AnalyticsRealtimeNow", { clientId: businessId }],
      ["AnalyticsEngagementSeries", { ...range(), interval: "DAY" }],
      ["AnalyticsTopPostsList", { ...range(), sort: "ENGAGEMENT", limit: 10 }],
      ["AnalyticsContentBreakdown", range()],
      ["AnalyticsAudienceView", range()],
      ["AnalyticsGuestsView", range()],
    ],
  },
];

describe.each(SCREENS)("the $screen's batch with the demo café's data", ({ ops, most }) => {
  test(`one request answers every operation in order, in at most ${most} statements`, async () => {
    const sent = batch(ops());
    expect(sent.length).toBeLessThanOrEqual(GRAPHQL_LIMITS.batch);
    let r = await send(client, sent);
    // the second of two: the first warms what a running server keeps (the checked caller, the calendar)
    r = await send(client, sent);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(sent.length);
    for (const answer of r.body as { data?: object; errors?: unknown[] }[]) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toBeDefined();
    }
    expect(Object.keys((r.body as { data: object }[])[0]!.data)).toEqual(
      Object.keys(
        (
          await call(app.base, "POST", "/graphql", {
            token: client,
            body: { query: sent[0]!.query, variables: sent[0]!.variables },
          })
        ).body.data,
      ),
    );
    expect(r.statements).toBeLessThanOrEqual(most);
  });
});

describe("each operation of a batch is checked on its own", () => {
  test("an operation the caller may not run is refused alone; the others answer", async () => {
    const r = await send(client, [
      { query: "{ me { email } }" },
      { query: "{ adminStats { totalClients } }" },
      { query: "{ prayerTimes { date } }" },
    ]);
    expect(r.status).toBe(200);
    const [me, admin, prayers] = r.body as {
      data?: Record<string, unknown> | null;
      errors?: { extensions: { code: string } }[];
    }[];
    expect(me!.data).toEqual({ me: { email: DEMO_CLIENT_EMAIL } });
    expect(admin!.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect(prayers!.data?.prayerTimes).toBeDefined();
  });

  test("a document over the limits refuses the whole batch, 400 in the catalogue's words", async () => {
    const wide = `{ ${Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, i) => `a${i}: __typename`).join(" ")} }`;
    const r = await send(client, [{ query: "{ me { email } }" }, { query: wide }]);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions).toMatchObject({
      code: "GRAPHQL_VALIDATION_FAILED",
      reason: "QUERY_TOO_COMPLEX",
    });
    expect(r.statements).toBe(0);
  });

  test(`more than ${GRAPHQL_LIMITS.batch} operations: 400 BATCH_TOO_LARGE in the person's language, nothing run`, async () => {
    const over = Array.from({ length: GRAPHQL_LIMITS.batch + 1 }, () => ({ query: "{ me { email } }" }));
    for (const lang of ["en", "ar"] as const) {
      const r = await send(client, over, { "accept-language": lang });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        { message: ERRORS.BATCH_TOO_LARGE[lang], extensions: { code: "BAD_USER_INPUT", reason: "BATCH_TOO_LARGE" } },
      ]);
      expect(r.statements).toBe(0);
    }
    // the limit itself is allowed
    const at = await send(client, over.slice(1));
    expect(at.status).toBe(200);
    expect(at.body).toHaveLength(GRAPHQL_LIMITS.batch);
  });

  test("an empty batch is the caller's mistake: 400, not a server error", async () => {
    const r = await send(client, []);
    expect(r.status).toBe(400);
  });
});

test("an API key spends one request of its budget per operation of a batch", async () => {
  // a business of its own, as the API keys' suite makes one (its owner may create keys)
  const owner = await signedInBusiness(app.base);
  const created = await call(app.base, "POST", "/graphql", {
    token: owner.token,
    body: { query: `mutation { createApiKey(name: "Batch") { key } }` },
  });
  const key = created.body.data.createApiKey.key as string;
  const remaining = async (body: unknown) => {
    const res = await fetch(`${app.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return Number(res.headers.get("ratelimit-remaining"));
  };
  const before = await remaining({ query: "{ me { email } }" });
  const after = await remaining([
    { query: "{ me { email } }" },
    { query: "{ me { id } }" },
    { query: "{ prayerTimes { date } }" },
  ]);
  expect(before - after).toBe(3);
});
