// Who may read the schema, over real HTTP and graphql-ws: with the default switch (GRAPHQL_INTROSPECTION
// unset), a signed-in person (owner, admin) or a valid API key may introspect, get "Did you mean ...?"
// hints and GET /graphql/schema.graphql; an anonymous caller or a revoked key may not, and gets no hint.
import { describe, expect, test } from "@jest/globals";
import { createClient } from "graphql-ws";
import { getIntrospectionQuery, printSchema } from "graphql";
import WebSocket from "ws";
import { schema } from "../src/graphql/schema.ts";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();
const open = appForFile({ GRAPHQL_INTROSPECTION: "true" });

const TYPES = "{ __schema { queryType { name } } }";
const MISSPELT = 'mutation { suspendClien(id: "x") { id } }';
const REFUSED = "GraphQL introspection is not allowed";

/** A business owner, signed in, and an API key of the business (revoked when asked). */
async function callers(revoke = false) {
  const owner = await signedInBusiness(app.base);
  const r = await gql(
    app.base,
    `mutation { createApiKey(name: "Integration") { key apiKey { id } } }`,
    {},
    owner.token,
  );
  if (!r.data) throw new Error(`createApiKey failed: ${JSON.stringify(r.errors)}`);
  const { key, apiKey } = r.data.createApiKey as { key: string; apiKey: { id: string } };
  if (revoke)
    expect((await call(app.base, "DELETE", `/api/api-keys/${apiKey.id}`, { token: owner.token })).status).toBe(200);
  return { owner: owner.token, key };
}

/** One operation over graphql-ws: its data, or its errors (a refused token closes the socket: "closed"). */
async function overWs(
  base: string,
  query: string,
  token?: string,
): Promise<{ data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[]; closed?: number }> {
  const client = createClient({
    url: base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
  try {
    return await new Promise((resolve) => {
      let data: unknown;
      client.subscribe(
        { query },
        {
          next: (v) => (v.errors ? resolve({ errors: v.errors as never }) : (data = v.data)),
          error: (err) =>
            resolve(Array.isArray(err) ? { errors: err } : { closed: (err as { code?: number }).code ?? -1 }),
          complete: () => resolve({ data }),
        },
      );
    });
  } finally {
    await Promise.resolve(client.dispose()).catch(() => {});
  }
}

describe("anonymous callers", () => {
  test("introspection is refused over HTTP (400) and graphql-ws, with the same error", async () => {
    const http = await call(app.base, "POST", "/graphql", { body: { query: getIntrospectionQuery() } });
    expect(http.status).toBe(400);
    expect(http.body.data).toBeUndefined();
    expect(http.body.errors).toEqual([
      { message: REFUSED, locations: [{ line: 3, column: 7 }], extensions: { code: "GRAPHQL_VALIDATION_FAILED" } },
    ]);
    const __type = await call(app.base, "POST", "/graphql", {
      body: { query: '{ a: __typename ... on Query { __type(name: "Post") { name } } }' },
    });
    expect(__type.status).toBe(400);
    expect(__type.body.errors[0].message).toBe(REFUSED);
    const ws = await overWs(app.base, TYPES);
    expect(ws.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } });
  });

  test("the same document, once let through for a key, is still refused to anonymous (no cached pass)", async () => {
    const { key } = await callers();
    expect((await gql(app.base, "{ __schema { mutationType { name } } }", {}, key)).data).toEqual({
      __schema: { mutationType: { name: "Mutation" } },
    });
    expect(
      (await call(app.base, "POST", "/graphql", { body: { query: "{ __schema { mutationType { name } } }" } })).status,
    ).toBe(400);
  });

  test("a misspelt field gets no 'Did you mean', over HTTP and graphql-ws; __typename still answers", async () => {
    const http = await call(app.base, "POST", "/graphql", { body: { query: MISSPELT } });
    expect(http.status).toBe(400);
    expect(http.body.errors[0].message).toBe('Cannot query field "suspendClien" on type "Mutation".');
    const variable = await call(app.base, "POST", "/graphql", {
      body: { query: "query($p: Plan) { clients(plan: $p) { totalCount } }", variables: { p: "premiu" } },
    });
    expect(JSON.stringify(variable.body.errors)).not.toMatch(/Did you mean/);
    expect((await overWs(app.base, MISSPELT)).errors?.[0].message).toBe(
      'Cannot query field "suspendClien" on type "Mutation".',
    );
    expect(await gql(app.base, "{ __typename }")).toEqual({ data: { __typename: "Query" } });
  });

  test("GET /graphql/schema.graphql: 401 with the catalogue's body", async () => {
    const r = await call(app.base, "GET", "/graphql/schema.graphql");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Please login to continue", code: "UNAUTHENTICATED" });
    const ar = await call(app.base, "GET", "/graphql/schema.graphql", { lang: "ar" });
    expect(ar.body.code).toBe("UNAUTHENTICATED");
    expect(ar.body.message).toBe("يرجى تسجيل الدخول للمتابعة");
  });
});

