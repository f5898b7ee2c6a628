// Answering guests from Sufra (docs/product.md#inbox): a public reply sent through the network
// (Google reviews, Instagram comments), a Google reply deleted, an Instagram comment hidden, one
// private reply per comment within 7 days, the bulk forms of these, and who may do them.
//
// Who may answer in public: the owners and the account holder always; the business's other people
// only when the business allows it (businesses.clients_may_reply); an API key never, because a
// public answer is a person's act (PERSONAL_SESSION_REQUIRED). The same rule covers hiding, deleting
// a reply and private replies. Suggesting, editing, approving and marking handled stay open to
// anyone of the business, keys included. Only the owners and the account holder change the rule.
// Acting on a network in the café's name (a reply, a hidden comment, a deleted reply, a private reply) is
// publishing: a stopped subscription hears SUBSCRIPTION_ENDED, checked in requireReplier, the one door of
// them all (docs/product.md#subscriptions-and-billing).
//
// Sending is claimed first (a conditional update of sending_at: empty or older than two minutes), so
// two clicks or two workers send once; an item already replied is answered as it is, without a second
// call. A refusal keeps the draft, stores the network's reason in send_error and releases the claim.
import { errorText, reviewReplySchema, type ErrorCode, type Locale } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { GoogleLocation, PlatformAccount, Review } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { GoogleGuests, InstagramGuests } from "../../networks/guests.ts";
import { privateReplyRefusal } from "../../networks/instagram/guests.ts";
import { PlatformError, type AccountAccess } from "../../networks/types.ts";
import { accessOf } from "../team/index.ts";
import { requireRunning } from "../billing/index.ts";
import { forgetInRequest, oncePerRequest } from "../../kernel/request-memo.ts";
import { z } from "zod";

/** A claim older than this is a crashed sender's: another send may take it over. */
const SEND_CLAIM_MS = 2 * 60_000;
/** Instagram's Private Replies window after the comment. */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 86_400_000;

/** The networks' answering side; demo items answer through `demo`, the simulated network (nothing leaves Sufra). */
export interface InboxNetworks {
  google: GoogleGuests;
  instagram: InstagramGuests;
  demo: { google: GoogleGuests; instagram: InstagramGuests };
}

/** What the service needs of platform accounts: a usable token, and marking an account for reconnecting. */
export interface InboxAccounts {
  access(accountId: string): Promise<{ account: PlatformAccount; access: AccountAccess }>;
  markReconnectNeeded(account: PlatformAccount, reason: string): Promise<unknown>;
}

export type ReplyNetwork = "google" | "instagram";

/** The network a row is answered through, or null (typed, imported, a source without a reply API). */
export function replyNetworkOf(r: Pick<Review, "kind" | "source" | "externalId">): ReplyNetwork | null {
  if (!r.externalId) return null;
  if (r.kind === "review" && r.source === "google") return "google";
  if (r.kind === "comment" && r.source === "instagram") return "instagram";
  return null;
}

/** What the viewer may do in the inbox of their business. */
export interface ReplyRights {
  businessId: string;
  /** a person (not an API key) allowed to answer in public */
  mayReply: boolean;
  /** an owner or the account holder: changes the rule */
  mayChangeSettings: boolean;
  clientsMayReply: boolean;
}

export interface BulkItemResult {
  id: string;
  item: Review | null;
  code: ErrorCode | null;
  message: string | null;
}

/** The row as the doors show it, with its branch when it has one. */
export type InboxRow = Review & { location?: Pick<GoogleLocation, "id" | "title" | "verified"> | null };

const settingsSchema = z.object({ clientsMayReply: z.boolean({ error: "invalidValue" }) });

/**
 * Who answers guests for the business (in public or in a private conversation): the owners and the account
 * holder always, the business's other people when it allows them (clients_may_reply), an API key never.
 */
