// Analytics' audience: who follows a business, as each network reports it. The metrics job
// reads every connected account's audience once per Kuwait day into audience_snapshots (demo accounts
// get the simulated network's reading, marked simulated); the overview's followers and the
// /audience path answer from those rows only. Instagram gives followers, cities, age bands, genders
// and the hours followers are online; X only followers; Snapchat nothing (no API).
import {
  AUDIENCE_PLATFORMS,
  findKuwaitArea,
  kuwaitDate,
  percentChange,
  PLAN_PLATFORMS,
  type KuwaitAreaKey,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Db } from "../../db/prisma.ts";
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import { mapLimit } from "../../networks/http.ts";
import type { AudienceCount, AudienceReading } from "../../networks/types.ts";
import type { Viewer } from "../../kernel/policy.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { AnalyticsQuery, Scope } from "./query.ts";

// the registry's networks that have followers (a pack's `audience`), in its order
const PLATFORM_ORDER: readonly Platform[] = AUDIENCE_PLATFORMS;
const TOP_CITIES = 10;
const GENDER_ORDER = ["female", "male", "unknown"];

// ---------------------------------------------------------------- collecting (the metrics job)

/** A reading as stored: whole non-negative counts, 24 active hours or none. */
function clean(r: AudienceReading): AudienceReading {
  const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : 0);
  const list = (xs: AudienceCount[] | undefined) =>
    (xs ?? []).filter((x) => typeof x?.key === "string" && x.key).map((x) => ({ key: x.key, count: count(x.count) }));
  return {
    followers: typeof r.followers === "number" && Number.isFinite(r.followers) ? count(r.followers) : null,
    cities: list(r.cities),
    ages: list(r.ages),
    genders: list(r.genders),
    activeHours: Array.isArray(r.activeHours) && r.activeHours.length === 24 ? r.activeHours.map(count) : [],
  };
}

/**
 * Reads the audience of every connected account that has no snapshot for today (Kuwait) and stores
 * it: at most one reading per account and day, so the hourly job asks each network once a day, and
 * an account whose reading failed is asked again at the next run. Networks without an audience API
 * are skipped. A failure is logged and never stops the others. Answers the businesses written.
 */
