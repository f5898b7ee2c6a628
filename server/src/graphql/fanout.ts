// Subscriptions that fan out (docs/architecture.md#how-a-request-flows, Events): graphql-ws runs each
// subscriber's operation on its own, so one event heard by a thousand subscribers would be executed a
// thousand times. The pub/sub hands every listener of a topic the same event object; a subscription field
// that says who may share an execution (`extensions: { fanOut }`) is executed once per event for each
// distinct document, variables, language and viewer scope, and that one result goes to every subscriber
// whose own event stream let the event through. Each subscriber's stream keeps its own tenancy filter and
// its own scope check at subscribe time; fields without `fanOut` run per subscriber as before.
import {
  createSourceEventStream,
  execute,
  getOperationAST,
  Kind,
  print,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import type { GraphQLContext } from "./context.ts";

/**
 * Who shares one execution of an event, beyond the same document, variables and language:
 * `business`: people of the same business in the same role (and API keys of it apart from people);
 * `role`: callers in the same role (the admin console's feeds); `person`: the same person's sockets.
 * Set only where the field's result depends on nothing else of the caller.
 */
type FanOut = "business" | "role" | "person";

const printed = new WeakMap<DocumentNode, string>();
// event object -> share key -> its one execution; an event is forgotten once no subscriber holds it
const executions = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function shareKey(args: ExecutionArgs): string | null {
  const op = getOperationAST(args.document, args.operationName);
  const root = op?.selectionSet.selections.length === 1 ? op.selectionSet.selections[0] : undefined;
  if (root?.kind !== Kind.FIELD) return null;
  const fanOut = args.schema.getSubscriptionType()?.getFields()[root.name.value]?.extensions?.fanOut as
    FanOut | undefined;
  const ctx = args.contextValue as GraphQLContext | undefined;
  const v = ctx?.viewer;
  if (!fanOut || !v) return null;
  if (fanOut === "business" && !v.businessId) return null;
  let doc = printed.get(args.document);
  if (doc === undefined) printed.set(args.document, (doc = print(args.document)));
  const scope = [
    fanOut,
    v.role,
    v.apiKeyId ? "key" : "person",
    fanOut === "role" ? "" : v.businessId,
    fanOut === "person" ? v.userId : "",
    ctx!.meta.locale,
  ];
  return JSON.stringify([doc, args.operationName ?? null, args.variableValues ?? null, scope]);
}

/** graphql-ws's `subscribe`: graphql-js's own, with one execution per event and share key. */
export async function subscribeSharing(
  args: ExecutionArgs,
): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream as ExecutionResult;
  const key = shareKey(args);
  const run = (event: unknown): Promise<ExecutionResult> => {
    if (key === null || typeof event !== "object" || event === null)
      return Promise.resolve(execute({ ...args, rootValue: event }));
    let byKey = executions.get(event);
    if (!byKey) executions.set(event, (byKey = new Map()));
    let result = byKey.get(key);
    if (!result) byKey.set(key, (result = Promise.resolve(execute({ ...args, rootValue: event }))));
    return result;
  };
  const events = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const end = async (): Promise<IteratorResult<ExecutionResult, void>> => {
    await events.return?.();
    return { value: undefined, done: true };
  };
  // an async generator's shape: graphql-ws ends a subscription (client gone, socket closed) through return()
  const results = {
    async next(): Promise<IteratorResult<ExecutionResult, void>> {
      const r = await events.next();
      if (r.done) return { value: undefined, done: true };
      try {
        return { value: await run(r.value), done: false };
      } catch (e) {
        await end();
        throw e;
      }
    },
    return: end,
    async throw(e: unknown): Promise<IteratorResult<ExecutionResult, void>> {
      await end();
      throw e;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return results as AsyncGenerator<ExecutionResult, void, void>;
}
