// Every text of the web client, editable by an admin (docs/product.md#admin-dashboard, #rest-compatibility). The table is
// seeded at start from schema/translations.json (extracted from the client's own bundles): missing
// keys are inserted, existing rows are never touched, so an admin's edit survives every restart and
// deploy. Browsers load the texts publicly at start (list); admins change them in bulk, all or nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  bulkTranslationsSchema,
  groupTranslations,
  splitTranslationKey,
  type FieldErrors,
  type TranslationRow,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";

/** The client's texts, written by `npm run translations:extract` (committed; CI checks it is current). */
const SEED_FILE = path.resolve(import.meta.dirname, "../../../../schema/translations.json");

const rowSelect = { key: true, category: true, en: true, ar: true } as const;
const byKey = { key: "asc" } as const;

export function createTranslationsService(deps: Deps) {
  const { db, pubsub, logger } = deps;

  function seedRows(): TranslationRow[] {
    const rows = JSON.parse(readFileSync(SEED_FILE, "utf8")) as TranslationRow[];
    // the category is the key's namespace, whatever the file says
    return rows.map((r) => ({
      key: r.key,
      category: splitTranslationKey(r.key).category,
      en: r.en ?? "",
      ar: r.ar ?? "",
    }));
  }

  /**
   * Inserts the client's texts the table lacks (ON CONFLICT DO NOTHING): idempotent,
   * safe with several processes starting at once, and it never overwrites a row, edited or not.
   */
  async function seed(): Promise<number> {
    const rows = seedRows();
    if (!rows.length) return 0;
    // a restart finds nearly every key already there: reading the keys costs far less than offering
    // the whole file to the insert each start
    const have = new Set((await db.translation.findMany({ select: { key: true } })).map((r) => r.key));
    const missing = rows.filter((r) => !have.has(r.key));
    if (!missing.length) return 0;
    const { count } = await db.translation.createMany({ data: missing, skipDuplicates: true });
    if (count) logger.info(`translations: added ${count} new text${count === 1 ? "" : "s"} from the client`);
    return count;
  }

  return {
    seed,
    /** Started by app.ts with the other services: the table gets the texts it lacks. */
    async start() {
      await seed();
    },

    /**
     * Public: categories and keys in order. `edited`: only the texts an admin changed, which is what a
     * browser loads at start over the texts it already carries (a few rows, not the whole table).
     */
    async list(opts: { edited?: boolean } = {}) {
      const where = opts.edited ? { updatedById: { not: null } } : undefined;
      return groupTranslations(await db.translation.findMany({ select: rowSelect, where, orderBy: byKey }));
    },

    /** Admin: the whole table, as schema/translations.json has it ([{key, category, en, ar}] by key). */
    async export(viewer: Viewer): Promise<TranslationRow[]> {
      requireScope(viewer, "admin");
      return db.translation.findMany({ select: rowSelect, orderBy: byKey });
    },

    /**
     * Admin: changes texts, all or nothing. Each change names a known key, a language (en or ar) and the
     * new text (trimmed, not empty, at most 2000 characters). Several changes to one key and language:
     * the last one counts. An audit row per key records the texts before and after.
     */
    async bulkUpdate(viewer: Viewer, input: unknown, meta?: RequestMeta) {
      requireScope(viewer, "admin");
      const { updates } = validate(bulkTranslationsSchema, input);
      const keys = [...new Set(updates.map((u) => u.key))];
      const changed = await db.$transaction(
        async (tx) => {
          const before = new Map(
            (await tx.translation.findMany({ where: { key: { in: keys } }, select: rowSelect })).map((r) => [r.key, r]),
          );
          const unknown: FieldErrors = {};
          updates.forEach((u, i) => {
            if (!before.has(u.key)) unknown[`updates.${i}.key`] = ["translationKeyUnknown"];
          });
          if (Object.keys(unknown).length) throw new AppError("VALIDATION_ERROR", unknown);

          const next = new Map<string, { en?: string; ar?: string }>();
          for (const u of updates) next.set(u.key, { ...next.get(u.key), [u.locale]: u.value });
          for (const [key, texts] of next) {
            const old = before.get(key)!;
            await tx.translation.update({ where: { key }, data: { ...texts, updatedById: viewer.userId } });
            const change = Object.fromEntries(
              Object.entries(texts).map(([locale, to]) => [locale, { from: old[locale as "en" | "ar"], to }]),
            );
            await audit(tx, {
              actorId: viewer.userId,
              action: "translation.updated",
              entityType: "translation",
              entityId: key,
              data: change,
              ip: meta?.ip,
            });
          }
          return tx.translation.findMany({ where: { key: { in: keys } }, select: rowSelect, orderBy: byKey });
        },
        { timeout: 30_000 },
      );
      await pubsub.publish("translations.changed", { keys: keys.length });
      return changed;
    },
  };
}
