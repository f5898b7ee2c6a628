import type { Deps } from "./deps.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createClientsService } from "./modules/clients/clients.service.ts";
import { createHealthService } from "./modules/health/health.service.ts";
import { createAdminService } from "./modules/admin/admin.service.ts";
import { createOwnerService } from "./modules/owner/owner.service.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createTranslationsService } from "./modules/translations/translations.service.ts";
import { createTeamService } from "./modules/team/team.service.ts";
import { createApiKeysService } from "./modules/api-keys/api-keys.service.ts";

export function createServices(deps: Deps, opts: { heartbeatMs: number; healthWatchMs?: number }) {
  const health = createHealthService({ pool: deps.pool, heartbeatMs: opts.heartbeatMs });
  return {
    auth: createAuthService(deps),
    clients: createClientsService(deps),
    health,
    admin: createAdminService(deps, health, { healthWatchMs: opts.healthWatchMs }),
    owner: createOwnerService(deps),
    notifications: createNotificationsService(deps),
    translations: createTranslationsService(deps),
    team: createTeamService(deps),
    apiKeys: createApiKeysService(deps),
    /** events to listen to (subscriptions); services publish through deps.pubsub */
    events: deps.pubsub,
  };
}
export type Services = ReturnType<typeof createServices>;
