import type { Deps } from "./deps.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createClientsService } from "./modules/clients/clients.service.ts";
import { createHealthService } from "./modules/health/health.service.ts";

export function createServices(deps: Deps, opts: { heartbeatMs: number }) {
  return {
    auth: createAuthService(deps),
    clients: createClientsService(deps),
    health: createHealthService({ pool: deps.pool, heartbeatMs: opts.heartbeatMs }),
    /** events to listen to (subscriptions); services publish through deps.pubsub */
    events: deps.pubsub,
  };
}
export type Services = ReturnType<typeof createServices>;
