import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "../generated/prisma/client.ts";

export type Db = PrismaClient;
/** A transaction client, as handed to `db.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

/**
 * Prisma over a pg pool of `poolSize` connections. A query waits at most `poolWaitMs` for a connection,
 * and a transaction as long to start; past that the caller hears 503 (db/errors.ts), never a request
 * left hanging (docs/scaling.md#the-database-pool-under-load).
 */
export function createPrisma(databaseUrl: string, pool: { poolSize: number; poolWaitMs: number }): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString: databaseUrl,
      max: pool.poolSize,
      connectionTimeoutMillis: pool.poolWaitMs,
    }),
    transactionOptions: { maxWait: pool.poolWaitMs },
  });
}
