// The Facebook Pages of the business's Facebook connection, and the one it publishes to
// (docs/product.md#networks; the same pattern as google-locations.ts). Facebook Login gives a
// person's token; posts go out as a Page, with that Page's own token from GET /me/accounts. A person
// with one Page gets it at once; with several the account waits (reconnect_needed, so its posts wait
// visibly) until someone chooses one. A Page where the person lacks the CREATE_CONTENT task is listed
// but cannot be chosen: Facebook would refuse every post there. Page tokens are sealed at rest.
import type { Deps, RequestMeta } from "../../deps.ts";
import type { FacebookPage, PlatformAccount } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { createTokenCrypto } from "../../kernel/token-crypto.ts";
import {
  canPublishTo,
  facebookRefreshToken,
  facebookUserToken,
  type FacebookPageSource,
} from "../../networks/facebook/adapter.ts";

/** Why a Facebook connection waits: connected to Facebook, no Page chosen yet (kept as the account's lastError). */
const FACEBOOK_PAGE_NEEDED = "Choose the Facebook Page Sufra publishes to";
/** While no Page is chosen the account's network id is the person's, so it can never be taken for a Page. */
const PERSON_PREFIX = "person:";

export interface FacebookPagesOptions {
  source: FacebookPageSource;
  crypto: ReturnType<typeof createTokenCrypto>;
  /** the account changed: tell the screens, and let targets that waited for it go */
  connected(account: PlatformAccount): Promise<void>;
}

export function createFacebookPages(deps: Deps, o: FacebookPagesOptions) {
  const { db, logger } = deps;

  const listOf = (accountId: string) =>
    db.facebookPage.findMany({ where: { accountId }, orderBy: [{ name: "asc" }, { pageId: "asc" }] });

  /** The business's own Facebook connection with this id, or NOT_FOUND (another business's ids are not found). */
  async function accountOf(businessId: string, accountId: unknown): Promise<PlatformAccount> {
    if (typeof accountId !== "string" || !isUuid(accountId)) throw new AppError("NOT_FOUND");
    const a = await db.platformAccount.findFirst({ where: { id: accountId, businessId, platform: "facebook" } });
    if (!a || a.status === "disconnected") throw new AppError("NOT_FOUND");
    return a;
  }

  /** Makes `pageId` the account's Page: its token becomes the account's, and the account can publish. */
  async function choose(
    account: PlatformAccount,
    pageId: string,
    actorId: string | null,
    meta?: RequestMeta,
  ): Promise<PlatformAccount> {
    const updated = await db.$transaction(async (tx) => {
      // one choice at a time per account
      await tx.$queryRaw`select id from platform_accounts where id = ${account.id}::uuid for update`;
      const fresh = await tx.platformAccount.findUniqueOrThrow({ where: { id: account.id } });
      const page = await tx.facebookPage.findUnique({ where: { accountId_pageId: { accountId: account.id, pageId } } });
      if (!page || fresh.status === "disconnected") throw new AppError("NOT_FOUND");
      if (!canPublishTo(page.tasks)) throw new AppError("FACEBOOK_PAGE_ROLE_MISSING");
      const userToken = fresh.refreshToken ? facebookUserToken(o.crypto.open(fresh.refreshToken)) : "";
      await tx.facebookPage.updateMany({ where: { accountId: account.id }, data: { chosen: false } });
      await tx.facebookPage.update({ where: { id: page.id }, data: { chosen: true } });
      const a = await tx.platformAccount.update({
        where: { id: account.id },
        data: {
          externalId: page.pageId,
          handle: page.name,
          displayName: page.name,
          accessToken: page.accessToken,
          refreshToken: o.crypto.seal(facebookRefreshToken(page.pageId, userToken)),
          // a Page token made from a long-lived person's token does not expire
          tokenExpiresAt: null,
          status: "connected",
          lastError: null,
        },
      });
      await audit(tx, {
        actorId,
        action: "platform.facebook_page_chosen",
        entityType: "business",
        entityId: account.businessId,
        data: { pageId: page.pageId, name: page.name },
        ip: meta?.ip,
      });
      return a;
    });
    await o.connected(updated);
    return updated;
  }

  return {
    /**
     * After Facebook Login (the OAuth callback, the account stored waiting): reads the person's Pages
     * and stores them. The Page chosen before is chosen again if it is still there and publishable,
     * else the only Page. True when the account can publish now.
     */
    async readAfterConnect(account: PlatformAccount, userToken: string, actorId: string): Promise<boolean> {
      let pages;
      try {
        pages = await o.source.pages(userToken);
      } catch (e) {
        logger.warn("facebook pages not read after connect", { accountId: account.id, error: (e as Error).message });
        return false;
      }
      const before = await db.facebookPage.findFirst({
        where: { accountId: account.id, chosen: true },
        select: { pageId: true },
      });
      await db.$transaction(async (tx) => {
        await tx.facebookPage.deleteMany({
          where: { accountId: account.id, pageId: { notIn: pages.map((p) => p.id) } },
        });
        for (const p of pages) {
          const data = {
            name: p.name,
            category: p.category,
            tasks: p.tasks,
            accessToken: o.crypto.seal(p.accessToken),
            chosen: false,
          };
          await tx.facebookPage.upsert({
            where: { accountId_pageId: { accountId: account.id, pageId: p.id } },
            create: { accountId: account.id, pageId: p.id, ...data },
            update: data,
          });
        }
      });
      const publishable = pages.filter((p) => canPublishTo(p.tasks));
      const again = before && publishable.find((p) => p.id === before.pageId);
      const pick = again ?? (pages.length === 1 && publishable.length === 1 ? publishable[0] : null);
      if (!pick) return false;
      await choose(account, pick.id, actorId);
      return true;
    },

    /** The Pages of one of the business's Facebook connections, chosen or not. */
    async list(viewer: Viewer | null, accountId: unknown): Promise<FacebookPage[]> {
      const v = requireScope(viewer, "business");
      const account = await accountOf(v.businessId!, accountId);
      return listOf(account.id);
    },

    /** Chooses the Page the connection publishes to (the Pages after); refused (FACEBOOK_PAGE_ROLE_MISSING) where the person may not create content. */
    async choose(
      viewer: Viewer | null,
      input: { accountId: unknown; pageId: unknown },
      meta: RequestMeta,
    ): Promise<FacebookPage[]> {
      const v = requireScope(viewer, "business");
      const account = await accountOf(v.businessId!, input.accountId);
      if (typeof input.pageId !== "string" || !/^\d{1,32}$/.test(input.pageId))
        throw new AppError("VALIDATION_ERROR", { pageId: ["invalidValue"] });
      await choose(account, input.pageId, v.userId, meta);
      return listOf(account.id);
    },

    /** What the account holds while it waits for a Page: the person's id and token, never a Page's. */
    waitingData(person: { externalId: string }) {
      return {
        externalId: `${PERSON_PREFIX}${person.externalId}`,
        status: "reconnect_needed" as const,
        lastError: FACEBOOK_PAGE_NEEDED,
      };
    },
  };
}
