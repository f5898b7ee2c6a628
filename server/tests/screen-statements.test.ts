// What the demo café's busiest screens cost the database: the SQL statements of each GraphQL operation
// the web client sends for the client dashboard, the owner dashboard, analytics and competitors (its own
// documents, read from client/src), and of each screen's operations sent together in one document, as a
// merged screen query would be. With six weeks of history the counts stay what they are with none: they
// do not grow with posts, competitors or networks. Statements of the checked viewer are counted too.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from "graphql";
import { addDays, kuwaitDate } from "@sufra/schema";
import { DEMO_CLIENT_EMAIL, DEMO_OWNER_EMAIL } from "../src/seed/seed.ts";
import { ADMIN, call, startTestApp, type TestApp } from "./support/app.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";

const src = path.resolve(import.meta.dirname, "../../client/src");
const definitions: DefinitionNode[] = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".graphql") && !f.startsWith(`graphql${path.sep}`))
  .flatMap((f) => [...parse(readFileSync(path.join(src, f), "utf8")).definitions]);
const fragments = new Map(
  definitions
    .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
    .map((d) => [d.name.value, d]),
);
const operations = new Map(
  definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((d) => [d.name!.value, d]),
);

const operation = (name: string) => {
  const op = operations.get(name);
  if (!op) throw new Error(`the web client has no operation ${name}`);
  return op;
};

/** The fragments a definition spreads, at any depth. */
function fragmentsOf(node: DefinitionNode, into = new Map<string, FragmentDefinitionNode>()) {
  visit(node, {
    FragmentSpread(s) {
      const f = fragments.get(s.name.value)!;
      if (!into.has(f.name.value)) {
        into.set(f.name.value, f);
        fragmentsOf(f, into);
      }
    },
  });
  return into;
}

/** The operations as one query: their root fields side by side, their variables once each. */
function merged(names: string[]) {
  const ops = names.map(operation);
  const variables = new Map<string, VariableDefinitionNode>();
  for (const v of ops.flatMap((o) => o.variableDefinitions ?? [])) variables.set(v.variable.name.value, v);
  const used = new Map<string, FragmentDefinitionNode>();
  for (const o of ops) fragmentsOf(o, used);
  const query: OperationDefinitionNode = {
    ...ops[0]!,
    name: { kind: Kind.NAME, value: "Screen" },
    variableDefinitions: [...variables.values()],
    selectionSet: { kind: Kind.SELECTION_SET, selections: ops.flatMap((o) => o.selectionSet.selections) },
  };
  return print({ kind: Kind.DOCUMENT, definitions: [query, ...used.values()] });
}

let app: TestApp;
let client: string;
let owner: string;
let admin: string;
let businessId: string;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp({ DEMO_DATA: "true", DEMO_PASSWORD: "Demo#Pass2026" });
  countStatements(app.sufra.server!.httpServer);
  const login = async (email: string) =>
    (await call(app.base, "POST", "/api/auth/login", { body: { email, password: "Demo#Pass2026" } })).body
      .access_token as string;
  [client, owner] = await Promise.all([login(DEMO_CLIENT_EMAIL), login(DEMO_OWNER_EMAIL)]);
  admin = (await call(app.base, "POST", "/api/auth/login", { body: ADMIN })).body.access_token as string;
  businessId = app.sufra.demo!.businessId;
}, 120_000);
afterAll(() => app?.stop());

/** The statements one request sends (the second of two: the first warms what a running server keeps). */
async function statements(token: string, query: string, variables: Record<string, unknown>) {
  let seen: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = `screen-${++seq}`;
    const r = await call(app.base, "POST", "/graphql", {
      token,
      body: { query, variables },
      headers: { "x-count-sql": id },
    });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    seen = statementsOf(id);
  }
  return seen.length;
}

const range = () => {
  const today = kuwaitDate();
  return { clientId: businessId, from: addDays(today, -29), to: today };
};

