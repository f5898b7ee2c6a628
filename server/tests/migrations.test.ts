// The migrations in prisma/migrations produce exactly schema.prisma, and schema/schema.graphql is
// what the server's Pothos schema prints.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import pg from "pg";
import { freshDatabase } from "./support/app.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("contracts in sync", () => {
  test("db:check: no drift between schema.prisma and the migrations", async () => {
    const url = await freshDatabase();
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts", "check"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(out).toContain("Migrations in sync with schema.prisma");
  });

  test("every migration is applied to the database tests use", async () => {
    const c = new pg.Client({ connectionString: await freshDatabase() });
    await c.connect();
    const { rows } = await c.query("select migration_name, finished_at from _prisma_migrations");
    await c.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.finished_at)).toBe(true);
  });

  test("schema:check: schema/schema.graphql is current", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/print-schema.ts", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});

describe("the memberships migration (docs/architecture.md#memberships)", () => {
  test("each person of a business becomes its member with their role, as old as their account; admins none", async () => {
    const base = process.env.TEST_PG_BASE!;
    const name = `m_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const c = new pg.Client({ connectionString: `${base}/${name}` });
    await c.connect();
    try {
      const dir = path.join(root, "prisma/migrations");
      const all = readdirSync(dir)
        .filter((d) => /^\d{14}_/.test(d))
        .sort();
      const at = all.indexOf("20261207120000_memberships");
      expect(at).toBeGreaterThan(0);
      const run = (d: string) => c.query(readFileSync(path.join(dir, d, "migration.sql"), "utf8"));
      for (const d of all.slice(0, at)) await run(d);
      // the data as it stood: people hold their business
      const b = randomUUID();
      await c.query(
        `insert into businesses (id, company_name, contact_name, phone, requested_plan, status, updated_at)
         values ($1, 'Dar Al Qahwa', 'Noura', '+96550000001', 'premium', 'active', now())`,
        [b],
      );
      const people = [
        ["holder@example.kw", "client", "2026-01-01T08:00:00Z", b, "2026-12-01T09:00:00Z"],
        ["owner@example.kw", "owner", "2026-02-01T08:00:00Z", b, null],
        ["admin@sufra.local", "admin", "2025-12-01T08:00:00Z", null, null],
      ] as const;
      for (const [email, role, created, business, login] of people)
        await c.query(
          `insert into users (id, email, password_hash, name, role, business_id, created_at, updated_at, last_login_at)
           values ($1, $2, 'x', $2, $3, $4, $5, now(), $6)`,
          [randomUUID(), email, role, business, created, login],
        );
      await run(all[at]);
      const { rows } = await c.query(
        `select u.email, m.role::text as role, m.created_at = u.created_at as "sameAge", m.last_used_at as "lastUsedAt"
           from memberships m join users u on u.id = m.user_id where m.business_id = $1 order by m.created_at`,
        [b],
      );
      expect(rows).toEqual([
        { email: "holder@example.kw", role: "client", sameAge: true, lastUsedAt: new Date("2026-12-01T09:00:00Z") },
        { email: "owner@example.kw", role: "owner", sameAge: true, lastUsedAt: null },
      ]);
      expect((await c.query("select count(*)::int as n from memberships")).rows[0].n).toBe(2);
      const column = await c.query(
        "select 1 from information_schema.columns where table_name = 'users' and column_name = 'business_id'",
      );
      expect(column.rowCount).toBe(0);
    } finally {
      await c.end();
    }
  });
});
