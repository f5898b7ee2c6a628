// The one catalogue of API examples (client/src/shared/apiExamples.ts), as the developer documentation
// (docs/product.md#routes: /developers, with its curl and JavaScript in modules/developers/examples.ts) and
// the playground's saved tabs (docs/product.md#api-keys) show it: every operation and tab is valid against
// the built schema and within its document limits, its variables fit, and every query answers a real API
// key over HTTP without errors, so an API change that breaks an example fails here, not in front of an integrator.
import { describe, expect, test } from "@jest/globals";
import { complexityFromQuery } from "@pothos/plugin-complexity";
import type { GraphQLInputObjectType } from "graphql";
import { getVariableValues, Kind, parse, print, validate, type OperationDefinitionNode } from "graphql";
import { schema } from "../src/graphql/schema.ts";
import { gql, registeredClient } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT } from "@sufra/schema";
import { signatureHeader } from "../src/modules/webhooks/webhooks.service.ts";
import { EXAMPLE_OPERATIONS, EXAMPLES } from "../../client/src/shared/apiExamples.ts";
import {
  JS_LIST_POSTS,
  JS_READ_ANALYTICS,
  JS_SCHEDULE_POST,
  jsSubscribe,
  VERIFY_WEBHOOK,
  WEBHOOK_EVENTS,
} from "../../client/src/modules/developers/examples.ts";

const app = appForFile();
const NOW = new Date("2026-11-26T10:00:00.000Z");

/** A real API key of a new business, and that business's id. */
async function apiKey() {
  const c = await registeredClient(app.base);
  const session = await login(app.base, c.email, c.password);
  const created = await gql(app.base, `mutation { createApiKey(name: "Docs") { key } }`, {}, session.access_token);
  return { key: created.data.createApiKey.key as string, businessId: c.businessId as string };
}

describe("the developer page's examples", () => {
  test.each(EXAMPLE_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s is valid against the schema, with its variables",
    (name, op) => {
      const doc = parse(op.query);
      expect(validate(schema, doc)).toEqual([]);
      const [operation] = doc.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      expect(operation.name?.value).toBe(name);
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], op.variables ?? {});
      expect(coerced.errors ?? []).toEqual([]);
    },
  );

  test("the names are unique, and the JavaScript examples carry the same operations", () => {
    expect(new Set(EXAMPLE_OPERATIONS.map((o) => o.name)).size).toBe(EXAMPLE_OPERATIONS.length);
    const js = [JS_LIST_POSTS, JS_READ_ANALYTICS, JS_SCHEDULE_POST, jsSubscribe()].join("\n");
    for (const op of EXAMPLE_OPERATIONS)
      expect([op.name, js.includes(`${op.query.split("\n")[0]}`)]).toEqual([op.name, true]);
  });

  test("the read-only examples answer a real key without errors", async () => {
    const c = await apiKey();
    const key = c.key;
    const me = await gql(app.base, EXAMPLE_OPERATIONS[0].query, {}, key);
    expect(me.errors).toBeUndefined();
    expect(me.data.me.businessId).toBe(c.businessId);
    for (const op of EXAMPLE_OPERATIONS.filter((o) => o.runs && o.name !== "Me")) {
      const variables = op.variables?.clientId ? { ...op.variables, clientId: c.businessId } : (op.variables ?? {});
      const r = await gql(app.base, op.query, variables, key);
      expect([op.name, r.errors]).toEqual([op.name, undefined]);
    }
  });
});

