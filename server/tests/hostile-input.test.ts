// Hostile input against the whole surface, generated from the running server: every REST route and
// every GraphQL root field gets malformed requests (wrong JSON types, huge strings, NUL and control
// characters, invalid UTF-8 and lone surrogates, deep nesting, prototype keys, broken JSON, wrong
// content types, hostile ids and query strings, wrong GraphQL variables and broken documents) from a
// seeded generator, so every run sends the same requests. No answer may be a 5xx or show the server's
// insides (stack traces, Prisma, SQL, file paths).
import http from "node:http";
import { expect, test } from "@jest/globals";
import { getNamedType, isNonNullType } from "graphql";
import { schema } from "../src/graphql/schema.ts";
import { REST_RULES } from "./support/access-rules.ts";
import { worldForFile } from "./support/per-file.ts";
import {
  bounded,
  documentFor,
  fieldKey,
  internalsIn,
  restRoutes,
  rootFields,
  routeKey,
  type RestRoute,
  type RootField,
} from "./support/surface.ts";
import { mulberry32 } from "../src/ai/local/facts.ts";

const { app, world } = worldForFile();

// the seeded generator the local writer uses, so the same requests go out on every run
const random = mulberry32(0x5eed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

const deep = (n: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);

/** Values that have broken servers: each a JSON value (strings may hold what JSON can carry, including lone surrogates). */
const HOSTILE_VALUES: unknown[] = [
  "a\u0000b",
  "\u0001\u0002\u0007\u001b[31m\u007f",
  "\ud800",
  "x\udfffy",
  "'; drop table posts; --",
  '" or 1=1 --',
  "%' or '1'='1",
  "../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "<script>alert(1)</script>",
  "x".repeat(200_000),
  "ك".repeat(60_000),
  -1,
  0,
  -9007199254740993,
  1e308,
  9_999_999_999_999,
  3.14159,
  true,
  null,
  [],
  [[[[1]]]],
  {},
  { $ne: null },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  "2026-02-30",
  "2026-13-45T99:99:99Z",
  "not-a-date",
  "0000-00-00",
  "99999-01-01",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "NaN",
  "Infinity",
  "1e309",
  ["a\u0000", "\ud800"],
];

const HOSTILE_IDS = [
  "not-a-uuid",
  "1",
  "-1",
  "99999999999999999999999",
  "1' or '1'='1",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "a%00b",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%AF",
  "%uD800",
  "x".repeat(3000),
  "00000000-0000-0000-0000-000000000000",
  "builtin:%00:en",
  "12345678-1234-1234-1234-1234567890ab'",
  "%E2%80%AE",
];

const HOSTILE_QUERIES = [
  "?q[]=1&q[]=2",
  "?q[a]=1&q[b][c]=2",
  "?status[]=draft&status[]=x&platform[a]=1",
  "?page=-1&limit=1e309&first=-5&after=%00",
  "?from=2026-02-30&to=not-a-date&date=2026-13-45&year=99999999999",
  "?client_id=%00&campaign_id='--&format=exe&lang=xx",
  "?search=%ED%A0%80&q=%FF",
  "?__proto__[polluted]=1&constructor[prototype][x]=1",
  "?days=NaN&interval=year&sort=__proto__&include_simulated=maybe",
  "?limit=99999999999999999999&page=9007199254740993",
  "?" + "a=1&".repeat(2000),
];

const FIELD_NAMES = [
  "content",
  "name",
  "email",
  "password",
  "ids",
  "id",
  "post_ids",
  "scheduled_for",
  "platforms",
  "platform",
  "price_kwd",
  "day",
  "text",
  "reason",
  "days",
  "token",
  "refresh_token",
  "updates",
  "media_ids",
  "hashtags",
  "rating",
  "start_date",
  "end_date",
  "occasion",
  "language",
  "body",
  "reply",
  "followers",
  "provider",
  "handle",
  "role",
  "locale",
  "prompt",
];

interface Probe {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const tally = { calls: 0, statuses: new Map<number, number>(), failures: [] as string[] };

async function send(p: Probe) {
  let status = 0;
  let text = "";
  try {
    // node:http, not fetch: fetch refuses a body on GET, and a GET with a body is one of the probes
    ({ status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      // node:http sends a GET's or DELETE's body without Content-Length: the server would read it as the next
      // request on the kept-alive connection (400 and a closed socket, "socket hang up" for the next probe)
      const headers =
        p.body === undefined ? p.headers : { ...p.headers, "content-length": String(Buffer.byteLength(p.body)) };
      const req = http.request(app.base + p.path, { method: p.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(p.body);
    }));
  } catch (e) {
    text = `request failed: ${(e as Error).message}`;
  }
  tally.calls++;
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  const leak = internalsIn(text);
  if (status >= 500 || status === 0) tally.failures.push(`${status} ${p.label}: ${text.slice(0, 200)}`);
  else if (/"INTERNAL_SERVER_ERROR"/.test(text))
    tally.failures.push(`INTERNAL_SERVER_ERROR ${p.label}: ${text.slice(0, 200)}`);
  else if (leak) tally.failures.push(`internals (${JSON.stringify(leak)}) ${p.label}: ${text.slice(0, 200)}`);
}

/** Signed in as whom the route lets in, so the input reaches the handler behind the door. */
function tokenFor(route: RestRoute) {
  // logout ends the caller's own session: a spare one, or every later probe would stop at the door (401)
  if (routeKey(route) === "POST /api/auth/logout") return world.ids.spareAccess;
  return REST_RULES[routeKey(route)]?.policy === "admin" ? world.tokens.admin! : world.tokens.holderA!;
}

function withIds(route: RestRoute, id: () => string) {
  return route.path.replace(/:(\w+)/g, () => id());
}

/** A valid-looking path for the route: A's post id stands in for any id (the other fields are what is hostile). */
const plainPath = (route: RestRoute) =>
  route.path
    .replace(/:platform/g, "instagram")
    .replace(/:variant/, "original")
    .replace(/:day/, world.ids.snapshotDay)
    .replace(/:\w+/g, world.ids.post);

function hostileBody(): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const n = 1 + Math.floor(random() * 5);
  for (let i = 0; i < n; i++) body[pick(FIELD_NAMES)] = pick(HOSTILE_VALUES);
  return body;
}

function restProbes(route: RestRoute): Probe[] {
  const auth = { authorization: `Bearer ${tokenFor(route)}`, accept: "application/json" };
  const json = { ...auth, "content-type": "application/json" };
  const label = (what: string) => `${routeKey(route)} ${what}`;
  const path = plainPath(route);
  const probes: Probe[] = [
    {
      label: label("malformed JSON"),
      method: route.method,
      path,
      headers: json,
      body: pick(['{"a":', "{'a':1}", '{"a":1,}', "[1,2", "nul", '{"a":"\\x00"}', '{"a":"\\ud800"}']),
    },
    {
      label: label("array for an object"),
      method: route.method,
      path,
      headers: json,
      body: JSON.stringify(pick([[1, 2], ["x"], [{}], "text", 42, null, true])),
    },
    { label: label("hostile fields"), method: route.method, path, headers: json, body: JSON.stringify(hostileBody()) },
    {
      label: label("prototype keys"),
      method: route.method,
      path,
      headers: json,
      body: '{"__proto__":{"admin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}},"content":"x"}',
    },
    {
      label: label("hostile id"),
      method: route.method,
      path: route.path.includes(":") ? withIds(route, () => pick(HOSTILE_IDS)) : path + "/" + pick(HOSTILE_IDS),
      headers: json,
      body: "{}",
    },
    {
      label: label("hostile query"),
      method: route.method,
      path: path + pick(HOSTILE_QUERIES),
      headers: json,
      body: route.method === "GET" ? undefined : "{}",
    },
    {
      label: label("wrong content type"),
      method: route.method,
      path,
      headers: {
        ...auth,
        "content-type": pick([
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "application/json; charset=utf-16",
        ]),
      },
      body: "a=1&b[c]=2",
    },
    {
      label: label("invalid UTF-8"),
      method: route.method,
      path,
      headers: json,
      body: Buffer.concat([
        Buffer.from('{"content":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        Buffer.from('","name":"x"}'),
      ]),
    },
  ];
  if (route.method !== "GET") {
    probes.push({
      label: label("deep nesting"),
      method: route.method,
      path,
      headers: json,
      body: pick([JSON.stringify(deep(2000)), deepArray(50_000)]),
    });
  }
  return probes;
}

function graphqlProbes(f: RootField): Probe[] {
  const token =
    f.name === "logout"
      ? world.ids.spareAccess
      : f.name.match(/Client|client|admin|Ai|Holiday|Translations/)
        ? world.tokens.admin
        : world.tokens.holderA;
  const headers = { authorization: `Bearer ${token}`, accept: "application/json", "content-type": "application/json" };
  const doc = documentFor(f);
  const label = (what: string) => `${fieldKey(f)} ${what}`;
  const wrong: Record<string, unknown> = {};
  const hostile: Record<string, unknown> = {};
  for (const a of f.field.args) {
    wrong[a.name] = pick([{}, [], 1e309, -1, "x", true, { __proto__: { a: 1 } }, [[1]]]);
    const t = getNamedType(a.type).name;
    if (isNonNullType(a.type) || random() < 0.5)
      hostile[a.name] =
        t === "Int" || t === "Float"
          ? pick([2147483648, -2147483649, 1e308, -1, 0])
          : t === "ID" || t === "String"
            ? pick(HOSTILE_VALUES.filter((v) => typeof v === "string"))
            : pick(HOSTILE_VALUES);
  }
  return [
    {
      label: label("variables of wrong types"),
      method: "POST",
      path: "/graphql",
      headers,
      body: JSON.stringify({ query: doc, variables: wrong }),
    },
    {
      label: label("hostile variables"),
      method: "POST",
      path: "/graphql",
      headers,
      body: JSON.stringify({ query: doc, variables: hostile }),
    },
    {
      label: label("broken document"),
      method: "POST",
      path: "/graphql",
      headers,
      body: JSON.stringify({
        query:
          doc.slice(0, Math.floor(random() * doc.length)) +
          pick(["", "{", "}}}", "$", "\u0000", "\ud800", '"', "...on X"]),
      }),
    },
    {
      label: label("variables not an object"),
      method: "POST",
      path: "/graphql",
      headers,
      body: JSON.stringify({ query: doc, variables: pick(["x", [1], 3, true]) }),
    },
  ];
}

const graphqlDocuments = (): Probe[] =>
  [
    ["empty body", ""],
    ["not JSON", "query { me { id } }"],
    ["query not a string", JSON.stringify({ query: { a: 1 } })],
    ["query an array", JSON.stringify({ query: ["{ me { id } }"] })],
    ["batch", JSON.stringify([{ query: "{ health { api } }" }, { query: "{ me { id } }" }])],
    [
      "operationName missing",
      JSON.stringify({ query: "query A { health { api } } query B { health { api } }", operationName: "C" }),
    ],
    ["operationName not a string", JSON.stringify({ query: "{ health { api } }", operationName: 5 })],
    ["unknown field", JSON.stringify({ query: "{ nope }" })],
    [
      "deep selection",
      JSON.stringify({ query: "{ me { " + "business { ".repeat(60) + "id" + " }".repeat(60) + " } }" }),
    ],
    [
      "many aliases",
      JSON.stringify({
        query: "{ " + Array.from({ length: 3000 }, (_, i) => `a${i}: health { api }`).join(" ") + " }",
      }),
    ],
    ["NUL in document", JSON.stringify({ query: "{ health\u0000 { api } }" })],
    ["lone surrogate in document", JSON.stringify({ query: '{ prayerTimes(date: "\ud800") { fajr } }' })],
    ["huge string literal", JSON.stringify({ query: `{ prayerTimes(date: "${"9".repeat(500_000)}") { fajr } }` })],
    ["huge int literal", JSON.stringify({ query: "{ kuwaitHolidays(year: 99999999999999999999) { date } }" })],
    ["fragment cycle", JSON.stringify({ query: "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }" })],
    ["introspection", JSON.stringify({ query: "{ __schema { types { name fields { name } } } }" })],
    ["subscription over HTTP", JSON.stringify({ query: "subscription { postChanged { __typename } }" })],
    [
      "extensions garbage",
      JSON.stringify({ query: "{ health { api } }", extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } }),
    ],
  ].map(([what, body]) => ({
    label: `/graphql ${what}`,
    method: "POST",
    path: "/graphql",
    headers: {
      authorization: `Bearer ${world.tokens.holderA}`,
      accept: "application/json",
      "content-type": "application/json",
    },
    body,
  }));

test("1,000+ malformed requests across every REST route and GraphQL root field: no 5xx, no internals", async () => {
  const routes = restRoutes(app.sufra.server!.httpServer);
  const fields = rootFields(schema).filter((f) => f.kind !== "Subscription");
  const probes: Probe[] = [...routes.flatMap(restProbes), ...fields.flatMap(graphqlProbes), ...graphqlDocuments()];
  // over the 1 MB body limit: refused before any handler
  for (const route of routes.filter((r) => r.method !== "GET").slice(0, 20)) {
    probes.push({
      label: `${routeKey(route)} body over 1 MB`,
      method: route.method,
      path: plainPath(route),
      headers: { authorization: `Bearer ${tokenFor(route)}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "x".repeat(1_100_000) }),
    });
  }
  probes.push({
    label: "/graphql body over 1 MB",
    method: "POST",
    path: "/graphql",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ health { api } }", variables: { x: "x".repeat(1_100_000) } }),
  });

  const started = Date.now();
  await bounded(
    8,
    probes.map((p) => () => send(p)),
  );
  const histogram = Object.fromEntries([...tally.statuses].sort(([a], [b]) => a - b));
  console.log(
    `hostile input: ${tally.calls} calls in ${Math.round((Date.now() - started) / 1000)} s over ${routes.length} routes and ${fields.length} fields; ` +
      `statuses ${JSON.stringify(histogram)}; ${[...tally.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)} answers >= 500; ${tally.failures.length} failures`,
  );
  expect(tally.calls).toBeGreaterThanOrEqual(1000);
  // the probes reached the handlers: A's holder is still signed in at the end (a probe that ended the
  // session would leave every later one refused at the door)
  const me = await fetch(`${app.base}/api/auth/me`, { headers: { authorization: `Bearer ${world.tokens.holderA}` } });
  expect(me.status).toBe(200);
  expect(tally.failures).toEqual([]);
}, 300_000);