describe("callers allowed to read the schema", () => {
  test("an API key: the standard introspection query over HTTP and graphql-ws, suggestions, the SDL", async () => {
    const { key } = await callers();
    const http = await gql(app.base, getIntrospectionQuery(), {}, key);
    expect(http.errors).toBeUndefined();
    expect(http.data.__schema.queryType.name).toBe("Query");
    expect(http.data.__schema.types.map((t: { name: string }) => t.name)).toContain("Post");
    expect((await overWs(app.base, TYPES, key)).data).toEqual({ __schema: { queryType: { name: "Query" } } });
    expect((await gql(app.base, MISSPELT, {}, key)).errors?.[0].message).toMatch(/Did you mean "suspendClient"/);
    expect((await overWs(app.base, MISSPELT, key)).errors?.[0].message).toMatch(/Did you mean "suspendClient"/);
  });

  test("a signed-in owner and an admin, over HTTP and graphql-ws", async () => {
    const { owner } = await callers();
    const admin = await adminToken(app.base);
    for (const token of [owner, admin]) {
      expect(await gql(app.base, `{ __type(name: "Post") { name kind } }`, {}, token)).toEqual({
        data: { __type: { name: "Post", kind: "OBJECT" } },
      });
      expect((await overWs(app.base, TYPES, token)).data).toEqual({ __schema: { queryType: { name: "Query" } } });
      expect((await gql(app.base, MISSPELT, {}, token)).errors?.[0].message).toMatch(/Did you mean "suspendClient"/);
    }
  });

  test("a revoked key is refused: UNAUTHENTICATED over HTTP, the socket closed, 401 for the SDL, no hint", async () => {
    const { key } = await callers(true);
    const http = await call(app.base, "POST", "/graphql", { body: { query: TYPES }, token: key });
    expect(http.status).toBe(400);
    expect(http.body.errors[0].message).toBe(REFUSED);
    expect(
      (await call(app.base, "POST", "/graphql", { body: { query: MISSPELT }, token: key })).body.errors[0].message,
    ).not.toMatch(/Did you mean/);
    expect((await overWs(app.base, TYPES, key)).closed).toBe(4403);
    const sdl = await call(app.base, "GET", "/graphql/schema.graphql", { token: key });
    expect(sdl.status).toBe(401);
    expect(sdl.body.code).toBe("UNAUTHENTICATED");
  });
});

describe("GET /graphql/schema.graphql per caller kind", () => {
  test("API key, owner and admin: 200, text/plain SDL starting with a type, private ETag; If-None-Match answers 304", async () => {
    const { owner, key } = await callers();
    const admin = await adminToken(app.base);
    const expected = printSchema(schema) + "\n";
    let etag = "";
    for (const token of [key, owner, admin]) {
      const res = await fetch(`${app.base}/graphql/schema.graphql`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      etag = res.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);
      const body = await res.text();
      expect(body).toMatch(/^(type|scalar|enum|input|interface|union|schema|directive|""")/);
      expect(body).toBe(expected);
    }
    // fetch adds "cache-control: no-cache" to a conditional request unless the caller sets one (a forced reload)
    const again = await fetch(`${app.base}/graphql/schema.graphql`, {
      headers: { authorization: `Bearer ${key}`, "if-none-match": etag, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });
});

describe("GRAPHQL_INTROSPECTION=true: anyone, anonymous too", () => {
  test("introspection, suggestions and the SDL without a token", async () => {
    expect((await gql(open.base, TYPES)).data).toEqual({ __schema: { queryType: { name: "Query" } } });
    expect((await overWs(open.base, TYPES)).data).toEqual({ __schema: { queryType: { name: "Query" } } });
    expect((await gql(open.base, MISSPELT)).errors?.[0].message).toMatch(/Did you mean "suspendClient"/);
    expect((await call(open.base, "GET", "/graphql/schema.graphql")).status).toBe(200);
  });
});
