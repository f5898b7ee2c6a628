// Counts the SQL statements a server in this process sends while handling one HTTP request: requests
// carrying an `x-count-sql` header run in an async context, and every pg query made inside it is noted.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Server } from "node:http";
import pg from "pg";

const current = new AsyncLocalStorage<string[]>();
const byRequest = new Map<string, string[]>();
let patched = false;

function patchPg() {
  if (patched) return;
  patched = true;
  const note = (first: unknown) =>
    current
      .getStore()
      ?.push(typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "?"));
  const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0]);
    return clientQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  // pool.query is noted where it is called: the pool may hand the statement to a client from a callback
  // that runs outside the request's context, so the client's own note is left out
  const poolQuery = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    note(args[0]);
    return current.exit(() => poolQuery.apply(this, args));
  } as typeof pg.Pool.prototype.query;
}

/** Makes `server` count statements of requests that carry `x-count-sql: <id>`; read them with statementsOf(id). */
export function countStatements(server: Server) {
  patchPg();
  const listeners = server.listeners("request") as ((...a: unknown[]) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req, res) => {
    const id = req.headers["x-count-sql"];
    if (typeof id !== "string") return listeners.forEach((l) => l(req, res));
    const seen: string[] = [];
    byRequest.set(id, seen);
    current.run(seen, () => listeners.forEach((l) => l(req, res)));
  });
}

export const statementsOf = (id: string) => byRequest.get(id) ?? [];
