// Campaigns over real HTTP and Postgres: create, read, update and delete through both doors
// with the shared rule's messages in English and Arabic; tenancy (another business's campaign or post
// is 404); posts attached from the composer, the campaign page and the calendar, and detached; the
// roll-up against seeded published targets (simulated ones counted and flagged), progress toward the
// goal and spend per 1,000 reach in fils; deleting a campaign keeps its posts; the calendar filter.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { addDays, kuwaitDate } from "@sufra/schema";
import { call, gql, signedInBusiness } from "./support/app.ts";
import { connectedAccount, type Figures, type Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();

const db = () => app.sufra.deps.db;

const business = () => signedInBusiness(app.base);

const account = (businessId: string, platform: Platform, demo = false) =>
  connectedAccount(app, businessId, platform, demo);

/** A post published `daysAgo` days ago on one network with the figures given (as the metrics job leaves them). */
async function published(
  businessId: string,
  acc: { id: string; platform: Platform; demo: boolean },
  daysAgo: number,
  f: Figures,
  opts: { campaignId?: string; failed?: boolean } = {},
) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return db().post.create({
    data: {
      businessId,
      status: opts.failed ? "failed" : "published",
      content: `Saffron karak, ${daysAgo} days ago on ${acc.platform}`,
      publishedAt: opts.failed ? null : at,
      campaignId: opts.campaignId ?? null,
      targets: {
        create: [
          {
            accountId: acc.id,
            platform: acc.platform,
            status: opts.failed ? "failed" : "published",
            publishedAt: opts.failed ? null : at,
            externalId: `ext-${Math.random().toString(36).slice(2)}`,
            ...f,
            metricsAt: new Date(),
            metricsSimulated: acc.demo,
          },
        ],
      },
    },
  });
}

const today = kuwaitDate();
const START = addDays(today, -9);
const END = addDays(today, 20);

let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;
beforeAll(async () => {
  [a, b] = [await business(), await business()];
});

const create = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(app.base, "POST", "/api/campaigns", { token, body, lang });