describe("the playground's examples", () => {
  const operationsOf = (query: string) =>
    parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const variablesOf = (e: (typeof EXAMPLES)[number]) =>
    JSON.parse(typeof e.variables === "function" ? e.variables(NOW) : (e.variables ?? "{}")) as Record<string, unknown>;

  test("list posts, create and schedule with media, analytics and the postChanged subscription are there", () => {
    const fields = EXAMPLES.flatMap((e) =>
      operationsOf(e.query).flatMap((d) =>
        d.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? `${d.operation} ${s.name.value}` : "")),
      ),
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        "query posts",
        "query mediaLibrary",
        "mutation createPost",
        "query analyticsOverview",
        "subscription postChanged",
      ]),
    );
  });

  test("every tab's operations are the catalogue's, so the developer page shows the same ones", () => {
    const catalogue = new Map(EXAMPLE_OPERATIONS.map((o) => [o.name, o.query]));
    for (const e of EXAMPLES)
      for (const op of operationsOf(e.query))
        expect(e.query).toContain(catalogue.get(op.name!.value) ?? op.name!.value);
  });

  test.each(EXAMPLES.map((e) => [e.title, e] as const))(
    "%s is valid, within the limits, and its variables are JSON",
    (_title, example) => {
      const document = parse(example.query);
      expect(validate(schema, document).map((e) => e.message)).toEqual([]);
      const variables = variablesOf(example);
      for (const op of operationsOf(example.query)) {
        const c = complexityFromQuery({ kind: Kind.DOCUMENT, definitions: [op] }, { schema, variables });
        expect(c.complexity).toBeLessThanOrEqual(10_000);
        expect(c.depth).toBeLessThanOrEqual(10);
      }
      // every variable the tab fills in is one the operations declare (a misspelt one would be ignored silently)
      const declared = new Set(
        operationsOf(example.query).flatMap((d) => (d.variableDefinitions ?? []).map((v) => v.variable.name.value)),
      );
      for (const name of Object.keys(variables)) expect(declared).toContain(name);
    },
  );

  test("the post example's input has the fields PostInput has, and is scheduled ahead of the page's clock", () => {
    const example = EXAMPLES.find((e) => e.query.includes("createPost"))!;
    const { input } = variablesOf(example) as { input: Record<string, unknown> };
    const fields = (schema.getType("PostInput") as GraphQLInputObjectType).getFields();
    for (const name of Object.keys(input)) expect(Object.keys(fields)).toContain(name);
    expect(Date.parse(input.scheduledFor as string)).toBeGreaterThan(NOW.getTime());
    expect(Date.parse(input.scheduledFor as string) - NOW.getTime()).toBeLessThan(2 * 24 * 3600 * 1000);
  });

  test("every query of every tab answers a real key without errors, with the tab's variables", async () => {
    const c = await apiKey();
    let ran = 0;
    for (const e of EXAMPLES) {
      const variables = variablesOf(e);
      for (const op of operationsOf(e.query).filter((d) => d.operation === "query")) {
        const own = Object.fromEntries(
          (op.variableDefinitions ?? []).map((v) => v.variable.name.value).map((n) => [n, variables[n]]),
        );
        // the placeholder the integrator replaces with Me's businessId
        if ("clientId" in own) own.clientId = c.businessId;
        const r = await gql(app.base, print({ kind: Kind.DOCUMENT, definitions: [op] }), own, c.key);
        expect([op.name!.value, r.errors]).toEqual([op.name!.value, undefined]);
        ran++;
      }
    }
    expect(ran).toBeGreaterThanOrEqual(4);
  });
});

describe("the developer page's webhooks", () => {
  test("lists exactly the events an endpoint may choose, and the test event", () => {
    expect([...WEBHOOK_EVENTS]).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT]);
  });

  test("its verifier accepts what Sufra signs (both secrets during a rotation) and refuses a changed body, another secret or an old time", async () => {
    // the page's code as an integrator would paste it: an ES module
    const url = `data:text/javascript,${encodeURIComponent(VERIFY_WEBHOOK)}`;
    const { verifySufraSignature } = (await import(url)) as {
      verifySufraSignature: (
        body: string | Buffer,
        header: string,
        secret: string,
        tolerance?: number,
        nowMs?: number,
      ) => boolean;
    };
    const body = JSON.stringify({
      id: "e1",
      type: "post.published",
      created_at: "2026-11-26T09:00:00.000Z",
      data: { id: "p1" },
    });
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader(["whsec_new", "whsec_old"], body, t);
    expect(verifySufraSignature(Buffer.from(body), header, "whsec_new")).toBe(true);
    expect(verifySufraSignature(body, header, "whsec_old")).toBe(true);
    expect(verifySufraSignature(body.replace("p1", "p2"), header, "whsec_new")).toBe(false);
    expect(verifySufraSignature(body, header, "whsec_other")).toBe(false);
    expect(verifySufraSignature(body, signatureHeader(["whsec_new"], body, t - 600), "whsec_new")).toBe(false);
  });
});
