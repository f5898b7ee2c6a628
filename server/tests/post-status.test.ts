// The post's status follows from its targets' statuses: every combination the publisher can produce,
// and the database kept to it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { canPostTransition, type PlatformName } from "@sufra/schema";
import type { PostStatus } from "../src/generated/prisma/enums.ts";
import { postStatusFrom } from "../src/modules/publishing/post-status.ts";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";

const t = (status: string, attempts = 0, errorCode: string | null = null) =>
  ({ status, attempts, errorCode }) as Parameters<typeof postStatusFrom>[0][number];

describe("post status from targets", () => {
  test.each([
    ["nothing has started: a scheduled post stays scheduled", [t("pending"), t("pending")], "scheduled", "scheduled"],
    ["a draft stays a draft", [t("pending")], "draft", "draft"],
    ["one target publishing", [t("publishing", 1), t("pending")], "scheduled", "publishing"],
    ["a target waits for a rate limit or a reconnect", [t("pending", 1, "RATE_LIMITED")], "scheduled", "publishing"],
    ["Snapchat waits for a person", [t("published", 1), t("awaiting_manual")], "publishing", "publishing"],
    ["all published", [t("published", 1), t("published", 1)], "publishing", "published"],
    ["some published, some failed", [t("published", 1), t("failed", 1)], "publishing", "partially_published"],
    ["all failed", [t("failed", 1), t("failed", 2)], "publishing", "failed"],
    ["one unconfirmed: a person must check", [t("published", 1), t("unconfirmed", 1)], "publishing", "unconfirmed"],
    ["cancelled targets do not count", [t("published", 1), t("cancelled")], "publishing", "published"],
    ["a retried target after a failure", [t("published", 1), t("pending")], "partially_published", "publishing"],
  ] as const)("%s", (_name, targets, current, expected) => {
    expect(postStatusFrom([...targets], current)).toBe(expected);
  });

  test("every status the publisher derives is a transition the state machine allows from publishing", () => {
    for (const s of ["published", "partially_published", "failed", "unconfirmed"] as const)
      expect(canPostTransition("publishing", s)).toBe(true);
    expect(canPostTransition("published", "publishing")).toBe(false);
    expect(canPostTransition("draft", "published")).toBe(false);
  });
});

