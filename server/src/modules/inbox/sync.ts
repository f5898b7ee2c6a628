// The inbox's sync (docs/product.md#inbox): guests' items arrive by themselves. Google reviews of the
// business's picked locations and comments under its own Instagram posts are read every minute by the
// inbox.sync job (inbox.jobs.ts), and Instagram's webhook brings a comment at once: an account subscribed
// to it (subscribeComments, at connect) is then read by a slow safety sweep only. Each item is one row of
// `reviews`, keyed `<source>:<network id>` (unique per business), so the same item read twice, or read by
// the poll and the webhook, or by two syncs at once, is one row. A new row records its webhook event in the
// same transaction (review.received, comment.received; docs/architecture.md#how-a-request-flows, the
// outbox) and, when it is negative, tells every person of the business at once (review_negative). After
// each change an "inbox.changed" event refreshes open inboxes.
//
// The adapters are handed in (google, instagram; tests pass the stand-ins'), never built here; demo
// locations, accounts and items belong to the simulated network (networks/demo-guests.ts): nothing is read
// for them, and their replies go there.
import { kuwaitDate, type NotificationData } from "@sufra/schema";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { builtInGuestReader, type GuestMessage, type GuestMessageReading } from "../../ai/openai/openai-reader.ts";
import { readGuest, type GuestReading } from "../../ai/reader/index.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { GoogleLocation, PlatformAccount, Prisma, Review } from "../../generated/prisma/client.ts";
import { AppError } from "../../kernel/errors.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type {
  CommentEvent,
  GoogleGuests,
  GuestItem,
  GuestThreadEntry,
  InstagramGuests,
} from "../../networks/guests.ts";
import { instagramWebhooksOn } from "../../networks/instagram/guests.ts";
import { PlatformError } from "../../networks/types.ts";
import type { Draft, NotificationsService } from "../notifications/index.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

/** A location or account is read again this long after its last read. */
export const INBOX_SYNC_EVERY_MS = 60_000;
/** At most this many locations and this many Instagram accounts per run of the job. */
const INBOX_SYNC_BATCH = 20;
/**
 * An Instagram account whose comments come by webhook (this server receives them, and the account is
 * subscribed) is read again only this long after its last read: a safety sweep for a delivery Meta gave up
 * on and for what no webhook tells (a comment hidden or deleted on Instagram). Every minute, a café with 30
 * recent posts makes 43,200 comment reads a day against the account's Business Use Case limit, which its
 * publishing and figures share (Meta: "we strongly recommend using webhooks to prevent rate limiting");
 * twice an hour it is 1,440, and a comment whose delivery failed waits at most half an hour.
 */
const INSTAGRAM_WEBHOOK_SWEEP_MS = 30 * 60_000;
/** A person's "sync now": once per business in this many seconds. */
const INBOX_SYNC_NOW_SECONDS = 30;
/** Comments are read under the business's Instagram posts published in the last this many days. */
const INSTAGRAM_COMMENT_DAYS = 30;
/** A Google location's first read walks at most this many pages of reviews (newest first). */
const GOOGLE_MAX_PAGES = 20;
/** A new negative item written this recently tells people; older ones (a first read of the past) do not. */
const NEGATIVE_NOTICE_DAYS = 7;
/** After a rate limit without a time: wait this long. */
const RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** A reply being sent (sendingAt) this recently belongs to the sender: the sync leaves its state alone. */
const SEND_CLAIM_MS = 2 * 60_000;
const COMMENTS_SCOPE = "instagram_business_manage_comments";
const DAY_MS = 86_400_000;

type Source = "google" | "instagram";
/** Where an item is: the branch of a review, the post of a comment. */
interface Place {
  locationId?: string | null;
  locationTitle?: string | null;
  postId?: string | null;
  mediaExternalId?: string | null;
  /** the post's link: an Instagram comment has none of its own */
  permalink?: string | null;
  demo?: boolean;
}
export interface SyncOutcome {
  /** new rows in the inbox */
  added: number;
  /** rows already there that changed (an edited review, a reply made on the network, a thread) */
  updated: number;
}
export interface SyncNowResult extends SyncOutcome {
  /** locations and accounts read */
  read: number;
  /** of those, how many could not be read (their lastSyncError / inboxSyncError says why) */
  failed: number;
  syncedAt: Date;
}

