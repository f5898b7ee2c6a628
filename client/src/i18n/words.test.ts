// One word for one thing, in every module's texts (docs/product.md#languages-and-preferences): a café
// owner is never told about "this server" or its "operator" (they are given something to do: write to
// Sufra); a post's text is "النص" in Arabic, never "تعليق", the word for a guest's comment; every
// webhook event has its label in both languages.
import { readdirSync } from "node:fs";
import path from "node:path";
import { flattenTexts, WEBHOOK_EVENT_TYPES } from "@sufra/schema";
import i18n from "./index.ts";

const src = path.resolve(__dirname, "..");
// every module's texts, as the translations extractor reads them (client/scripts/extract-translations.ts)
for (const f of readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => path.basename(f) === "i18n.ts")
  .sort())
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(src, f));

/** Every text of a language: [namespace:key, text]. */
const texts = (lng: "en" | "ar") =>
  Object.entries(i18n.store.data[lng] ?? {}).flatMap(([ns, bundle]) =>
    [...flattenTexts(bundle as Record<string, unknown>)].map(([k, text]) => [`${ns}:${k}`, text] as const),
  );
/** The admin console's texts: the people who run Sufra, for whom the server and its operator are the right words. */
const ADMIN_NAMESPACES = ["admin", "translations"];
const forOwners = (key: string) => !ADMIN_NAMESPACES.includes(key.split(":")[0]!);

test("the texts were found (every module registers its namespace)", () => {
  expect(texts("en").length).toBeGreaterThan(2000);
  expect(new Set(texts("en").map(([k]) => k.split(":")[0])).size).toBeGreaterThan(20);
});

test("a café owner is never told about this server or its operator; admins keep those words", () => {
  const en = texts("en").filter(([k, text]) => forOwners(k) && /\bthis server\b|\boperator\b/i.test(text));
  const ar = texts("ar").filter(([k, text]) => forOwners(k) && /هذا الخادم|مشغّل|مشغل الخادم|المشغّل/.test(text));
  expect(en).toEqual([]);
  expect(ar).toEqual([]);
});

test("a post's text is النص in Arabic wherever the English says caption; تعليق stays the guest's comment", () => {
  const ar = new Map(texts("ar"));
  const mixed = texts("en").filter(
    ([k, text]) => /\bcaptions?\b/i.test(text) && /تعليق/.test((ar.get(k) ?? "").replace(/التعليق الأول/g, "")),
  );
  expect(mixed).toEqual([]);
});

test("every webhook event has a label in both languages", () => {
  for (const type of WEBHOOK_EVENT_TYPES) {
    const key = type.replace(".", "_").toUpperCase();
    for (const lng of ["en", "ar"] as const) {
      const label = i18n.getFixedT(lng, "webhooks")(`events.${key}`);
      expect({ type, lng, label }).toEqual({ type, lng, label: expect.not.stringMatching(/^events\./) });
      expect(label.length).toBeGreaterThan(3);
    }
  }
});