describe("CRUD and the shared rule", () => {
  test("POST, GET, list and PUT in the REST contract's snake_case, budget in fils and KWD", async () => {
    const r = await create(a.token, {
      name: "Ramadan nights",
      goal: "awareness",
      start_date: START,
      end_date: END,
      budget_kwd: "1,250.5",
      occasion: "ramadan_iftar",
      goal_target: 50000,
      notes: "Iftar boxes",
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      name: "Ramadan nights",
      goal: "awareness",
      start_date: START,
      end_date: END,
      budget_fils: 1250500,
      budget_kwd: "1250.500",
      occasion: "ramadan_iftar",
      goal_target: 50000,
      goal_result: null,
      notes: "Iftar boxes",
      post_count: 0,
      progress: { metric: "reach", target: 50000, actual: 0, percent: 0 },
      simulated_included: false,
      ended_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = r.body.id;
    const later = await create(a.token, {
      name: "Summer menu launch",
      goal: "launch",
      start_date: addDays(today, 40),
      end_date: addDays(today, 50),
    });
    const ended = await create(a.token, {
      name: "National Day",
      goal: "footfall",
      start_date: addDays(today, -60),
      end_date: addDays(today, -50),
      budget_kwd: 80,
    });
    const list = await call(app.base, "GET", "/api/campaigns", { token: a.token });
    expect(list.status).toBe(200);
    // current first: running, then coming, then ended
    expect(list.body.campaigns.map((c: { id: string }) => c.id)).toEqual([id, later.body.id, ended.body.id]);

    const put = await call(app.base, "PUT", `/api/campaigns/${id}`, {
      token: a.token,
      body: { budget_kwd: null, notes: "", goal_target: 60000 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: "Ramadan nights",
      budget_fils: null,
      budget_kwd: null,
      notes: null,
      goal_target: 60000,
      start_date: START,
    });
    const got = await call(app.base, "GET", `/api/campaigns/${id}`, { token: a.token });
    expect(got.body).toMatchObject({
      id,
      budget_fils: null,
      rollup: { totals: { posts: 0, reach: 0 }, best_post: null, simulated_included: false },
      posts: [],
    });
    // a goal changed to one the networks measure drops a result entered by hand
    const orders = await create(a.token, {
      name: "Orders week",
      goal: "orders",
      start_date: START,
      end_date: END,
      goal_result: 12,
    });
    const toAwareness = await call(app.base, "PUT", `/api/campaigns/${orders.body.id}`, {
      token: a.token,
      body: { goal: "awareness" },
    });
    expect(toAwareness.body).toMatchObject({ goal: "awareness", goal_result: null, progress: { metric: "reach" } });
  });

  test("each field's problem in English and in Arabic", async () => {
    const bad = await create(a.token, {
      name: " ",
      goal: "likes",
      start_date: "2027-02-30",
      end_date: START,
      budget_kwd: "12.3456",
      goal_target: 0,
      occasion: "halloween",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(bad.body.details).toEqual({
      name: ["Give the campaign a name"],
      goal: ["Choose the goal: awareness, visits to the shop, orders or a launch"],
      start_date: ["Choose the day the campaign starts"],
      budget_kwd: ["Enter a budget in KWD from 0 to 100,000, with at most 3 decimals (fils)"],
      occasion: ["Unknown occasion"],
      goal_target: ["The target must be a whole number above 0"],
    });
    const order = await create(a.token, { name: "Backwards", goal: "orders", start_date: END, end_date: START }, "ar");
    expect(order.status).toBe(400);
    expect(order.body.details).toEqual({ end_date: ["لا يمكن أن تنتهي الحملة قبل أن تبدأ"] });
    const long = await create(
      a.token,
      { name: "Forever", goal: "orders", start_date: "2027-01-01", end_date: "2028-01-02" },
      "ar",
    );
    expect(long.body.details).toEqual({ end_date: ["يمكن أن تستمر الحملة سنة على الأكثر (٣٦٦ يومًا)"] });
    const manual = await create(a.token, {
      name: "Reach by hand",
      goal: "awareness",
      start_date: START,
      end_date: END,
      goal_result: 10,
    });
    expect(manual.body.details).toEqual({
      goal_result: ["Reach and views are counted from the networks; only visits and orders are entered by hand"],
    });
  });

  test("names are unique per business, whatever their case; another business may use the same name", async () => {
    await create(a.token, { name: "Eid sweets", goal: "orders", start_date: START, end_date: END });
    const again = await create(a.token, { name: "eid SWEETS", goal: "orders", start_date: START, end_date: END }, "ar");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "CAMPAIGN_NAME_TAKEN",
      details: { name: ["لديك حملة بهذا الاسم بالفعل. اختر اسمًا آخر"] },
    });
    expect(
      (await create(b.token, { name: "Eid sweets", goal: "orders", start_date: START, end_date: END })).status,
    ).toBe(201);
    const other = await create(a.token, { name: "Eid gifts", goal: "orders", start_date: START, end_date: END });
    const rename = await call(app.base, "PUT", `/api/campaigns/${other.body.id}`, {
      token: a.token,
      body: { name: "Eid Sweets" },
    });
    expect(rename.status).toBe(409);
  });

  test("GraphQL: create, update and read with the same rule; errors in the caller's language", async () => {
    const made = await gql(
      app.base,
      `mutation ($input: CampaignInput!) { createCampaign(input: $input) { id name goal startDate endDate budgetFils budgetKwd occasion goalTarget postCount progress { metric target actual percent } } }`,
      {
        input: {
          name: "Liberation Day visits",
          goal: "FOOTFALL",
          startDate: START,
          endDate: END,
          budgetKwd: "120",
          occasion: "LIBERATION_DAY",
          goalTarget: 500,
        },
      },
      a.token,
    );
    expect(made.errors).toBeUndefined();
    expect(made.data.createCampaign).toMatchObject({
      name: "Liberation Day visits",
      goal: "FOOTFALL",
      budgetFils: 120000,
      budgetKwd: "120.000",
      occasion: "LIBERATION_DAY",
      progress: { metric: "VISITS", target: 500, actual: null, percent: null },
    });
    const id = made.data.createCampaign.id;
    // the visits counted in the shop, entered by hand: progress and cost per visit
    const upd = await gql(
      app.base,
      `mutation ($id: ID!) { updateCampaign(id: $id, input: { goalResult: 300 }) { goalResult progress { actual percent } } }`,
      { id },
      a.token,
    );
    expect(upd.data.updateCampaign).toEqual({ goalResult: 300, progress: { actual: 300, percent: 60 } });
    const page = await gql(
      app.base,
      `query ($id: ID!) { campaign(id: $id) { rollup { spend { budgetKwd costPerResultFils costPerResultKwd resultPer costPer1000ReachKwd } progress { percent } days { total elapsed left phase } } } }`,
      { id },
      a.token,
    );
    expect(page.data.campaign.rollup).toEqual({
      spend: {
        budgetKwd: "120.000",
        costPerResultFils: 400,
        costPerResultKwd: "0.400",
        resultPer: 1,
        costPer1000ReachKwd: null,
      },
      progress: { percent: 60 },
      days: { total: 30, elapsed: 10, left: 20, phase: "RUNNING" },
    });
    const bad = await gql(
      app.base,
      `mutation { createCampaign(input: { name: "", goal: ORDERS, startDate: "2027-01-02", endDate: "2027-01-01" }) { id } }`,
      {},
      a.token,
      "ar",
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { name: ["اكتب اسمًا للحملة"], endDate: ["لا يمكن أن تنتهي الحملة قبل أن تبدأ"] },
    });
  });
});

describe("tenancy", () => {
  test("another business's campaign is 404 through both doors; a post's campaign must be the business's", async () => {
    const mine = await create(a.token, { name: "Private plan", goal: "awareness", start_date: START, end_date: END });
    const id = mine.body.id;
    for (const [method, path, body] of [
      ["GET", `/api/campaigns/${id}`, undefined],
      ["PUT", `/api/campaigns/${id}`, { name: "Taken over" }],
      ["DELETE", `/api/campaigns/${id}`, undefined],
      ["POST", `/api/campaigns/${id}/posts`, { post_ids: [id] }],
      ["GET", "/api/campaigns/not-a-uuid", undefined],
    ] as const) {
      const r = await call(app.base, method, path, { token: b.token, body });
      expect([path, r.status, r.body.code]).toEqual([path, 404, "NOT_FOUND"]);
    }
    expect(
      (await call(app.base, "GET", "/api/campaigns", { token: b.token })).body.campaigns.map(
        (c: { name: string }) => c.name,
      ),
    ).not.toContain("Private plan");
    const g = await gql(app.base, `query ($id: ID!) { campaign(id: $id) { id } }`, { id }, b.token);
    expect(g.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    expect((await call(app.base, "GET", "/api/campaigns")).status).toBe(401);

    // b's composer naming a's campaign is refused on the campaign field
    await account(b.businessId, "twitter");
    const post = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Karak time", platforms: ["twitter"], campaign_id: id },
    });
    expect(post.status).toBe(400);
    expect(post.body.details).toEqual({ campaign_id: ["Choose one of your campaigns"] });
    expect((await call(app.base, "GET", `/api/campaigns/${id}`, { token: a.token })).body.name).toBe("Private plan");
  });
});

describe("posts in a campaign", () => {
  let campaignId: string;
  let ig: Awaited<ReturnType<typeof account>>;
  let x: Awaited<ReturnType<typeof account>>;
  let snap: Awaited<ReturnType<typeof account>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const c = await create(a.token, {
      name: "Ramadan reach",
      goal: "awareness",
      start_date: START,
      end_date: END,
      budget_kwd: "250",
      occasion: "ramadan_iftar",
      goal_target: 10000,
    });
    campaignId = c.body.id;
    [ig, x, snap] = [
      await account(a.businessId, "instagram"),
      await account(a.businessId, "twitter"),
      await account(a.businessId, "snapchat", true),
    ];
    ids.ig = (
      await published(
        a.businessId,
        ig,
        2,
        { reach: 4000, views: 6000, likes: 300, comments: 40, shares: 20 },
        { campaignId },
      )
    ).id;
    ids.x = (
      await published(
        a.businessId,
        x,
        3,
        { reach: 0, views: 5000, likes: 100, comments: 10, shares: 15 },
        { campaignId },
      )
    ).id;
    ids.snap = (
      await published(a.businessId, snap, 1, { reach: 1000, views: 1000, likes: 50, comments: 5, shares: 5 })
    ).id;
    ids.failed = (
      await published(
        a.businessId,
        ig,
        1,
        { reach: 700, views: 700, likes: 70, comments: 0, shares: 0 },
        { campaignId, failed: true },
      )
    ).id;
    // figures of another campaign never count here
    const other = await create(a.token, {
      name: "Other campaign",
      goal: "awareness",
      start_date: START,
      end_date: END,
    });
    ids.elsewhere = (
      await published(
        a.businessId,
        ig,
        2,
        { reach: 9999, views: 9999, likes: 999, comments: 0, shares: 0 },
        { campaignId: other.body.id },
      )
    ).id;
  });

  test("the composer attaches a new post and its occasion; a time outside the campaign's days is allowed and flagged", async () => {
    const draft = await call(app.base, "POST", "/api/posts", {
      token: a.token,
      body: {
        content: "Iftar boxes are back",
        platforms: ["twitter"],
        campaign_id: campaignId,
        occasion: "ramadan_iftar",
      },
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      campaign_id: campaignId,
      campaign_name: "Ramadan reach",
      occasion: "ramadan_iftar",
    });
    ids.draft = draft.body.id;
    const outside = new Date(`${addDays(END, 3)}T07:00:00Z`).toISOString();
    const g = await gql(
      app.base,
      `mutation ($input: PostInput!) { createPost(input: $input) { id status campaignId campaignName occasion outsideCampaignDates } }`,
      {
        input: {
          content: "Eid is near",
          platforms: ["TWITTER"],
          scheduledFor: outside,
          campaignId,
          occasion: "EID_AL_FITR",
        },
      },
      a.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.createPost).toMatchObject({
      status: "SCHEDULED",
      campaignId,
      campaignName: "Ramadan reach",
      occasion: "EID_AL_FITR",
      outsideCampaignDates: true,
    });
    ids.scheduled = g.data.createPost.id;
    // the update clears the occasion with null and leaves the campaign alone when not named
    const u = await gql(
      app.base,
      `mutation ($id: ID!) { updatePost(id: $id, input: { occasion: null, content: "Eid is nearer" }) { campaignId occasion content } }`,
      { id: ids.scheduled },
      a.token,
    );
    expect(u.data.updatePost).toEqual({ campaignId, occasion: null, content: "Eid is nearer" });
    const bad = await call(app.base, "PUT", `/api/posts/${ids.draft}`, {
      token: a.token,
      body: { occasion: "halloween" },
    });
    expect(bad.body.details).toEqual({ occasion: ["Unknown occasion"] });
  });

  test("attach and detach from the campaign page; a post of another business refuses the whole request", async () => {
    const attach = await call(app.base, "POST", `/api/campaigns/${campaignId}/posts`, {
      token: a.token,
      body: { post_ids: [ids.snap] },
    });
    expect(attach.status).toBe(200);
    expect(attach.body).toMatchObject({ attached: [ids.snap], outside_dates: [], campaign: { post_count: 6 } });
    // the scheduled post is after the end: attached again all the same, and named
    const again = await call(app.base, "POST", `/api/campaigns/${campaignId}/posts`, {
      token: a.token,
      body: { post_ids: [ids.scheduled, ids.draft] },
    });
    expect(again.body.outside_dates).toEqual([ids.scheduled]);

    await account(b.businessId, "instagram");
    const theirs = await published(
      b.businessId,
      {
        ...(await db().platformAccount.findFirstOrThrow({
          where: { businessId: b.businessId, platform: "instagram" },
        })),
        platform: "instagram",
      },
      1,
      { reach: 1, views: 1, likes: 1, comments: 0, shares: 0 },
    );
    const refused = await call(app.base, "POST", `/api/campaigns/${campaignId}/posts`, {
      token: a.token,
      body: { post_ids: [ids.elsewhere, theirs.id] },
    });
    expect(refused.status).toBe(404);
    // nothing half-done: the other campaign's post did not move; b's post has no campaign
    expect((await db().post.findUniqueOrThrow({ where: { id: ids.elsewhere } })).campaignId).not.toBe(campaignId);
    expect((await db().post.findUniqueOrThrow({ where: { id: theirs.id } })).campaignId).toBeNull();
    const empty = await call(app.base, "POST", `/api/campaigns/${campaignId}/posts`, {
      token: a.token,
      body: { post_ids: [] },
    });
    expect(empty.body.details).toEqual({ post_ids: ["Choose at least one post"] });

    // detach in a batch and one by one; a post not in the campaign is left alone
    const tmp = await call(app.base, "POST", "/api/posts", {
      token: a.token,
      body: { content: "Short-lived", platforms: ["twitter"], campaign_id: campaignId },
    });
    const detach = await call(app.base, "POST", `/api/campaigns/${campaignId}/posts/detach`, {
      token: a.token,
      body: { post_ids: [tmp.body.id, ids.elsewhere] },
    });
    expect(detach.body.detached).toEqual([tmp.body.id]);
    expect((await db().post.findUniqueOrThrow({ where: { id: ids.elsewhere } })).campaignId).not.toBeNull();
    await call(app.base, "POST", `/api/campaigns/${campaignId}/posts`, {
      token: a.token,
      body: { post_ids: [tmp.body.id] },
    });
    const one = await call(app.base, "DELETE", `/api/campaigns/${campaignId}/posts/${tmp.body.id}`, { token: a.token });
    expect(one.body).toMatchObject({ detached: [tmp.body.id], campaign: { post_count: 6 } });
  });

  test("the roll-up: posts by status, published figures (simulated counted and flagged), progress, spend per 1,000 reach, days, best post, clicks", async () => {
    // taps on the posts' caption links (docs/architecture.md#short-links): Instagram 4 + 2 on two days, X 2; another
    // campaign's post's 9 never count here
    const clicked = async (postId: string, platform: Platform, byDay: Record<string, number>) =>
      db().shortLink.create({
        data: {
          businessId: a.businessId,
          kind: "caption",
          code: `c${postId.slice(0, 7)}`,
          key: `campaigns-test-${postId}`,
          target: "https://cafe.example/iftar",
          postId,
          platform,
          campaignId,
          days: {
            create: Object.entries(byDay).map(([day, clicks]) => ({ day: new Date(`${day}T00:00:00Z`), clicks })),
          },
        },
      });
    await clicked(ids.ig!, "instagram", { [addDays(today, -2)]: 4, [addDays(today, -1)]: 2 });
    await clicked(ids.x!, "twitter", { [addDays(today, -3)]: 2 });
    await clicked(ids.elsewhere!, "instagram", { [addDays(today, -2)]: 9 });
    const r = await call(app.base, "GET", `/api/campaigns/${campaignId}`, { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body.post_count).toBe(6);
    const u = r.body.rollup;
    expect(u.posts_by_status).toEqual({
      draft: 1,
      scheduled: 1,
      publishing: 0,
      published: 3,
      partially_published: 0,
      failed: 1,
      unconfirmed: 0,
    });
    // Instagram 4000 reach, X 5000 views (no reach), the demo Snapchat 1000: 545 engagements over 10,000
    expect(u.totals).toEqual({
      posts: 3,
      reach: 5000,
      views: 12000,
      likes: 450,
      comments: 55,
      shares: 40,
      engagement_rate: 5.45,
    });
    expect(u.by_platform).toEqual([
      {
        platform: "instagram",
        posts: 1,
        reach: 4000,
        views: 6000,
        likes: 300,
        comments: 40,
        shares: 20,
        engagement_rate: 9,
      },
      {
        platform: "twitter",
        posts: 1,
        reach: 0,
        views: 5000,
        likes: 100,
        comments: 10,
        shares: 15,
        engagement_rate: 2.5,
      },
      {
        platform: "snapchat",
        posts: 1,
        reach: 1000,
        views: 1000,
        likes: 50,
        comments: 5,
        shares: 5,
        engagement_rate: 6,
      },
    ]);
    expect(u.progress).toEqual({ metric: "reach", target: 10000, actual: 5000, percent: 50 });
    // 250 KWD over 5,000 reached: 50 KWD per 1,000
    expect(u.spend).toEqual({
      budget_fils: 250000,
      budget_kwd: "250.000",
      cost_per_1000_reach_fils: 50000,
      cost_per_1000_reach_kwd: "50.000",
      cost_per_result_fils: 50000,
      cost_per_result_kwd: "50.000",
      result_per: 1000,
    });
    expect(u.days).toEqual({ total: 30, elapsed: 10, left: 20, phase: "running" });
    expect(u.best_post).toMatchObject({ post_id: ids.ig, engagements: 360, reach: 4000, engagement_rate: 9 });
    expect(u.simulated_included).toBe(true);
    expect(u.clicks).toEqual({
      total: 8,
      by_platform: [
        { platform: "instagram", clicks: 6 },
        { platform: "twitter", clicks: 2 },
      ],
      by_post: expect.arrayContaining([
        { post_id: ids.ig, clicks: 6 },
        { post_id: ids.x, clicks: 2 },
      ]),
    });
    expect(u.clicks.by_post).toHaveLength(2);
    expect(r.body.posts.map((p: { id: string }) => p.id).sort()).toEqual(
      [ids.ig, ids.x, ids.snap, ids.failed, ids.draft, ids.scheduled].sort(),
    );
    expect(r.body.posts.find((p: { id: string }) => p.id === ids.scheduled).outside_campaign_dates).toBe(true);
    expect(r.body.posts.find((p: { id: string }) => p.id === ids.ig).outside_campaign_dates).toBe(false);
    // the list shows the same progress
    const list = await call(app.base, "GET", "/api/campaigns", { token: a.token });
    expect(list.body.campaigns.find((c: { id: string }) => c.id === campaignId)).toMatchObject({
      post_count: 6,
      progress: { percent: 50, actual: 5000 },
      simulated_included: true,
    });

    const g = await gql(
      app.base,
      `query ($id: ID!) { campaign(id: $id) { rollup { totals { reach engagementRate } progress { metric percent } spend { costPer1000ReachKwd } bestPost { post { id campaignName } engagements } simulatedIncluded clicks { total byPlatform { platform clicks } byPost { postId clicks } } } } }`,
      { id: campaignId },
      a.token,
    );
    expect(g.data.campaign.rollup).toEqual({
      totals: { reach: 5000, engagementRate: 5.45 },
      progress: { metric: "REACH", percent: 50 },
      spend: { costPer1000ReachKwd: "50.000" },
      bestPost: { post: { id: ids.ig, campaignName: "Ramadan reach" }, engagements: 360 },
      simulatedIncluded: true,
      clicks: {
        total: 8,
        byPlatform: [
          { platform: "INSTAGRAM", clicks: 6 },
          { platform: "TWITTER", clicks: 2 },
        ],
        byPost: expect.arrayContaining([
          { postId: ids.ig, clicks: 6 },
          { postId: ids.x, clicks: 2 },
        ]),
      },
    });
  });

  test("the calendar: filtered by campaign through both doors, each post naming its campaign", async () => {
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const all = await call(app.base, "GET", `/api/posts/calendar?from=${from}&to=${to}`, { token: a.token });
    expect(all.body.posts.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([ids.elsewhere, ids.ig]));
    const only = await call(app.base, "GET", `/api/posts/calendar?from=${from}&to=${to}&campaign_id=${campaignId}`, {
      token: a.token,
    });
    expect(only.body.posts.map((p: { id: string }) => p.id).sort()).toEqual(
      [ids.ig, ids.x, ids.snap, ids.scheduled].sort(),
    );
    expect(
      only.body.posts.every(
        (p: { campaign_id: string; campaign_name: string }) =>
          p.campaign_id === campaignId && p.campaign_name === "Ramadan reach",
      ),
    ).toBe(true);
    const g = await gql(
      app.base,
      `query ($from: DateTime!, $to: DateTime!, $c: ID) { calendarPosts(from: $from, to: $to, campaignId: $c) { id campaignId campaignName } }`,
      { from, to, c: campaignId },
      a.token,
    );
    expect(g.data.calendarPosts).toHaveLength(4);
    expect(g.data.calendarPosts[0]).toMatchObject({ campaignId, campaignName: "Ramadan reach" });
    // another business's campaign id finds none of a's posts
    const theirs = (await call(app.base, "GET", "/api/campaigns", { token: b.token })).body.campaigns[0].id;
    expect(
      (
        await call(app.base, "GET", `/api/posts/calendar?from=${from}&to=${to}&campaign_id=${theirs}`, {
          token: a.token,
        })
      ).body.posts,
    ).toEqual([]);
  });

  test("the calendar's \"Add to campaign\" sets and clears one post's campaign; another business's post is 404", async () => {
    const SET = `mutation ($p: ID!, $c: ID) { setPostCampaign(postId: $p, campaignId: $c) { id campaignId campaignName outsideCampaignDates } }`;
    const moved = await gql(app.base, SET, { p: ids.elsewhere, c: campaignId }, a.token);
    expect(moved.data.setPostCampaign).toEqual({
      id: ids.elsewhere,
      campaignId,
      campaignName: "Ramadan reach",
      outsideCampaignDates: false,
    });
    const cleared = await gql(app.base, SET, { p: ids.elsewhere, c: null }, a.token);
    expect(cleared.data.setPostCampaign).toMatchObject({ campaignId: null, campaignName: null });
    expect((await gql(app.base, SET, { p: ids.elsewhere, c: campaignId }, b.token)).errors?.[0]?.extensions.code).toBe(
      "NOT_FOUND",
    );
    const bCampaign = (await call(app.base, "GET", "/api/campaigns", { token: b.token })).body.campaigns[0].id;
    expect((await gql(app.base, SET, { p: ids.elsewhere, c: bCampaign }, a.token)).errors?.[0]?.extensions.code).toBe(
      "NOT_FOUND",
    );
    const batch = await gql(
      app.base,
      `mutation ($id: ID!, $p: [ID!]!) { attachPostsToCampaign(id: $id, postIds: $p) { attachedIds outsideDatesIds campaign { postCount } } }`,
      { id: campaignId, p: [ids.elsewhere] },
      a.token,
    );
    expect(batch.data.attachPostsToCampaign).toEqual({
      attachedIds: [ids.elsewhere],
      outsideDatesIds: [],
      campaign: { postCount: 7 },
    });
  });

  test("deleting the campaign keeps its posts, without a campaign", async () => {
    const del = await call(app.base, "DELETE", `/api/campaigns/${campaignId}`, { token: a.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: campaignId, deleted: true, posts_kept: 7 });
    expect((await call(app.base, "GET", `/api/campaigns/${campaignId}`, { token: a.token })).status).toBe(404);
    const kept = await db().post.findMany({ where: { id: { in: Object.values(ids) } } });
    expect(kept).toHaveLength(Object.values(ids).length);
    expect(kept.every((p) => p.campaignId === null)).toBe(true);
    const post = await call(app.base, "GET", `/api/posts/${ids.ig}`, { token: a.token });
    expect(post.body).toMatchObject({ campaign_id: null, campaign_name: null });
    const g = await gql(
      app.base,
      `mutation ($id: ID!) { deleteCampaign(id: $id) { id postsKept } }`,
      { id: campaignId },
      a.token,
    );
    expect(g.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
  });
});
