// Captures the SQL statements (text and parameters) that code in this process sends while running one
// function: every pg query made inside its async context is kept, so a test can EXPLAIN exactly what a
// job ran, not a copy of it.
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

export interface Statement {
  text: string;
  values: unknown[];
}

const current = new AsyncLocalStorage<Statement[]>();
let patched = false;

function patchPg() {
  if (patched) return;
  patched = true;
  const note = (first: unknown, second: unknown) => {
    const seen = current.getStore();
    if (!seen) return;
    if (typeof first === "string") seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof (first as { text?: unknown }).text === "string") {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
  };
  const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0], args[1]);
    return clientQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  // pool.query is noted where it is called; the client it lands on is then left out of the context
  const poolQuery = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    note(args[0], args[1]);
    return current.exit(() => poolQuery.apply(this, args));
  } as typeof pg.Pool.prototype.query;
}

/** Runs `fn` and answers the statements it sent (transaction control included). */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  patchPg();
  const seen: Statement[] = [];
  await current.run(seen, fn);
  return seen;
}
