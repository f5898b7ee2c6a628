// What the competitors screen works with: the benchmark's shapes from the generated types, GraphQL
// enum values to the shared vocabulary's keys, labels in the person's language, the summary's
// sentences written with the person's digits, and the CSV template as a file to save.
import {
  COMPETITOR_CSV_TEMPLATE,
  CUISINES,
  isMessageKey,
  KUWAIT_AREAS,
  PLATFORM_LABELS,
  summaryPointText,
  type CompetitorMetric,
  type Locale,
  type SummaryPoint,
} from "@sufra/schema";
import type {
  CompetitorMetric as GqlMetric,
  CompetitorsBenchmarkQuery,
  Platform as GqlPlatform,
} from "../../graphql/graphql.ts";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import { platformKey } from "../../graphql/enumKeys.ts";

export type Benchmark = CompetitorsBenchmarkQuery["competitorBenchmark"];
export type Entry = Benchmark["competitors"][number];
export type CompetitorRow = Entry["competitor"];

export const platformLabel = (p: GqlPlatform, locale: Locale) => PLATFORM_LABELS[platformKey[p]][locale];

const METRICS: Record<GqlMetric, CompetitorMetric> = {
  FOLLOWERS: "followers",
  POSTS_PER_WEEK: "postsPerWeek",
  AVG_ENGAGEMENT: "avgEngagement",
};

/** An area or cuisine key in the person's language; a free text as written. */
export const areaLabel = (v: string | null | undefined, locale: Locale) =>
  v ? (Object.hasOwn(KUWAIT_AREAS, v) ? KUWAIT_AREAS[v as keyof typeof KUWAIT_AREAS][locale] : v) : null;
export const cuisineLabel = (v: string | null | undefined, locale: Locale) =>
  v ? (Object.hasOwn(CUISINES, v) ? CUISINES[v as keyof typeof CUISINES][locale] : v) : null;

/** The server's summary points as the shared rule's, for writing them in the person's language. */
export function summaryPoints(b: Pick<Benchmark, "summary">): SummaryPoint[] {
  return b.summary.flatMap((p) =>
    isMessageKey(p.key)
      ? [
          {
            key: p.key,
            ...(p.platform ? { platform: platformKey[p.platform] } : {}),
            ...(p.metric ? { metric: METRICS[p.metric] } : {}),
            ...(p.own != null ? { own: p.own } : {}),
            ...(p.theirs != null ? { theirs: p.theirs } : {}),
            ...(p.name != null ? { name: p.name } : {}),
            ...(p.ahead != null ? { ahead: p.ahead } : {}),
            ...(p.total != null ? { total: p.total } : {}),
            ...(p.themes ? { themes: p.themes } : {}),
          },
        ]
      : [],
  );
}

/** One sentence, with the digits the person chose (lib/format.ts). */
export const summarySentence = (p: SummaryPoint, locale: Locale) =>
  summaryPointText(p, locale, { number: (n) => formatNumber(n, locale), percent: (n) => formatPercent(n, locale) });

/** Saves the CSV template in a language (with a byte-order mark, so spreadsheets read Arabic as UTF-8). */
export function downloadTemplate(locale: Locale) {
  if (typeof URL.createObjectURL !== "function") return;
  const url = URL.createObjectURL(
    new Blob([`\ufeff${COMPETITOR_CSV_TEMPLATE[locale]}`], { type: "text/csv;charset=utf-8" }),
  );
  const a = document.createElement("a");
  a.href = url;
  a.download = `sufra-competitors-${locale}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