/** The network's adapters, one real and one for demo items (the simulated network). */
interface GuestAdapters {
  google?: GoogleGuests | null;
  instagram?: InstagramGuests | null;
  demo?: { google: GoogleGuests; instagram: InstagramGuests };
}

export interface InboxSyncOptions extends GuestAdapters {
  platformAccounts: Pick<PlatformAccountsService, "access" | "markReconnectNeeded">;
  notifications: Pick<NotificationsService, "deliver">;
  webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
  /** the reader in force (the studio's readGuests: the admins' model or the built-in reader); unset: the built-in one */
  readGuests?: (messages: GuestMessage[]) => Promise<GuestMessageReading[]>;
  /** the reply writer's first draft for new reviews (the inbox service's draftReplies) */
  draftReplies?: (businessId: string, ids: string[]) => Promise<unknown>;
  /** whether Instagram's comment webhooks reach this server; unset: from the configuration (instagramWebhooksOn) */
  commentWebhooks?: boolean;
  now?: () => Date;
}

/** New reviews drafted per stored batch: a first read of a branch's long history drafts its newest; the rest on request. */
const DRAFTS_PER_BATCH = 25;

/** The importKey of a synced item (docs/product.md#inbox). */
const syncedImportKey = (source: Source, externalId: string) => `${source}:${externalId}`;

const dayOf = (at: Date) => new Date(`${kuwaitDate(at)}T00:00:00Z`);
const threadJson = (t: GuestThreadEntry[]) =>
  t.map((e) => ({ author: e.author, text: e.text, at: e.at.toISOString(), fromBusiness: e.fromBusiness }));
type StoredEntry = ReturnType<typeof threadJson>[number];
const storedThread = (v: unknown): StoredEntry[] => (Array.isArray(v) ? (v as StoredEntry[]) : []);
const excerptOf = (text: string) => (text.length > 120 ? `${text.slice(0, 119).trimEnd()}…` : text);
/** Negative: 1 or 2 stars, or read as negative (docs/product.md#inbox). */
const isNegative = (r: Pick<Review, "rating" | "sentiment">) =>
  (r.rating != null && r.rating <= 2) || r.sentiment === "negative";

/** The business's public answer as the network shows it: Google's reply, or its latest reply under a comment. */
function networkReply(item: GuestItem): { text: string; at: Date } | null {
  if (item.reply) return item.reply;
  const own = (item.thread ?? []).filter((e) => e.fromBusiness);
  const last = own[own.length - 1];
  return last ? { text: last.text, at: last.at } : null;
}

