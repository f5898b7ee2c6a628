// The server's texts over the bundled ones. main.tsx starts loadServerTranslations() without waiting
// for it: the page renders at once in the bundled texts, and the server's (an admin's edits) replace
// them when they arrive. A failure is retried up to 5 times with growing pauses (docs/product.md#languages-and-preferences), then the
// bundled texts simply stay. Namespaces a screen registers later keep the server's texts (see
// registerTranslations: bundled texts never overwrite).
import {
  LOCALES,
  splitTranslationKey,
  TRANSLATION_LOAD_RETRIES,
  TRANSLATION_RETRY_BASE_MS,
  unflattenTexts,
  type TranslationCategory,
} from "@sufra/schema";
import i18n from "./index.ts";
import { api } from "../lib/api.ts";

export interface TextRow {
  key: string;
  en: string;
  ar: string;
}

/**
 * Puts texts over the running ones, in both languages. An empty text means the language has none:
 * the bundled text (or, through i18next's fallback, the English one) stays. Lists (the legal pages'
 * paragraphs, "legal:terms.sections.service.body.0") stay lists, without gaps.
 */
export function applyTranslations(rows: readonly TextRow[]) {
  for (const lng of LOCALES) {
    const byNamespace = new Map<string, [string, string][]>();
    for (const row of rows) {
      const text = row[lng];
      if (!text) continue;
      const { category, path } = splitTranslationKey(row.key);
      const entries = byNamespace.get(category) ?? [];
      entries.push([path, text]);
      byNamespace.set(category, entries);
    }
    for (const [ns, entries] of byNamespace) {
      const texts = unflattenTexts(entries);
      closeGaps(texts, (path) => i18n.getResource(lng, ns, path) as unknown);
      i18n.addResourceBundle(lng, ns, texts, true, true);
    }
  }
}

/**
 * Lists with an item the server did not give (only some of a list's texts applied) take that item from
 * the running texts; a list that still has a gap is left out, so the bundled one stays whole.
 */
function closeGaps(node: Record<string, unknown> | unknown[], current: (path: string) => unknown, prefix = "") {
  for (const [k, v] of Object.entries(node)) {
    if (!v || typeof v !== "object") continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (i in v) continue;
        const text = current(`${path}.${i}`);
        if (typeof text === "string") v[i] = text;
      }
      if (v.length !== Object.keys(v).length) {
        delete (node as Record<string, unknown>)[k];
        continue;
      }
    }
    closeGaps(v as Record<string, unknown>, current, path);
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET /api/translations/list?edited=true, then applyTranslations. Up to `retries` more attempts after a failure,
 * waiting 0.5 s, 1 s, 2 s, ... between them. Resolves true when the server's texts are applied, false
 * when it gave up (the bundled texts stay); never rejects.
 */
export async function loadServerTranslations(opts: { retries?: number; baseDelayMs?: number } = {}): Promise<boolean> {
  const retries = opts.retries ?? TRANSLATION_LOAD_RETRIES;
  const base = opts.baseDelayMs ?? TRANSLATION_RETRY_BASE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      // only the texts an admin changed: the bundle already has the rest (the whole table is ~400 KB)
      const { categories } = await api.get<{ categories: TranslationCategory[] }>("/translations/list?edited=true", {
        auth: false,
      });
      if (!Array.isArray(categories)) throw new Error("unexpected answer");
      applyTranslations(categories.flatMap((c) => c.translations));
      return true;
    } catch {
      if (attempt >= retries) return false;
      await wait(base * 2 ** attempt);
    }
  }
}
