// Campaigns: a business's plan for a goal (awareness, footfall, orders, launch) over a range
// of Kuwait days, with a budget in fils, an occasion, and the posts attached to it from the composer,
// the calendar or the campaign page. Every function takes the caller's business from the viewer,
// never from the input; another business's campaign or post is NOT_FOUND.
//
// A post belongs to at most one campaign: attaching it elsewhere moves it. A post due or published
// outside the campaign's days is allowed (a teaser before, a thank-you after) and reported as such.
// Deleting a campaign keeps its posts (their campaign is cleared by the foreign key's SET NULL).
import {
  campaignAsInput,
  campaignInputSchema,
  campaignPostIdsSchema,
  compareCampaigns,
  isOutsideCampaign,
  kuwaitDate,
  type CampaignData,
} from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { Prisma, type Campaign as CampaignRow } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { postInclude, type PostRecord } from "../posts/index.ts";
import { dayValue } from "./campaign-of.ts";
import { countsOf, dataOf, viewOf, type CampaignView } from "./campaign-view.ts";
import { computeRollup, type CampaignRollup } from "./rollup.ts";
import { clickFigures } from "../short-links/index.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

export interface CampaignDetail extends CampaignView {
  rollup: CampaignRollup;
  /** Its posts, latest due first. */
  posts: (PostRecord & { outsideDates: boolean })[];
}

const rowData = (d: CampaignData) => ({
  name: d.name,
  goal: d.goal,
  startDate: dayValue(d.startDate),
  endDate: dayValue(d.endDate),
  budgetFils: d.budgetFils,
  occasion: d.occasion,
  goalTarget: d.goalTarget,
  goalResult: d.goalResult,
  notes: d.notes,
});

/** The post's time on the calendar: when it is due, or when it went out. */
const postTime = (p: { scheduledFor: Date | null; publishedAt: Date | null }) => p.scheduledFor ?? p.publishedAt;

/** The unique (business, name) index refused the name: say so on the name field. */
const nameTaken = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";

export const END_JOB = "campaigns.end";

