// REST compatibility for /api/admin/clients: thin, calls the clients service.
import { Router } from "express";
import { clientActions } from "@sufra/schema";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import { restPageInfo } from "../../kernel/pagination.ts";
import type { Services } from "../../services.ts";
import { holderOf, type ClientRecord } from "./clients.service.ts";
import type { z } from "zod";
import type { restClientSchema } from "./clients.openapi.ts";

const restClient = (b: ClientRecord): z.output<typeof restClientSchema> => ({
  id: b.id,
  company_name: b.companyName,
  contact_name: b.contactName,
  email: holderOf(b)?.email ?? null,
  email_verified: !!holderOf(b)?.emailVerifiedAt,
  phone: b.phone,
  address: b.address,
  status: b.status,
  requested_plan: b.requestedPlan,
  rejection_reason: b.rejectionReason,
  created_at: b.createdAt.toISOString(),
  approved_at: b.approvedAt?.toISOString() ?? null,
  last_active_at: holderOf(b)?.lastLoginAt?.toISOString() ?? null,
  subscription: b.subscription
    ? {
        plan: b.subscription.plan,
        status: b.subscription.status,
        trial_ends_at: b.subscription.trialEndsAt?.toISOString() ?? null,
        renews_at: b.subscription.renewsAt?.toISOString() ?? null,
      }
    : null,
  allowed_actions: clientActions(b),
});

export function clientsRouter(services: Services) {
  const r = Router();
  const { clients } = services;
  const admin = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "admin");

  r.get("/", async (req, res) => {
    const q = req.query;
    const page = await clients.list(await admin(req), {
      status: q.status,
      plan: q.plan,
      search: q.search,
      first: q.first === undefined ? undefined : queryNumber(q.first),
      after: q.after,
    });
    res.json({ clients: page.items.map(restClient), total: page.totalCount, page_info: restPageInfo(page) });
  });
  r.get("/:id", async (req, res) => {
    const { client, users, audit } = await clients.details(await admin(req), req.params.id);
    res.json({
      ...restClient(client),
      users: users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        email_verified: !!u.emailVerifiedAt,
        last_login_at: u.lastLoginAt?.toISOString() ?? null,
        created_at: u.createdAt.toISOString(),
      })),
      audit: audit.map((a) => ({
        id: a.id,
        action: a.action,
        actor_id: a.actorId,
        actor: a.actor,
        data: a.data,
        created_at: a.createdAt.toISOString(),
      })),
    });
  });
  r.post("/:id/approve", async (req, res) => {
    res.json(restClient(await clients.approve(await admin(req), req.params.id, metaOf(req))));
  });
  r.post("/:id/reject", async (req, res) => {
    res.json(restClient(await clients.reject(await admin(req), req.params.id, camelBody(req), metaOf(req))));
  });
  r.post("/:id/gift-trial-days", async (req, res) => {
    const body = camelBody(req);
    res.json(
      restClient(
        await clients.giftTrialDays(await admin(req), req.params.id, { days: queryNumber(body.days) }, metaOf(req)),
      ),
    );
  });
  r.post("/:id/suspend", async (req, res) => {
    res.json(restClient(await clients.suspend(await admin(req), req.params.id, metaOf(req))));
  });
  r.post("/:id/reactivate", async (req, res) => {
    res.json(restClient(await clients.reactivate(await admin(req), req.params.id, metaOf(req))));
  });
  return r;
}
