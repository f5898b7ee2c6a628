// Billing's lifecycle job (docs/product.md#subscriptions-and-billing) driven with a fake clock: run(now) at
// chosen instants through every transition and reminder, each notice once per subscription, type and
// Kuwait day, as a notification and as a mail in the person's language (a real SMTP mailbox); two runs at
// once change a subscription once and notify once; and the job as the real scheduler runs it.
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { LIFECYCLE_JOB } from "../src/modules/billing/lifecycle.ts";
import { billingJobs } from "../src/modules/billing/billing.jobs.ts";
import { gql, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";

const { app, mailbox } = mailedAppForFile();
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Kuwait noon (09:00 UTC), `days` days from today: reminders fall on clear Kuwait days. */
function kuwaitNoon(days: number) {
  const d = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 9, 0, 0));
}

/** An approved business (the account holder), plus an owner who reads Arabic and a member (role client). */
async function business(plan = "premium") {
  const c = await registeredClient(app.base, {
    over: { requested_plan: plan, company_name: `Qahwa ${randomUUID().slice(0, 4)}` },
  });
  const db = app.sufra.deps.db;
  const owner = await db.user.create({
    data: {
      email: `owner-${randomUUID().slice(0, 8)}@example.kw`,
      passwordHash: "x",
      name: "Hessa",
      role: "owner",
      locale: "ar",
      memberships: { create: { businessId: c.businessId, role: "owner", createdAt: new Date(Date.now() + 1000) } },
      createdAt: new Date(Date.now() + 1000),
    },
  });
  const member = await db.user.create({
    data: {
      email: `member-${randomUUID().slice(0, 8)}@example.kw`,
      passwordHash: "x",
      name: "Yousef",
      role: "client",
      memberships: { create: { businessId: c.businessId, role: "client", createdAt: new Date(Date.now() + 2000) } },
      createdAt: new Date(Date.now() + 2000),
    },
  });
  return { ...c, owner, member };
}

const notices = (businessId: string, type: string) =>
  app.sufra.deps.db.notification.findMany({
    where: { type, data: { path: ["businessId"], equals: businessId } },
    orderBy: { createdAt: "asc" },
  });
const sub = (businessId: string) => app.sufra.deps.db.subscription.findUniqueOrThrow({ where: { businessId } });
const run = (now: Date) => app.sufra.services.lifecycle.run(now);