export async function collectAudience(
  deps: Pick<Deps, "db" | "logger">,
  accounts: Pick<PlatformAccountsService, "access" | "adapterFor">,
  now = new Date(),
): Promise<Set<string>> {
  const { db, logger } = deps;
  const today = kuwaitDate(now);
  const day = new Date(`${today}T00:00:00Z`);
  const due = await db.platformAccount.findMany({
    where: { status: "connected", audienceDays: { none: { day } } },
    select: { id: true, businessId: true, platform: true, demo: true },
  });
  const written = new Set<string>();
  await mapLimit(
    due.filter((a) => accounts.adapterFor(a).audience),
    4,
    async (a) => {
      try {
        const { account, access } = await accounts.access(a.id);
        if (account.status !== "connected") return;
        // the adapters retry their read-only calls with backoff, as for post figures
        const reading = clean(await accounts.adapterFor(account).audience!({ ...access, id: account.id }));
        const data = {
          followers: reading.followers,
          cities: reading.cities as unknown as Prisma.InputJsonValue,
          ages: reading.ages as unknown as Prisma.InputJsonValue,
          genders: reading.genders as unknown as Prisma.InputJsonValue,
          activeHours: reading.activeHours,
          simulated: account.demo,
        };
        await db.audienceSnapshot
          .upsert({
            where: { accountId_day: { accountId: account.id, day } },
            create: { businessId: account.businessId, accountId: account.id, platform: account.platform, day, ...data },
            update: data,
          })
          .catch((e) => {
            // another process stored today's reading first: one reading a day is all we want
            if (!(e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")) throw e;
          });
        written.add(account.businessId);
      } catch (e) {
        logger.warn("audience reading skipped an account", {
          accountId: a.id,
          platform: a.platform,
          error: (e as Error).message,
        });
      }
    },
  );
  return written;
}

// ---------------------------------------------------------------- followers for the overview

interface FollowerTotals {
  /** the sum of each account's latest count on or before `day`; null when no account has one */
  current: number | null;
  /** the same on or before `previousDay` */
  previous: number | null;
  byPlatform: Partial<Record<Platform, { current: number | null; previous: number | null }>>;
}

/**
 * A business's followers on a Kuwait day: each of its accounts' latest recorded count on or before
 * that day, added up over its networks (one index probe per account and day, on (account, day)).
 */
async function followerTotals(
  db: Pick<Db, "$queryRaw">,
  q: { businessId: string; day: string; previousDay: string; includeSimulated: boolean; platform?: Platform },
): Promise<FollowerTotals> {
  const latest = (day: string) => Prisma.sql`(
    select s.followers from audience_snapshots s
     where s.account_id = a.id and s.day <= ${day}::date and s.followers is not null and (${q.includeSimulated} or not s.simulated)
     order by s.day desc limit 1)`;
  const rows = await db.$queryRaw<{ platform: Platform; current: number | null; previous: number | null }[]>`
    select a.platform::text as platform, ${latest(q.day)} as current, ${latest(q.previousDay)} as previous
      from platform_accounts a
     where a.business_id = ${q.businessId}::uuid ${q.platform ? Prisma.sql`and a.platform = ${q.platform}::"Platform"` : Prisma.empty}`;
  const sum = (k: "current" | "previous", of = rows) =>
    of.reduce<number | null>((n, r) => (r[k] === null ? n : (n ?? 0) + r[k]!), null);
  const byPlatform: FollowerTotals["byPlatform"] = {};
  for (const r of rows) byPlatform[r.platform] = { current: sum("current", [r]), previous: sum("previous", [r]) };
  return { current: sum("current"), previous: sum("previous"), byPlatform };
}

/**
 * Fills an answer's followers and their change: the count on the range's last day against the count
 * on the previous period's last day (the overview; and one network's page with `platform`).
 */
export async function withFollowers(
  db: Pick<Db, "$queryRaw">,
  q: { clientId: string; to: string; includeSimulated: boolean },
  previous: { to: string },
  into: { totals: { followers: number | null }; change: { followers: number | null } },
  platform?: Platform,
): Promise<void> {
  const f = await followerTotals(db, {
    businessId: q.clientId,
    day: q.to,
    previousDay: previous.to,
    includeSimulated: q.includeSimulated,
    platform,
  });
  into.totals.followers = f.current;
  into.change.followers = percentChange(f.current, f.previous);
}

// ---------------------------------------------------------------- GET /api/analytics/audience

/** Why a network shows less than everything. */
export const AUDIENCE_GAPS = [
  "not_connected",
  "no_audience_api",
  "simulated_hidden",
  "no_reading_yet",
  "no_demographics",
] as const;
type AudienceGap = (typeof AUDIENCE_GAPS)[number];

export interface AudienceShare {
  key: string;
  count: number;
  /** percent of the breakdown's total, two decimals */
  share: number;
}
export interface AudienceCityShare extends AudienceShare {
  /** the Kuwait area the city is (KUWAIT_AREAS key), for its name in both languages; null elsewhere */
  area: KuwaitAreaKey | null;
}
export interface AudienceView {
  followers: number | null;
  /** the ten largest, largest first */
  cities: AudienceCityShare[];
  /** by age band, youngest first */
  ages: AudienceShare[];
  /** female, male, unknown */
  genders: AudienceShare[];
  /** followers online at each Kuwait hour (index 0-23); [] when not reported */
  activeHours: number[];
}
export interface AudienceNetwork extends AudienceView {
  platform: Platform;
  /** a reading exists in the range (with at least a follower count) */
  reported: boolean;
  /** why the network shows less than everything; null when it reported all it can */
  gap: AudienceGap | null;
  /** the Kuwait day of the reading shown (the latest in the range); null without one */
  day: string | null;
  simulated: boolean;
}
export interface AnalyticsAudience {
  clientId: string;
  from: string;
  to: string;
  simulatedIncluded: boolean;
  /** every network of the plan (and any other with an account or a reading), in the registry's order, reported or not */
  networks: AudienceNetwork[];
  /** the networks' readings added up (followers, each breakdown by key, each hour) */
  combined: AudienceView & { platforms: Platform[] };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const ageFrom = (key: string) => {
  const n = parseInt(key, 10);
  return Number.isFinite(n) ? n : 999;
};

function shares(list: AudienceCount[]): AudienceShare[] {
  const total = list.reduce((n, x) => n + x.count, 0);
  return list.map((x) => ({ key: x.key, count: x.count, share: total > 0 ? round2((x.count / total) * 100) : 0 }));
}
const byCount = (a: AudienceCount, b: AudienceCount) => b.count - a.count || a.key.localeCompare(b.key);

/** A reading (or several added up) as the screen shows it: shares, cities cut to the top ten, bands in order. */
function view(followers: number | null, parts: AudienceReading[]): AudienceView {
  const merge = (pick: (r: AudienceReading) => AudienceCount[]) => {
    const m = new Map<string, number>();
    for (const r of parts) for (const x of pick(r)) m.set(x.key, (m.get(x.key) ?? 0) + x.count);
    return [...m].map(([key, count]) => ({ key, count }));
  };
  // a city's share is of every city reported, not of the ten shown
  const cities = shares(merge((r) => r.cities).sort(byCount))
    .slice(0, TOP_CITIES)
    .map((c) => ({ ...c, area: findKuwaitArea(c.key.split(",")[0]) }));
  const ages = shares(
    merge((r) => r.ages).sort((a, b) => ageFrom(a.key) - ageFrom(b.key) || a.key.localeCompare(b.key)),
  );
  const rank = (k: string) => (GENDER_ORDER.includes(k) ? GENDER_ORDER.indexOf(k) : GENDER_ORDER.length);
  const genders = shares(
    merge((r) => r.genders).sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key)),
  );
  const hours = parts.filter((r) => r.activeHours.length === 24);
  const activeHours = hours.length
    ? Array.from({ length: 24 }, (_, h) => hours.reduce((n, r) => n + r.activeHours[h]!, 0))
    : [];
  return { followers, cities, ages, genders, activeHours };
}

interface SnapshotRow extends AudienceReading {
  platform: Platform;
  day: string;
  simulated: boolean;
}

export function createAudienceService(
  deps: Deps,
  analytics: { scope: Scope },
  accounts: Pick<PlatformAccountsService, "adapterFor" | "planAndNetworks">,
) {
  const { db } = deps;

  return {
    /**
     * Per network, the latest reading in the range (its followers, top ten cities, age bands, genders
     * with counts and shares, active hours); networks without one are listed with the reason; and the
     * readings added up across networks.
     */
    async audience(viewer: Viewer | null, input: AnalyticsQuery): Promise<AnalyticsAudience> {
      const q = await analytics.scope(viewer, input);
      const [{ plan, accounts: owned }, rows] = await Promise.all([
        accounts.planAndNetworks(q.clientId),
        // the latest reading per network within the range, over the (business, day) index
        db.$queryRaw<SnapshotRow[]>`
          select distinct on (platform) platform::text as platform, to_char(day, 'YYYY-MM-DD') as day, followers, cities, ages, genders,
                 active_hours as "activeHours", simulated
            from audience_snapshots
           where business_id = ${q.clientId}::uuid and day between ${q.from}::date and ${q.to}::date and (${q.includeSimulated} or not simulated)
           order by platform, day desc`,
      ]);
      // the plan's networks (one rule: PLAN_PLATFORMS), and any other the business still has an account or a reading of
      // (from a plan it had before); a network its plan cannot connect is left out rather than called not connected
      const shown = PLATFORM_ORDER.filter(
        (p) =>
          PLAN_PLATFORMS[plan].includes(p) || owned.some((a) => a.platform === p) || rows.some((r) => r.platform === p),
      );
      const networks = shown.map((platform): AudienceNetwork => {
        const row = rows.find((r) => r.platform === platform);
        if (row) {
          const reading = clean(row);
          const demographics =
            reading.cities.length + reading.ages.length + reading.genders.length > 0 || reading.activeHours.length > 0;
          return {
            platform,
            reported: true,
            gap: demographics ? null : "no_demographics",
            day: row.day,
            simulated: row.simulated,
            ...view(reading.followers, [reading]),
          };
        }
        const account = owned.find((a) => a.platform === platform);
        const gap: AudienceGap = !account
          ? "not_connected"
          : !accounts.adapterFor(account).audience
            ? "no_audience_api"
            : account.demo && !q.includeSimulated
              ? "simulated_hidden"
              : "no_reading_yet";
        return { platform, reported: false, gap, day: null, simulated: account?.demo ?? false, ...view(null, []) };
      });
      const readings = rows.filter((r) => PLATFORM_ORDER.includes(r.platform)).map(clean);
      const counted = readings.filter((r) => r.followers !== null);
      return {
        clientId: q.clientId,
        from: q.from,
        to: q.to,
        simulatedIncluded: q.includeSimulated,
        networks,
        combined: {
          platforms: networks.filter((n) => n.reported).map((n) => n.platform),
          ...view(counted.length ? counted.reduce((n, r) => n + r.followers!, 0) : null, readings),
        },
      };
    },
  };
}

// ---------------------------------------------------------------- the REST door's shape
// (here rather than in analytics.rest.ts, whose routes only call it: the wire shape sits by its type)

const restView = (v: AudienceView) => ({
  followers: v.followers,
  cities: v.cities,
  ages: v.ages,
  genders: v.genders,
  active_hours: v.activeHours,
});

export const restAudience = (a: AnalyticsAudience) => ({
  client_id: a.clientId,
  from: a.from,
  to: a.to,
  simulated_included: a.simulatedIncluded,
  networks: a.networks.map((n) => ({
    platform: n.platform,
    reported: n.reported,
    gap: n.gap,
    day: n.day,
    simulated: n.simulated,
    ...restView(n),
  })),
  combined: { platforms: a.combined.platforms, ...restView(a.combined) },
});
