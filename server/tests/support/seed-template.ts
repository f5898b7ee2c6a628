// Run once by the global setup on the migrated template: what every start would otherwise do again in
// each test file's fresh database (the admin account, with its password hash, and the client's texts),
// done once, so a start finds them there as a restart does.
import type { Config } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createPrisma } from "../../src/db/prisma.ts";
import { createLogger } from "../../src/kernel/logger.ts";
import { createTranslationsService } from "../../src/modules/translations/translations.service.ts";
import { seedAdmin } from "../../src/seed/seed.ts";
import { ADMIN } from "./app.ts";

// the admin startTestApp configures (seedAdmin reads only these)
const config = { admin: { email: ADMIN.email, password: ADMIN.password } } as Config;
const db = createPrisma(process.env.DATABASE_URL!, { poolSize: 2, poolWaitMs: 30_000 });
const logger = createLogger("silent");
try {
  await seedAdmin(db, config, logger);
  // the seed reads only the database and the logger
  await createTranslationsService({ db, logger } as unknown as Deps).seed();
} finally {
  await db.$disconnect();
}
