// REST for /api/campaigns: thin, calls the campaigns service; snake_case on the wire. Money is given in
// fils and as KWD text with three decimals; dates are Kuwait dates, YYYY-MM-DD.
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { restPost } from "../posts/index.ts";
import type { CampaignDetail } from "./campaigns.service.ts";
import type { CampaignFigures } from "./rollup.ts";
import { kwd, restCampaign } from "./campaign.shape.ts";

const restFigures = (f: CampaignFigures) => ({
  posts: f.posts,
  reach: f.reach,
  views: f.views,
  likes: f.likes,
  comments: f.comments,
  shares: f.shares,
  engagement_rate: f.engagementRate,
});

const restCampaignDetail = (c: CampaignDetail) => {
  const r = c.rollup;
  return {
    ...restCampaign(c),
    rollup: {
      posts_by_status: r.postsByStatus,
      published_posts: r.publishedPosts,
      totals: restFigures(r.totals),
      by_platform: r.byPlatform.map((p) => ({ platform: p.platform, ...restFigures(p) })),
      progress: {
        metric: r.progress.metric,
        target: r.progress.target,
        actual: r.progress.actual,
        percent: r.progress.percent,
      },
      spend: {
        budget_fils: r.spend.budgetFils,
        budget_kwd: kwd(r.spend.budgetFils),
        cost_per_1000_reach_fils: r.spend.costPer1000ReachFils,
        cost_per_1000_reach_kwd: kwd(r.spend.costPer1000ReachFils),
        cost_per_result_fils: r.spend.costPerResultFils,
        cost_per_result_kwd: kwd(r.spend.costPerResultFils),
        result_per: r.spend.resultPer,
      },
      days: { total: r.days.total, elapsed: r.days.elapsed, left: r.days.left, phase: r.days.phase },
      best_post: r.bestPost
        ? {
            post_id: r.bestPost.post.id,
            content: r.bestPost.post.content,
            engagements: r.bestPost.engagements,
            reach: r.bestPost.reach,
            views: r.bestPost.views,
            engagement_rate: r.bestPost.engagementRate,
          }
        : null,
      simulated_included: r.simulatedIncluded,
      clicks: {
        total: r.clicks.total,
        by_platform: r.clicks.byPlatform,
        by_post: r.clicks.byPost.map((p) => ({ post_id: p.postId, clicks: p.clicks })),
      },
    },
    posts: c.posts.map((p) => ({ ...restPost(p), outside_campaign_dates: p.outsideDates })),
  };
};

export function campaignsRouter(services: Services) {
  const r = Router();
  const { campaigns } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    res.json({ campaigns: (await campaigns.list(await viewer(req))).map(restCampaign) });
  });

  /** {name, goal, start_date, end_date, budget_kwd?, occasion?, goal_target?, goal_result?, notes?} */
  r.post("/", async (req, res) => {
    res.status(201).json(restCampaign(await campaigns.create(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.get("/:id", async (req, res) => {
    res.json(restCampaignDetail(await campaigns.get(await viewer(req), req.params.id)));
  });

  /** Only the fields sent change; null clears an optional one. */
  r.put("/:id", async (req, res) => {
    res.json(restCampaign(await campaigns.update(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });

  /** Its posts stay, without a campaign: {id, deleted, posts_kept}. */
  r.delete("/:id", async (req, res) => {
    const out = await campaigns.remove(await viewer(req), req.params.id, metaOf(req));
    res.json({ id: out.id, deleted: true, posts_kept: out.postsKept });
  });

  /** {post_ids}: attach (a post in another campaign moves); answers the posts outside the campaign's days. */
  r.post("/:id/posts", async (req, res) => {
    const out = await campaigns.attachPosts(await viewer(req), req.params.id, camelBody(req));
    res.json({ campaign: restCampaign(out.campaign), attached: out.attached, outside_dates: out.outsideDates });
  });

  /** {post_ids}: detach several at once. */
  r.post("/:id/posts/detach", async (req, res) => {
    const out = await campaigns.detachPosts(await viewer(req), req.params.id, camelBody(req));
    res.json({ campaign: restCampaign(out.campaign), detached: out.detached });
  });

  r.delete("/:id/posts/:postId", async (req, res) => {
    const out = await campaigns.detachPosts(await viewer(req), req.params.id, { postIds: [req.params.postId] });
    res.json({ campaign: restCampaign(out.campaign), detached: out.detached });
  });

  return r;
}
