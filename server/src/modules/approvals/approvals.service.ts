// Approvals (docs/product.md#agencies-and-approvals): a person of the café (an agency's person most often) sends
// posts for approval, a week or a month at once; that makes a signed link for the café's owners, who approve or
// ask for changes in the app or from the link without an account (approvals.page.ts). The post's own approval
// state and history are the posts module's (posts.approval.ts); this module keeps the links.
//
// A link's token is its id and an HMAC of it under the server's token key: nothing secret is stored, the link can
// be copied again from the list, and a guessed or altered token is refused before any lookup. A link opens only
// the posts it names, until it expires or is revoked.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  APPROVAL_LINK_MAILS,
  APPROVAL_LINK_MAX_POSTS,
  APPROVAL_LINK_RATE,
  APPROVAL_LINK_TTL_DAYS,
  approvalDecisionSchema,
  approvalPagePath,
  approvalShareText,
  kuwaitDaysRange,
  addressSchema,
  sendForApprovalSchema,
  whatsappShareUrl,
  type Locale,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import { notifyIn } from "../notifications/index.ts";
import type { MediaService } from "../media/index.ts";
import type { PostsService } from "../posts/index.ts";
import { isAgencyLead as isLead } from "../agencies/index.ts";
import { accessOf, managersOf, peopleOf } from "../team/index.ts";

const DAY = 86_400_000;

export type LinkState = "active" | "revoked" | "expired";

