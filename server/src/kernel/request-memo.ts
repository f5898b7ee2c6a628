// What one GraphQL request reads once: a screen asks several fields that need the same input (whether
// a business's figures are simulated, its published posts of a range), and each field would read it
// again. Inside a request's scope the first read's promise is shared by the later ones; outside one
// (a job, a REST call) every call reads (docs/architecture.md#how-a-request-flows). Only reads that
// no field of the same request changes belong here: a GraphQL query document writes nothing.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `next` (the rest of the request) with an empty memo of its own. */
export const withRequestMemo = <T>(next: () => T): T => scope.run(new Map(), next);

/** `load()` once per request and key; a failed read is forgotten, so a later field may try again. */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    memo.set(key, p);
    p.catch(() => memo.delete(key));
  }
  return p;
}

/** Drops what `key` holds in this request (after a change of what it read). */
export function forgetInRequest(key: string) {
  scope.getStore()?.delete(key);
}
