// First start: the admin account. ADMIN_EMAIL + ADMIN_PASSWORD choose it; without a password a
// random one is made and printed once (it is never stored in clear).
import { randomBytes } from "node:crypto";
import type { Config } from "../src/config.ts";
import type { Db } from "../src/db/prisma.ts";
import type { Logger } from "../src/logger.ts";
import { hashPassword } from "../src/modules/auth/passwords.ts";

export async function seedAdmin(db: Db, config: Config, logger: Logger): Promise<{ created: boolean; email: string; password?: string }> {
  const email = config.admin.email;
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return { created: false, email };
  // random passwords still meet the sign-up rule: upper, lower, digit and a special character
  const password = config.admin.password ?? `Sf-${randomBytes(12).toString("base64url")}9a!`;
  await db.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email, name: "Sufra admin", role: "admin", passwordHash: await hashPassword(password), emailVerifiedAt: new Date() } });
    await tx.auditLog.create({ data: { actorId: null, action: "admin.seeded", entityType: "user", entityId: user.id } });
  });
  if (!config.admin.password) logger.info(`\n  Admin account created: ${email}\n  Password (shown only this once): ${password}\n`);
  return { created: true, email, ...(config.admin.password ? {} : { password }) };
}
