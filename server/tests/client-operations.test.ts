// Every GraphQL operation the web client sends is valid against the server's schema and within its
// complexity and depth limits (a screen that asks for too much fails here, not in front of a person).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import { complexityFromQuery } from "@pothos/plugin-complexity";
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLScalarType,
  Kind,
  parse,
  typeFromAST,
  validate,
  visit,
  type ASTNode,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from "graphql";
import { GRAPHQL_LIMITS, documentOverLimit } from "../src/graphql/limits.ts";
import { schema } from "../src/graphql/schema.ts";

// every document the client's codegen reads (codegen.ts): modules at any depth and shared/ fragments
const src = path.resolve(import.meta.dirname, "../../client/src");
const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".graphql") && !f.startsWith(`graphql${path.sep}`))
  .map((f) => path.join(src, f));
const definitions: DefinitionNode[] = files.flatMap((f) => [...parse(readFileSync(f, "utf8")).definitions]);
const fragments = definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
const operations = definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

const fragmentByName = new Map(fragments.map((f) => [f.name.value, f]));
/** The fragments an operation spreads, through other fragments too. */
function fragmentsOf(node: ASTNode, seen = new Set<string>()): Set<string> {
  visit(node, {
    FragmentSpread(s) {
      if (seen.has(s.name.value)) return;
      seen.add(s.name.value);
      const f = fragmentByName.get(s.name.value);
      if (f) fragmentsOf(f, seen);
    },
  });
  return seen;
}

/** The document as Apollo Client sends it: __typename asked in every selection but the operation's own. */
const withTypename = <T extends ASTNode>(doc: T): T =>
  visit(doc, {
    SelectionSet(node, _key, parent) {
      if (parent && !Array.isArray(parent) && (parent as ASTNode).kind === Kind.OPERATION_DEFINITION) return undefined;
      if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === "__typename")) return undefined;
      return {
        ...node,
        selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } }],
      };
    },
  });

/** A value of the type, with its required fields only: the estimate needs the variables to be valid. */
function sample(type: GraphQLInputType): unknown {
  if (type instanceof GraphQLNonNull) return sample(type.ofType);
  if (type instanceof GraphQLList) return [sample(type.ofType)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0].name;
  if (type instanceof GraphQLInputObjectType)
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => f.type instanceof GraphQLNonNull)
        .map((f) => [f.name, sample(f.type)]),
    );
  const scalar = (type as GraphQLScalarType).name;
  return (
    {
      ID: "00000000-0000-4000-8000-000000000000",
      Int: 1,
      Float: 1,
      Boolean: true,
      DateTime: "2026-12-01T07:00:00.000Z",
    }[scalar] ?? "x"
  );
}

/** Every variable given; lists are asked for with `first` 50 (the most any screen pages by). */
const variablesFor = (op: OperationDefinitionNode) =>
  Object.fromEntries(
    (op.variableDefinitions ?? []).map((v) => [
      v.variable.name.value,
      v.variable.name.value === "first" ? 50 : sample(typeFromAST(schema, v.type as never) as GraphQLInputType),
    ]),
  );

describe("the web client's GraphQL operations", () => {
  test("there are operations to check", () => {
    expect(operations.length).toBeGreaterThan(20);
  });
  test.each(operations.map((op) => [op.name?.value ?? "anonymous", op] as const))(
    "%s is valid and within the limits",
    (_name, op) => {
      const document = { kind: Kind.DOCUMENT, definitions: [op, ...fragments] } as const;
      const used = validate(schema, document).filter((e) => !/Fragment ".*" is never used/.test(e.message));
      expect(used.map((e) => e.message)).toEqual([]);
      const c = complexityFromQuery(document, { schema, variables: variablesFor(op) });
      expect(c.complexity).toBeLessThanOrEqual(10_000);
      expect(c.depth).toBeLessThanOrEqual(10);
      // the document limits in front of GraphQL, on what Apollo really sends (with __typename), only the fragments it uses
      const spread = fragmentsOf(op);
      const sent = withTypename({
        kind: Kind.DOCUMENT,
        definitions: [op, ...fragments.filter((f) => spread.has(f.name.value))],
      } as const);
      expect(documentOverLimit(sent)).toBeNull();
      expect(complexityFromQuery(sent, { schema, variables: variablesFor(op) }).breadth).toBeLessThanOrEqual(
        GRAPHQL_LIMITS.fields,
      );
    },
  );
});
