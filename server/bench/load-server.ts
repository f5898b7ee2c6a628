// The server of bench/load.bench.ts, in a process of its own so that the load it is given does not share
// its event loop: a Sufra on a throwaway embedded PostgreSQL, three Premium cafés of two people each (the
// owner who signed up and a second person), 40 posts a café. Tells the driver its address and the six
// sign-ins, and its RSS when asked.
import { startBenchSufra, json } from "./support.ts";
import { seedPosts } from "../tests/support/posts-page.ts";

const env = JSON.parse(process.env.LOAD_SERVER_ENV ?? "{}") as Record<string, string>;
const bench = await startBenchSufra(env);
const { sufra, base } = bench;
const db = sufra.deps.db;
const admin = { email: "admin@bench.local", password: "Bench#Admin2026" };
const post = async (p: string, body: unknown, headers: Record<string, string> = json) =>
  (await fetch(base + p, { method: "POST", headers, body: JSON.stringify(body) })).json();
const adminToken = (await post("/api/auth/login", admin)).access_token as string;

const people: { email: string; token: string; businessId: string }[] = [];
for (let i = 1; i <= 3; i++) {
  const owner = { email: `load-cafe-${i}@bench.local`, password: "Saffron#2026" };
  const reg = await post("/api/auth/register", {
    ...owner,
    company_name: `Load Café ${i}`,
    contact_name: `Owner ${i}`,
    phone: `+9655555100${i}`,
    requested_plan: "premium",
    address: "",
  });
  await post(`/api/admin/clients/${reg.business.id}/approve`, {}, { ...json, authorization: `Bearer ${adminToken}` });
  const row = await db.user.findUniqueOrThrow({ where: { email: owner.email } });
  // the café's second person: the same password, written straight (an invitation needs a mailbox)
  const second = { email: `load-cafe-${i}-member@bench.local`, password: owner.password };
  await db.user.create({
    data: {
      email: second.email,
      passwordHash: row.passwordHash,
      name: `Member ${i}`,
      role: row.role,
      memberships: { create: { businessId: reg.business.id, role: row.role } },
      emailVerifiedAt: new Date(),
    },
  });
  await seedPosts(db, reg.business.id, row.id, 40);
  for (const p of [owner, second])
    people.push({
      email: p.email,
      token: (await post("/api/auth/login", p)).access_token,
      businessId: reg.business.id,
    });
}
await db.$executeRawUnsafe("analyze");

process.on("message", async (m: { type: string }) => {
  if (m.type === "rss") process.send!({ type: "rss", rss: process.memoryUsage().rss });
  if (m.type === "stop") {
    await bench.stop();
    process.exit(0);
  }
});
process.send!({ type: "ready", base, people });
