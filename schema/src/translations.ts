// Shared rules and constants of the translations module. Every text of the web client is a
// row keyed "namespace:path" (e.g. "auth:login.title"); the namespace is its category. The client's
// bundled texts are extracted into schema/translations.json, which seeds the server's table; an admin
// edits rows in the Translations tab; every browser loads them at start, over the bundled texts.
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { LOCALES } from "./locales.ts";
import { isTranslationKey, MAX_TRANSLATION_LENGTH, MAX_TRANSLATION_UPDATES } from "./translation-texts.ts";

export * from "./translation-texts.ts";

// ---------------------------------------------------------------- bulk update (PUT /api/translations/bulk)
const key = singleLine({ error: "translationKeyUnknown" })
  .trim()
  .refine(isTranslationKey, { error: "translationKeyUnknown" });

export const translationUpdateSchema = z.object({
  key,
  locale: z.enum(LOCALES, { error: "invalidLocale" }),
  value: multiLine({ error: "translationTextRequired" })
    .trim()
    .min(1, { error: "translationTextRequired", abort: true })
    .max(MAX_TRANSLATION_LENGTH, { error: "translationTooLong" }),
});
export type TranslationUpdate = z.output<typeof translationUpdateSchema>;

export const bulkTranslationsSchema = z.object({
  updates: z
    .array(translationUpdateSchema, { error: "translationUpdatesRange" })
    .min(1, { error: "translationUpdatesRange" })
    .max(MAX_TRANSLATION_UPDATES, { error: "translationUpdatesRange" }),
});
export type BulkTranslationsInput = z.output<typeof bulkTranslationsSchema>;