async function replyRightsOf(db: Deps["db"], viewer: Viewer): Promise<ReplyRights> {
  const businessId = viewer.businessId!;
  const business = await db.business.findUnique({ where: { id: businessId }, select: { clientsMayReply: true } });
  if (!business) throw new AppError("NOT_FOUND");
  if (viewer.apiKeyId)
    return { businessId, mayReply: false, mayChangeSettings: false, clientsMayReply: business.clientsMayReply };
  const access = await accessOf(db, viewer, "publish");
  return {
    businessId,
    mayReply: access.canManage || business.clientsMayReply,
    mayChangeSettings: access.canManage,
    clientsMayReply: business.clientsMayReply,
  };
}

/**
 * The viewer writes to guests for the business, or the refusal that says why: a person (never an API key) with
 * the reply right, the subscription running. `rights` may be the caller's per-request memo of replyRightsOf.
 */
export async function requireGuestWriter(
  db: Deps["db"],
  viewer: Viewer | null,
  rights: (v: Viewer) => Promise<ReplyRights> = (v) => replyRightsOf(db, v),
) {
  const v = requireScope(viewer, "business");
  if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
  const r = await rights(v);
  if (!r.mayReply) throw new AppError("REPLY_NOT_ALLOWED");
  await requireRunning(db, r.businessId, "publish");
  return { v, businessId: r.businessId };
}

/** Tells open inboxes to refetch (the inboxChanged subscription); a failure to tell is logged, never thrown. */
export const inboxChanged = (deps: Pick<Deps, "pubsub" | "logger">) => (businessId: string, reason: string) =>
  deps.pubsub
    .publish("inbox.changed", { businessId, reason })
    .catch((e: unknown) => deps.logger.warn("inbox.changed not published", { error: (e as Error).message }));

