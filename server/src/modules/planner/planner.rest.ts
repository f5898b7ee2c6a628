// REST for the content planner at /api/planner (docs/product.md#planning-a-month): thin, calls the planner service.
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { restUsage } from "../studio/index.ts";
import type { ApprovalOutcome, PlanPreview, PlanView } from "./planner.service.ts";

const restPreview = (p: PlanPreview) => ({
  from: p.from,
  to: p.to,
  days: p.days.map((d) => ({
    date: d.date,
    calendar_key: d.calendarKey,
    occasion: d.occasion,
    occasion_name: d.occasionName,
    ramadan: d.ramadan,
  })),
  cost: p.cost,
  usage: restUsage(p.usage),
  enough: p.enough,
  networks: p.networks,
  missing: p.missing,
});

const restPlan = (p: PlanView) => ({
  id: p.id,
  period: p.period,
  from: p.from,
  to: p.to,
  language: p.language,
  created_at: p.createdAt.toISOString(),
  usage: p.usage ? restUsage(p.usage) : null,
  proposals: p.proposals.map((x) => ({
    id: x.id,
    date: x.date,
    calendar_key: x.calendarKey,
    occasion: x.occasion,
    occasion_name: x.occasionName,
    menu_item_id: x.menuItemId,
    dish: x.dish,
    platform: x.platform,
    format: x.format,
    scheduled_for: x.scheduledFor.toISOString(),
    reason: x.reason,
    content: x.content,
    hashtags: x.hashtags,
    media_id: x.mediaId,
    shot_list: x.shotList,
    status: x.status,
    post_id: x.postId,
  })),
});

const restApproval = (a: ApprovalOutcome) => ({
  plan: restPlan(a.plan),
  created: a.created.map((c) => ({ proposal_id: c.proposalId, post_id: c.postId, scheduled: c.scheduled })),
  failed: a.failed.map((f) => ({ proposal_id: f.proposalId, code: f.code, message: f.message })),
});

/** Mounted at /api/planner. */
export function plannerRouter(services: Services) {
  const r = Router();
  const { planner } = services;
  const viewer = (req: Request) => viewerOf(services, req);

  /** {period, month | year, days | per_week, language?, tone?} → the days, their occasions and the AI captions it would use */
  r.post("/preview", async (req, res) => {
    res.json(restPreview(await planner.preview(await viewer(req), camelBody(req))));
  });

  /** The same body → the plan with its proposals (one AI caption each) */
  r.post("/plans", async (req, res) => {
    res.status(201).json(restPlan(await planner.plan(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.get("/plans", async (req, res) => {
    res.json((await planner.list(await viewer(req))).map(restPlan));
  });

  r.get("/plans/:id", async (req, res) => {
    res.json(restPlan(await planner.get(await viewer(req), req.params.id)));
  });

  /** {proposal_ids, schedule?} → the posts made, those refused, and the plan */
  r.post("/plans/:id/approve", async (req, res) => {
    res.json(
      restApproval(await planner.approve(await viewer(req), { ...camelBody(req), planId: req.params.id }, metaOf(req))),
    );
  });

  return r;
}
