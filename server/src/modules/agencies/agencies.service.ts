// Agencies (docs/architecture.md#agencies): a business may be an agency; a café's manager invites an agency
// (or an agency's manager asks a café for access), the other side accepts, and from then on each person of the
// agency has a membership in the café marked with the agency (auth/memberships.ts). What they may do there is
// the link's: prepare posts and read figures always; schedule and publish when the café allows it (mayPublish);
// billing, the team and API keys only when the café's owner grants them. Either side ends the access at once:
// the memberships go, cached callers are dropped and the agency's sockets on the café close (server.ts).
import { agencyAccessSchema, agencyRequestSchema, approvalRequired, type AgencyGrant } from "@sufra/schema";
import { z } from "zod";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { audit } from "../../kernel/audit.ts";
import { publishIn } from "../../kernel/pubsub.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import { joinServedCafes, leaveServedCafes } from "../auth/index.ts";
import { notifyIn } from "../notifications/index.ts";
import { accessOf, managersOf, peopleOf, requireManager } from "../team/index.ts";

type Side = "cafe" | "agency";

export interface AgencyLinkView {
  id: string;
  status: "pending" | "active" | "ended";
  requestedBy: Side;
  /** the side of the link the viewer's business is on */
  side: Side;
  agency: { id: string; companyName: string };
  cafe: { id: string; companyName: string };
  mayPublish: boolean;
  grants: AgencyGrant[];
  createdAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
  /** the agency's people acting in the café (an active link) */
  people: { id: string; name: string; email: string }[];
  /** the viewer may accept it: pending, asked by the other side, and they manage their business */
  canAccept: boolean;
}

export interface AgencyOverview {
  isAgency: boolean;
  /** the café's own choice; null: the default (approvals on while an agency serves it) */
  requireApproval: boolean | null;
  /** an agency's lead checks posts its people send before the owners see them */
  approvalLeadFirst: boolean;
  /** the caller is the lead of the agency they act through here (they check posts first when the café asks) */
  agencyLead: boolean;
  /** what applies now (approvalRequired) */
  approvalRequired: boolean;
  /** the viewer manages the business (changes these, asks, accepts, ends) */
  canManage: boolean;
  /** links in force (pending, active) and the latest ended ones */
  links: AgencyLinkView[];
}

/** Whether an agency serves the café now (an active link): approvals are then on by default. */
async function servedByAgency(db: Db | Tx, cafeId: string): Promise<boolean> {
  return !!(await db.agencyLink.findFirst({ where: { cafeId, status: "active" }, select: { id: true } }));
}

/** An agency's lead: a manager (owner or account holder) of the agency the person acts through. */
export async function isAgencyLead(db: Db | Tx, v: Viewer): Promise<boolean> {
  if (!v.agency) return false;
  const agencyPeople = (await peopleOf(db, v.agency.agencyId)).filter((p) => !p.agencyId);
  return managersOf(agencyPeople).some((p) => p.id === v.userId);
}

/** Whether the café's posts need approval before they are scheduled (approvalRequired, one rule). */
export async function needsApproval(db: Db | Tx, businessId: string): Promise<boolean> {
  const b = await db.business.findUnique({ where: { id: businessId }, select: { requireApproval: true } });
  return approvalRequired(b?.requireApproval, await servedByAgency(db, businessId));
}

const linkInclude = {
  agency: { select: { id: true, companyName: true } },
  cafe: { select: { id: true, companyName: true } },
} as const;

const agencyToggleSchema = z.object({ isAgency: z.boolean({ error: "invalidValue" }) });
const approvalRuleSchema = z.object({
  requireApproval: z.boolean({ error: "invalidValue" }).nullable(),
  leadFirst: z.boolean({ error: "invalidValue" }).optional(),
});