// each screen's operations as the web client sends them on opening it, with the variables it gives,
// and the most statements each may take (pinned at what the screen reaches today)
// (`together`: the operations merged into one document, where that stays within graphql/limits.ts'
// fields per operation; the dashboards' and analytics' documents together ask for more than that)
const SCREENS: {
  screen: string;
  who: () => string;
  ops: [name: string, vars: () => Record<string, unknown>, most: number][];
  together?: number;
}[] = [
  {
    screen: "client dashboard",
    who: () => client,
    ops: [
      ["DashboardMe", () => ({}), 3],
      ["GettingStarted", () => ({}), 1],
      ["ClientDashboard", () => ({}), 5],
      ["DashboardContentPerformance", () => ({ clientId: businessId }), 4],
      ["DashboardReviewStats", () => ({}), 2],
      ["DashboardPrayerTimes", () => ({}), 1],
      ["DashboardUpcomingOccasions", () => ({ days: 60 }), 1],
      ["InsightsPostingTimes", () => ({}), 3],
    ],
  },
  {
    screen: "owner dashboard",
    who: () => owner,
    ops: [
      ["DashboardMe", () => ({}), 3],
      ["OwnerStats", () => ({}), 1],
      ["DashboardPrayerTimes", () => ({}), 1],
      ["DashboardUpcomingOccasions", () => ({ days: 60 }), 1],
    ],
    together: 5,
  },
  {
    screen: "analytics",
    who: () => client,
    ops: [
      ["AnalyticsFilters", () => ({}), 5],
      // the overview's and the top posts' clicks on short links: one grouped statement each (docs/architecture.md#short-links)
      ["AnalyticsOverviewCards", range, 5],
      ["AnalyticsRealtimeNow", () => ({ clientId: businessId }), 3],
      ["AnalyticsEngagementSeries", () => ({ ...range(), interval: "DAY" }), 2],
      ["AnalyticsTopPostsList", () => ({ ...range(), sort: "ENGAGEMENT", limit: 10 }), 4],
      ["AnalyticsContentBreakdown", range, 3],
      ["AnalyticsAudienceView", range, 3],
      // review requests (QR scans) against new Google reviews: one grouped statement (docs/architecture.md#review-requests)
      ["AnalyticsGuestsView", range, 5],
    ],
  },
  {
    screen: "competitors",
    who: () => client,
    ops: [
      ["CompetitorsBenchmark", () => ({}), 3],
      ["CompetitorsDiscovery", () => ({}), 2],
    ],
    together: 5,
  },
  {
    // the admin's Billing tab: its figures (the overview's counts, the newest sign-ups, health, and billing's
    // MRR, counts and month's revenue in one statement) and the payments list (the page, its businesses'
    // names and statuses, their subscriptions for the actions a row offers, invoices' numbers, the total),
    // whatever the number of payments
    screen: "admin billing",
    who: () => admin,
    ops: [
      ["AdminStats", () => ({}), 12],
      ["AdminPayments", () => ({ first: 20 }), 5],
    ],
    together: 17,
  },
];

describe.each(SCREENS)("the $screen with the demo café's data", ({ who, ops, together }) => {
  const total = ops.reduce((n, [, , most]) => n + most, 0);
  test.each(ops.map(([name, vars, most]) => ({ name, vars, most })))(
    "$name takes at most $most statements",
    async ({ name, vars, most }) => {
      const op = operation(name);
      const query = print({ kind: Kind.DOCUMENT, definitions: [op, ...fragmentsOf(op).values()] });
      expect(await statements(who(), query, vars())).toBeLessThanOrEqual(most);
    },
  );

  test(`its ${ops.length} requests take at most ${total} statements in all`, async () => {
    let sum = 0;
    for (const [name, vars] of ops) {
      const op = operation(name);
      sum += await statements(
        who(),
        print({ kind: Kind.DOCUMENT, definitions: [op, ...fragmentsOf(op).values()] }),
        vars(),
      );
    }
    expect(sum).toBeLessThanOrEqual(total);
  });

  if (together !== undefined)
    test(`all its operations in one request take at most ${together} statements`, async () => {
      const variables = Object.assign({}, ...ops.map(([, vars]) => vars()));
      expect(await statements(who(), merged(ops.map(([name]) => name)), variables)).toBeLessThanOrEqual(together);
    });
});
