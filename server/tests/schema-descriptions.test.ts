// The public GraphQL surface explains itself (docs/architecture.md#how-a-request-flows): every type, field,
// argument, input field and enum value of the built schema has a description in English, and none is
// a placeholder (empty, a word or two, the element's own name, TODO). The failure lists every offender,
// so one run shows what is left to write.
import { describe, expect, test } from "@jest/globals";
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  specifiedScalarTypes,
  type GraphQLNamedType,
} from "graphql";
import { schema } from "../src/graphql/schema.ts";

const BUILT_IN = new Set(specifiedScalarTypes.map((s) => s.name));
const PLACEHOLDER = /^(todo|tbd|fixme|xxx|description|no description|n\/a|none|\.+|-+)\b/i;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const normal = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** What is wrong with an element's description, or null when it says something. */
function fault(name: string, description: string | null | undefined): string | null {
  const d = description?.trim() ?? "";
  if (!d) return "missing";
  if (PLACEHOLDER.test(d)) return `placeholder "${d}"`;
  if (normal(d) === normal(name)) return `repeats its name "${d}"`;
  if (words(d) < 3) return `too short "${d}"`;
  return null;
}

/** Every element of the public surface as [path, name, description]: the schema's own types only. */
function elements(types: readonly GraphQLNamedType[]): [string, string, string | null | undefined][] {
  const out: [string, string, string | null | undefined][] = [];
  for (const t of types) {
    if (t.name.startsWith("__") || BUILT_IN.has(t.name)) continue;
    out.push([t.name, t.name, t.description]);
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of Object.values(t.getFields())) {
        out.push([`${t.name}.${f.name}`, f.name, f.description]);
        for (const a of f.args) out.push([`${t.name}.${f.name}(${a.name})`, a.name, a.description]);
      }
    } else if (isInputObjectType(t)) {
      for (const f of Object.values(t.getFields())) out.push([`${t.name}.${f.name}`, f.name, f.description]);
    } else if (isEnumType(t)) {
      for (const v of t.getValues()) out.push([`${t.name}.${v.name}`, v.name, v.description]);
    }
  }
  return out;
}

describe("schema descriptions", () => {
  const all = elements(Object.values(schema.getTypeMap()));

  test("the walk sees the whole surface (types, fields, arguments, enum values)", () => {
    const paths = new Set(all.map(([p]) => p));
    for (const p of [
      "Query",
      "Mutation",
      "Subscription",
      "DateTime",
      "Post.id",
      "Query.posts(first)",
      "PostStatus.DRAFT",
      "PageInfo.hasNextPage",
    ])
      expect(paths).toContain(p);
    expect(paths.has("__Schema")).toBe(false);
    expect(paths.has("String")).toBe(false);
    expect(all.length).toBeGreaterThan(1000);
  });

  test("every element has a real description", () => {
    const offenders = all.flatMap(([path, name, d]) => {
      const f = fault(name, d);
      return f ? [`${path}: ${f}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  test("placeholders are refused", () => {
    expect(fault("name", undefined)).toBe("missing");
    expect(fault("name", "  ")).toBe("missing");
    expect(fault("name", "TODO: write me")).toMatch(/placeholder/);
    expect(fault("createdAt", "Created at")).toMatch(/repeats its name/);
    expect(fault("id", "The id")).toMatch(/too short/);
    expect(fault("id", "The post's id (a UUID).")).toBeNull();
  });
});
