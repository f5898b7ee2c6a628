import { builder } from "../../graphql/builder.ts";
import type { HealthReason } from "./health.service.ts";

export const HealthStateEnum = builder.enumType("HealthState", { values: { HEALTHY: { value: "healthy" }, DEGRADED: { value: "degraded" }, DOWN: { value: "down" } } as const });

type State = "healthy" | "degraded" | "down";

/** Why a part is not healthy: a code the client words in the person's language, with its measurement. */
export const HealthReasonRef = builder.objectRef<HealthReason>("HealthReason").implement({
  fields: (t) => ({
    part: t.exposeString("part"),
    code: t.exposeString("code"),
    value: t.exposeInt("value", { nullable: true }),
    limit: t.exposeInt("limit", { nullable: true }),
  }),
});
const Health = builder.objectRef<{ status: State; api: State; database: State; scheduler: State; reasons: HealthReason[]; checkedAt: string }>("Health").implement({
  fields: (t) => ({
    status: t.expose("status", { type: HealthStateEnum }),
    api: t.expose("api", { type: HealthStateEnum }),
    database: t.expose("database", { type: HealthStateEnum }),
    scheduler: t.expose("scheduler", { type: HealthStateEnum }),
    reasons: t.expose("reasons", { type: [HealthReasonRef] }),
    checkedAt: t.exposeString("checkedAt"),
  }),
});

builder.queryFields((t) => ({
  health: t.field({
    type: Health,
    resolve: async (_r, _a, ctx) => {
      const h = await ctx.services.health.check();
      return { status: h.status, api: h.api, database: h.database, scheduler: h.scheduler, reasons: h.reasons, checkedAt: h.checked_at };
    },
  }),
}));
