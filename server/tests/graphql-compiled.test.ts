// The compiled executor (graphql/compiled.ts, docs/architecture.md#graphql-execution): what graphql-jit
// answers over HTTP is what graphql-js answers for the same document, caller and data, on the web client's
// busiest screens; errors keep their codes and their nulls; a document reading the schema still runs.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { execute, parse } from "graphql";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { clientOperation, POSTS_LIST, seedPosts } from "./support/posts-page.ts";
import { buildContext } from "../src/graphql/context.ts";
import { schema } from "../src/graphql/schema.ts";
import { withRequestMemo } from "../src/kernel/request-memo.ts";

let app: TestApp;
let cafe: Awaited<ReturnType<typeof signedInBusiness>>;

beforeAll(async () => {
  app = await startTestApp();
  cafe = await signedInBusiness(app.base, { practice: true, over: { requested_plan: "premium" } });
  await seedPosts(app.sufra.deps.db, cafe.businessId, cafe.userId, 24);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

/** graphql-js's own answer, with the context the HTTP door builds for the same caller. */
async function byGraphqlJs(query: string, variables: Record<string, unknown>) {
  const contextValue = await buildContext(app.sufra.services, app.sufra.deps.db, cafe.token, { ip: "127.0.0.1" });
  const r = await withRequestMemo(() =>
    execute({ schema, document: parse(query), contextValue, variableValues: variables }),
  );
  return JSON.parse(JSON.stringify(r));
}

describe("graphql-jit answers as graphql-js", () => {
  test.each([
    ["PostsList, first 20", POSTS_LIST, { first: 20 }],
    ["PostsList, a second page of 5", POSTS_LIST, { first: 5, after: Buffer.from("o:4").toString("base64url") }],
    [
      "ClientDashboard",
      clientOperation("ClientDashboard", ["modules/dashboard/dashboard.graphql", "shared/fragments.graphql"]),
      {},
    ],
  ])("%s", async (_name, query, variables) => {
    const http = await call(app.base, "POST", "/graphql", { token: cafe.token, body: { query, variables } });
    expect(http.status).toBe(200);
    expect(http.body.errors).toBeUndefined();
    const js = await byGraphqlJs(query, variables);
    expect(js.errors).toBeUndefined();
    expect(http.body.data).toEqual(js.data);
  });

  test("an error inside a field keeps its code, path and place, and nulls what graphql-js nulls", async () => {
    const query = `{ post(id: "00000000-0000-4000-8000-000000000000") { id } me { id } }`;
    const r = await call(app.base, "POST", "/graphql", { token: cafe.token, body: { query } });
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({ path: ["post"], extensions: { code: "NOT_FOUND", reason: "NOT_FOUND" } });
    expect(r.body.errors[0].locations).toEqual([{ line: 1, column: 3 }]);
    const js = await byGraphqlJs(query, {});
    expect(js.errors[0].path).toEqual(["post"]);
    // post is non-null: the whole answer is null, in both
    expect(r.body.data).toEqual(js.data);
    expect(r.body.data).toBeNull();
  });

  test("a variable of the wrong type is refused as graphql-js refuses it, before any field runs", async () => {
    const r = await call(app.base, "POST", "/graphql", {
      token: cafe.token,
      body: { query: POSTS_LIST, variables: { first: "twenty" } },
    });
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(r.body.errors[0].message).toMatch(/\$first/);
  });

  test("a document reading the schema runs (on graphql-js) for a caller who may read it", async () => {
    const r = await call(app.base, "POST", "/graphql", {
      token: cafe.token,
      body: { query: `{ __type(name: "Post") { name } me { id } }` },
    });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data).toEqual({ __type: { name: "Post" }, me: { id: cafe.userId } });
  });
});