export function createApprovalsService(deps: Deps, posts: PostsService, media: MediaService) {
  const { db, config, mailer, limits } = deps;

  const sign = (id: string) => createHmac("sha256", config.tokenKey).update(`approval-link:${id}`).digest("base64url");
  const tokenOf = (id: string) => `${id}.${sign(id)}`;
  const urlOf = (id: string) => `${config.publicUrl}${approvalPagePath(tokenOf(id))}`;

  /** The link a token names when its signature is good; null otherwise (no lookup for a forged one). */
  function linkIdOf(token: unknown): string | null {
    if (typeof token !== "string" || token.length > 100) return null;
    const [id, sig] = token.split(".");
    if (!id || !sig || !isUuid(id)) return null;
    const want = Buffer.from(sign(id));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want) ? id : null;
  }

  const stateOf = (l: { revokedAt: Date | null; expiresAt: Date }, now = new Date()): LinkState =>
    l.revokedAt ? "revoked" : l.expiresAt <= now ? "expired" : "active";

  /** A link in force for a token, with its business; INVALID_LINK for a forged, unknown, revoked or expired one. */
  async function openLink(token: unknown) {
    const id = linkIdOf(token);
    if (!id) throw new AppError("INVALID_LINK");
    const link = await db.approvalLink.findUnique({
      where: { id },
      include: { business: { select: { id: true, companyName: true, nameAr: true, status: true } } },
    });
    if (!link || stateOf(link) !== "active" || link.business.status !== "active") throw new AppError("INVALID_LINK");
    return link;
  }

  /** The person sends and reads links: anyone of the café, from their own session. */
  const personOf = (viewer: Viewer | null) => {
    const v = requireScope(viewer, "business");
    if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
    return v as Viewer & { businessId: string };
  };

  function view(
    l: { id: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null; locale: string },
    companyName: string,
    posts: { approval: string }[],
  ) {
    const url = urlOf(l.id);
    const locale = (l.locale === "en" ? "en" : "ar") as Locale;
    const shareText = approvalShareText(locale, companyName, posts.length, url);
    return {
      id: l.id,
      url,
      state: stateOf(l),
      locale,
      createdAt: l.createdAt,
      expiresAt: l.expiresAt,
      postCount: posts.length,
      approved: posts.filter((p) => p.approval === "approved").length,
      changesRequested: posts.filter((p) => p.approval === "changes_requested").length,
      waiting: posts.filter((p) => p.approval === "in_review").length,
      shareText,
      whatsappUrl: whatsappShareUrl(shareText),
    };
  }

  return {
    tokenOf,

    /**
     * Sends posts for approval: those named, or the café's drafts and scheduled posts planned from `from` to `to`
     * (Kuwait days). Each not yet approved moves to in_review, and one link names them all; the café's managers
     * (not the sender) hear that posts wait.
     */
    async send(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const v = personOf(viewer);
      const q = validate(sendForApprovalSchema, input);
      const businessId = v.businessId;
      const ids = q.postIds?.length
        ? [...new Set(q.postIds)]
        : (
            await db.post.findMany({
              where: {
                businessId,
                status: { in: ["draft", "scheduled"] },
                approval: { not: "approved" },
                scheduledFor: kuwaitDaysRange(q.from, q.to),
              },
              orderBy: { scheduledFor: "asc" },
              select: { id: true },
              take: APPROVAL_LINK_MAX_POSTS,
            })
          ).map((p) => p.id);
      if (!ids.length) throw new AppError("VALIDATION_ERROR", { postIds: ["approvalNothingToSend"] });
      const business = await db.business.findUniqueOrThrow({
        where: { id: businessId },
        select: { companyName: true },
      });
      const locale = q.locale ?? "ar";
      // the optional first step: an agency's person (not its lead) sends to the lead of a café that asks for it
      const leadFirst = (
        await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { approvalLeadFirst: true } })
      ).approvalLeadFirst;
      const to = leadFirst && v.agency && !(await isLead(db, v)) ? "lead_review" : "in_review";
      const link = await db.$transaction(async (tx) => {
        const sent = await posts.approval.send(tx, businessId, ids, { userId: v.userId, name: v.name }, to);
        if (!sent.length) throw new AppError("VALIDATION_ERROR", { postIds: ["approvalNothingToSend"] });
        const link = await tx.approvalLink.create({
          data: {
            businessId,
            createdById: v.userId,
            locale,
            expiresAt: new Date(Date.now() + APPROVAL_LINK_TTL_DAYS * DAY),
            posts: { create: sent.map((postId) => ({ postId })) },
          },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "approval.sent",
          entityType: "business",
          entityId: businessId,
          data: { linkId: link.id, posts: sent.length },
          ip: meta.ip,
        });
        const people = await peopleOf(tx, businessId);
        const managers = managersOf(people.filter((p) => !p.agencyId)).filter((p) => p.id !== v.userId);
        await notifyIn(
          tx,
          managers.map((m) => ({
            userId: m.id,
            type: "posts_awaiting_approval" as const,
            data: { businessId, companyName: business.companyName, count: sent.length, linkId: link.id },
            dedupeKey: `posts_awaiting_approval:${link.id}:${m.id}`,
          })),
        );
        return { link, sent };
      });
      return view(
        link.link,
        business.companyName,
        link.sent.map(() => ({ approval: "in_review" })),
      );
    },

    /** The café's approval links, newest first, with how their posts stand. */
    async links(viewer: Viewer | null) {
      const v = personOf(viewer);
      const [business, rows] = await Promise.all([
        db.business.findUniqueOrThrow({ where: { id: v.businessId }, select: { companyName: true } }),
        db.approvalLink.findMany({
          where: { businessId: v.businessId },
          orderBy: { createdAt: "desc" },
          take: 50,
          include: { posts: { include: { post: { select: { approval: true } } } } },
        }),
      ]);
      return rows.map((l) =>
        view(
          l,
          business.companyName,
          l.posts.map((p) => p.post),
        ),
      );
    },

    /** Revokes a link at once: it opens nothing from now on. */
    async revoke(viewer: Viewer | null, id: unknown, meta: RequestMeta) {
      const v = personOf(viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      await db.$transaction(async (tx) => {
        const { count } = await tx.approvalLink.updateMany({
          where: { id, businessId: v.businessId, revokedAt: null },
          data: { revokedAt: new Date() },
        });
        if (!count && !(await tx.approvalLink.findFirst({ where: { id, businessId: v.businessId } })))
          throw new AppError("NOT_FOUND");
        await audit(tx, {
          actorId: v.userId,
          action: "approval.link_revoked",
          entityType: "business",
          entityId: v.businessId,
          data: { linkId: id },
          ip: meta.ip,
        });
      });
      return (await this.links(viewer)).find((l) => l.id === id)!;
    },

    /** Mails a link in force to an address (the owner's), in the link's language. */
    async mail(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
      const v = personOf(viewer);
      const { email } = validate(addressSchema, input);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const link = await db.approvalLink.findFirst({
        where: { id, businessId: v.businessId },
        include: { business: { select: { companyName: true } }, _count: { select: { posts: true } } },
      });
      if (!link) throw new AppError("NOT_FOUND");
      if (stateOf(link) !== "active") throw new AppError("INVALID_LINK");
      const mailId = await db.$transaction(async (tx) => {
        const id = await mailer.queue(
          tx,
          email,
          "approvalRequest",
          {
            senderName: v.name,
            businessName: link.business.companyName,
            count: link._count.posts,
            expiresAt: link.expiresAt,
            url: urlOf(link.id),
          },
          link.locale === "en" ? "en" : "ar",
        );
        await audit(tx, {
          actorId: v.userId,
          action: "approval.link_mailed",
          entityType: "business",
          entityId: v.businessId,
          data: { linkId: link.id, email },
          ip: meta.ip,
        });
        return id;
      });
      // sent once the row is committed; a failure stays in the outbox for the retry job
      await mailer.deliver([mailId]);
      return true;
    },

    /** An owner's word on a post in the app: the café's managers only (not an agency's people). */
    async decide(viewer: Viewer | null, postId: unknown, input: unknown) {
      // an agency lead's word is the first step's (lead_review); the café's managers give the owners'
      const lead = viewer?.agency && (await isLead(db, viewer));
      if (lead) {
        if (!isUuid(postId)) throw new AppError("NOT_FOUND");
        const d = validate(approvalDecisionSchema, input);
        return posts.approval.leadDecide(viewer.businessId!, postId, d, { userId: viewer.userId, name: viewer.name });
      }
      const access = await accessOf(db, viewer, "team").catch((e: unknown) => {
        throw e instanceof AppError && e.code === "AGENCY_NOT_ALLOWED" ? new AppError("FORBIDDEN") : e;
      });
      if (!access.canManage || access.viewer.agency) throw new AppError("FORBIDDEN");
      if (!isUuid(postId)) throw new AppError("NOT_FOUND");
      const d = validate(approvalDecisionSchema, input);
      const v = access.viewer;
      return posts.approval.decide(v.businessId, postId, d, { userId: v.userId, name: v.name });
    },

    /** A post's approval history (anyone of the café). */
    async history(viewer: Viewer | null, postId: unknown) {
      const v = personOf(viewer);
      if (!isUuid(postId)) throw new AppError("NOT_FOUND");
      return posts.approval.history(v.businessId, postId);
    },

    // ------------------------------------------------------------ the link's side (no account)
    /** What a link shows: the café, the posts it names as they will look, each with its state and revision. */
    async page(token: unknown) {
      const link = await openLink(token);
      const rows = await db.approvalLinkPost.findMany({ where: { linkId: link.id }, select: { postId: true } });
      const records = await Promise.all(rows.map((r) => posts.approval.read(link.businessId, r.postId)));
      const items = records
        .filter((p): p is NonNullable<typeof p> => !!p)
        .sort((a, b) => (a.scheduledFor?.getTime() ?? Infinity) - (b.scheduledFor?.getTime() ?? Infinity));
      const comments = await db.postApprovalEvent.findMany({
        where: { postId: { in: items.map((p) => p.id) }, action: "changes_requested" },
        orderBy: { createdAt: "desc" },
        select: { postId: true, comment: true, revision: true },
      });
      return {
        linkId: link.id,
        companyName: link.business.companyName,
        companyNameAr: link.business.nameAr,
        locale: (link.locale === "en" ? "en" : "ar") as Locale,
        expiresAt: link.expiresAt,
        url: urlOf(link.id),
        posts: items.map((p) => ({
          id: p.id,
          revision: p.revision,
          approval: p.approval,
          status: p.status,
          content: p.content,
          hashtags: p.hashtags,
          firstComment: p.firstComment,
          scheduledFor: p.scheduledFor,
          platforms: p.targets.map((t) => ({ platform: t.platform, handle: t.account.handle })),
          media: p.media.map((m) => ({ kind: m.media.kind, ...media.urls(m.media) })),
          lastComment: comments.find((c) => c.postId === p.id)?.comment ?? null,
        })),
      };
    },

    /** The link's holder mails it on (to a partner, to themselves): the same mail as from the app, a few per link. */
    async mailByLink(token: unknown, input: unknown) {
      const link = await openLink(token);
      const { email } = validate(addressSchema, input);
      await limits.consumeApprovalLink(`mail:${link.id}`, APPROVAL_LINK_MAILS);
      const count = await db.approvalLinkPost.count({ where: { linkId: link.id } });
      const mailId = await db.$transaction((tx) =>
        mailer.queue(
          tx,
          email,
          "approvalRequest",
          {
            senderName: link.business.companyName,
            businessName: link.business.companyName,
            count,
            expiresAt: link.expiresAt,
            url: urlOf(link.id),
          },
          link.locale === "en" ? "en" : "ar",
        ),
      );
      await mailer.deliver([mailId]);
      return true;
    },

    /** Counts a use of a link (an open or a decision) and of a client address trying links: RATE_LIMITED past either. */
    async countUse(token: unknown, ip: string) {
      await limits.consumeApprovalLink(`ip:${ip}`, APPROVAL_LINK_RATE.points);
      const id = linkIdOf(token);
      if (id) await limits.consumeApprovalLink(`link:${id}`, APPROVAL_LINK_RATE.points);
    },

    /** A decision from the link: only on a post the link names (NOT_FOUND otherwise). */
    async decideByLink(token: unknown, postId: unknown, input: unknown) {
      const link = await openLink(token);
      if (!isUuid(postId)) throw new AppError("NOT_FOUND");
      const named = await db.approvalLinkPost.findUnique({ where: { linkId_postId: { linkId: link.id, postId } } });
      if (!named) throw new AppError("NOT_FOUND");
      const d = validate(approvalDecisionSchema, input);
      return posts.approval.decide(link.businessId, postId, d, { linkId: link.id });
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
