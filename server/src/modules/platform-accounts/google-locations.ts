// The business's Google locations (branches), read from its Google connection and picked by a person
// (docs/product.md#google-business-profile). Google is read through the adapter's places(); the rows
// are google_locations, owned by this module: upserted by business and location name, so a person's
// picks survive every re-read; a location Google no longer lists is marked gone (and unverified, so
// nothing is synced or posted there), never deleted with its reviews.
import type { Deps, RequestMeta } from "../../deps.ts";
import type { GoogleLocation, PlatformAccount } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { GoogleGuests } from "../../networks/guests.ts";
import { PlatformError, type AccountAccess } from "../../networks/types.ts";

export interface GoogleLocationsOptions {
  access(accountId: string): Promise<{ account: PlatformAccount; access: AccountAccess }>;
  google(demo: boolean): GoogleGuests;
  markReconnectNeeded(account: PlatformAccount, reason: string): Promise<PlatformAccount>;
}

/** Most locations one pick or unpick names (a café chain has a handful; Google lists up to 100 a page). */
const MAX_PICKS = 200;

export function createGoogleLocations(deps: Deps, o: GoogleLocationsOptions) {
  const { db, logger } = deps;

  const business = (viewer: Viewer | null) => {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  };

  const listOf = (businessId: string) =>
    db.googleLocation.findMany({
      where: { businessId },
      orderBy: [{ goneAt: { sort: "asc", nulls: "first" } }, { title: "asc" }, { name: "asc" }],
    });

  /**
   * Reads the connection's locations from Google and stores them. New ones start unpicked, except a
   * business's only location and the simulated network's (a rehearsal works at once); picks are kept.
   */
  async function read(
    accountId: string,
    actorId: string | null,
    meta?: RequestMeta,
  ): Promise<{ read: number; gone: number }> {
    const got = await o.access(accountId);
    const account = got.account;
    if (account.platform !== "google" || account.status !== "connected") throw new AppError("GOOGLE_RECONNECT_NEEDED");
    let places;
    try {
      places = await o.google(account.demo).places({ ...got.access, id: account.id });
    } catch (e) {
      if (e instanceof PlatformError && e.kind === "auth") {
        await o.markReconnectNeeded(account, e.platformMessage);
        throw new AppError("GOOGLE_RECONNECT_NEEDED");
      }
      logger.warn("google locations read failed", { accountId, error: (e as Error).message });
      throw new AppError("NETWORK_UNAVAILABLE");
    }
    const names = [...new Set(places.map((p) => p.name))];
    return db.$transaction(async (tx) => {
      // one read at a time per business: two clicks at once do not race on the first-location pick
      await tx.$queryRaw`select id from businesses where id = ${account.businessId}::uuid for update`;
      const before = await tx.googleLocation.count({ where: { businessId: account.businessId } });
      const autoPick = account.demo || (before === 0 && names.length === 1);
      for (const p of places) {
        await tx.googleLocation.upsert({
          where: { businessId_name: { businessId: account.businessId, name: p.name } },
          create: {
            businessId: account.businessId,
            accountId: account.id,
            googleAccount: p.googleAccount,
            name: p.name,
            title: p.title,
            address: p.address,
            verified: p.verified,
            picked: autoPick,
            demo: account.demo,
            placeId: p.placeId ?? null,
            reviewUrl: p.reviewUrl ?? null,
          },
          update: {
            accountId: account.id,
            googleAccount: p.googleAccount,
            title: p.title,
            address: p.address,
            verified: p.verified,
            placeId: p.placeId ?? null,
            reviewUrl: p.reviewUrl ?? null,
            goneAt: null,
          },
        });
      }
      const gone = await tx.googleLocation.updateMany({
        where: { businessId: account.businessId, name: { notIn: names }, goneAt: null },
        data: { goneAt: new Date(), verified: false },
      });
      await audit(tx, {
        actorId,
        action: "platform.google_locations_read",
        entityType: "business",
        entityId: account.businessId,
        data: { read: names.length, gone: gone.count },
        ip: meta?.ip,
      });
      return { read: names.length, gone: gone.count };
    });
  }

  /** The business's current Google connection (connected or needing a reconnect), or null. */
  const connection = (businessId: string) =>
    db.platformAccount.findUnique({ where: { businessId_platform: { businessId, platform: "google" } } });

  return {
    /** After connecting (the OAuth callback): read the locations; a failure leaves the connection made. */
    async readAfterConnect(accountId: string, actorId: string): Promise<boolean> {
      try {
        await read(accountId, actorId);
        return true;
      } catch (e) {
        logger.warn("google locations not read after connect", { accountId, error: (e as Error).message });
        return false;
      }
    },

    /** Every location the business's Google connection has shown, picked or not, gone ones last. */
    async list(viewer: Viewer | null): Promise<GoogleLocation[]> {
      const { businessId } = business(viewer);
      const rows = await listOf(businessId);
      // a practice or demo Google account has its simulated branches from the first look (nothing leaves the server)
      if (!rows.length) {
        const account = await connection(businessId);
        if (account?.demo && account.status === "connected") {
          await read(account.id, null);
          return listOf(businessId);
        }
      }
      return rows;
    },

    /** Reads the locations from Google again; the list after. */
    async refresh(viewer: Viewer | null, meta: RequestMeta): Promise<GoogleLocation[]> {
      const { v, businessId } = business(viewer);
      const account = await connection(businessId);
      if (!account || account.status === "disconnected") throw new AppError("PLATFORM_NOT_CONNECTED");
      if (account.status !== "connected") throw new AppError("GOOGLE_RECONNECT_NEEDED");
      await read(account.id, v.userId, meta);
      return listOf(businessId);
    },

    /**
     * Picks or unpicks locations of the business: picked ones have their reviews read into the inbox and
     * take the business's Google posts. A gone location can be unpicked, not picked. Ids of other
     * businesses are not found.
     */
    async pick(
      viewer: Viewer | null,
      input: { locationIds: unknown; picked: unknown },
      meta: RequestMeta,
    ): Promise<GoogleLocation[]> {
      const { v, businessId } = business(viewer);
      const ids = Array.isArray(input.locationIds) ? [...new Set(input.locationIds)] : null;
      if (
        !ids ||
        !ids.length ||
        ids.length > MAX_PICKS ||
        !ids.every((id) => typeof id === "string" && isUuid(id)) ||
        typeof input.picked !== "boolean"
      )
        throw new AppError("VALIDATION_ERROR", { locationIds: ["invalidValue"] });
      const picked = input.picked;
      await db.$transaction(async (tx) => {
        const rows = await tx.googleLocation.findMany({
          where: { businessId, id: { in: ids as string[] } },
          select: { id: true, goneAt: true },
        });
        if (rows.length !== ids.length) throw new AppError("NOT_FOUND");
        if (picked && rows.some((r) => r.goneAt)) throw new AppError("INVALID_STATE");
        await tx.googleLocation.updateMany({ where: { businessId, id: { in: ids as string[] } }, data: { picked } });
        await audit(tx, {
          actorId: v.userId,
          action: picked ? "platform.google_locations_picked" : "platform.google_locations_unpicked",
          entityType: "business",
          entityId: businessId,
          data: { locationIds: ids },
          ip: meta.ip,
        });
      });
      return listOf(businessId);
    },
  };
}
