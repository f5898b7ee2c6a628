// How Apollo executes a document: compiled once by graphql-jit, then run as one generated function per
// document and operation (docs/architecture.md#graphql-execution). graphql-js walks every field of every
// row again at each request (argument values, field collection, type checks): on a posts page of 20
// posts, each with its targets and media, that walk was most of the request's own work. Apollo keeps the
// parsed and validated documents (its document store), so the compiled functions hang on those very
// objects and go when Apollo lets the document go.
//
// Apollo takes another executor only as a "gateway" (its one hook for that); the schema and every plugin
// stay as they are: parsing, validation, the limits, introspection per caller, formatError. Resolvers,
// Pothos' scope-auth and complexity wrappers run as before (they read the resolve info that graphql-jit
// builds as graphql-js does). A document graphql-jit cannot compile, or one that reads the schema
// (__schema, __type), runs on graphql-js as before.
import type { ApolloServerOptionsWithGateway } from "@apollo/server";
import {
  execute,
  GraphQLError,
  Kind,
  visit,
  BREAK,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

type Run = CompiledQuery["query"];
type Gateway = ApolloServerOptionsWithGateway<object>["gateway"];
type RequestContext = Parameters<NonNullable<Awaited<ReturnType<Gateway["load"]>>["executor"]>>[0];

/** Whether the document asks for the schema itself: left to graphql-js, which introspection is written for. */
function readsSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        found = true;
        return BREAK;
      }
    },
  });
  return found;
}

/**
 * graphql-jit's errors as graphql-js's own: theirs have read-only messages, and a plugin cuts schema
 * hints out of messages in place (introspection.ts); code, reason and cause stay in originalError.
 */
function asGraphQLJs(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    if (e.constructor === GraphQLError) return e;
    const copy = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? undefined });
    (copy as { locations: GraphQLError["locations"] }).locations = e.locations;
    return copy;
  });
  return { ...result, errors };
}

/** The executor: each (document, operation) compiled on first use, or null when graphql-js runs it. */
function compiledExecutor(schema: GraphQLSchema) {
  const compiled = new WeakMap<DocumentNode, Map<string, Run | null>>();
  const compile = (document: DocumentNode, operationName: string | undefined): Run | null => {
    const operation = document.definitions.find(
      (d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
    );
    // subscriptions run on graphql-ws (transport.ts refuses them over HTTP before this)
    if (!operation || (operation as { operation?: string }).operation === "subscription") return null;
    if (readsSchema(document)) return null;
    const c = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true });
    return isCompiledQuery(c) ? c.query.bind(c) : null;
  };
  return async (rc: RequestContext): Promise<ExecutionResult> => {
    const document = rc.document!;
    const operationName = rc.operationName ?? undefined;
    let byOperation = compiled.get(document);
    if (!byOperation) compiled.set(document, (byOperation = new Map()));
    const key = operationName ?? "";
    let run = byOperation.get(key);
    if (run === undefined) byOperation.set(key, (run = compile(document, operationName)));
    const variables = rc.request.variables ?? {};
    if (run) return asGraphQLJs(await run(undefined, rc.context, variables));
    return execute({ schema, document, contextValue: rc.context, variableValues: variables, operationName });
  };
}

/** The schema and the compiled executor, in the shape Apollo's `gateway` option takes. */
export function compiledGateway(schema: GraphQLSchema): Gateway {
  let loaded: ((s: { apiSchema: GraphQLSchema; coreSupergraphSdl: string }) => void) | null = null;
  return {
    onSchemaLoadOrUpdate(callback) {
      loaded = callback;
      return () => void (loaded = null);
    },
    async load() {
      loaded?.({ apiSchema: schema, coreSupergraphSdl: "" });
      return { schema, executor: compiledExecutor(schema) };
    },
    async stop() {},
  };
}
