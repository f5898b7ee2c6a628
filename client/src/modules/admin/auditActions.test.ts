// Every audit action the server can write has a label in English and Arabic, found by reading the
// server's source; an action this client does not know reads as "Other activity", never its raw key.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18n from "../../i18n/index.ts";
import { auditActionKey, auditActionLabel } from "./auditActions.ts";

const SERVER = join(__dirname, "../../../../server");

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "generated" && e.name !== "node_modules") sources(p, out);
    } else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

/** Actions written as literals (`action: "a.b"`, `action: x ? "a.b" : "c.d"`, `const SEEDED = "a.b"`) and `client.${change}`. */
function serverActions(): string[] {
  const found = new Set<string>();
  for (const file of [...sources(join(SERVER, "src")), ...sources(join(SERVER, "prisma"))]) {
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/\baction:\s*([^,}\n]*(?:\n\s*[?:][^,}\n]*)*)/g)) for (const q of m[1].matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.add(q[1]);
    for (const m of src.matchAll(/\bSEEDED = "([a-z_]+\.[a-z_]+)"/g)) found.add(m[1]);
    if (/action: `client\.\$\{change\}`/.test(src)) {
      const union = /export type ClientChange = ([^;]+);/.exec(readFileSync(join(SERVER, "src/kernel/pubsub.ts"), "utf8"));
      for (const q of union![1].matchAll(/"([a-z_]+)"/g)) found.add(`client.${q[1]}`);
    }
  }
  return [...found].sort();
}

describe("audit action labels", () => {
  const actions = serverActions();

  test("the server's actions are found (the walk itself works)", () => {
    expect(actions).toEqual(expect.arrayContaining(["client.signed_up", "client.approved", "client.trial_gifted", "demo.seeded", "demo.history_seeded", "demo.profile_seeded", "post.created"]));
    expect(actions.length).toBeGreaterThan(40);
  });

  test.each(["en", "ar"])("every action has a label in %s", (lng) => {
    const missing = actions.filter((a) => typeof i18n.getResource(lng, "admin", auditActionKey(a)) !== "string");
    expect(missing).toEqual([]);
  });

  test("labels are words, not the raw key", async () => {
    for (const lng of ["en", "ar"]) {
      await i18n.changeLanguage(lng);
      const t = i18n.getFixedT(lng, "admin");
      for (const a of actions) expect(auditActionLabel(t, a)).not.toMatch(/[a-z]+[._][a-z]+/);
    }
    await i18n.changeLanguage("en");
  });

  test("an unknown action reads as other activity in both languages", async () => {
    expect(auditActionLabel(i18n.getFixedT("en", "admin"), "robot.did_something")).toBe("Other activity");
    await i18n.changeLanguage("ar");
    expect(auditActionLabel(i18n.getFixedT("ar", "admin"), "robot.did_something")).toBe("نشاط آخر");
    await i18n.changeLanguage("en");
  });
});
