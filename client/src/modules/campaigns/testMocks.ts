// For tests only: the Apollo mock of the campaigns the composer and the calendar offer, for every test
// that renders either (none by default: the fields show "No campaign").
import { CampaignsOptionsDocument } from "../../graphql/graphql.ts";

export const campaignOption = (id: string, name: string, startDate = "2026-03-01", endDate = "2026-03-31") => ({
  __typename: "Campaign" as const,
  id,
  name,
  startDate,
  endDate,
});

export const campaignOptionsMock = (campaigns: ReturnType<typeof campaignOption>[] = []) => ({
  request: { query: CampaignsOptionsDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { campaigns } },
});
