// How big a GraphQL document may be, for both transports (Apollo over HTTP, graphql-ws). The Pothos
// complexity plugin weighs the data a query asks for, but only when a root field's resolver runs, and
// after graphql-js has validated the document: 20,000 `__typename` aliases or 2,000 operations never
// reach it, and validating them is the cost. So the document is bounded before that: tokens at parse
// time (graphql-js's own maxTokens), then one linear pass over the parsed document, in front of Apollo
// and in graphql-ws's onSubscribe, that refuses it before any validation rule walks it.
//
// @escape.tech/graphql-armor was weighed for this: its alias rule lets `__typename` through by default,
// it has no limit on operations per document, and its rules run beside graphql-js's own, which go on
// validating the hostile document; its token limit is graphql-js's parse option. One pass here does all.
import {
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type GraphQLFormattedError,
  type ValidationRule,
} from "graphql";
import type { RequestHandler } from "express";
import { AppError } from "../kernel/errors.ts";

export const GRAPHQL_LIMITS = {
  /** lexical tokens in a document; the client's largest operations file has about 700 */
  tokens: 5_000,
  /** operations in one document (the client sends one, with its fragments) */
  operations: 20,
  /** operations and fragments in one document */
  definitions: 100,
  /**
   * fields selected by one operation, fragments spread out, aliases and __typename included (as Pothos' breadth,
   * builder.ts); the client's widest, a post with each network's own options, selects about 120
   */
  fields: 150,
  /** aliases in one operation, fragments spread out, __typename's included */
  aliases: 30,
  /** nesting; Pothos allows data 10 deep, the standard introspection query's type references go 14 deep */
  depth: 15,
  directives: 50,
  /**
   * operations in one batched HTTP request (a JSON array, Apollo's allowBatchedHttpRequests); the web client
   * sends a screen's queries together, at most this many (client/src/app/apollo.ts)
   */
  batch: 10,
} as const;

export const PARSE_OPTIONS = { maxTokens: GRAPHQL_LIMITS.tokens };

interface Size {
  fields: number;
  aliases: number;
  depth: number;
  directives: number;
}
const ZERO: Size = { fields: 0, aliases: 0, depth: 0, directives: 0 };
const add = (a: Size, b: Size, depth = 0): Size => ({
  fields: a.fields + b.fields,
  aliases: a.aliases + b.aliases,
  depth: Math.max(a.depth, b.depth + depth),
  directives: a.directives + b.directives,
});

/** An operation's size with its fragments spread out (each fragment measured once; a cycle counts nothing, graphql-js reports it). */
function measure(doc: DocumentNode) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, Size>();
  const visiting = new Set<string>();

  // under __schema/__type (introspection, refused to those who may not read the schema) fields are not counted, as in Pothos' breadth
  const selectionSet = (set: SelectionSetNode, countFields: boolean): Size => {
    let size = ZERO;
    for (const s of set.selections) {
      const directives = { ...ZERO, directives: s.directives?.length ?? 0 };
      if (s.kind === Kind.FIELD) {
        const meta = s.name.value === "__schema" || s.name.value === "__type";
        const own = {
          fields: countFields ? 1 : 0,
          aliases: s.alias ? 1 : 0,
          depth: 1,
          directives: s.directives?.length ?? 0,
        };
        size = add(size, s.selectionSet ? add(own, selectionSet(s.selectionSet, countFields && !meta), 1) : own);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        size = add(add(size, directives), selectionSet(s.selectionSet, countFields));
      } else {
        size = add(add(size, directives), fragment(s.name.value, countFields));
      }
    }
    return size;
  };
  const fragment = (name: string, countFields: boolean): Size => {
    const key = `${countFields}:${name}`;
    const known = memo.get(key);
    if (known) return known;
    const def = fragments.get(name);
    if (!def || visiting.has(key)) return ZERO;
    visiting.add(key);
    const size = add({ ...ZERO, directives: def.directives?.length ?? 0 }, selectionSet(def.selectionSet, countFields));
    visiting.delete(key);
    memo.set(key, size);
    return size;
  };
  return (set: SelectionSetNode) => selectionSet(set, true);
}

/** Which limit a document breaks, or null. */
export function documentOverLimit(doc: DocumentNode): string | null {
  const L = GRAPHQL_LIMITS;
  if (doc.definitions.length > L.definitions) return `more than ${L.definitions} definitions`;
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length > L.operations) return `more than ${L.operations} operations`;
  const sizeOf = measure(doc);
  // an unused fragment is validated too: its own selections count (introspection's types excepted, as above)
  for (const d of doc.definitions)
    if (
      d.kind === Kind.FRAGMENT_DEFINITION &&
      !d.typeCondition.name.value.startsWith("__") &&
      sizeOf(d.selectionSet).fields > L.fields
    )
      return `more than ${L.fields} fields in one fragment`;
  for (const op of operations) {
    const size = add(
      {
        ...ZERO,
        directives:
          (op.directives?.length ?? 0) +
          (op.variableDefinitions ?? []).reduce((n, v) => n + (v.directives?.length ?? 0), 0),
      },
      sizeOf(op.selectionSet),
    );
    if (size.fields > L.fields) return `more than ${L.fields} fields in one operation`;
    if (size.aliases > L.aliases) return `more than ${L.aliases} aliases in one operation`;
    if (size.depth > L.depth) return `deeper than ${L.depth} levels`;
    if (size.directives > L.directives) return `more than ${L.directives} directives in one operation`;
  }
  return null;
}

