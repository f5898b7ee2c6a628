// The inbox in figures on the REST wire (docs/architecture.md#borders "Wire shapes"): GET /api/analytics/guests
// (analytics' REST door) answers them so.
import type { GuestResponseFigures, InboxFigures } from "./figures.ts";

const restResponse = (f: GuestResponseFigures) => ({
  items: f.items,
  answered: f.answered,
  response_rate: f.responseRate,
  timed: f.timed,
  median_response_seconds: f.medianResponseSeconds,
});

export const restInboxFigures = (f: InboxFigures) => ({
  client_id: f.clientId,
  from: f.from,
  to: f.to,
  previous: f.previous,
  simulated_included: f.simulatedIncluded,
  total: restResponse(f.total),
  by_source: f.bySource.map((s) => ({ source: s.source, ...restResponse(s) })),
  by_branch: f.byBranch.map((b) => ({ location_id: b.locationId, branch: b.branch, ...restResponse(b) })),
  rating: { interval: f.rating.interval, count: f.rating.count, average: f.rating.average, points: f.rating.points },
  topics: f.topics.map((t) => ({
    topic: t.topic,
    count: t.count,
    previous: t.previous,
    change: t.change,
    change_percent: t.changePercent,
    trend: t.trend,
  })),
  review_requests: {
    requests: f.reviewRequests.requests,
    received: f.reviewRequests.received,
    by_branch: f.reviewRequests.byBranch.map((b) => ({
      location_id: b.locationId,
      branch: b.branch,
      requests: b.requests,
      received: b.received,
    })),
  },
});
