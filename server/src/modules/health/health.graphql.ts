import { builder } from "../../graphql/builder.ts";
import { HealthStateEnum } from "../../graphql/enums.ts";
import { HealthReasonRef } from "../../graphql/refs.ts";
import type { HealthReason } from "./health.service.ts";

type State = "healthy" | "degraded" | "down";

/** Why a part is not healthy: a code the client words in the person's language, with its measurement. */
HealthReasonRef.implement({
  description: "Why a part is not healthy: a code, with its measurement and limit.",
  fields: (t) => ({
    part: t.exposeString("part", { description: "The part: api, database or scheduler." }),
    code: t.exposeString("code", {
      description: "What is wrong: event_loop_lag, no_answer, slow_round_trip, stale_heartbeat or never_ran.",
    }),
    value: t.exposeInt("value", {
      description:
        "The measurement: milliseconds for event_loop_lag and slow_round_trip, seconds since the last heartbeat for stale_heartbeat; null for the others.",
      nullable: true,
    }),
    limit: t.exposeInt("limit", {
      description: "The limit the measurement passed, in the same unit; null when there is none.",
      nullable: true,
    }),
  }),
});
const Health = builder
  .objectRef<{
    status: State;
    api: State;
    database: State;
    scheduler: State;
    reasons: HealthReason[];
    checkedAt: string;
  }>("Health")
  .implement({
    description: "Whether Sufra is up: each part and the worst of them.",
    fields: (t) => ({
      status: t.expose("status", { description: "The worst of the parts' states.", type: HealthStateEnum }),
      api: t.expose("api", { description: "The API server itself (its event loop).", type: HealthStateEnum }),
      database: t.expose("database", { description: "The PostgreSQL database (a round trip).", type: HealthStateEnum }),
      scheduler: t.expose("scheduler", {
        description: "The publishing scheduler (its heartbeat job).",
        type: HealthStateEnum,
      }),
      reasons: t.expose("reasons", {
        description: "Why a part is not healthy; empty when all are.",
        type: [HealthReasonRef],
      }),
      checkedAt: t.exposeString("checkedAt", { description: "When the check ran, ISO 8601 in UTC." }),
    }),
  });

builder.queryFields((t) => ({
  health: t.field({
    description: "Whether Sufra is up. Anyone may ask.",
    type: Health,
    resolve: async (_r, _a, ctx) => {
      const h = await ctx.services.health.check();
      return {
        status: h.status,
        api: h.api,
        database: h.database,
        scheduler: h.scheduler,
        reasons: h.reasons,
        checkedAt: h.checked_at,
      };
    },
  }),
}));
