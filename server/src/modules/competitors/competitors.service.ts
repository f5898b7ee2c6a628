// Competitors: the accounts a business follows, their dated figures (entered by hand,
// imported from CSV, or read from Instagram business discovery through the business's Facebook sign-in
// for competitor figures: discovery-connection.service.ts) and the benchmark against the business's
// own figures with a summary in both languages.
// Every function takes the business from the viewer, never from the input; another business's
// competitor is NOT_FOUND. Any person of the business (or its API key) may read and write, as for
// reviews and templates: the business has no read-only role.
import {
  benchmarkSummary,
  competitorBenchmarkQuerySchema,
  competitorInputSchema,
  competitorSnapshotSchema,
  COMPETITORS_MAX_PER_BUSINESS,
  addDays,
  isIsoDate,
  kuwaitDate,
  summaryText,
  type Locale,
  type SummaryPoint,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import {
  Prisma,
  type Competitor,
  type CompetitorSnapshot,
  type CompetitorSource,
} from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { importCompetitorCsv, lockCompetitors, type CompetitorImportResult } from "./csv-import.ts";
import type { DiscoveryConnectionService } from "./discovery-connection.service.ts";
import { figuresFromDiscovery, simulatedFigures, type CompetitorFigures } from "./discovery.ts";
import { ownFigures, ownRows, type FollowersPoint, type OwnFigures } from "./own-figures.ts";
import { isUuid } from "../../kernel/ids.ts";

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The snapshots a competitor's page lists at most (a year and a half of daily readings). */
const SNAPSHOT_LIST_MAX = 550;

/** A reading as shown: `simulated` when it was read through a demo account's simulated network. */
export type SnapshotView = CompetitorSnapshot & { simulated: boolean };
export type CompetitorView = Competitor & { latest: SnapshotView | null };

export interface CompetitorBenchmark {
  /** the window of the business's own figures (Kuwait days, both included) */
  from: string;
  to: string;
  days: number;
  /** the history lines start here */
  historyFrom: string;
  own: OwnFigures[];
  ownHistory: FollowersPoint[];
  competitors: { competitor: Competitor; latest: SnapshotView | null; history: SnapshotView[] }[];
  summary: SummaryPoint[];
  summaryEn: string;
  summaryAr: string;
}

export type { CompetitorImportResult };

export function createCompetitorsService(
  deps: Deps,
  discovery: Pick<DiscoveryConnectionService, "discover">,
  opts: { now?: () => Date } = {},
) {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** Another business's competitor, or none: NOT_FOUND (no hint that it exists). */
  async function own(businessId: string, id: unknown, client: Db | Tx = db): Promise<Competitor> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const c = await client.competitor.findFirst({ where: { id, businessId } });
    if (!c) throw new AppError("NOT_FOUND");
    return c;
  }

  /**
   * Readings through Instagram count as simulated while the business's Instagram account is a demo
   * one (the snapshot table has no flag of its own: the source and the account tell it).
   */
  async function simulatedInstagram(businessId: string): Promise<boolean> {
    const a = await db.platformAccount.findUnique({
      where: { businessId_platform: { businessId, platform: "instagram" } },
      select: { demo: true },
    });
    return !!a?.demo;
  }
  const view = (s: CompetitorSnapshot, demo: boolean): SnapshotView => ({
    ...s,
    simulated: demo && s.source === "instagram",
  });

  async function latestOf(ids: string[], demo: boolean): Promise<Map<string, SnapshotView>> {
    if (!ids.length) return new Map();
    const rows = await db.$queryRaw<{ id: string }[]>`
      select distinct on (competitor_id) id from competitor_snapshots where competitor_id = any(${ids}::uuid[]) order by competitor_id, day desc`;
    const snaps = await db.competitorSnapshot.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return new Map(snaps.map((s) => [s.competitorId, view(s, demo)]));
  }

  /** A day's figures stored for a competitor, replacing that day's earlier ones whole. */
  async function store(
    competitorId: string,
    day: string,
    f: CompetitorFigures | { followers?: number; postsPerWeek?: number; avgEngagement?: number; topThemes: string[] },
    source: CompetitorSource,
  ) {
    const data = {
      followers: f.followers ?? null,
      postsPerWeek: f.postsPerWeek ?? null,
      avgEngagement: f.avgEngagement ?? null,
      topThemes: f.topThemes,
      source,
    };
    return db.$transaction(async (tx) => {
      const before = await tx.competitorSnapshot.findUnique({
        where: { competitorId_day: { competitorId, day: dayOf(day) } },
        select: { id: true },
      });
      const snapshot = await tx.competitorSnapshot.upsert({
        where: { competitorId_day: { competitorId, day: dayOf(day) } },
        create: { competitorId, day: dayOf(day), ...data },
        update: data,
      });
      return { snapshot, replaced: !!before };
    });
  }

  return {
    /** The business's competitors, by name, each with its latest reading. */
    async list(viewer: Viewer | null): Promise<{ items: CompetitorView[]; limit: number }> {
      const { businessId } = business(viewer);
      const items = await db.competitor.findMany({
        where: { businessId },
        orderBy: [{ name: "asc" }, { createdAt: "asc" }],
      });
      const latest = await latestOf(
        items.map((c) => c.id),
        await simulatedInstagram(businessId),
      );
      return {
        items: items.map((c) => ({ ...c, latest: latest.get(c.id) ?? null })),
        limit: COMPETITORS_MAX_PER_BUSINESS,
      };
    },

    async get(viewer: Viewer | null, id: unknown): Promise<CompetitorView> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      return { ...c, latest: (await latestOf([c.id], await simulatedInstagram(businessId))).get(c.id) ?? null };
    },

    /** A competitor's readings, newest first. */
    async snapshots(viewer: Viewer | null, id: unknown): Promise<SnapshotView[]> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      const demo = await simulatedInstagram(businessId);
      return (
        await db.competitorSnapshot.findMany({
          where: { competitorId: c.id },
          orderBy: { day: "desc" },
          take: SNAPSHOT_LIST_MAX,
        })
      ).map((s) => view(s, demo));
    },

    /** Follows an account: at most 50 per business; the same network and username twice is COMPETITOR_EXISTS. */
    async create(viewer: Viewer | null, input: unknown): Promise<CompetitorView> {
      const { businessId } = business(viewer);
      const data = validate(competitorInputSchema, input);
      try {
        const c = await db.$transaction(async (tx) => {
          await lockCompetitors(tx, businessId);
          if ((await tx.competitor.count({ where: { businessId } })) >= COMPETITORS_MAX_PER_BUSINESS)
            throw new AppError("COMPETITOR_LIMIT_REACHED");
          return tx.competitor.create({
            data: {
              businessId,
              name: data.name,
              platform: data.platform,
              handle: data.handle,
              area: data.area,
              cuisine: data.cuisine,
            },
          });
        });
        return { ...c, latest: null };
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError("COMPETITOR_EXISTS");
        throw e;
      }
    },

    /** The whole form again (name, network, username, area, cuisine); readings stay. */
    async update(viewer: Viewer | null, id: unknown, input: unknown): Promise<CompetitorView> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      const data = validate(competitorInputSchema, input);
      try {
        const updated = await db.competitor.update({
          where: { id: c.id },
          data: {
            name: data.name,
            platform: data.platform,
            handle: data.handle,
            area: data.area,
            cuisine: data.cuisine,
          },
        });
        return { ...updated, latest: (await latestOf([c.id], await simulatedInstagram(businessId))).get(c.id) ?? null };
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError("COMPETITOR_EXISTS");
        throw e;
      }
    },

    /** Stops following: the competitor and its readings go. */
    async remove(viewer: Viewer | null, id: unknown): Promise<Competitor> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      await db.competitor.delete({ where: { id: c.id } });
      return c;
    },

    /** A day's figures by hand; the same day again replaces the earlier figures whole. */
    async saveSnapshot(
      viewer: Viewer | null,
      id: unknown,
      input: unknown,
    ): Promise<{ snapshot: SnapshotView; replaced: boolean }> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      const data = validate(competitorSnapshotSchema, input);
      const r = await store(c.id, data.day, data, "manual");
      return { snapshot: view(r.snapshot, false), replaced: r.replaced };
    },

    async removeSnapshot(
      viewer: Viewer | null,
      id: unknown,
      day: unknown,
    ): Promise<{ competitorId: string; day: string }> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      if (!isIsoDate(day)) throw new AppError("NOT_FOUND");
      const gone = await db.competitorSnapshot.deleteMany({ where: { competitorId: c.id, day: dayOf(day) } });
      if (!gone.count) throw new AppError("NOT_FOUND");
      return { competitorId: c.id, day };
    },

    /** A CSV of readings (see csv-import.ts): all rows stored, or none and each wrong row by its line. */
    async importCsv(viewer: Viewer | null, csv: unknown, locale: Locale): Promise<CompetitorImportResult> {
      return importCompetitorCsv(db, business(viewer).businessId, csv, locale);
    },

    /**
     * Today's figures of an Instagram competitor, stored as today's reading (Kuwait), replacing one of
     * today. While the business's Instagram account is a demo one the reading is simulated (marked so)
     * and no network is asked; otherwise it is read with business discovery through the business's
     * Facebook sign-in for competitor figures (FACEBOOK_NOT_CONNECTED without one).
     */
    async fetchFromInstagram(
      viewer: Viewer | null,
      id: unknown,
    ): Promise<{ competitor: CompetitorView; snapshot: SnapshotView; replaced: boolean }> {
      const { businessId } = business(viewer);
      const c = await own(businessId, id);
      if (c.platform !== "instagram") throw new AppError("COMPETITOR_NOT_INSTAGRAM");
      const demo = await simulatedInstagram(businessId);
      const at = now();
      const today = kuwaitDate(at);
      const figures: CompetitorFigures = demo
        ? simulatedFigures(c.handle, today)
        : figuresFromDiscovery(await discovery.discover(businessId, c.handle), at);
      const r = await store(c.id, today, figures, "instagram");
      const snapshot = view(r.snapshot, demo);
      return { competitor: { ...c, latest: snapshot }, snapshot, replaced: r.replaced };
    },

    /**
     * The business's own figures over the last `days` Kuwait days (28 unless asked) next to each
     * competitor's latest reading and its history (`historyDays`, 180 unless asked), and the summary
     * of where the business leads and trails, in both languages.
     */
    async benchmark(viewer: Viewer | null, input: unknown = {}): Promise<CompetitorBenchmark> {
      const { businessId } = business(viewer);
      const q = validate(competitorBenchmarkQuerySchema, input ?? {});
      const to = kuwaitDate(now());
      const from = addDays(to, -(q.days - 1));
      const historyFrom = addDays(to, -(q.historyDays - 1));
      // three statements whatever the number of competitors: the business's own rows, its competitors,
      // and their readings since the history's first day (the latest reading is among them for any
      // competitor read since; the few read only before are looked up on their own)
      const [own, list] = await Promise.all([
        ownRows(db, businessId, { from, to }, historyFrom),
        db.competitor.findMany({ where: { businessId }, orderBy: [{ name: "asc" }, { createdAt: "asc" }] }),
      ]);
      const mine = ownFigures(own, { days: q.days });
      const ownHistory = own.history;
      const demo = own.accounts.some((a) => a.platform === "instagram" && a.demo);
      const ids = list.map((c) => c.id);
      const recent = ids.length
        ? await db.competitorSnapshot.findMany({
            where: { competitorId: { in: ids }, day: { gte: dayOf(historyFrom) } },
            orderBy: { day: "asc" },
          })
        : [];
      const latest = new Map<string, SnapshotView>();
      for (const s of recent) latest.set(s.competitorId, view(s, demo)); // ascending: the last one stays
      const unread = ids.filter((id) => !latest.has(id));
      if (unread.length) for (const [id, s] of await latestOf(unread, demo)) latest.set(id, s);
      const history = recent.filter((s) => s.day <= dayOf(to));
      const competitors = list.map((competitor) => ({
        competitor,
        latest: latest.get(competitor.id) ?? null,
        history: history.filter((s) => s.competitorId === competitor.id).map((s) => view(s, demo)),
      }));
      const summary = benchmarkSummary({
        own: Object.fromEntries(mine.map((o) => [o.platform, o])),
        competitors: competitors.map((c) => ({
          name: c.competitor.name,
          platform: c.competitor.platform,
          latest: c.latest,
        })),
      });
      return {
        from,
        to,
        days: q.days,
        historyFrom,
        own: mine,
        ownHistory,
        competitors,
        summary,
        summaryEn: summaryText(summary, "en"),
        summaryAr: summaryText(summary, "ar"),
      };
    },
  };
}
