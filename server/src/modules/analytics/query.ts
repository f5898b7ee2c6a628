// The shape of an analytics question, and of the tenancy rule that answers who may ask it
// (analytics.service.ts's scope). Apart so the files answering other questions (audience.ts,
// realtime.ts) take the rule without importing the service that uses them.
import type { AnalyticsQueryParams } from "@sufra/schema";
import type { z } from "zod";
import type { Viewer } from "../../kernel/policy.ts";

export interface AnalyticsQuery {
  clientId?: unknown;
  from?: unknown;
  to?: unknown;
  includeSimulated?: unknown;
  /** only this campaign's posts */
  campaignId?: unknown;
}

/** A question's parameters once the caller may ask it: the business, the campaign, simulated or not. */
export type Scoped<T extends AnalyticsQueryParams = AnalyticsQueryParams> = Omit<T, "clientId" | "includeSimulated"> & {
  clientId: string;
  includeSimulated: boolean;
  campaign: { id: string; name: string } | null;
};

/** The question asked, checked, and the business the caller may read (analytics.service.ts). */
export type Scope = <T extends AnalyticsQueryParams = AnalyticsQueryParams>(
  viewer: Viewer | null,
  input: AnalyticsQuery,
  rule?: z.ZodType<T>,
) => Promise<Scoped<T>>;
