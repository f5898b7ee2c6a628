// The server's whole outside surface, read at run time: every REST route of the Express app and every
// root field of the GraphQL schema, so that suites generated from it cannot miss a new path.
import type { Server } from "node:http";
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import type pg from "pg";

export interface RestRoute {
  method: string;
  /** Express path with its parameters, e.g. /api/posts/:id */
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | RegExp;
}

/** Walks Express 5's router stack (routers mounted with a string path, routes in them) from the HTTP server. */
export function restRoutes(httpServer: Server): RestRoute[] {
  const listeners = httpServer.listeners("request") as unknown as { router?: { stack: Layer[] } }[];
  const app = listeners.find((l) => l.router?.stack);
  if (!app) throw new Error(`no Express app among the server's ${listeners.length} request listeners`);
  const out: RestRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const l of stack) {
      if (l.route) {
        for (const m of Object.keys(l.route.methods))
          if (m !== "_all")
            out.push({ method: m.toUpperCase(), path: (prefix + l.route.path).replace(/(.)\/$/, "$1") });
      } else if (l.handle?.stack) {
        if (typeof l.rawPath !== "string")
          throw new Error(`a router mounted on a non-string path (${String(l.rawPath)}): teach surface.ts to read it`);
        walk(l.handle.stack, prefix + (l.rawPath === "/" ? "" : l.rawPath));
      }
    }
  };
  walk(app.router!.stack, "");
  return out;
}

export const routeKey = (r: RestRoute) => `${r.method} ${r.path}`;

type RootKind = "Query" | "Mutation" | "Subscription";
export interface RootField {
  kind: RootKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  for (const [kind, type] of [
    ["Query", schema.getQueryType()],
    ["Mutation", schema.getMutationType()],
    ["Subscription", schema.getSubscriptionType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) out.push({ kind, name: field.name, field });
  }
  return out;
}

export const fieldKey = (f: RootField) => `${f.kind}.${f.name}`;

/** A document calling one root field with every argument as a variable; objects answer __typename. */
export function documentFor(f: RootField): string {
  const defs = f.field.args.map((a) => `$${a.name}: ${a.type}`).join(", ");
  const args = f.field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  let t = f.field.type;
  while (isNonNullType(t) || isListType(t)) t = t.ofType;
  const selection = isScalarType(t) || isEnumType(t) ? "" : " { __typename }";
  const op = f.kind.toLowerCase();
  return `${op} Probe${defs ? `(${defs})` : ""} { ${f.name}${args ? `(${args})` : ""}${selection} }`;
}

/**
 * A value of an input type that passes GraphQL's own coercion: required fields only, `pick` decides
 * leaves by argument or field name (ids of the business under test), else a plain value of the type.
 */
export function sampleInput(
  type: GraphQLInputType,
  name: string,
  pick: (name: string, scalar: string) => unknown,
  requiredOnly = true,
): unknown {
  if (isNonNullType(type)) return sampleInput(type.ofType, name, pick, requiredOnly);
  if (isListType(type)) {
    const one = sampleInput(type.ofType, name.replace(/s$/, ""), pick, requiredOnly);
    return Array.isArray(one) ? one : [one];
  }
  if (isEnumType(type)) {
    const picked = pick(name, type.name);
    // enum values are written in capitals (INSTAGRAM); the picker names them as REST does (instagram)
    return (
      type.getValues().find((v) => typeof picked === "string" && v.name.toLowerCase() === picked.toLowerCase())?.name ??
      type.getValues()[0].name
    );
  }
  if (isInputObjectType(type)) {
    const o: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (requiredOnly && !isNonNullType(f.type)) continue;
      o[f.name] = sampleInput(f.type, f.name, pick, requiredOnly);
    }
    return o;
  }
  const picked = pick(name, type.name);
  if (picked !== undefined) return picked;
  switch (type.name) {
    case "Int":
      return 1;
    case "Float":
      return 1.5;
    case "Boolean":
      return false;
    case "DateTime":
      return new Date(Date.now() + 3 * 86_400_000).toISOString();
    default:
      return "probe";
  }
}

// Columns a refused call may touch without changing anything a person owns: when a key or a session was last seen.
const VOLATILE = ["last_used_at", "last_active_at", "last_seen_at"];
// Tables kept by machinery, not by people: counters (an API key's requests per day count refused ones
// too, docs/product.md#api-keys), the job queue, outgoing mail.
const MACHINERY = /^(rate_limits|api_key_usage_days|outbound_mails?|agenda.*|_prisma_migrations)$/i;

/** One text per business-data table; two equal fingerprints mean no row was added, removed or changed. */
export async function fingerprint(pool: pg.Pool): Promise<Map<string, string>> {
  const tables = (
    await pool.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1")
  ).rows
    .map((r) => r.t)
    .filter((t) => !MACHINERY.test(t));
  const strip = VOLATILE.map((c) => ` - '${c}'`).join("");
  const sql = tables
    .map(
      (t) =>
        `select '${t}' as t, md5(coalesce(string_agg((to_jsonb(x)${strip})::text, '|' order by (to_jsonb(x)${strip})::text), '')) as h from "${t}" x`,
    )
    .join(" union all ");
  return new Map((await pool.query<{ t: string; h: string }>(sql)).rows.map((r) => [r.t, r.h]));
}

export const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  [...b.keys()].filter((t) => a.get(t) !== b.get(t));

/** Runs tasks with at most `limit` in flight, in order of start. */
export async function bounded<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

/** Words in a response body that would show the server's insides to a caller. */
const INTERNALS: RegExp[] = [
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/, // stack frame
  /\n\s+at /,
  /prisma/i,
  /TypeError|ReferenceError|SyntaxError: (?!Unexpected token)/,
  /invalid byte sequence/i,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^"]{0,80}\b(FROM|VALUES|SET|WHERE)\b/, // SQL as Postgres and Prisma print it (capitals; UI texts say "Delete ... from")
  /\/server\/src|node_modules|\.ts:\d+/,
  /duplicate key value|violates .* constraint|relation ".*" does not exist/i,
];

export function internalsIn(text: string): string | null {
  for (const re of INTERNALS) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}