/**
 * A document's limit error, or null (a syntax error is left for Apollo or graphql-ws to report). Checked
 * before validation: graphql-js's rules would otherwise walk the hostile document, and
 * OverlappingFieldsCanBeMerged is quadratic (1,240 sibling `b { c }` take 0.8 s). Apollo cannot be
 * told by a validation rule to stop, hence a check in front of it.
 */
function documentLimitError(query: unknown): GraphQLError | null {
  if (typeof query !== "string") return null;
  // the web client sends the same few documents again and again: one found within the limits is not parsed again
  if (withinLimits.has(query)) return null;
  const error = limitErrorOf(query);
  if (!error && query.length <= 10_000) {
    if (withinLimits.size >= 200) withinLimits.clear();
    withinLimits.add(query);
  }
  return error;
}
const withinLimits = new Set<string>();

function limitErrorOf(query: string): GraphQLError | null {
  let doc: DocumentNode;
  try {
    doc = parse(query, PARSE_OPTIONS);
  } catch (e) {
    if (e instanceof GraphQLError && isTokenLimitError(e.message))
      return new GraphQLError(e.message, { extensions: { code: "GRAPHQL_PARSE_FAILED", reason: "QUERY_TOO_LARGE" } });
    return null;
  }
  const problem = documentOverLimit(doc);
  return problem
    ? new GraphQLError(`The query is too complex: ${problem}`, {
        extensions: { code: "GRAPHQL_VALIDATION_FAILED", reason: "QUERY_TOO_COMPLEX" },
      })
    : null;
}

/**
 * In front of Apollo: a document over the limits is answered 400, worded by formatError (the catalogue's text).
 * A batch (a JSON array of operations) is refused whole when it holds more than GRAPHQL_LIMITS.batch
 * operations or when any of its documents is over the limits: each is checked as if sent alone.
 */
export function documentLimits(
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError,
): RequestHandler {
  return (req, res, next) => {
    const body = req.body as { query?: unknown } | { query?: unknown }[] | undefined;
    let error: GraphQLError | null;
    if (req.method === "GET") error = documentLimitError(req.query.query);
    else if (!Array.isArray(body)) error = documentLimitError(body?.query);
    else if (body.length > GRAPHQL_LIMITS.batch) {
      const tooMany = new AppError("BATCH_TOO_LARGE");
      error = new GraphQLError(tooMany.code, { originalError: tooMany });
    } else {
      error = null;
      for (const op of body) if ((error = documentLimitError((op as { query?: unknown } | null)?.query))) break;
    }
    if (!error) return next();
    res.status(400).json({ errors: [formatError(error.toJSON(), error)] });
  };
}

/** __schema and __type refused for a caller who may not read the schema (graphql/introspection.ts), over both transports. */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") {
      context.reportError(
        new GraphQLError("GraphQL introspection is not allowed", {
          nodes: [node],
          extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
        }),
      );
    }
  },
});

/**
 * graphql-ws's onSubscribe: parse and validate with the same limits as the HTTP door. Returns the
 * execution arguments (graphql-ws fills in the context) or the errors to send back.
 */
export function prepareOperation(
  schema: GraphQLSchema,
  payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  opts: { introspection: boolean },
): ExecutionArgs | readonly GraphQLError[] {
  try {
    const limit = documentLimitError(payload.query);
    if (limit) return [limit];
    const document = parse(payload.query, PARSE_OPTIONS);
    const rules = [...specifiedRules, ...(opts.introspection ? [] : [noIntrospectionRule])];
    const errors = validate(schema, document, rules);
    if (errors.length)
      return errors.map(
        (e) =>
          new GraphQLError(e.message, {
            nodes: e.nodes,
            originalError: e.originalError,
            extensions: { ...e.extensions, code: e.extensions.code ?? "GRAPHQL_VALIDATION_FAILED" },
          }),
      );
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
  } catch (e) {
    if (!(e instanceof GraphQLError)) throw e;
    const parseFailed = !e.extensions.code && /^Syntax Error/.test(e.message);
    return [
      parseFailed
        ? new GraphQLError(e.message, {
            nodes: e.nodes,
            source: e.source,
            positions: e.positions,
            extensions: { code: "GRAPHQL_PARSE_FAILED" },
          })
        : e,
    ];
  }
}

/** graphql-js's words when a document has more tokens than PARSE_OPTIONS allows. */
export const isTokenLimitError = (message: string) => /Document contains more tha[nt] \d+ tokens/.test(message);
