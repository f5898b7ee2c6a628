import { defineConfig } from "prisma/config";
// offline: the prisma CLI would otherwise try to download the native schema engine, which generate does not need
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
process.env.CHECKPOINT_DISABLE ??= "1";
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // generate reads no database; migrations run through scripts/migrate.ts
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
