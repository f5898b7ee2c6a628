import { builder } from "../../graphql/builder.ts";

const HealthStateEnum = builder.enumType("HealthState", { values: { HEALTHY: { value: "healthy" }, DEGRADED: { value: "degraded" }, DOWN: { value: "down" } } as const });

type State = "healthy" | "degraded" | "down";
const Health = builder.objectRef<{ status: State; api: State; database: State; scheduler: State; checkedAt: string }>("Health").implement({
  fields: (t) => ({
    status: t.expose("status", { type: HealthStateEnum }),
    api: t.expose("api", { type: HealthStateEnum }),
    database: t.expose("database", { type: HealthStateEnum }),
    scheduler: t.expose("scheduler", { type: HealthStateEnum }),
    checkedAt: t.exposeString("checkedAt"),
  }),
});

builder.queryFields((t) => ({
  health: t.field({
    type: Health,
    resolve: async (_r, _a, ctx) => {
      const h = await ctx.services.health.check();
      return { status: h.status, api: h.api, database: h.database, scheduler: h.scheduler, checkedAt: h.checked_at };
    },
  }),
}));