export function createAgenciesService(deps: Deps) {
  const { db } = deps;

  /** A manager of the viewer's business, from their own session (not through an agency). */
  async function manager(viewer: Viewer | null) {
    const v = requireScope(viewer, "person");
    if (v.agency) throw new AppError("AGENCY_NOT_ALLOWED");
    return requireManager(db, viewer, "team");
  }

  /** A link the viewer's business is part of, locked for a change; NOT_FOUND otherwise. */
  async function ownLink(tx: Tx, businessId: string, id: unknown) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from agency_links where id = ${id}::uuid for update`;
    const link = await tx.agencyLink.findUnique({ where: { id }, include: linkInclude });
    if (!link || (link.agencyId !== businessId && link.cafeId !== businessId)) throw new AppError("NOT_FOUND");
    return link;
  }

  /** The managers of a business (to hear of a request), by user id. */
  const managerIds = async (tx: Tx, businessId: string) =>
    managersOf((await peopleOf(tx, businessId)).filter((p) => !p.agencyId)).map((p) => p.id);

  /**
   * A manager's change of a link their business is part of, under the link's lock: the change, its audit entry,
   * and the `agency.access` event (the café's cached callers drop; `ended` closes the agency's sockets on it).
   * Answers the business's overview after it.
   */
  async function changeLink(
    viewer: Viewer | null,
    id: unknown,
    meta: RequestMeta,
    change: (
      tx: Tx,
      link: Awaited<ReturnType<typeof ownLink>>,
      side: Side,
    ) => Promise<{
      action: "agency.accepted" | "agency.ended" | "agency.access_changed";
      data: object;
      ended: boolean;
    }>,
  ) {
    const access = await manager(viewer);
    const businessId = access.viewer.businessId;
    await db.$transaction(async (tx) => {
      const link = await ownLink(tx, businessId, id);
      const { action, data, ended } = await change(tx, link, link.cafeId === businessId ? "cafe" : "agency");
      await audit(tx, {
        actorId: access.viewer.userId,
        action,
        entityType: "business",
        entityId: businessId,
        data: { linkId: link.id, agencyId: link.agencyId, cafeId: link.cafeId, ...data },
        ip: meta.ip,
      });
      await publishIn(tx, "agency.access", { businessId: link.cafeId, agencyId: link.agencyId, ended });
    });
    return service.overview(viewer);
  }

  const service = {
    /** The viewer's business as an agency or a café: its links, and whether posts need approval. */
    async overview(viewer: Viewer | null): Promise<AgencyOverview> {
      const access = await accessOf(db, viewer, "team").catch((e: unknown) => {
        // a person through an agency sees the café's links too (who acts), not the team
        if (e instanceof AppError && e.code === "AGENCY_NOT_ALLOWED") return null;
        throw e;
      });
      const v = requireScope(viewer, "business");
      const businessId = v.businessId!;
      const [business, links] = await Promise.all([
        db.business.findUniqueOrThrow({
          where: { id: businessId },
          select: { isAgency: true, requireApproval: true, approvalLeadFirst: true },
        }),
        db.agencyLink.findMany({
          where: { OR: [{ agencyId: businessId }, { cafeId: businessId }] },
          include: linkInclude,
          orderBy: [{ createdAt: "desc" }],
          take: 100,
        }),
      ]);
      const active = links.filter((l) => l.status === "active");
      const people = active.length
        ? await db.membership.findMany({
            where: { OR: active.map((l) => ({ agencyId: l.agencyId, businessId: l.cafeId })) },
            include: { user: { select: { id: true, name: true, email: true } } },
            orderBy: { createdAt: "asc" },
          })
        : [];
      const canManage = !!access?.canManage && !v.agency;
      const served = links.some((l) => l.cafeId === businessId && l.status === "active");
      return {
        isAgency: business.isAgency,
        requireApproval: business.requireApproval,
        approvalLeadFirst: business.approvalLeadFirst,
        agencyLead: await isAgencyLead(db, v),
        approvalRequired: approvalRequired(business.requireApproval, served),
        canManage,
        links: links.map((l) => {
          const side: Side = l.cafeId === businessId ? "cafe" : "agency";
          return {
            id: l.id,
            status: l.status,
            requestedBy: l.requestedBy as Side,
            side,
            agency: l.agency,
            cafe: l.cafe,
            mayPublish: l.mayPublish,
            grants: l.grants as AgencyGrant[],
            createdAt: l.createdAt,
            acceptedAt: l.acceptedAt,
            endedAt: l.endedAt,
            people: people.filter((m) => m.agencyId === l.agencyId && m.businessId === l.cafeId).map((m) => m.user),
            canAccept: canManage && l.status === "pending" && l.requestedBy !== side,
          };
        }),
      };
    },

    /** A manager makes their business an agency (or not: only once it serves no café). */
    async setAgency(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const access = await manager(viewer);
      const { isAgency } = validate(agencyToggleSchema, input);
      const businessId = access.viewer.businessId;
      await db.$transaction(async (tx) => {
        if (!isAgency && (await tx.agencyLink.count({ where: { agencyId: businessId, status: { not: "ended" } } })))
          throw new AppError("VALIDATION_ERROR", { isAgency: ["agencyStillServes"] });
        await tx.business.update({ where: { id: businessId }, data: { isAgency } });
        await audit(tx, {
          actorId: access.viewer.userId,
          action: isAgency ? "agency.turned_on" : "agency.turned_off",
          entityType: "business",
          entityId: businessId,
          ip: meta.ip,
        });
      });
      return service.overview(viewer);
    },

    /** A café's manager chooses whether posts need approval (null: on while an agency serves the café). */
    async setApprovalRule(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const access = await manager(viewer);
      const { requireApproval, leadFirst } = validate(approvalRuleSchema, input);
      await db.$transaction(async (tx) => {
        await tx.business.update({
          where: { id: access.viewer.businessId },
          data: { requireApproval, ...(leadFirst !== undefined ? { approvalLeadFirst: leadFirst } : {}) },
        });
        await audit(tx, {
          actorId: access.viewer.userId,
          action: "approval.rule_changed",
          entityType: "business",
          entityId: access.viewer.businessId,
          data: { requireApproval, leadFirst },
          ip: meta.ip,
        });
      });
      return service.overview(viewer);
    },

    /**
     * Asks for a link: a café's manager names a manager of an agency by e-mail (the café invites the agency), an
     * agency's manager names a manager of a café (the agency asks for access). The other side's managers hear of it.
     */
    async request(viewer: Viewer | null, input: unknown, meta: RequestMeta) {
      const access = await manager(viewer);
      const { email } = validate(agencyRequestSchema, input);
      const mine = access.business;
      const requestedBy: Side = mine.isAgency ? "agency" : "cafe";
      return db.$transaction(async (tx) => {
        // the businesses the address manages, of the other kind, the one they last used first
        const theirs = await tx.membership.findMany({
          where: { user: { email }, agencyId: null, business: { isAgency: !mine.isAgency, status: "active" } },
          include: { business: true },
          orderBy: [{ lastUsedAt: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }],
        });
        let other: (typeof theirs)[number]["business"] | null = null;
        for (const m of theirs) {
          if (m.businessId === mine.id) continue;
          const managers = await managerIds(tx, m.businessId);
          if (managers.includes(m.userId)) {
            other = m.business;
            break;
          }
        }
        if (!other) throw new AppError(mine.isAgency ? "NOT_A_CAFE_MANAGER" : "NOT_AN_AGENCY");
        const agencyId = mine.isAgency ? mine.id : other.id;
        const cafeId = mine.isAgency ? other.id : mine.id;
        if (await tx.agencyLink.findFirst({ where: { agencyId, cafeId, status: { not: "ended" } } }))
          throw new AppError("AGENCY_LINK_EXISTS");
        const link = await tx.agencyLink.create({
          data: { agencyId, cafeId, requestedBy, createdById: access.viewer.userId },
        });
        await audit(tx, {
          actorId: access.viewer.userId,
          action: "agency.requested",
          entityType: "business",
          entityId: mine.id,
          data: { linkId: link.id, agencyId, cafeId, requestedBy },
          ip: meta.ip,
        });
        await notifyIn(
          tx,
          (await managerIds(tx, other.id)).map((userId) => ({
            userId,
            type: "agency_request" as const,
            data: { businessId: other.id, fromName: mine.companyName, linkId: link.id, requestedBy },
            dedupeKey: `agency_request:${link.id}:${userId}`,
          })),
        );
        return link.id;
      });
    },

    /** The side that did not ask accepts: the agency's people join the café (memberships through the agency). */
    accept: (viewer: Viewer | null, id: unknown, meta: RequestMeta) =>
      changeLink(viewer, id, meta, async (tx, link, side) => {
        if (link.status !== "pending" || link.requestedBy === side) throw new AppError("INVALID_STATE");
        await tx.agencyLink.update({ where: { id: link.id }, data: { status: "active", acceptedAt: new Date() } });
        const people = await joinServedCafes(tx, link.agencyId, { cafeId: link.cafeId });
        // the café's cached callers are dropped too: approvals may now be on by default
        return { action: "agency.accepted", data: { people }, ended: false };
      }),

    /**
     * Either side's manager ends a link at once (declines or withdraws a pending one): the agency's memberships in
     * the café go, its cached callers there are dropped and its sockets on the café close.
     */
    end: (viewer: Viewer | null, id: unknown, meta: RequestMeta) =>
      changeLink(viewer, id, meta, async (tx, link) => {
        if (link.status === "ended") throw new AppError("INVALID_STATE");
        await tx.agencyLink.update({ where: { id: link.id }, data: { status: "ended", endedAt: new Date() } });
        const { count } = await leaveServedCafes(tx, link.agencyId, { cafeId: link.cafeId });
        return { action: "agency.ended", data: { was: link.status, membershipsEnded: count }, ended: true };
      }),

    /** The café's manager sets what the agency may do: schedule and publish, and the AGENCY_GRANTS rights. */
    setAccess(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta) {
      const v = validate(agencyAccessSchema, input);
      return changeLink(viewer, id, meta, async (tx, link, side) => {
        if (side !== "cafe") throw new AppError("FORBIDDEN");
        if (link.status === "ended") throw new AppError("INVALID_STATE");
        const data = {
          ...(v.mayPublish !== undefined ? { mayPublish: v.mayPublish } : {}),
          ...(v.grants !== undefined ? { grants: [...new Set(v.grants)] } : {}),
        };
        await tx.agencyLink.update({ where: { id: link.id }, data });
        return { action: "agency.access_changed", data, ended: false };
      });
    },

    /** Admins: the agencies and the cafés each serves now (docs/product.md#admin-dashboard). */
    async agencies(viewer: Viewer | null) {
      requireScope(viewer, "admin");
      const rows = await db.business.findMany({
        where: { isAgency: true },
        orderBy: { companyName: "asc" },
        select: {
          id: true,
          companyName: true,
          status: true,
          serves: {
            where: { status: "active" },
            orderBy: { acceptedAt: "asc" },
            select: { acceptedAt: true, cafe: { select: { id: true, companyName: true } } },
          },
        },
      });
      return rows.map((a) => ({
        id: a.id,
        companyName: a.companyName,
        status: a.status,
        cafes: a.serves.map((s) => ({ ...s.cafe, since: s.acceptedAt })),
      }));
    },
  };
  return service;
}
export type AgenciesService = ReturnType<typeof createAgenciesService>;
