// Every audit action the server can write (AUDIT_ACTIONS, the one list its audit() accepts) has a label
// in English and Arabic; the server's source holds no action outside that list; an action this client does
// not know reads as "Other activity", never its raw key; who acted and what changed read as words.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_ACTIONS } from "@sufra/schema";
import i18n from "../../i18n/index.ts";
import { auditActionKey, auditActionLabel, auditActorText, auditDetails } from "./model.ts";

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
    for (const m of src.matchAll(/\baction:\s*([^,}\n]*(?:\n\s*[?:][^,}\n]*)*)/g))
      for (const q of m[1].matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.add(q[1]);
    for (const m of src.matchAll(/\bSEEDED(?:: AuditAction)? = "([a-z_]+\.[a-z_]+)"/g)) found.add(m[1]);
    if (/action: `client\.\$\{change\}`/.test(src)) {
      const union = /export type ClientChange =([^;]+);/.exec(
        readFileSync(join(SERVER, "src/kernel/pubsub.ts"), "utf8"),
      );
      for (const q of union![1].matchAll(/"([a-z_]+)"/g)) found.add(`client.${q[1]}`);
    }
  }
  return [...found].sort();
}

describe("audit action labels", () => {
  const actions = serverActions();

  test("the server's actions are found (the walk itself works)", () => {
    expect(actions).toEqual(
      expect.arrayContaining([
        "client.signed_up",
        "client.approved",
        "client.trial_gifted",
        "demo.seeded",
        "demo.history_seeded",
        "demo.profile_seeded",
        "post.created",
      ]),
    );
    expect(actions.length).toBeGreaterThan(40);
  });

  test("every action in the server's source is one of AUDIT_ACTIONS (the list the labels are checked against)", () => {
    expect(actions.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  test.each(["en", "ar"])("every action of AUDIT_ACTIONS has a label in %s", (lng) => {
    const missing = AUDIT_ACTIONS.filter((a) => typeof i18n.getResource(lng, "admin", auditActionKey(a)) !== "string");
    expect(missing).toEqual([]);
  });

  test("labels are words, not the raw key", async () => {
    for (const lng of ["en", "ar"]) {
      await i18n.changeLanguage(lng);
      const t = i18n.getFixedT(lng, "admin");
      for (const a of AUDIT_ACTIONS) {
        expect(auditActionLabel(t, a)).not.toMatch(/[a-z]+[._][a-z]+/);
        expect(auditActionLabel(t, a)).not.toBe(t("details.actions.other"));
      }
    }
    await i18n.changeLanguage("en");
  });

  test("an unknown action reads as other activity in both languages", async () => {
    expect(auditActionLabel(i18n.getFixedT("en", "admin"), "robot.did_something")).toBe("Other activity");
    await i18n.changeLanguage("ar");
    expect(auditActionLabel(i18n.getFixedT("ar", "admin"), "robot.did_something")).toBe("نشاط آخر");
    await i18n.changeLanguage("en");
  });

  test("who acted: a person by name and e-mail, else Sufra itself", () => {
    const t = i18n.getFixedT("en", "admin");
    expect(auditActorText(t, { name: "Sara", email: "sara@sufra.kw" })).toBe("By Sara (sara@sufra.kw)");
    expect(auditActorText(t, null)).toBe("By Sufra (automatic)");
  });

  test("what changed: labelled fields, money in dinars, instants in Kuwait time, nothing raw; Arabic digits in Arabic", async () => {
    const t = i18n.getFixedT("en", "admin");
    const data = JSON.stringify({
      amountFils: 15000,
      months: 2,
      cancelAtPeriodEnd: true,
      to: { renewsAt: "2026-04-01T09:00:00.000Z" },
      mystery: "x",
    });
    const d = auditDetails(t, "en", data);
    expect(d.map((x) => `${x.label}: ${x.value}`)).toEqual([
      "Amount: 15.000 KWD",
      "Months: 2",
      "Cancels at the period's end: Yes",
      expect.stringMatching(/^After: Period ends: .*2026/),
      "Detail: x",
    ]);
    // words the console names: plans, statuses (an account's, a subscription's), ways of paying
    const words = auditDetails(
      t,
      "en",
      JSON.stringify({ plan: "premium", method: "bank_transfer", from: { status: "past_due" }, to: "active" }),
    );
    expect(words.map((x) => `${x.label}: ${x.value}`)).toEqual([
      "Plan: Premium",
      "Method: Bank transfer",
      "Before: Status: Past due",
      "After: Active",
    ]);
    // GraphQL's values read the same as the keys
    const values = auditDetails(t, "en", JSON.stringify({ method: "BANK_TRANSFER", paymentStatus: "refunded" }));
    expect(values.map((x) => `${x.label}: ${x.value}`)).toEqual(["Method: Bank transfer", "Payment status: Refunded"]);
    expect(auditDetails(t, "en", "{}")).toEqual([]);
    expect(auditDetails(t, "en", "not json")).toEqual([]);
    await i18n.changeLanguage("ar");
    const ar = auditDetails(i18n.getFixedT("ar", "admin"), "ar", JSON.stringify({ days: 5 }));
    expect(ar).toEqual([{ key: "days", label: "الأيام", value: "٥" }]);
    await i18n.changeLanguage("en");
  });
});