export function createInboxSync(deps: Deps, opts: InboxSyncOptions) {
  const { db, pubsub, logger } = deps;
  const now = opts.now ?? (() => new Date());
  const syncNowLimit = new RateLimiterPostgres({
    storeClient: deps.pool,
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "inbox-sync-now",
    points: 1,
    duration: INBOX_SYNC_NOW_SECONDS,
  });

  /** Which adapter answers for an item, a location or an account: the simulated network's for demo ones. */
  const googleFor = (demo: boolean): GoogleGuests | null =>
    demo ? (opts.demo?.google ?? null) : (opts.google ?? null);
  const instagramFor = (demo: boolean): InstagramGuests | null =>
    demo ? (opts.demo?.instagram ?? null) : (opts.instagram ?? null);
  const commentWebhooks = opts.commentWebhooks ?? instagramWebhooksOn(deps.config.platforms.instagram);

  const claimed = (r: Review) => !!r.sendingAt && now().getTime() - r.sendingAt.getTime() < SEND_CLAIM_MS;

  const readGuests = opts.readGuests ?? ((m: GuestMessage[]) => builtInGuestReader().read(m));
  /** A message as the reader takes it: a comment has no stars, its words alone decide. */
  const message = (item: GuestItem, source: Source): GuestMessage => ({
    text: item.text,
    rating: item.kind === "review" ? item.rating : null,
    source,
  });
  type Readings = Map<GuestItem, GuestReading>;

  /**
   * The items a store will write a reading for (new ones, and ones edited on the network since), read
   * before its transaction: a model reads them in batched requests outside it.
   */
  async function readingsFor(businessId: string, source: Source, items: { item: GuestItem }[]): Promise<Readings> {
    const keys = items.map((x) => syncedImportKey(source, x.item.externalId));
    const known = new Map(
      (
        await db.review.findMany({
          where: { businessId, importKey: { in: keys } },
          select: { importKey: true, sourceUpdatedAt: true },
        })
      ).map((r) => [r.importKey, r.sourceUpdatedAt]),
    );
    const need = items.filter((x, i) => {
      const at = known.get(keys[i]!);
      return at === undefined || !at || x.item.updatedAt > at;
    });
    const read = need.length ? await readGuests(need.map((x) => message(x.item, source))) : [];
    return new Map(need.map((x, i) => [x.item, read[i]!]));
  }

  function analysis(item: GuestItem, source: Source, readings: Readings) {
    const rating = item.kind === "review" ? item.rating : null;
    // one stored or edited between the read and the transaction: the built-in reader reads it now
    const a = readings.get(item) ?? readGuest(item.text, message(item, source));
    return { rating, language: a.language, sentiment: a.sentiment, intent: a.intent, topics: a.topics };
  }

  function newRow(
    businessId: string,
    source: Source,
    item: GuestItem,
    place: Place,
    readings: Readings,
  ): Prisma.ReviewCreateManyInput {
    const reply = networkReply(item);
    return {
      businessId,
      kind: item.kind,
      source,
      author: item.author,
      text: item.text,
      ...analysis(item, source, readings),
      reviewedAt: dayOf(item.writtenAt),
      writtenAt: item.writtenAt,
      sourceUpdatedAt: item.updatedAt,
      importKey: syncedImportKey(source, item.externalId),
      externalId: item.externalId,
      locationId: place.locationId ?? null,
      mediaExternalId: item.mediaExternalId ?? place.mediaExternalId ?? null,
      postId: place.postId ?? null,
      permalink: item.permalink ?? place.permalink ?? null,
      hidden: item.hidden ?? false,
      thread: threadJson(item.thread ?? []),
      demo: place.demo ?? false,
      ...(reply ? { status: "replied" as const, reply: reply.text, repliedAt: reply.at, repliedVia: "network" } : {}),
    };
  }

  /**
   * What a read of the network changes in a stored row. `complete`: the item says all the network knows
   * (a poll); a webhook's comment carries no reply or thread, so those are left as they are.
   */
  function changes(
    existing: Review,
    source: Source,
    item: GuestItem,
    place: Place,
    complete: boolean,
    readings: Readings,
  ): Prisma.ReviewUpdateInput {
    const data: Prisma.ReviewUpdateInput = {};
    const edited = !existing.sourceUpdatedAt || item.updatedAt > existing.sourceUpdatedAt;
    if (edited) {
      data.sourceUpdatedAt = item.updatedAt;
      const a = analysis(item, source, readings);
      if (item.text !== existing.text || a.rating !== existing.rating) {
        Object.assign(data, { text: item.text, ...a });
        // Sufra's draft stays, but an approval was of an answer to the old words
        if (existing.status === "approved") Object.assign(data, { status: "new", approvedAt: null });
      }
    }
    if (!complete) return data;
    const reply = networkReply(item);
    if (!claimed(existing)) {
      if (reply && existing.status !== "replied")
        Object.assign(data, {
          status: "replied",
          reply: reply.text,
          repliedAt: reply.at,
          repliedVia: "network",
          approvedAt: null,
        });
      else if (reply && existing.reply !== reply.text) data.reply = reply.text;
      // an answer made on the network and taken down there: unanswered again (Sufra's own sends are the senders' to undo)
      else if (!reply && existing.status === "replied" && existing.repliedVia === "network")
        Object.assign(data, { status: "new", repliedAt: null, repliedVia: null });
    }
    if (item.hidden !== undefined && item.hidden !== existing.hidden) data.hidden = item.hidden;
    if (item.thread) {
      const t = threadJson(item.thread);
      if (JSON.stringify(t) !== JSON.stringify(existing.thread)) data.thread = t;
    }
    const permalink = item.permalink ?? place.permalink;
    if (permalink && permalink !== existing.permalink) data.permalink = permalink;
    if (place.postId && !existing.postId) data.post = { connect: { id: place.postId } };
    if (place.mediaExternalId && !existing.mediaExternalId) data.mediaExternalId = place.mediaExternalId;
    return data;
  }

  interface Stored {
    outcome: SyncOutcome;
    created: Review[];
    deliveries: string[];
  }

  /** Stores a batch of one business's items in one transaction; the new rows record their webhook events. */
  async function storeIn(
    tx: Tx,
    businessId: string,
    source: Source,
    items: { item: GuestItem; place: Place }[],
    complete: boolean,
    readings: Readings,
  ): Promise<Stored> {
    const out: Stored = { outcome: { added: 0, updated: 0 }, created: [], deliveries: [] };
    const keyed = new Map(items.map((x) => [syncedImportKey(source, x.item.externalId), x]));
    const stored = await tx.review.findMany({ where: { businessId, importKey: { in: [...keyed.keys()] } } });
    const existing = new Map(stored.map((r) => [r.importKey, r]));
    const fresh = [...keyed]
      .filter(([key]) => !existing.has(key))
      .map(([, x]) => newRow(businessId, source, x.item, x.place, readings));
    // a row another sync stored a moment ago is skipped here: theirs is the new row and the event
    const created = fresh.length ? await tx.review.createManyAndReturn({ data: fresh, skipDuplicates: true }) : [];
    for (const row of created) {
      out.outcome.added++;
      out.created.push(row);
      const type = row.kind === "comment" ? "comment.received" : "review.received";
      out.deliveries.push(...((await opts.webhooks?.record(tx, businessId, { type, reviewId: row.id })) ?? []));
    }
    for (const [key, r] of existing) {
      const { item, place } = keyed.get(key)!;
      const data = changes(r, source, item, place, complete, readings);
      if (!Object.keys(data).length) continue;
      await tx.review.update({ where: { id: r.id }, data });
      out.outcome.updated++;
    }
    return out;
  }

  /** Every person of the business hears of each new negative item once (dedupeKey per item and person). */
  async function tellNegative(businessId: string, rows: Review[], locationTitle: string | null) {
    const recent = now().getTime() - NEGATIVE_NOTICE_DAYS * DAY_MS;
    const negative = rows.filter((r) => isNegative(r) && r.status !== "replied" && r.writtenAt.getTime() >= recent);
    if (!negative.length) return;
    const people = await db.user.findMany({ where: { memberships: { some: { businessId } } }, select: { id: true } });
    const drafts: Draft<"review_negative">[] = negative.flatMap((r) => {
      const data: NotificationData["review_negative"] = {
        businessId,
        reviewId: r.id,
        source: r.source,
        rating: r.rating,
        author: r.author,
        excerpt: excerptOf(r.text),
        locationTitle,
      };
      return people.map((p) => ({
        userId: p.id,
        type: "review_negative" as const,
        data,
        dedupeKey: `review_negative:${r.id}:${p.id}`,
      }));
    });
    await opts.notifications.deliver(drafts);
  }

  /** Stores, then (after the commit) sends the events, tells people and refreshes open inboxes. */
  async function store(
    businessId: string,
    source: Source,
    items: { item: GuestItem; place: Place }[],
    complete: boolean,
    locationTitle: string | null = null,
  ): Promise<SyncOutcome> {
    if (!items.length) return { added: 0, updated: 0 };
    const readings = await readingsFor(businessId, source, items);
    const r = await db.$transaction((tx) => storeIn(tx, businessId, source, items, complete, readings), {
      timeout: 60_000,
    });
    await opts.webhooks?.dispatch(r.deliveries);
    await tellNegative(businessId, r.created, locationTitle).catch((e: Error) =>
      logger.error("could not tell of a negative review", { businessId, error: e.message }),
    );
    // the reading ran with the insert; the reply writer drafts an answer to each new review (docs/product.md#inbox)
    const toDraft = r.created
      .filter((x) => x.kind === "review" && x.status === "new")
      .sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime())
      .slice(0, DRAFTS_PER_BATCH);
    if (toDraft.length)
      await opts
        .draftReplies?.(
          businessId,
          toDraft.map((x) => x.id),
        )
        .catch((e: Error) => logger.error("could not draft replies", { businessId, error: e.message }));
    if (r.outcome.added || r.outcome.updated)
      await pubsub.publish("inbox.changed", { businessId, reason: `${source}.sync` });
    return r.outcome;
  }

  /** A read that failed: its kind is kept for the person (auth also asks for a reconnect; rate_limit waits). */
  async function failure(
    e: unknown,
    account: PlatformAccount | null,
  ): Promise<{ error: string; retryAt: Date | null }> {
    if (!(e instanceof PlatformError)) {
      logger.error("inbox sync failed", { accountId: account?.id, error: (e as Error).message });
      return { error: "unknown", retryAt: null };
    }
    if (e.kind === "auth" && account && account.status === "connected")
      await opts.platformAccounts.markReconnectNeeded(account, e.platformMessage);
    const retryAt = e.kind === "rate_limit" ? (e.opts.retryAt ?? new Date(now().getTime() + RATE_LIMIT_WAIT_MS)) : null;
    logger.warn("inbox sync refused", { accountId: account?.id, kind: e.kind, error: e.platformMessage });
    return { error: e.kind, retryAt };
  }

  // ------------------------------------------------------------------ Google
  /**
   * One location: pages of reviews newest first, until a page holds nothing newer than what is stored
   * (the first read walks back at most GOOGLE_MAX_PAGES pages); then Google's figures for it.
   */
  async function syncLocation(loc: GoogleLocation): Promise<SyncOutcome & { ok: boolean }> {
    const total: SyncOutcome = { added: 0, updated: 0 };
    const guests = googleFor(loc.demo);
    if (!guests || loc.demo) return { ...total, ok: true };
    let account: PlatformAccount | null = null;
    try {
      const got = await opts.platformAccounts.access(loc.accountId);
      account = got.account;
      if (account.status !== "connected") throw new PlatformError("auth", "the Google account needs reconnecting");
      const newest = await db.review.aggregate({
        where: { businessId: loc.businessId, locationId: loc.id, source: "google" },
        _max: { sourceUpdatedAt: true },
      });
      const high = newest._max.sourceUpdatedAt;
      let token: string | null = null;
      let figures: { averageRating: number | null; totalReviewCount: number | null } | null = null;
      for (let page = 0; page < GOOGLE_MAX_PAGES; page++) {
        const p = await guests.reviews(got.access, { googleAccount: loc.googleAccount, name: loc.name }, token);
        figures ??= p;
        const o = await store(
          loc.businessId,
          "google",
          p.items.map((item) => ({ item, place: { locationId: loc.id } })),
          true,
          loc.title,
        );
        total.added += o.added;
        total.updated += o.updated;
        token = p.nextPageToken;
        if (!token || (high && !p.items.some((i) => i.updatedAt > high))) break;
      }
      await db.googleLocation.update({
        where: { id: loc.id },
        data: {
          averageRating: figures?.averageRating ?? loc.averageRating,
          totalReviews: figures?.totalReviewCount ?? loc.totalReviews,
          lastSyncedAt: now(),
          lastSyncError: null,
          syncRetryAt: null,
        },
      });
      return { ...total, ok: true };
    } catch (e) {
      const f = await failure(e, account);
      await db.googleLocation.update({
        where: { id: loc.id },
        data: { lastSyncedAt: now(), lastSyncError: f.error, syncRetryAt: f.retryAt },
      });
      return { ...total, ok: false };
    }
  }

  // ------------------------------------------------------------------ Instagram
  /** The business's own Instagram posts of the last INSTAGRAM_COMMENT_DAYS days, by media id. */
  async function recentMedia(accountId: string) {
    const since = new Date(now().getTime() - INSTAGRAM_COMMENT_DAYS * DAY_MS);
    const targets = await db.postTarget.findMany({
      where: { accountId, status: "published", externalId: { not: null }, publishedAt: { gte: since } },
      select: { externalId: true, postId: true, permalink: true },
      orderBy: { publishedAt: "desc" },
    });
    return targets.map((t) => ({ mediaId: t.externalId!, postId: t.postId, permalink: t.permalink }));
  }

  const ownComment = (account: Pick<PlatformAccount, "handle">, author: string) =>
    author.replace(/^@/, "").toLowerCase() === account.handle.replace(/^@/, "").toLowerCase();

  /**
   * Subscribes a connected Instagram account to the comments webhook, when this server receives it and the
   * account granted the comments permission; records whether it is (commentsSubscribedAt), which is what
   * slows its reading to the sweep. A refusal is logged and leaves the account read every minute.
   */
  async function subscribeComments(accountId: string): Promise<boolean> {
    const acc = await db.platformAccount.findUnique({ where: { id: accountId } });
    if (!acc || acc.platform !== "instagram" || acc.demo) return false;
    let subscribed = false;
    const guests = instagramFor(false);
    if (guests && commentWebhooks && acc.status === "connected" && acc.scopes.includes(COMMENTS_SCOPE)) {
      try {
        const got = await opts.platformAccounts.access(acc.id);
        await guests.subscribeComments(got.access);
        subscribed = true;
      } catch (e) {
        logger.warn("instagram comments subscription failed", { accountId, error: (e as Error).message });
      }
    }
    await db.platformAccount.update({
      where: { id: acc.id },
      data: { commentsSubscribedAt: subscribed ? now() : null },
    });
    return subscribed;
  }

  /** One account: the comments under each recent post (the business's own comments, e.g. a first comment, are not guests'). */
  async function syncInstagramAccount(acc: PlatformAccount): Promise<SyncOutcome & { ok: boolean }> {
    const total: SyncOutcome = { added: 0, updated: 0 };
    const guests = instagramFor(acc.demo);
    if (!guests || acc.demo) return { ...total, ok: true };
    let account: PlatformAccount = acc;
    try {
      const got = await opts.platformAccounts.access(acc.id);
      account = got.account;
      if (account.status !== "connected") throw new PlatformError("auth", "the Instagram account needs reconnecting");
      // not subscribed (connected before this server subscribed accounts, or refused): tried again at the
      // account's first read in each sweep window, so a refusal costs one call per half hour, not per minute
      const windowOf = (d: Date) => Math.floor(d.getTime() / INSTAGRAM_WEBHOOK_SWEEP_MS);
      if (
        commentWebhooks &&
        !account.commentsSubscribedAt &&
        (!acc.inboxSyncedAt || windowOf(acc.inboxSyncedAt) !== windowOf(now()))
      )
        await subscribeComments(acc.id);
      for (const m of await recentMedia(acc.id)) {
        const items = (await guests.comments(got.access, m.mediaId)).filter((c) => !ownComment(account, c.author));
        const o = await store(
          acc.businessId,
          "instagram",
          items.map((item) => ({
            item: { ...item, kind: "comment" as const, rating: null },
            place: { postId: m.postId, mediaExternalId: m.mediaId, permalink: m.permalink },
          })),
          true,
        );
        total.added += o.added;
        total.updated += o.updated;
      }
      await db.platformAccount.update({
        where: { id: acc.id },
        data: { inboxSyncedAt: now(), inboxSyncError: null, inboxRetryAt: null },
      });
      return { ...total, ok: true };
    } catch (e) {
      const f = await failure(e, account);
      await db.platformAccount.update({
        where: { id: acc.id },
        data: { inboxSyncedAt: now(), inboxSyncError: f.error, inboxRetryAt: f.retryAt },
      });
      return { ...total, ok: false };
    }
  }

  /** A reply under a stored comment (from the webhook): added to its thread; the business's own answers it. */
  async function addToThread(businessId: string, parentId: string, entry: GuestThreadEntry): Promise<boolean> {
    const changed = await db.$transaction(async (tx) => {
      const importKey = syncedImportKey("instagram", parentId);
      const [locked] = await tx.$queryRaw<
        { id: string }[]
      >`select id from reviews where business_id = ${businessId}::uuid and import_key = ${importKey} for update`;
      if (!locked) return false;
      const parent = await tx.review.findUniqueOrThrow({ where: { id: locked.id } });
      const thread = storedThread(parent.thread);
      const at = entry.at.toISOString();
      const known = thread.some((e) => e.author === entry.author && e.text === entry.text && e.at === at);
      const data: Prisma.ReviewUpdateInput = {};
      if (!known)
        data.thread = [...thread, { author: entry.author, text: entry.text, at, fromBusiness: entry.fromBusiness }];
      if (entry.fromBusiness && parent.status !== "replied" && !claimed(parent))
        Object.assign(data, {
          status: "replied",
          reply: entry.text,
          repliedAt: entry.at,
          repliedVia: "network",
          approvedAt: null,
        });
      if (!Object.keys(data).length) return false;
      await tx.review.update({ where: { id: parent.id }, data });
      return true;
    });
    if (changed) await pubsub.publish("inbox.changed", { businessId, reason: "instagram.webhook" });
    return changed;
  }

  /** One comment event, for every business that connected the Instagram account it was made on. */
  async function receiveComment(e: CommentEvent): Promise<SyncOutcome> {
    const total: SyncOutcome = { added: 0, updated: 0 };
    const accounts = await db.platformAccount.findMany({
      where: { platform: "instagram", externalId: e.igUserId, status: "connected", demo: false },
    });
    for (const acc of accounts) {
      const own = e.fromBusiness || ownComment(acc, e.author);
      if (e.parentId) {
        if (
          await addToThread(acc.businessId, e.parentId, { author: e.author, text: e.text, at: e.at, fromBusiness: own })
        )
          total.updated++;
        continue;
      }
      if (own) continue; // the business's own comment under its post (a first comment): not a guest's
      // Instagram may leave the media out of the event: the poll fills it in
      const mediaId = e.mediaId || null;
      const target = mediaId
        ? await db.postTarget.findFirst({
            where: { accountId: acc.id, externalId: mediaId },
            select: { postId: true, permalink: true },
          })
        : null;
      const item: GuestItem = {
        kind: "comment",
        externalId: e.commentId,
        author: e.author,
        rating: null,
        text: e.text,
        writtenAt: e.at,
        updatedAt: e.at,
        reply: null,
        ...(mediaId ? { mediaExternalId: mediaId } : {}),
      };
      const o = await store(
        acc.businessId,
        "instagram",
        [
          {
            item,
            place: { postId: target?.postId ?? null, mediaExternalId: mediaId, permalink: target?.permalink ?? null },
          },
        ],
        false,
      );
      total.added += o.added;
      total.updated += o.updated;
    }
    return total;
  }

  // ------------------------------------------------------------------ due reads
  const dueBefore = () => new Date(now().getTime() - INBOX_SYNC_EVERY_MS);
  /** An Instagram account is due a minute after its last read, or INSTAGRAM_WEBHOOK_SWEEP_MS when its comments come by webhook. */
  const instagramDue = (): Prisma.PlatformAccountWhereInput => {
    const readBefore = (ms: number): Prisma.PlatformAccountWhereInput => ({
      OR: [{ inboxSyncedAt: null }, { inboxSyncedAt: { lt: new Date(now().getTime() - ms) } }],
    });
    if (!commentWebhooks) return readBefore(INBOX_SYNC_EVERY_MS);
    return {
      OR: [
        { commentsSubscribedAt: null, ...readBefore(INBOX_SYNC_EVERY_MS) },
        { commentsSubscribedAt: { not: null }, ...readBefore(INSTAGRAM_WEBHOOK_SWEEP_MS) },
      ],
    };
  };
  // Google lists reviews of verified locations only (Voice of Merchant)
  const googleWhere = (): Prisma.GoogleLocationWhereInput => ({
    picked: true,
    verified: true,
    demo: false,
    account: { status: "connected", demo: false },
    AND: [{ OR: [{ syncRetryAt: null }, { syncRetryAt: { lte: now() } }] }],
  });
  const instagramWhere = (): Prisma.PlatformAccountWhereInput => ({
    platform: "instagram",
    status: "connected",
    demo: false,
    scopes: { has: COMMENTS_SCOPE },
    OR: [{ inboxRetryAt: null }, { inboxRetryAt: { lte: now() } }],
    targets: {
      some: {
        status: "published",
        externalId: { not: null },
        publishedAt: { gte: new Date(now().getTime() - INSTAGRAM_COMMENT_DAYS * DAY_MS) },
      },
    },
  });

  /**
   * Claims a location's read: a conditional update of its last read time, so two runs at once (two workers,
   * the job and a person's sync now) read it once. `force`: any time (sync now), else only when due.
   */
  async function claimLocation(id: string, force: boolean) {
    const before = force ? now() : dueBefore();
    const { count } = await db.googleLocation.updateMany({
      where: { id, OR: [{ lastSyncedAt: null }, { lastSyncedAt: { lt: before } }] },
      data: { lastSyncedAt: now() },
    });
    return count === 1;
  }
  async function claimAccount(id: string, force: boolean) {
    const due = force ? { OR: [{ inboxSyncedAt: null }, { inboxSyncedAt: { lt: now() } }] } : instagramDue();
    const { count } = await db.platformAccount.updateMany({ where: { id, ...due }, data: { inboxSyncedAt: now() } });
    return count === 1;
  }

  async function readAll(
    locations: GoogleLocation[],
    accounts: PlatformAccount[],
    force: boolean,
  ): Promise<SyncNowResult> {
    const r: SyncNowResult = { added: 0, updated: 0, read: 0, failed: 0, syncedAt: now() };
    const add = (o: SyncOutcome & { ok: boolean }) => {
      r.read++;
      r.added += o.added;
      r.updated += o.updated;
      if (!o.ok) r.failed++;
    };
    if (opts.google) for (const loc of locations) if (await claimLocation(loc.id, force)) add(await syncLocation(loc));
    if (opts.instagram)
      for (const acc of accounts) if (await claimAccount(acc.id, force)) add(await syncInstagramAccount(acc));
    return r;
  }

  return {
    /**
     * The job (every minute): the locations and Instagram accounts not read for a minute, oldest read first,
     * at most `batch` of each; each one's error is kept on it.
     */
    async runDue(batch = INBOX_SYNC_BATCH): Promise<SyncNowResult> {
      const due = dueBefore();
      const [locations, accounts] = await Promise.all([
        opts.google
          ? db.googleLocation.findMany({
              where: { ...googleWhere(), OR: [{ lastSyncedAt: null }, { lastSyncedAt: { lt: due } }] },
              orderBy: { lastSyncedAt: { sort: "asc", nulls: "first" } },
              take: batch,
            })
          : [],
        opts.instagram
          ? db.platformAccount.findMany({
              where: { ...instagramWhere(), AND: [instagramDue()] },
              orderBy: { inboxSyncedAt: { sort: "asc", nulls: "first" } },
              take: batch,
            })
          : [],
      ]);
      return readAll(locations, accounts, false);
    },

    /**
     * A person's "sync now": the business's locations and Instagram account, read at once; once per business
     * in INBOX_SYNC_NOW_SECONDS (RATE_LIMITED otherwise).
     */
    async syncNow(viewer: Viewer | null): Promise<SyncNowResult> {
      const businessId = requireScope(viewer, "business").businessId!;
      try {
        await syncNowLimit.consume(businessId);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw e;
      }
      const [locations, accounts] = await Promise.all([
        db.googleLocation.findMany({ where: { ...googleWhere(), businessId } }),
        db.platformAccount.findMany({ where: { ...instagramWhere(), businessId } }),
      ]);
      return readAll(locations, accounts, true);
    },

    syncLocation,
    syncInstagramAccount,
    subscribeComments,
    receiveComment,

    /** Instagram's webhook (instagram-webhook.rest.ts): null when the signature does not verify (or no app is set up). */
    async receiveInstagramWebhook(rawBody: Buffer, signature: string | undefined): Promise<SyncOutcome | null> {
      const events = opts.instagram?.readWebhook(rawBody, signature) ?? null;
      if (!events) return null;
      const total: SyncOutcome = { added: 0, updated: 0 };
      for (const e of events) {
        const o = await receiveComment(e);
        total.added += o.added;
        total.updated += o.updated;
      }
      return total;
    },

    /** The subscription handshake: the challenge to echo, or null (wrong token, no app). */
    verifyInstagramSubscription: (query: Record<string, unknown>): string | null =>
      opts.instagram?.verifySubscription(query) ?? null,

    /** The adapter that answers an item (H4's replies): the simulated network's for a demo item; null when not set up. */
    googleFor,
    instagramFor,
  };
}
export type InboxSync = ReturnType<typeof createInboxSync>;
