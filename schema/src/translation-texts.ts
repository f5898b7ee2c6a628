// Translation rows, keys and nested texts (no zod here: the web client's first chunk loads this, to put
// the server's texts over its bundled ones; the rules live in translations.ts).

/** One text in both languages; an empty string is a text the bundle does not have in that language. */
export interface TranslationRow {
  key: string;
  category: string;
  en: string;
  ar: string;
}

/** GET /api/translations/list (docs/product.md#data-shapes, translations list). */
export interface TranslationCategory {
  name: string;
  translations: { key: string; en: string; ar: string }[];
}

export const MAX_TRANSLATION_LENGTH = 2000;
/** changes one bulk update may carry */
export const MAX_TRANSLATION_UPDATES = 1000;
export const MAX_TRANSLATION_KEY_LENGTH = 300;
/** how often a browser retries loading the texts before it keeps its bundled ones (docs/product.md#languages-and-preferences) */
export const TRANSLATION_LOAD_RETRIES = 5;
/** first retry delay; each next one doubles (0.5 s, 1 s, 2 s, 4 s, 8 s) */
export const TRANSLATION_RETRY_BASE_MS = 500;
/** how long "Translation saved successfully!" stays (docs/product.md#admin-dashboard) */
export const TRANSLATION_NOTICE_MS = 3000;

/** namespace, a colon, and a dotted path of letters, digits, "_" and "-" */
const KEY = /^[A-Za-z][\w-]*:[\w-]+(\.[\w-]+)*$/;

export const isTranslationKey = (key: string) => key.length <= MAX_TRANSLATION_KEY_LENGTH && KEY.test(key);

/** "auth:login.title" -> { category: "auth", path: "login.title" } */
export function splitTranslationKey(key: string): { category: string; path: string } {
  const i = key.indexOf(":");
  return { category: key.slice(0, i), path: key.slice(i + 1) };
}

export const translationKey = (category: string, path: string) => `${category}:${path}`;

/** Nested texts -> [dotted path, text]; arrays count as objects keyed by index ("body.0"). */
export function flattenTexts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      flattenTexts(v, prefix ? `${prefix}.${k}` : k),
    );
  }
  throw new Error(`translation "${prefix}" is not text: ${JSON.stringify(value)}`);
}

/** [dotted path, text] -> nested texts; a numeric segment makes an array, as the bundles have it. */
export function unflattenTexts(entries: Iterable<readonly [string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, text] of entries) {
    const parts = path.split(".");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = text;
        return;
      }
      const next = node[part];
      if (next === undefined || typeof next !== "object") node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** Rows grouped by category, categories and keys in order. */
export function groupTranslations(rows: readonly TranslationRow[]): TranslationCategory[] {
  const byName = new Map<string, TranslationCategory>();
  for (const r of [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    let c = byName.get(r.category);
    if (!c) byName.set(r.category, (c = { name: r.category, translations: [] }));
    c.translations.push({ key: r.key, en: r.en, ar: r.ar });
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// i18next keys a plural form with a suffix: "total_one", "total_other", or "place_ordinal_two".
const PLURAL_FORM = /^(.*?)(_ordinal)?_(zero|one|two|few|many|other)$/;
const pluralCategories = new Map<string, readonly string[]>();
/** The plural forms a language uses, as CLDR (and so i18next) says: English one/other, Arabic all six. */
function formsOf(locale: string, type: "cardinal" | "ordinal"): readonly string[] {
  const id = `${locale}/${type}`;
  let forms = pluralCategories.get(id);
  if (!forms)
    pluralCategories.set(id, (forms = new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories));
  return forms;
}

/**
 * Whether a language needs a text under this key. Every key needs one, except a plural form the
 * language never picks (English has no "_zero", "_two", "_few" or "_many": those are Arabic's), so an
 * empty text there is not missing. A key counts as a plural form only beside its "_other" sibling,
 * so a key that merely ends in "_one" is not mistaken for one.
 */
export function languageNeedsKey(key: string, locale: string, keys: ReadonlySet<string>): boolean {
  const m = PLURAL_FORM.exec(key);
  if (!m) return true;
  const [, base, ordinal, form] = m;
  if (!keys.has(`${base}${ordinal ?? ""}_other`)) return true;
  return formsOf(locale, ordinal ? "ordinal" : "cardinal").includes(form);
}
