// First start: the admin account. ADMIN_EMAIL + ADMIN_PASSWORD choose it; without a password a
// random one is made and printed once (it is never stored in clear).
import { randomBytes } from "node:crypto";
import { addMonths } from "@sufra/schema";
import type { Config } from "../config.ts";
import type { Db } from "../db/prisma.ts";
import type { Logger } from "../kernel/logger.ts";
import { hashPassword } from "../modules/auth/index.ts";
import { ensureDemoProfile } from "../modules/business-profile/index.ts";
import { ensureDemoHistory, type DemoMedia } from "./demo-history.ts";
import { ensureDemoInbox } from "./demo-inbox.ts";
import { ensureDemoConversations } from "./demo-conversations.ts";
import { ensureDemoLinkPage } from "../modules/link-page/index.ts";

export async function seedAdmin(
  db: Db,
  config: Config,
  logger: Logger,
): Promise<{ created: boolean; email: string; password?: string }> {
  const email = config.admin.email;
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return { created: false, email };
  // random passwords still meet the sign-up rule: upper, lower, digit and a special character
  const password = config.admin.password ?? `Sf-${randomBytes(12).toString("base64url")}9a!`;
  await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email,
        name: "Sufra admin",
        role: "admin",
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      },
    });
    await tx.auditLog.create({
      data: { actorId: null, action: "admin.seeded", entityType: "user", entityId: user.id },
    });
  });
  if (!config.admin.password)
    logger.info(`\n  Admin account created: ${email}\n  Password (shown only this once): ${password}\n`);
  return { created: true, email, ...(config.admin.password ? {} : { password }) };
}

export const DEMO_OWNER_EMAIL = "demo-owner@sufra.local";
export const DEMO_CLIENT_EMAIL = "demo-client@sufra.local";

/**
 * The embedded quick start's demo business: an owner and a client (DEMO_PASSWORD, else a random
 * password printed once), Premium, and clearly labelled demo accounts on every network (Instagram, X,
 * Snapchat, Google, TikTok, Facebook) that publish to the simulated network inside the server.
 * DEMO_DATA=false leaves it out.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  logger: Logger,
  ensureAccounts: (businessId: string) => Promise<void>,
  media: DemoMedia,
) {
  if (!config.demo.enabled) return null;
  const existing = await db.membership.findFirst({
    where: { user: { email: DEMO_OWNER_EMAIL } },
    select: { businessId: true },
  });
  if (existing) {
    // demo cafés seeded before the flag existed get it once: revenue figures leave them out
    await db.business.updateMany({ where: { id: existing.businessId, demo: false }, data: { demo: true } });
    await ensureAccounts(existing.businessId);
    await ensureDemoProfile(db, existing.businessId); // demo businesses from before the profile existed get it once
    await ensureDemoHistory(db, media, existing.businessId); // and their posting history, once
    await ensureDemoInbox(db, existing.businessId); // and their inbox (a demo Google branch, reviews, comments), once
    await ensureDemoConversations(db, existing.businessId); // and its guests' demo conversations, once
    await ensureDemoLinkPage(db, existing.businessId); // and its published link page, labelled as a demo, once
    await ensureDemoSubscription(db, existing.businessId); // a monthly period, as a paid one (its period rolls on each start)
    return { created: false, businessId: existing.businessId };
  }
  const password = config.demo.password ?? `Demo-${randomBytes(9).toString("base64url")}7a!`;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const business = await db.$transaction(async (tx) => {
    const b = await tx.business.create({
      data: {
        companyName: "Sufra Demo Café",
        demo: true,
        contactName: "Demo Owner",
        phone: "+96550000000",
        address: "Salmiya, Kuwait",
        requestedPlan: "premium",
        status: "active",
        approvedAt: now,
        // a month, as a paid month is (billing/subscription.ts): the next payment is never a year away
        subscription: { create: { plan: "premium", status: "active", periodStartsAt: now, renewsAt: addMonths(now) } },
      },
    });
    await tx.user.create({
      data: {
        email: DEMO_OWNER_EMAIL,
        name: "Demo Owner",
        role: "owner",
        memberships: { create: { businessId: b.id, role: "owner" } },
        passwordHash,
        emailVerifiedAt: now,
      },
    });
    await tx.user.create({
      data: {
        email: DEMO_CLIENT_EMAIL,
        name: "Demo Client",
        role: "client",
        memberships: { create: { businessId: b.id, role: "client" } },
        passwordHash,
        emailVerifiedAt: now,
      },
    });
    await tx.auditLog.create({
      data: { actorId: null, action: "demo.seeded", entityType: "business", entityId: b.id },
    });
    return b;
  });
  await ensureAccounts(business.id);
  await ensureDemoProfile(db, business.id);
  await ensureDemoHistory(db, media, business.id);
  await ensureDemoInbox(db, business.id);
  await ensureDemoConversations(db, business.id);
  await ensureDemoLinkPage(db, business.id);
  if (!config.demo.password)
    logger.info(
      `\n  Demo business "Sufra Demo Café": ${DEMO_OWNER_EMAIL} and ${DEMO_CLIENT_EMAIL}\n  Password (shown only this once): ${password}\n`,
    );
  return { created: true, businessId: business.id, ...(config.demo.password ? {} : { password }) };
}

/**
 * The demo café's Premium runs month by month like a paid subscription (docs/product.md#practice-and-demo-accounts):
 * its period is one month from its start (addMonths, as a paid month) and now is inside it. The billing lifecycle
 * leaves the demo café alone (it never pays), so each start moves an ended period on by whole months, and a period
 * that breaks the rule (the year-long one seeded before) starts again now.
 */
export async function ensureDemoSubscription(db: Db, businessId: string, now = new Date()): Promise<void> {
  const sub = await db.subscription.findUnique({ where: { businessId } });
  if (!sub || sub.status !== "active") return;
  const from = sub.periodStartsAt;
  const monthly =
    from !== null &&
    sub.renewsAt !== null &&
    from.getTime() <= now.getTime() &&
    sub.renewsAt.getTime() === addMonths(from).getTime();
  let start = now;
  if (monthly) {
    // whole months on from the period's start (counted from it, so the day of the month does not drift) until now is inside it
    let m = 0;
    while (addMonths(from, m + 1).getTime() <= now.getTime()) m++;
    start = addMonths(from, m);
  }
  const renewsAt = addMonths(start);
  if (sub.periodStartsAt?.getTime() === start.getTime() && sub.renewsAt?.getTime() === renewsAt.getTime()) return;
  await db.subscription.update({ where: { id: sub.id }, data: { periodStartsAt: start, renewsAt } });
}