export function createCampaignsService(
  deps: Deps,
  opts: { now?: () => Date; webhooks?: Pick<WebhookEmitter, "record" | "dispatch"> } = {},
) {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** Another business's campaign, or none: NOT_FOUND (no hint that it exists). */
  async function own(businessId: string, id: unknown, client: Db | Tx = db): Promise<CampaignRow> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const c = await client.campaign.findFirst({ where: { id, businessId } });
    if (!c) throw new AppError("NOT_FOUND");
    return c;
  }

  /** Names are unique per business whatever their case ("Ramadan" and "ramadan" are one name to a person). */
  async function checkName(tx: Tx, businessId: string, name: string, except?: string) {
    const clash = await tx.campaign.findFirst({
      where: { businessId, name: { equals: name, mode: "insensitive" }, ...(except ? { id: { not: except } } : {}) },
      select: { id: true },
    });
    if (clash) throw new AppError("CAMPAIGN_NAME_TAKEN", { name: ["campaignNameTaken"] });
  }

  async function view(businessId: string, row: CampaignRow): Promise<CampaignView> {
    return viewOf(row, (await countsOf(db, businessId, [row.id])).get(row.id));
  }

  /** The business's posts by id, all of them or NOT_FOUND (another business's post is never touched). */
  async function ownPosts(tx: Tx, businessId: string, ids: string[]) {
    if (ids.some((id) => !isUuid(id))) throw new AppError("NOT_FOUND");
    const posts = await tx.post.findMany({
      where: { id: { in: ids }, businessId },
      select: { id: true, campaignId: true, scheduledFor: true, publishedAt: true },
    });
    if (posts.length !== ids.length) throw new AppError("NOT_FOUND");
    return posts;
  }

  async function detail(businessId: string, row: CampaignRow): Promise<CampaignDetail> {
    const [posts, clicks] = await Promise.all([
      db.post.findMany({
        where: { businessId, campaignId: row.id },
        include: postInclude,
        orderBy: [{ scheduledFor: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "asc" }],
      }),
      // every day's clicks on its links, one grouped read (short-links/clicks.ts)
      clickFigures(db, businessId, { campaignIds: [row.id] }),
    ]);
    const data = dataOf(row);
    const rollup = computeRollup(data, posts, kuwaitDate(now()), {
      total: clicks.total,
      byPlatform: clicks.byPlatform,
      byPost: [...clicks.byPost].map(([postId, n]) => ({ postId, clicks: n })),
    });
    return {
      id: row.id,
      ...data,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      postCount: rollup.postCount,
      progress: rollup.progress,
      simulatedIncluded: rollup.simulatedIncluded,
      endedAt: row.endedAt,
      rollup,
      posts: posts.map((p) => ({ ...p, outsideDates: isOutsideCampaign(postTime(p), data) })),
    };
  }

  return {
    /** The business's campaigns, current first (running, then coming, then ended), each with its post count and progress. */
    async list(viewer: Viewer | null): Promise<CampaignView[]> {
      const { businessId } = business(viewer);
      const [rows, byCampaign] = await Promise.all([
        db.campaign.findMany({ where: { businessId } }),
        countsOf(db, businessId),
      ]);
      const today = kuwaitDate(now());
      return rows.map((r) => viewOf(r, byCampaign.get(r.id))).sort((a, b) => compareCampaigns(a, b, today));
    },

    /** One campaign with its roll-up and its posts. */
    async get(viewer: Viewer | null, id: unknown): Promise<CampaignDetail> {
      const { businessId } = business(viewer);
      return detail(businessId, await own(businessId, id));
    },

    async create(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<CampaignView> {
      const { v, businessId } = business(viewer);
      const data = validate(campaignInputSchema, input);
      try {
        const row = await db.$transaction(async (tx) => {
          await checkName(tx, businessId, data.name);
          const created = await tx.campaign.create({ data: { businessId, createdById: v.userId, ...rowData(data) } });
          await audit(tx, {
            actorId: v.userId,
            action: "campaign.created",
            entityType: "campaign",
            entityId: created.id,
            data: { name: data.name, goal: data.goal },
            ip: meta.ip,
          });
          return created;
        });
        return viewOf(row, undefined);
      } catch (e) {
        if (nameTaken(e)) throw new AppError("CAMPAIGN_NAME_TAKEN", { name: ["campaignNameTaken"] });
        throw e;
      }
    },

    /**
     * Only the fields given change: they are laid over the stored campaign and the whole is checked by
     * the same rule. A goal changed to one the networks measure (awareness, launch) drops a result
     * entered by hand unless the change names one (which the rule then refuses).
     */
    async update(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta): Promise<CampaignView> {
      const { v, businessId } = business(viewer);
      const patch = Object.fromEntries(
        Object.entries((input ?? {}) as Record<string, unknown>).filter(([, x]) => x !== undefined),
      );
      try {
        const row = await db.$transaction(async (tx) => {
          const current = await own(businessId, id, tx);
          const merged = { ...campaignAsInput(dataOf(current)), ...patch };
          if (
            patch.goal !== undefined &&
            !("goalResult" in patch) &&
            (patch.goal === "awareness" || patch.goal === "launch")
          )
            merged.goalResult = null;
          const data = validate(campaignInputSchema, merged);
          await checkName(tx, businessId, data.name, current.id);
          const updated = await tx.campaign.update({ where: { id: current.id }, data: rowData(data) });
          await audit(tx, {
            actorId: v.userId,
            action: "campaign.updated",
            entityType: "campaign",
            entityId: current.id,
            data: { fields: Object.keys(patch) },
            ip: meta.ip,
          });
          return updated;
        });
        return view(businessId, row);
      } catch (e) {
        if (nameTaken(e)) throw new AppError("CAMPAIGN_NAME_TAKEN", { name: ["campaignNameTaken"] });
        throw e;
      }
    },

    /** Deletes the campaign; its posts stay, without a campaign. Answers how many posts were kept. */
    async remove(viewer: Viewer | null, id: unknown, meta: RequestMeta): Promise<{ id: string; postsKept: number }> {
      const { v, businessId } = business(viewer);
      return db.$transaction(async (tx) => {
        const c = await own(businessId, id, tx);
        const postsKept = await tx.post.count({ where: { businessId, campaignId: c.id } });
        // the foreign key clears the posts' campaign (ON DELETE SET NULL)
        await tx.campaign.delete({ where: { id: c.id } });
        await audit(tx, {
          actorId: v.userId,
          action: "campaign.deleted",
          entityType: "campaign",
          entityId: c.id,
          data: { name: c.name, postsKept },
          ip: meta.ip,
        });
        return { id: c.id, postsKept };
      });
    },

    /**
     * Attaches the business's posts (any status) to the campaign; a post in another campaign moves. All
     * or nothing: one post that is not the business's refuses the request (NOT_FOUND). Answers the
     * campaign and the posts whose time falls outside its days (allowed, but worth a look).
     */
    async attachPosts(
      viewer: Viewer | null,
      id: unknown,
      input: unknown,
    ): Promise<{ campaign: CampaignView; attached: string[]; outsideDates: string[] }> {
      const { businessId } = business(viewer);
      const { postIds } = validate(campaignPostIdsSchema, input);
      const { row, posts } = await db.$transaction(async (tx) => {
        const row = await own(businessId, id, tx);
        const posts = await ownPosts(tx, businessId, postIds);
        await tx.post.updateMany({ where: { id: { in: postIds }, businessId }, data: { campaignId: row.id } });
        return { row, posts };
      });
      const data = dataOf(row);
      return {
        campaign: await view(businessId, row),
        attached: postIds,
        outsideDates: posts.filter((p) => isOutsideCampaign(postTime(p), data)).map((p) => p.id),
      };
    },

    /** Takes the business's posts out of the campaign; those not in it are left as they are. */
    async detachPosts(
      viewer: Viewer | null,
      id: unknown,
      input: unknown,
    ): Promise<{ campaign: CampaignView; detached: string[] }> {
      const { businessId } = business(viewer);
      const { postIds } = validate(campaignPostIdsSchema, input);
      const { row, detached } = await db.$transaction(async (tx) => {
        const row = await own(businessId, id, tx);
        const posts = await ownPosts(tx, businessId, postIds);
        const detached = posts.filter((p) => p.campaignId === row.id).map((p) => p.id);
        await tx.post.updateMany({
          where: { id: { in: detached }, businessId, campaignId: row.id },
          data: { campaignId: null },
        });
        return { row, detached };
      });
      return { campaign: await view(businessId, row), detached };
    },

    /** The calendar's "Add to campaign": one post's campaign set, or cleared with null. */
    async setPostCampaign(
      viewer: Viewer | null,
      postId: unknown,
      campaignId: unknown,
    ): Promise<PostRecord & { outsideDates: boolean }> {
      const { businessId } = business(viewer);
      const { post, campaign } = await db.$transaction(async (tx) => {
        const [post] = await ownPosts(tx, businessId, [typeof postId === "string" ? postId.toLowerCase() : ""]);
        const campaign =
          campaignId === null || campaignId === undefined || campaignId === ""
            ? null
            : await own(businessId, campaignId, tx);
        await tx.post.update({ where: { id: post!.id }, data: { campaignId: campaign?.id ?? null } });
        return { post: await tx.post.findUniqueOrThrow({ where: { id: post!.id }, include: postInclude }), campaign };
      });
      return { ...post, outsideDates: campaign ? isOutsideCampaign(postTime(post), dataOf(campaign)) : false };
    },

    /**
     * A campaign ends when the Kuwait day after its last day begins: the campaigns.end job marks it
     * (endedAt, once, by a conditional update) and records its campaign.ended webhook event with it.
     */
    async endDue(at: Date = now()) {
      const due = await db.campaign.findMany({
        where: { endedAt: null, endDate: { lt: dayValue(kuwaitDate(at)) } },
        select: { id: true, businessId: true },
        take: 500,
      });
      const ended: string[] = [];
      for (const c of due) {
        const deliveries = await db.$transaction(async (tx) => {
          const { count } = await tx.campaign.updateMany({ where: { id: c.id, endedAt: null }, data: { endedAt: at } });
          if (!count) return null;
          return (await opts.webhooks?.record(tx, c.businessId, { type: "campaign.ended", campaignId: c.id })) ?? [];
        });
        if (!deliveries) continue;
        ended.push(c.id);
        await opts.webhooks?.dispatch(deliveries);
      }
      return ended;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
