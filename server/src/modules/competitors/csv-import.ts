// Competitors' figures from a CSV file ("nothing half-imported"). Every row is checked first;
// if any row is wrong, nothing is stored and each wrong row is reported by its line, in the person's
// language. Otherwise, in one transaction: rows naming an account the business does not follow yet
// create that competitor (its name from the name column, else its username; counted against the
// limit of 50), and each row's day replaces that competitor's figures of the same day.
import {
  competitorInputSchema,
  competitorRowMessages,
  competitorSnapshotSchema,
  COMPETITOR_FIELD_LABELS,
  COMPETITORS_MAX_PER_BUSINESS,
  fieldErrors,
  findCompetitorPlatform,
  messageText,
  normaliseHandle,
  readCompetitorCsv,
  type CompetitorData,
  type CompetitorSnapshotData,
  type Locale,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Platform } from "../../generated/prisma/client.ts";

export interface CompetitorImportResult {
  /** rows stored (new days and replaced ones) */
  imported: number;
  /** of those, days that replaced figures already there */
  replaced: number;
  /** competitors the file added */
  created: number;
  /** the wrong rows, by the line of the file they start on; when there is any, nothing was stored */
  errors: { line: number; messages: string[] }[];
}

interface GoodRow {
  line: number;
  key: string;
  competitor: CompetitorData;
  snapshot: CompetitorSnapshotData;
}

const keyOf = (platform: string, handle: string) => `${platform}:${handle}`;

/** The business's lock for changes to how many competitors it has (the limit holds with two writers). */
export const lockCompetitors = (tx: Tx, businessId: string) =>
  tx.$executeRaw`select pg_advisory_xact_lock(hashtext(${`competitors:${businessId}`}))`;

export async function importCompetitorCsv(
  db: Db,
  businessId: string,
  csv: unknown,
  locale: Locale,
): Promise<CompetitorImportResult> {
  if (typeof csv !== "string" || !csv.trim())
    throw new AppError("VALIDATION_ERROR", { file: ["reviewImportFileRequired"] });
  const read = readCompetitorCsv(csv);
  if (!read.ok) throw new AppError("VALIDATION_ERROR", { file: [read.problem] });
  const nf = new Intl.NumberFormat(locale === "ar" ? "ar-KW" : "en-KW", { useGrouping: false });

  const errors: CompetitorImportResult["errors"] = [];
  const good: GoodRow[] = [];
  for (const r of read.rows) {
    const platform = r.platform.trim() ? (findCompetitorPlatform(r.platform) ?? r.platform) : "instagram";
    const handle = normaliseHandle(r.handle);
    // a row without a name is named after its username (a missing username is reported as such)
    const name = r.name.trim() ? r.name : handle || "-";
    const c = competitorInputSchema.safeParse({ name, platform, handle: r.handle, area: r.area, cuisine: r.cuisine });
    const s = competitorSnapshotSchema.safeParse({
      day: r.date,
      followers: r.followers,
      postsPerWeek: r.postsPerWeek,
      avgEngagement: r.avgEngagement,
      topThemes: r.topThemes,
    });
    const problems = { ...(c.success ? {} : fieldErrors(c.error)), ...(s.success ? {} : fieldErrors(s.error)) };
    if (!c.success || !s.success) errors.push({ line: r.line, messages: competitorRowMessages(problems, locale) });
    else good.push({ line: r.line, key: keyOf(c.data.platform, c.data.handle), competitor: c.data, snapshot: s.data });
  }

  const existing = await db.competitor.findMany({
    where: { businessId },
    select: { id: true, platform: true, handle: true },
  });
  const known = new Set(existing.map((c) => keyOf(c.platform, c.handle)));
  const label = (field: keyof typeof COMPETITOR_FIELD_LABELS) => COMPETITOR_FIELD_LABELS[field][locale];
  const firstLineOfDay = new Map<string, number>();
  const added: string[] = [];
  for (const g of good) {
    const problems: string[] = [];
    const dayKey = `${g.key}|${g.snapshot.day}`;
    const earlier = firstLineOfDay.get(dayKey);
    if (earlier !== undefined)
      problems.push(
        `${label("day")}: ${messageText("competitorImportRepeatedDay", locale, { line: nf.format(earlier) })}`,
      );
    else firstLineOfDay.set(dayKey, g.line);
    if (!known.has(g.key) && !added.includes(g.key)) added.push(g.key);
    if (!known.has(g.key) && existing.length + added.indexOf(g.key) + 1 > COMPETITORS_MAX_PER_BUSINESS)
      problems.push(`${label("_")}: ${messageText("competitorImportOverLimit", locale)}`);
    if (problems.length) errors.push({ line: g.line, messages: problems });
  }
  if (errors.length) return { imported: 0, replaced: 0, created: 0, errors: errors.sort((a, b) => a.line - b.line) };

  return db.$transaction(
    async (tx) => {
      await lockCompetitors(tx, businessId);
      const fresh = good
        .filter((g, i) => !known.has(g.key) && good.findIndex((x) => x.key === g.key) === i)
        .map((g) => g.competitor);
      // someone may have added competitors since the check: the limit is counted again under the lock
      if (
        fresh.length &&
        (await tx.competitor.count({ where: { businessId } })) + fresh.length > COMPETITORS_MAX_PER_BUSINESS
      )
        throw new AppError("COMPETITOR_LIMIT_REACHED");
      const created = fresh.length
        ? (
            await tx.competitor.createMany({
              data: fresh.map((c) => ({
                businessId,
                name: c.name,
                platform: c.platform as Platform,
                handle: c.handle,
                area: c.area,
                cuisine: c.cuisine,
              })),
              skipDuplicates: true,
            })
          ).count
        : 0;
      const ids = new Map(
        (
          await tx.competitor.findMany({ where: { businessId }, select: { id: true, platform: true, handle: true } })
        ).map((c) => [keyOf(c.platform, c.handle), c.id]),
      );
      const rows = good.map((g) => ({
        competitor_id: ids.get(g.key)!,
        day: g.snapshot.day,
        followers: g.snapshot.followers ?? null,
        posts_per_week: g.snapshot.postsPerWeek ?? null,
        avg_engagement: g.snapshot.avgEngagement ?? null,
        top_themes: g.snapshot.topThemes,
      }));
      // one statement for every row: a day already there is replaced whole (figures left empty become empty)
      const written = await tx.$queryRaw<{ inserted: boolean }[]>`
        insert into competitor_snapshots as s (id, competitor_id, day, followers, posts_per_week, avg_engagement, top_themes, source, created_at, updated_at)
        select gen_random_uuid(), r.competitor_id, r.day, r.followers, r.posts_per_week, r.avg_engagement,
               array(select jsonb_array_elements_text(r.top_themes)), 'csv'::"CompetitorSource", now(), now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(competitor_id uuid, day date, followers int, posts_per_week float8, avg_engagement float8, top_themes jsonb)
        on conflict (competitor_id, day) do update
           set followers = excluded.followers, posts_per_week = excluded.posts_per_week, avg_engagement = excluded.avg_engagement,
               top_themes = excluded.top_themes, source = excluded.source, updated_at = excluded.updated_at
        returning (xmax = 0) as inserted`;
      return { imported: written.length, replaced: written.filter((w) => !w.inserted).length, created, errors: [] };
    },
    { timeout: 60_000 },
  );
}
