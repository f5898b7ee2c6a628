// npm run translations:extract writes schema/translations.json from the client's own texts: the shared
// "common" namespace and every module's i18n.ts (each registers its namespace when imported). The server
// seeds its translations table from that file; --check (CI) fails when the file is stale.
// Rows: [{key: "namespace:path", category: namespace, en, ar}], sorted by key; a text a language lacks is "".
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import {
  flattenTexts,
  isTranslationKey,
  LOCALES,
  MAX_TRANSLATION_LENGTH,
  translationKey,
  unflattenTexts,
  type TranslationRow,
} from "@sufra/schema";

const clientDir = path.resolve(import.meta.dirname, "..");
const src = path.join(clientDir, "src");
const file = path.resolve(clientDir, "../schema/translations.json");

/** Every module's i18n.ts (modules/<name>/i18n.ts, app/shell/i18n.ts, ...), in a stable order. */
const bundles = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => path.basename(f) === "i18n.ts")
  .map((f) => path.join(src, f))
  .sort();

const { default: i18n } = await import(pathToFileURL(path.join(src, "i18n/index.ts")).href);
for (const f of bundles) await import(pathToFileURL(f).href);

const problems: string[] = [];
const rows = new Map<string, TranslationRow>();
for (const lng of LOCALES) {
  const namespaces = Object.keys(i18n.store.data[lng] ?? {});
  for (const ns of namespaces) {
    const texts = i18n.getResourceBundle(lng, ns) as Record<string, unknown>;
    const flat = flattenTexts(texts);
    // what the browser rebuilds from rows must be what the module wrote (arrays stay arrays)
    if (!isDeepStrictEqual(unflattenTexts(flat), JSON.parse(JSON.stringify(texts))))
      problems.push(`${lng}/${ns}: its texts do not survive flattening (a numeric object key?)`);
    for (const [p, text] of flat) {
      const key = translationKey(ns, p);
      if (!isTranslationKey(key)) problems.push(`${key}: not a valid key (letters, digits, "_", "-", dots)`);
      if (text.length > MAX_TRANSLATION_LENGTH)
        problems.push(`${key} (${lng}): longer than ${MAX_TRANSLATION_LENGTH} characters`);
      const row = rows.get(key) ?? { key, category: ns, en: "", ar: "" };
      row[lng as "en" | "ar"] = text;
      rows.set(key, row);
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}

const sorted = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
const printed = `${JSON.stringify(sorted, null, 2)}\n`;
const rel = path.relative(process.cwd(), file);
if (process.argv.includes("--check")) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (current !== printed) {
    console.error(`${rel} is stale: run npm run translations:extract and commit it`);
    process.exit(1);
  }
  console.log(`${rel} is up to date (${sorted.length} texts)`);
} else {
  writeFileSync(file, printed);
  console.log(`wrote ${rel}: ${sorted.length} texts in ${new Set(sorted.map((r) => r.category)).size} categories`);
}
