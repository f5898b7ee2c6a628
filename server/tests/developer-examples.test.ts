// The developer documentation's example operations (client/src/modules/developers/examples.ts) are valid
// against the built schema, with their variables, and the read-only ones answer without errors for a
// real API key over HTTP (docs/product.md#routes: /developers).
import { describe, expect, test } from "@jest/globals";
import { getVariableValues, Kind, parse, validate, type OperationDefinitionNode } from "graphql";
import { schema } from "../src/graphql/schema.ts";
import { gql, registeredClient } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT } from "@sufra/schema";
import { signatureHeader } from "../src/modules/webhooks/webhooks.service.ts";
import {
  EXAMPLE_OPERATIONS,
  JS_LIST_POSTS,
  JS_READ_ANALYTICS,
  JS_SCHEDULE_POST,
  jsSubscribe,
  VERIFY_WEBHOOK,
  WEBHOOK_EVENTS,
} from "../../client/src/modules/developers/examples.ts";

const app = appForFile();

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
    const c = await registeredClient(app.base);
    const session = await login(app.base, c.email, c.password);
    const created = await gql(app.base, `mutation { createApiKey(name: "Docs") { key } }`, {}, session.access_token);
    const key = created.data.createApiKey.key as string;
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