describe("a trial", () => {
  test("reminded 3 days and 1 day before its end, once each, then expired with the trial_ended notice", async () => {
    const b = await business();
    const ends = kuwaitNoon(10);
    await app.sufra.deps.db.subscription.update({
      where: { businessId: b.businessId },
      data: { trialEndsAt: ends, renewsAt: ends },
    });

    await run(new Date(ends.getTime() - 4 * DAY));
    expect(await notices(b.businessId, "trial_ending")).toHaveLength(0);
    // 3 days before: the holder and the owner hear (not the member), once however often the job runs that day
    await run(new Date(ends.getTime() - 3 * DAY));
    await run(new Date(ends.getTime() - 3 * DAY + 5 * HOUR));
    const first = await notices(b.businessId, "trial_ending");
    expect(first.map((n) => n.userId).sort()).toEqual([b.userId, b.owner.id].sort());
    expect(first[0]!.data).toMatchObject({ businessId: b.businessId, trialEndsAt: ends.toISOString() });
    await run(new Date(ends.getTime() - 2 * DAY));
    expect(await notices(b.businessId, "trial_ending")).toHaveLength(2);
    await run(new Date(ends.getTime() - 1 * DAY));
    expect(await notices(b.businessId, "trial_ending")).toHaveLength(4);

    // the mails: in English first for the holder, in Arabic first for the owner
    const en = await mailbox.waitFor(b.email, /ends on .*Pay for your first month/);
    expect(en).toContain(b.company_name);
    expect(en).toContain("http://sufra.test/billing");
    const ar = await mailbox.waitFor(b.owner.email, /تنتهي التجربة المجانية/);
    expect(ar.indexOf("تنتهي التجربة المجانية")).toBeLessThan(ar.indexOf("Pay for your first month"));

    // still a trial just before its end; expired just after
    await run(new Date(ends.getTime() - 60_000));
    expect((await sub(b.businessId)).status).toBe("trial");
    await run(new Date(ends.getTime() + HOUR));
    const after = await sub(b.businessId);
    expect(after).toMatchObject({ status: "expired", endedAt: ends });
    expect(await notices(b.businessId, "trial_ended")).toHaveLength(2);
    await mailbox.waitFor(b.email, /The free trial of .* ended on/);
    const audit = await app.sufra.deps.db.auditLog.findMany({
      where: { entityId: b.businessId, action: "billing.trial_ended" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      data: expect.objectContaining({
        by: LIFECYCLE_JOB,
        from: expect.objectContaining({ status: "trial" }),
        to: expect.objectContaining({ status: "expired" }),
      }),
    });
    // nothing more happens to an expired trial
    await run(new Date(ends.getTime() + 2 * DAY));
    expect(await notices(b.businessId, "trial_ended")).toHaveLength(2);
  });
});

describe("a paid month", () => {
  test("payment due 3 and 1 days before its end, past due at its end, overdue reminders in the grace, expired when it ends", async () => {
    const b = await business();
    const start = kuwaitNoon(-20);
    const ends = kuwaitNoon(11);
    await app.sufra.deps.db.subscription.update({
      where: { businessId: b.businessId },
      data: { status: "active", plan: "premium", periodStartsAt: start, renewsAt: ends, trialEndsAt: start },
    });

    await run(new Date(ends.getTime() - 3 * DAY));
    await run(new Date(ends.getTime() - 1 * DAY));
    await run(new Date(ends.getTime() - 1 * DAY + HOUR));
    const due = await notices(b.businessId, "payment_due");
    expect(due).toHaveLength(4);
    expect(due[0]!.data).toMatchObject({ plan: "premium", amountFils: 49_000, periodEndsAt: ends.toISOString() });
    const mail = await mailbox.waitFor(b.email, /The next month of the Premium plan, 49\.000 KWD, is due then/);
    expect(mail).toContain("٤٩٫٠٠٠ د.ك.");
    // this Sufra has no payment gateway: the mail says to pay by bank transfer, not with KNET (docs/product.md, "Paying")
    expect(mail).toContain("Pay it by bank transfer, as the Billing page shows");
    expect(mail).not.toContain("KNET");

    // GraphQL shows the facts the text needs
    const session = await login(app.base, b.email, b.password);
    const list = await gql(
      app.base,
      `query { notifications(first: 20) { edges { node { type data { amountFils periodEndsAt plan } } } } }`,
      {},
      session.access_token,
    );
    expect(list.data.notifications.edges.map((e: any) => e.node)).toContainEqual({
      type: "PAYMENT_DUE",
      data: { amountFils: 49_000, periodEndsAt: ends.toISOString(), plan: "PREMIUM" },
    });

    // the period ends unpaid: past due since its end, told on the day
    await run(new Date(ends.getTime() + 60_000));
    expect(await sub(b.businessId)).toMatchObject({ status: "past_due", pastDueSince: ends });
    const graceEnds = new Date(ends.getTime() + 7 * DAY);
    let overdue = await notices(b.businessId, "payment_overdue");
    expect(overdue).toHaveLength(2);
    expect(overdue[0]!.data).toMatchObject({ amountFils: 49_000, graceEndsAt: graceEnds.toISOString() });
    await run(new Date(ends.getTime() + 5 * HOUR)); // the same day: nothing new
    await run(new Date(ends.getTime() + 2 * DAY)); // 5 days left: nothing
    expect(await notices(b.businessId, "payment_overdue")).toHaveLength(2);
    await run(new Date(graceEnds.getTime() - 3 * DAY));
    await run(new Date(graceEnds.getTime() - 1 * DAY));
    overdue = await notices(b.businessId, "payment_overdue");
    expect(overdue).toHaveLength(6);
    await mailbox.waitFor(b.owner.email, /\(الباقة المميزة، ٤٩٫٠٠٠ د\.ك\.\) متأخرة/);

    // every right stays during the grace; it expires when the grace ends
    await run(new Date(graceEnds.getTime() - 60_000));
    expect((await sub(b.businessId)).status).toBe("past_due");
    await run(new Date(graceEnds.getTime() + 60_000));
    expect(await sub(b.businessId)).toMatchObject({ status: "expired", endedAt: graceEnds });
    expect(await notices(b.businessId, "subscription_expired")).toHaveLength(2);
    await mailbox.waitFor(b.email, /expired unpaid/);
    expect(
      await app.sufra.deps.db.auditLog.count({
        where: { entityId: b.businessId, action: { in: ["billing.past_due", "billing.expired"] } },
      }),
    ).toBe(2);
  });

  test("cancelled at the period's end: cancelled, not past due, and told", async () => {
    const b = await business("professional");
    const ends = kuwaitNoon(5);
    await app.sufra.deps.db.subscription.update({
      where: { businessId: b.businessId },
      data: {
        status: "active",
        plan: "professional",
        periodStartsAt: kuwaitNoon(-25),
        renewsAt: ends,
        cancelAtPeriodEnd: true,
      },
    });
    // no payment is due from a cancelled subscription
    await run(new Date(ends.getTime() - 3 * DAY));
    expect(await notices(b.businessId, "payment_due")).toHaveLength(0);
    await run(new Date(ends.getTime() + HOUR));
    expect(await sub(b.businessId)).toMatchObject({ status: "cancelled", endedAt: ends, pastDueSince: null });
    const told = await notices(b.businessId, "subscription_expired");
    expect(told.map((n) => (n.data as any).status)).toEqual(["cancelled", "cancelled"]);
    await mailbox.waitFor(b.email, /was cancelled and its last paid month is over/);
  });

  test("a downgrade from Premium takes effect at the period's end: the plan changes, members are told they are read-only", async () => {
    const b = await business();
    const ends = kuwaitNoon(4);
    await app.sufra.deps.db.subscription.update({
      where: { businessId: b.businessId },
      data: {
        status: "active",
        plan: "premium",
        nextPlan: "professional",
        periodStartsAt: kuwaitNoon(-26),
        renewsAt: ends,
      },
    });
    // the payment due is the next plan's
    await run(new Date(ends.getTime() - 3 * DAY));
    expect((await notices(b.businessId, "payment_due"))[0]!.data).toMatchObject({
      plan: "professional",
      amountFils: 15_000,
    });
    await run(new Date(ends.getTime() + HOUR));
    expect(await sub(b.businessId)).toMatchObject({ status: "past_due", plan: "professional", nextPlan: null });
    const changed = await notices(b.businessId, "plan_changed");
    expect(changed.map((n) => n.userId).sort()).toEqual([b.userId, b.owner.id].sort());
    expect(changed[0]!.data).toMatchObject({ plan: "professional", previousPlan: "premium" });
    const readOnly = await notices(b.businessId, "team_read_only");
    expect(readOnly.map((n) => n.userId)).toEqual([b.member.id]);
    await mailbox.waitFor(b.member.email, /moved to the Professional plan, which has no team/);
    await mailbox.waitFor(b.email, /changed from Premium to Professional/);
  });
});

describe("across processes", () => {
  test("two runs at once change each subscription once and send each notice once", async () => {
    const subjects = await Promise.all([business(), business(), business()]);
    const ends = kuwaitNoon(3);
    for (const s of subjects)
      await app.sufra.deps.db.subscription.update({
        where: { businessId: s.businessId },
        data: { status: "active", periodStartsAt: kuwaitNoon(-27), renewsAt: ends },
      });
    const at = new Date(ends.getTime() + HOUR);
    const [x, y] = await Promise.all([run(at), run(at)]);
    for (const s of subjects) {
      expect((await sub(s.businessId)).status).toBe("past_due");
      expect(await notices(s.businessId, "payment_overdue")).toHaveLength(2);
      expect(
        await app.sufra.deps.db.auditLog.count({ where: { entityId: s.businessId, action: "billing.past_due" } }),
      ).toBe(1);
      expect(
        await app.sufra.deps.db.outboundMail.count({
          where: { to: { in: [s.email, s.owner.email] }, subject: { contains: "overdue" } },
        }),
      ).toBe(2);
    }
    // between them, the two runs queued each mail once
    const mine = new Set(subjects.flatMap((s) => [s.email, s.owner.email]));
    const mails = await app.sufra.deps.db.outboundMail.findMany({
      where: { id: { in: [...x.mailIds, ...y.mailIds] } },
    });
    expect(mails.filter((m) => mine.has(m.to))).toHaveLength(6);
  });

  test("the job as the real scheduler runs it: every hour, once at start, and a due run moves what is due now", async () => {
    const jobs = billingJobs(app.sufra.services.lifecycle, app.sufra.services.billing).recurring!;
    const lifecycle = jobs.find((j) => j.name === LIFECYCLE_JOB)!;
    expect(lifecycle.everyMs).toBe(HOUR);
    expect(lifecycle.atStart).toBeDefined();
    const b = await business();
    const ended = new Date(Date.now() - HOUR);
    await app.sufra.deps.db.subscription.update({
      where: { businessId: b.businessId },
      data: { trialEndsAt: ended, renewsAt: ended },
    });
    // Agenda holds the recurring job; bring its next run to now and let the scheduler take it
    const { rowCount } = await app.sufra.deps.pool.query("update agenda_jobs set next_run_at = now() where name = $1", [
      LIFECYCLE_JOB,
    ]);
    expect(rowCount).toBe(1);
    const deadline = Date.now() + 20_000;
    while ((await sub(b.businessId)).status !== "expired" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect((await sub(b.businessId)).status).toBe("expired");
  });
});