// The same rule held in the database: every target change carries its post along in one transaction,
// and the recovery pass sets right any post found out of step (a crash before that was so, or hands on
// the database), by the same rule as the cases above.
describe("post status kept with its targets", () => {
  type Status = "pending" | "publishing" | "published" | "failed" | "unconfirmed" | "awaiting_manual" | "cancelled";
  type T = { status: Status; attempts?: number; errorCode?: string | null; publishedAt?: Date | null };
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signedInBusiness>>;
  let accounts: { id: string; platform: PlatformName }[];

  beforeAll(async () => {
    app = await startTestApp();
    owner = await signedInBusiness(app.base);
    await app.sufra.services.platformAccounts.ensureDemoAccounts(owner.businessId);
    accounts = await app.sufra.deps.db.platformAccount.findMany({
      where: { businessId: owner.businessId },
      orderBy: { platform: "asc" },
      select: { id: true, platform: true },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A post written straight to the database, its status whatever the test says (out of step on purpose). */
  const makePost = (status: PostStatus, targets: T[]) =>
    app.sufra.deps.db.post.create({
      data: {
        businessId: owner.businessId,
        authorId: owner.userId,
        status,
        content: `status test ${randomUUID()}`,
        targets: {
          create: targets.map((t, i) => ({
            accountId: accounts[i]!.id,
            platform: accounts[i]!.platform,
            status: t.status,
            attempts: t.attempts ?? 0,
            errorCode: t.errorCode ?? null,
            publishedAt: t.publishedAt ?? (t.status === "published" ? new Date("2026-11-20T09:00:00Z") : null),
          })),
        },
      },
      include: { targets: true },
    });
  const read = (id: string) =>
    app.sufra.deps.db.post.findUniqueOrThrow({ where: { id }, include: { targets: { orderBy: { platform: "asc" } } } });

  test("the recovery pass sets right every post its targets contradict, says which, and a second pass finds none", async () => {
    const one: T[] = [
      { status: "pending" },
      { status: "pending", attempts: 1, errorCode: "RATE_LIMITED" },
      { status: "publishing", attempts: 1 },
      { status: "published", attempts: 1 },
      { status: "failed", attempts: 2 },
      { status: "unconfirmed", attempts: 1 },
      { status: "awaiting_manual" },
      { status: "cancelled" },
    ];
    const sets: T[][] = [];
    one.forEach((a, i) => {
      sets.push([a]);
      for (const b of one.slice(i)) sets.push([a, b]);
    });
    sets.push([
      { status: "published", publishedAt: new Date("2026-11-21T10:00:00Z") },
      { status: "published", publishedAt: new Date("2026-11-21T08:00:00Z") },
      { status: "failed", attempts: 5 },
    ]);
    const currents: PostStatus[] = [
      "draft",
      "scheduled",
      "publishing",
      "published",
      "partially_published",
      "failed",
      "unconfirmed",
    ];
    const made: { id: string; want: PostStatus; was: PostStatus; firstPublished: number | null }[] = [];
    for (const targets of sets)
      for (const current of currents) {
        const p = await makePost(current, targets);
        const stamps = p.targets.map((t) => t.publishedAt?.getTime()).filter((n): n is number => n !== undefined);
        made.push({
          id: p.id,
          was: current,
          want: postStatusFrom(p.targets, current),
          firstPublished: stamps.length ? Math.min(...stamps) : null,
        });
      }
    // the post the finding left behind: both networks published, the post still publishing
    const stuck = await makePost("publishing", [
      { status: "published", attempts: 1 },
      { status: "published", attempts: 1 },
    ]);
    made.push({
      id: stuck.id,
      was: "publishing",
      want: "published",
      firstPublished: stuck.targets[0]!.publishedAt!.getTime(),
    });

    const warn = jest.spyOn(app.sufra.deps.logger, "warn");
    try {
      await app.sufra.services.publishing.recover();
      const after = await app.sufra.deps.db.post.findMany({
        where: { id: { in: made.map((m) => m.id) } },
        select: { id: true, status: true, publishedAt: true },
      });
      const byId = new Map(after.map((p) => [p.id, p]));
      const wrong = made.filter(
        (m) =>
          byId.get(m.id)!.status !== m.want || (byId.get(m.id)!.publishedAt?.getTime() ?? null) !== m.firstPublished,
      );
      expect(wrong).toEqual([]);
      expect(byId.get(stuck.id)!.status).toBe("published");
      // what it repaired is logged: each post, from what, to what
      const logged = warn.mock.calls
        .filter(([msg]) => msg === "post statuses repaired from their targets")
        .flatMap(([, data]) => (data as { repaired: { postId: string; from: string; to: string }[] }).repaired);
      expect(logged).toContainEqual({ postId: stuck.id, from: "publishing", to: "published" });
      const changedStatus = made.filter((m) => m.want !== m.was).map((m) => m.id);
      expect(changedStatus.length).toBeGreaterThan(50);
      expect(logged.map((l) => l.postId)).toEqual(expect.arrayContaining(changedStatus));
      // idempotent: nothing left to repair
      expect(await app.sufra.services.publishing.repairPosts()).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  test("a target change and its post's status are one transaction: when the post cannot be written, the target stays as it was", async () => {
    const p = await makePost("unconfirmed", [
      { status: "published", attempts: 1 },
      { status: "unconfirmed", attempts: 1, errorCode: "PUBLISH_TIMEOUT" },
    ]);
    const unconfirmed = p.targets.find((t) => t.status === "unconfirmed")!;
    const pool = app.sufra.deps.pool;
    const fn = `refuse_${p.id.replace(/-/g, "")}`;
    // the database refuses any status change of this post, as a crash between the two writes would leave it
    await pool.query(
      `create function ${fn}() returns trigger language plpgsql as $$ begin if new.id = '${p.id}' and new.status is distinct from old.status then raise exception 'refused'; end if; return new; end $$`,
    );
    await pool.query(`create trigger ${fn} before update on posts for each row execute function ${fn}()`);
    try {
      const r = await call(app.base, "POST", `/api/posts/targets/${unconfirmed.id}/confirm`, {
        token: owner.token,
        body: {},
      });
      expect(r.status).toBe(500);
      const now = await read(p.id);
      expect({ post: now.status, targets: now.targets.map((t) => t.status).sort() }).toEqual({
        post: "unconfirmed",
        targets: ["published", "unconfirmed"],
      });
      expect(
        await pool
          .query("select 1 from audit_log where entity_id = $1 and action = 'post.target_confirmed'", [p.id])
          .then((q) => q.rowCount),
      ).toBe(0);
    } finally {
      await pool.query(`drop trigger ${fn} on posts`);
      await pool.query(`drop function ${fn}()`);
    }
    const ok = await call(app.base, "POST", `/api/posts/targets/${unconfirmed.id}/confirm`, {
      token: owner.token,
      body: {},
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("published");
  });

  test("two targets of one post settled at the same moment: the post follows both, every time", async () => {
    for (let round = 0; round < 10; round++) {
      const p = await makePost("unconfirmed", [
        { status: "unconfirmed", attempts: 1 },
        { status: "unconfirmed", attempts: 1 },
        { status: "awaiting_manual" },
      ]);
      const answers = await Promise.all(
        p.targets.map((t) =>
          call(app.base, "POST", `/api/posts/targets/${t.id}/confirm`, { token: owner.token, body: {} }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const after = await read(p.id);
      expect({ round, status: after.status, targets: after.targets.map((t) => t.status) }).toEqual({
        round,
        status: "published",
        targets: ["published", "published", "published"],
      });
    }
    // the publisher's own outcomes go the same way: two attempts finishing at once
    for (let round = 0; round < 10; round++) {
      const p = await makePost("publishing", [
        { status: "publishing", attempts: 1 },
        { status: "publishing", attempts: 1 },
      ]);
      const keys = p.targets.map(() => randomUUID());
      await app.sufra.deps.db.$transaction(
        p.targets.map((t, i) =>
          app.sufra.deps.db.postTarget.update({ where: { id: t.id }, data: { attemptKey: keys[i] } }),
        ),
      );
      const results = await Promise.all(
        p.targets.map((t, i) =>
          app.sufra.services.publishing.changeTarget(
            t,
            { status: "publishing", attemptKey: keys[i] },
            i === 0
              ? { status: "published", publishedAt: new Date(), leaseUntil: null }
              : { status: "failed", errorCode: "PUBLISH_REJECTED", leaseUntil: null },
          ),
        ),
      );
      expect(results).toEqual([true, true]);
      expect((await read(p.id)).status).toBe("partially_published");
    }
  });
});
