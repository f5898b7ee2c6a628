// The playground's saved examples (client/src/playground/examples.ts) are valid against the schema the
// server builds and within its document limits, as the web client's own operations are
// (client-operations.test.ts): an API change that breaks an example fails here, not in front of an integrator.
import { describe, expect, test } from "@jest/globals";
import { complexityFromQuery } from "@pothos/plugin-complexity";
import { type GraphQLInputObjectType, Kind, parse, validate, type OperationDefinitionNode } from "graphql";
import { EXAMPLES } from "../../client/src/playground/examples.ts";
import { schema } from "../src/graphql/schema.ts";

const NOW = new Date("2026-11-26T10:00:00.000Z");

describe("the playground's examples", () => {
  test("list posts, create and schedule with media, analytics and the postChanged subscription are there", () => {
    const fields = EXAMPLES.flatMap((e) =>
      parse(e.query).definitions.flatMap((d) =>
        d.kind === Kind.OPERATION_DEFINITION
          ? d.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? `${d.operation} ${s.name.value}` : ""))
          : [],
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

  test.each(EXAMPLES.map((e) => [e.title, e] as const))(
    "%s is valid, within the limits, and its variables are JSON",
    (_title, example) => {
      const document = parse(example.query);
      expect(validate(schema, document).map((e) => e.message)).toEqual([]);
      const variables = JSON.parse(
        typeof example.variables === "function" ? example.variables(NOW) : (example.variables ?? "{}"),
      ) as Record<string, unknown>;
      for (const op of document.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )) {
        const c = complexityFromQuery({ kind: Kind.DOCUMENT, definitions: [op] }, { schema, variables });
        expect(c.complexity).toBeLessThanOrEqual(10_000);
        expect(c.depth).toBeLessThanOrEqual(10);
        // every variable the tab fills in is one the operations declare (a misspelt one would be ignored silently)
      }
      const declared = new Set(
        document.definitions.flatMap((d) =>
          d.kind === Kind.OPERATION_DEFINITION ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value) : [],
        ),
      );
      for (const name of Object.keys(variables)) expect(declared).toContain(name);
    },
  );

  test("the post example's input has the fields PostInput has, and is scheduled ahead of the page's clock", () => {
    const example = EXAMPLES.find((e) => e.query.includes("createPost"))!;
    const { input } = JSON.parse((example.variables as (now: Date) => string)(NOW)) as {
      input: Record<string, unknown>;
    };
    const fields = (schema.getType("PostInput") as GraphQLInputObjectType).getFields();
    for (const name of Object.keys(input)) expect(Object.keys(fields)).toContain(name);
    expect(Date.parse(input.scheduledFor as string)).toBeGreaterThan(NOW.getTime());
    expect(Date.parse(input.scheduledFor as string) - NOW.getTime()).toBeLessThan(2 * 24 * 3600 * 1000);
  });
});