export function createInboxReplies(
  deps: Deps,
  opts: { networks: () => InboxNetworks; accounts: InboxAccounts; now?: () => Date },
) {
  const { db, logger } = deps;
  const demoAccess: AccountAccess = { externalId: "demo", handle: "demo", accessToken: "" };
  /** open inboxes refetch (the inboxChanged subscription) */
  const changed = inboxChanged(deps);
  const now = opts.now ?? (() => new Date());
  // once per request (kernel/request-memo.ts): the list's capabilities ask for every item; a viewer
  // object may outlive its request (checked callers are kept per token), so it is no key
  const rightsKey = (v: Viewer) => `replyRights:${v.businessId}:${v.userId ?? ""}:${v.apiKeyId ?? ""}`;

  function rights(viewer: Viewer | null): Promise<ReplyRights> {
    const v = requireScope(viewer, "business");
    return oncePerRequest(rightsKey(v), () => replyRightsOf(db, v));
  }

  /** The viewer answers in public for the business, or the refusal that says why. */
  const requireReplier = (viewer: Viewer | null) => requireGuestWriter(db, viewer, rights);

  async function own(businessId: string, id: unknown): Promise<InboxRow> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const r = await db.review.findFirst({
      where: { id, businessId },
      include: { location: { select: { id: true, title: true, verified: true } } },
    });
    if (!r) throw new AppError("NOT_FOUND");
    return r;
  }

  const withLocation = { location: { select: { id: true, title: true, verified: true } } } as const;

  /** The network account that answers this row, with a usable token. */
  async function accountFor(r: InboxRow, network: ReplyNetwork) {
    let accountId: string | null = null;
    if (network === "google") {
      const loc = r.locationId
        ? await db.googleLocation.findUnique({ where: { id: r.locationId }, select: { accountId: true } })
        : null;
      accountId = loc?.accountId ?? null;
    } else {
      const a = await db.platformAccount.findFirst({
        where: { businessId: r.businessId, platform: "instagram", status: "connected" },
        select: { id: true },
      });
      accountId = a?.id ?? null;
    }
    if (!accountId) throw new AppError("NETWORK_NOT_CONNECTED");
    const got = await opts.accounts.access(accountId);
    if (got.account.status !== "connected") throw new AppError("NETWORK_NOT_CONNECTED");
    return got;
  }

  /** A network's refusal as the catalogue names it; an expired token marks the account for reconnecting. */
  async function refusal(e: unknown, account: PlatformAccount | null): Promise<{ code: ErrorCode; reason: string }> {
    if (e instanceof AppError) return { code: e.code, reason: errorText(e.code, "en") };
    if (!(e instanceof PlatformError)) throw e;
    if (e.kind === "auth") {
      if (account)
        await opts.accounts
          .markReconnectNeeded(account, e.platformMessage)
          .catch((err: unknown) =>
            logger.warn("could not mark the account for reconnecting", { error: (err as Error).message }),
          );
      return { code: "NETWORK_NOT_CONNECTED", reason: e.platformMessage };
    }
    if (e.kind === "rejected") return { code: "NETWORK_REFUSED_REPLY", reason: e.platformMessage };
    return { code: "NETWORK_UNAVAILABLE", reason: e.platformMessage };
  }

  /** Takes the row's send claim; false when someone else holds a fresh one or it is already answered. */
  async function claim(id: string, extra: Record<string, unknown> = {}) {
    const at = now();
    const taken = await db.review.updateMany({
      where: {
        id,
        status: { not: "replied" },
        OR: [{ sendingAt: null }, { sendingAt: { lt: new Date(at.getTime() - SEND_CLAIM_MS) } }],
        ...extra,
      },
      data: { sendingAt: at },
    });
    return taken.count === 1;
  }

  async function release(id: string, sendError: string | null) {
    await db.review.update({ where: { id }, data: { sendingAt: null, sendError } });
  }

  const handleOf = (account: PlatformAccount | null) => account?.handle ?? "";

  async function send(viewer: Viewer | null, id: unknown): Promise<InboxRow> {
    const { v, businessId } = await requireReplier(viewer);
    const r = await own(businessId, id);
    if (r.status === "replied") return r;
    const network = replyNetworkOf(r);
    if (!network) throw new AppError("NO_REPLY_API");
    const text = r.reply?.trim();
    if (!text) throw new AppError("VALIDATION_ERROR", { reply: ["reviewReplyRequired"] });
    // Google answers only on verified locations: checked here, before any call
    if (network === "google" && !r.demo && !r.location?.verified) throw new AppError("LOCATION_NOT_VERIFIED");
    if (!(await claim(r.id))) {
      const again = await own(businessId, r.id);
      if (again.status === "replied") return again;
      throw new AppError("REPLY_IN_PROGRESS");
    }
    let account: PlatformAccount | null = null;
    let sent: { text: string; at: Date };
    try {
      const got = r.demo ? { account: null, access: demoAccess } : await accountFor(r, network);
      account = got.account;
      const nets = r.demo ? opts.networks().demo : opts.networks();
      if (network === "google") sent = await nets.google.reply(got.access, r.externalId!, text);
      else {
        await nets.instagram.reply(got.access, r.externalId!, text);
        sent = { text, at: now() };
      }
    } catch (e) {
      const { code, reason } = await refusal(e, account);
      await release(r.id, reason);
      throw new AppError(code);
    }
    const at = now();
    const thread =
      network === "instagram"
        ? [
            ...threadOf(r.thread),
            { author: handleOf(account), text: sent.text, at: sent.at.toISOString(), fromBusiness: true },
          ]
        : undefined;
    return db
      .$transaction(async (tx) => {
        const updated = await tx.review.update({
          where: { id: r.id },
          data: {
            status: "replied",
            repliedVia: "sent",
            repliedAt: at,
            repliedById: v.userId,
            sendError: null,
            sendingAt: null,
            reply: sent.text,
            ...(thread ? { thread } : {}),
          },
          include: withLocation,
        });
        await audit(tx, {
          actorId: v.userId,
          action: "inbox.reply_sent",
          entityType: "review",
          entityId: r.id,
          data: { itemId: r.id, source: r.source, kind: r.kind, demo: r.demo },
        });
        return updated;
      })
      .then(async (updated) => {
        await changed(businessId, "reply.sent");
        return updated;
      });
  }

  return {
    rights,
    requireReplier,

    /** The business's inbox rule and what the viewer may do with it. */
    async settings(viewer: Viewer | null) {
      const r = await rights(viewer);
      return { clientsMayReply: r.clientsMayReply, canChange: r.mayChangeSettings, canReply: r.mayReply };
    },

    /** Owners and the account holder allow (or stop) the rest of the team answering guests in public. */
    async setSettings(viewer: Viewer | null, input: unknown) {
      const access = await accessOf(db, viewer, "publish");
      if (!access.canManage) throw new AppError("FORBIDDEN");
      const { clientsMayReply } = validate(settingsSchema, input);
      await db.$transaction(async (tx) => {
        await tx.business.update({ where: { id: access.business.id }, data: { clientsMayReply } });
        await audit(tx, {
          actorId: access.viewer.userId,
          action: "inbox.settings_changed",
          entityType: "business",
          entityId: access.business.id,
          data: { clientsMayReply },
        });
      });
      forgetInRequest(rightsKey(access.viewer));
      return { clientsMayReply, canChange: true, canReply: true };
    },

    send,

    /** Google: removes the business's reply on the network; the text stays as a draft (status new). */
    async deleteReply(viewer: Viewer | null, id: unknown): Promise<InboxRow> {
      const { v, businessId } = await requireReplier(viewer);
      const r = await own(businessId, id);
      if (replyNetworkOf(r) !== "google" || r.status !== "replied" || r.repliedVia === "marked")
        throw new AppError("INVALID_STATE");
      let account: PlatformAccount | null = null;
      try {
        const got = r.demo ? { account: null, access: demoAccess } : await accountFor(r, "google");
        account = got.account;
        await (r.demo ? opts.networks().demo : opts.networks()).google.deleteReply(got.access, r.externalId!);
      } catch (e) {
        const { code, reason } = await refusal(e, account);
        await db.review.update({ where: { id: r.id }, data: { sendError: reason } });
        throw new AppError(code);
      }
      return db.$transaction(async (tx) => {
        const updated = await tx.review.update({
          where: { id: r.id },
          data: {
            status: "new",
            approvedAt: null,
            repliedAt: null,
            repliedVia: null,
            repliedById: null,
            sendError: null,
          },
          include: withLocation,
        });
        await audit(tx, {
          actorId: v.userId,
          action: "inbox.reply_deleted",
          entityType: "review",
          entityId: r.id,
          data: { itemId: r.id, source: r.source },
        });
        return updated;
      });
    },

    /** Answered elsewhere (a source Sufra cannot reply on, or answered in the network's own app): status replied. */
    async markHandled(viewer: Viewer | null, id: unknown): Promise<InboxRow> {
      const v = requireScope(viewer, "business");
      const r = await own(v.businessId!, id);
      if (r.status === "replied") throw new AppError("INVALID_STATE");
      const done = await db.review.updateMany({
        where: { id: r.id, status: { not: "replied" }, sendingAt: null },
        data: { status: "replied", repliedVia: "marked", repliedAt: now(), repliedById: v.apiKeyId ? null : v.userId },
      });
      if (!done.count) throw new AppError("INVALID_STATE");
      return own(v.businessId!, r.id);
    },

    /** Instagram: hides the comment from the public (or shows it again). */
    async hide(viewer: Viewer | null, id: unknown, hidden: unknown): Promise<InboxRow> {
      const { v, businessId } = await requireReplier(viewer);
      if (typeof hidden !== "boolean") throw new AppError("VALIDATION_ERROR", { hidden: ["invalidValue"] });
      const r = await own(businessId, id);
      if (replyNetworkOf(r) !== "instagram") throw new AppError("INVALID_STATE");
      if (r.hidden === hidden) return r;
      let account: PlatformAccount | null = null;
      try {
        const got = r.demo ? { account: null, access: demoAccess } : await accountFor(r, "instagram");
        account = got.account;
        await (r.demo ? opts.networks().demo : opts.networks()).instagram.hide(got.access, r.externalId!, hidden);
      } catch (e) {
        throw new AppError((await refusal(e, account)).code);
      }
      return db.$transaction(async (tx) => {
        const updated = await tx.review.update({ where: { id: r.id }, data: { hidden }, include: withLocation });
        await audit(tx, {
          actorId: v.userId,
          action: hidden ? "inbox.comment_hidden" : "inbox.comment_shown",
          entityType: "review",
          entityId: r.id,
          data: { itemId: r.id, source: r.source },
        });
        return updated;
      });
    },

    /** Instagram Private Replies: one direct message to the comment's author, within 7 days of the comment. */
    async privateReply(viewer: Viewer | null, id: unknown, input: unknown): Promise<InboxRow> {
      const { v, businessId } = await requireReplier(viewer);
      const { reply: text } = validate(reviewReplySchema, input);
      const r = await own(businessId, id);
      if (replyNetworkOf(r) !== "instagram") throw new AppError("INVALID_STATE");
      if (r.privateRepliedAt) throw new AppError("PRIVATE_REPLY_ALREADY_SENT");
      if (now().getTime() - r.writtenAt.getTime() > PRIVATE_REPLY_WINDOW_MS)
        throw new AppError("PRIVATE_REPLY_WINDOW_CLOSED");
      // the same claim as a public reply, whatever the item's status (a replied comment may still get its private reply)
      const at = now();
      const taken = await db.review.updateMany({
        where: {
          id: r.id,
          privateRepliedAt: null,
          OR: [{ sendingAt: null }, { sendingAt: { lt: new Date(at.getTime() - SEND_CLAIM_MS) } }],
        },
        data: { sendingAt: at },
      });
      if (!taken.count) {
        const again = await own(businessId, r.id);
        if (again.privateRepliedAt) throw new AppError("PRIVATE_REPLY_ALREADY_SENT");
        throw new AppError("REPLY_IN_PROGRESS");
      }
      let account: PlatformAccount | null = null;
      try {
        const got = r.demo ? { account: null, access: demoAccess } : await accountFor(r, "instagram");
        account = got.account;
        await (r.demo ? opts.networks().demo : opts.networks()).instagram.privateReply(got.access, r.externalId!, text);
      } catch (e) {
        const { code, reason } = await refusal(e, account);
        await release(r.id, reason);
        // Instagram's own clock and count are the last word on the window and the one message
        const why = privateReplyRefusal(e);
        if (why === "window") throw new AppError("PRIVATE_REPLY_WINDOW_CLOSED");
        if (why === "used") throw new AppError("PRIVATE_REPLY_ALREADY_SENT");
        throw new AppError(code);
      }
      return db.$transaction(async (tx) => {
        const updated = await tx.review.update({
          where: { id: r.id },
          data: { privateReply: text, privateRepliedAt: now(), sendingAt: null, sendError: null },
          include: withLocation,
        });
        await audit(tx, {
          actorId: v.userId,
          action: "inbox.private_reply_sent",
          entityType: "review",
          entityId: r.id,
          data: { itemId: r.id, source: r.source },
        });
        return updated;
      });
    },

    /** Each id's outcome: the item, or the catalogue code and its text in the caller's language. */
    async each(ids: unknown, locale: Locale, act: (id: string) => Promise<Review>): Promise<BulkItemResult[]> {
      const list = z.array(z.string()).min(1).max(100).safeParse(ids);
      if (!list.success) throw new AppError("VALIDATION_ERROR", { ids: ["invalidValue"] });
      const out: BulkItemResult[] = [];
      for (const id of new Set(list.data)) {
        try {
          out.push({ id, item: await act(id), code: null, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          out.push({ id, item: null, code: e.code, message: errorText(e.code, locale) });
        }
      }
      return out;
    },
  };
}

/** The thread column as entries (written by the sync and by sends). */
export function threadOf(v: unknown): { author: string; text: string; at: string; fromBusiness: boolean }[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is Record<string, unknown> => !!x && typeof x === "object")
    .map((x) => ({
      author: String(x.author ?? ""),
      text: String(x.text ?? ""),
      at: x.at instanceof Date ? x.at.toISOString() : String(x.at ?? ""),
      fromBusiness: x.fromBusiness === true,
    }));
}
