// Agencies and approvals over real HTTP, WebSockets, SMTP and Postgres (docs/architecture.md#agencies,
// docs/product.md#agencies-and-approvals): an agency asks a café for access and acts there through the link;
// the café approves its posts from a signed link without an account; a change voids an approval; the café ends
// the access at once.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { BUSINESS_HEADER } from "@sufra/schema";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { joinedMember, login } from "./support/team.ts";

const { app, mailbox } = mailedAppForFile();
const db = () => app.sufra.deps.db;

type Gql = { data?: Record<string, any> | null; errors?: { message: string; extensions?: { code?: string } }[] };
async function gql(token: string, business: string | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${app.base}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...(business ? { [BUSINESS_HEADER]: business } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Gql;
}
const code = (r: Gql) => r.errors?.[0]?.extensions?.code;

/** A form post to the approval page, as a phone's browser sends it (no redirect followed). */
async function form(path: string, fields: Record<string, string>) {
  return fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

let agency: Awaited<ReturnType<typeof registeredClient>>;
let cafe: Awaited<ReturnType<typeof registeredClient>>;
let agencyToken: string;
let cafeToken: string;
let linkId: string;
const future = (days: number, hour = 16) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const CREATE = `mutation($input: PostInput!) { createPost(input: $input) { id status approval revision scheduledFor } }`;

beforeAll(async () => {
  agency = await registeredClient(app.base, { over: { company_name: "Dar Al Ilan Agency" } });
  // the café keeps its practice accounts: its posts can go out (to the simulated networks)
  cafe = await registeredClient(app.base, { over: { company_name: "Qahwat Al Bahar" }, practice: true });
  agencyToken = (await login(app.base, agency.email, agency.password)).access_token;
  cafeToken = (await login(app.base, cafe.email, cafe.password)).access_token;
}, 60_000);

describe("an agency's access to a café", () => {
  test("the agency asks, the café accepts; the agency's people act in the café, without its billing, team or keys", async () => {
    expect(
      (await gql(agencyToken, null, `mutation { setAgency(isAgency: true) { isAgency } }`)).data!.setAgency,
    ).toEqual({
      isAgency: true,
    });
    // an address that manages no café is refused in its words
    const wrong = await gql(agencyToken, null, `mutation { requestAgencyLink(email: "nobody@example.kw") }`);
    expect(code(wrong)).toBe("BAD_USER_INPUT");
    expect(wrong.errors![0]!.message).toMatch(/not an owner or the account holder of a café/);
    const asked = await gql(agencyToken, null, `mutation($e: String!) { requestAgencyLink(email: $e) }`, {
      e: cafe.email,
    });
    linkId = asked.data!.requestAgencyLink;
    // asking twice is refused
    expect(
      (await gql(agencyToken, null, `mutation($e: String!) { requestAgencyLink(email: $e) }`, { e: cafe.email }))
        .errors![0]!.message,
    ).toMatch(/already serves this café/);
    // the café's manager hears of it, and the agency may not accept its own request
    const notes = await db().notification.findMany({ where: { userId: cafe.userId, type: "agency_request" } });
    expect(notes).toHaveLength(1);
    expect(
      code(
        await gql(agencyToken, null, `mutation($id: ID!) { acceptAgencyLink(id: $id) { isAgency } }`, { id: linkId }),
      ),
    ).toBeDefined();
    const accepted = await gql(
      cafeToken,
      null,
      `mutation($id: ID!) { acceptAgencyLink(id: $id) { approvalRequired links { status side people { email } } } }`,
      { id: linkId },
    );
    expect(accepted.data!.acceptAgencyLink).toEqual({
      approvalRequired: true, // on by default for a café an agency serves
      links: [{ status: "ACTIVE", side: "CAFE", people: [{ email: agency.email }] }],
    });
    // the agency's person now has the café among their businesses, through the agency
    const theirs = await gql(agencyToken, null, `{ myBusinesses { businessId } }`);
    expect(theirs.data!.myBusinesses.map((b: any) => b.businessId).sort()).toEqual(
      [agency.businessId, cafe.businessId].sort(),
    );
    const me = await gql(
      agencyToken,
      cafe.businessId,
      `{ me { businessId agencyAccess { agencyId mayPublish grants } } }`,
    );
    expect(me.data!.me).toEqual({
      businessId: cafe.businessId,
      agencyAccess: { agencyId: agency.businessId, mayPublish: true, grants: [] },
    });
    // billing, the team and API keys of the café are not the agency's
    for (const q of [`{ team { premium } }`, `{ apiKeys { premium } }`, `{ billing { bankTransfer { iban } } }`]) {
      const r = await gql(agencyToken, cafe.businessId, q);
      expect(r.errors?.[0]?.message).toMatch(/has not given your agency this right|permission/);
    }
    // the owner grants the team: the agency's person sees it
    await gql(cafeToken, null, `mutation($id: ID!) { setAgencyAccess(id: $id, grants: [TEAM]) { isAgency } }`, {
      id: linkId,
    });
    expect((await gql(agencyToken, cafe.businessId, `{ team { premium } }`)).errors).toBeUndefined();
  });
});

describe("approvals", () => {
  const ids: string[] = [];
  let token: string;

  test("in a café that approves, a post's time is its plan: nothing goes on the clock, and publishing now is refused", async () => {
    for (const [i, text] of [
      "Saffron latte Thursday",
      "Karak Friday",
      "Dates cake Saturday",
      "Iftar box Sunday",
    ].entries()) {
      const r = await gql(agencyToken, cafe.businessId, CREATE, {
        input: { content: text, platforms: ["FACEBOOK"], scheduledFor: future(2 + i) },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.createPost).toMatchObject({ status: "DRAFT", approval: "NONE", revision: 1 });
      ids.push(r.data!.createPost.id);
    }
    const targets = await db().postTarget.findMany({ where: { postId: { in: ids } } });
    expect(targets.every((t) => t.dueAt === null)).toBe(true);
    const now = await gql(agencyToken, cafe.businessId, `mutation($id: ID!) { publishPost(id: $id) { id } }`, {
      id: ids[0],
    });
    expect(now.errors?.[0]?.message).toMatch(/send it for approval first/);
  });

  test("a week sent for approval makes one signed link; its page is small, phone-first and shows only its posts", async () => {
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const sent = await gql(
      agencyToken,
      cafe.businessId,
      `mutation($from: String, $to: String) { sendForApproval(from: $from, to: $to) { id url postCount state whatsappUrl shareText } }`,
      { from, to },
    );
    expect(sent.errors).toBeUndefined();
    const link = sent.data!.sendForApproval;
    expect(link).toMatchObject({ postCount: 4, state: "ACTIVE" });
    expect(link.whatsappUrl).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(link.whatsappUrl.split("text=")[1])).toContain(link.url);
    expect(link.shareText).toMatch(/منشورات بانتظار موافقتك/);
    token = link.url.split("/a/")[1];
    const posts = await db().post.findMany({ where: { id: { in: ids } } });
    expect(posts.every((p) => p.approval === "in_review")).toBe(true);
    // the café's manager hears that posts wait
    expect(await db().notification.count({ where: { userId: cafe.userId, type: "posts_awaiting_approval" } })).toBe(1);

    const page = await fetch(`${app.base}/a/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("Saffron latte Thursday");
    expect(html).not.toContain("<script");
    expect(Buffer.byteLength(html)).toBeLessThan(100_000);
    // a post of the café the link does not name is not there
    const other = await gql(cafeToken, null, CREATE, {
      input: { content: "Not for the link", platforms: ["FACEBOOK"] },
    });
    expect(html).not.toContain("Not for the link");
    const notNamed = await form(`/a/${token}/posts/${other.data!.createPost.id}`, {
      decision: "approve",
      revision: "1",
    });
    expect(notNamed.status).toBe(404);
    // a token with its signature altered opens nothing
    const forged = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
    expect((await fetch(`${app.base}/a/${forged}`)).status).toBe(404);
    expect((await fetch(`${app.base}/a/${ids[0]}.x`)).status).toBe(404);
  });

  test("the owner approves from the link: the post goes on the clock; asking changes needs a comment", async () => {
    const approved = await form(`/a/${token}/posts/${ids[0]}`, { decision: "approve", revision: "1" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toContain("n=done");
    const p0 = await db().post.findUniqueOrThrow({ where: { id: ids[0] }, include: { targets: true } });
    expect(p0).toMatchObject({ approval: "approved", status: "scheduled" });
    expect(p0.targets.every((t) => t.dueAt?.getTime() === p0.scheduledFor!.getTime())).toBe(true);
    // scheduled by the approval: audited as scheduling is (no person: the link's holder)
    const logged = await db().auditLog.findMany({ where: { entityId: ids[0]!, action: "post.scheduled" } });
    expect(logged.map((l) => [l.actorId, (l.data as { by?: string }).by])).toEqual([[null, "approval"]]);
    // no comment: sent back to say what should change
    const bare = await form(`/a/${token}/posts/${ids[1]}`, { decision: "changes", revision: "1" });
    expect(bare.headers.get("location")).toContain("n=needComment");
    expect((await db().post.findUniqueOrThrow({ where: { id: ids[1] } })).approval).toBe("in_review");
    await form(`/a/${token}/posts/${ids[1]}`, {
      decision: "changes",
      revision: "1",
      comment: "Say 'fresh every morning'",
    });
    expect((await db().post.findUniqueOrThrow({ where: { id: ids[1] } })).approval).toBe("changes_requested");
    // the agency's person who sent it hears both
    const heard = await db().notification.findMany({ where: { userId: agency.userId }, select: { type: true } });
    expect(heard.map((n) => n.type).sort()).toEqual(
      expect.arrayContaining(["post_approved", "post_changes_requested"]),
    );
    // in the app, only the café's managers decide: the agency's person may not
    const byAgency = await gql(
      agencyToken,
      cafe.businessId,
      `mutation($id: ID!) { decidePost(id: $id, decision: APPROVE, revision: 1) { id } }`,
      { id: ids[2] },
    );
    expect(code(byAgency)).toBe("FORBIDDEN");
    const byOwner = await gql(
      cafeToken,
      null,
      `mutation($id: ID!) { decidePost(id: $id, decision: APPROVE, revision: 1) { approval status } }`,
      {
        id: ids[2],
      },
    );
    expect(byOwner.data!.decidePost).toEqual({ approval: "APPROVED", status: "SCHEDULED" });
  });

  test("a change to an approved post voids its approval and takes it off the clock; a stale decision is refused", async () => {
    const edited = await gql(
      agencyToken,
      cafe.businessId,
      `mutation($id: ID!) { updatePost(id: $id, input: { content: "Saffron latte, now with cardamom" }) { status approval revision } }`,
      { id: ids[0] },
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.updatePost).toEqual({ status: "DRAFT", approval: "NONE", revision: 2 });
    const targets = await db().postTarget.findMany({ where: { postId: ids[0] } });
    expect(targets.every((t) => t.dueAt === null)).toBe(true);
    // the owner's page still names revision 1 for a post still in review that changed since
    await gql(
      agencyToken,
      cafe.businessId,
      `mutation($id: ID!) { updatePost(id: $id, input: { content: "Karak, Friday special" }) { id } }`,
      {
        id: ids[3],
      },
    );
    const stale = await form(`/a/${token}/posts/${ids[3]}`, { decision: "approve", revision: "1" });
    expect(stale.headers.get("location")).toContain("n=changed");
    expect((await db().post.findUniqueOrThrow({ where: { id: ids[3] } })).approval).toBe("in_review");
    // a new time on an approved post voids it too
    const moved = await gql(
      agencyToken,
      cafe.businessId,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { status approval } }`,
      { id: ids[2], at: future(9) },
    );
    expect(moved.data!.schedulePost).toEqual({ status: "DRAFT", approval: "NONE" });
    // the history says who approved which version, and what voided it
    const history = await gql(
      cafeToken,
      null,
      `query($id: ID!) { postApprovalHistory(postId: $id) { action revision viaLink } }`,
      {
        id: ids[0],
      },
    );
    expect(history.data!.postApprovalHistory).toEqual([
      { action: "voided", revision: 1, viaLink: false },
      { action: "approved", revision: 1, viaLink: true },
      { action: "sent", revision: 1, viaLink: false },
    ]);
    // sent again and approved again, the post goes back on the clock
    const again = await gql(
      agencyToken,
      cafe.businessId,
      `mutation($ids: [ID!]) { sendForApproval(postIds: $ids) { url } }`,
      {
        ids: [ids[0]],
      },
    );
    const token2 = again.data!.sendForApproval.url.split("/a/")[1];
    await form(`/a/${token2}/posts/${ids[0]}`, { decision: "approve", revision: "2" });
    expect(await db().post.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({
      approval: "approved",
      status: "scheduled",
    });
  });

  test("a revoked or expired link opens nothing; the page mails itself on, a few times only", async () => {
    const mailed = await form(`/a/${token}/mail`, { email: "owner@example.kw" });
    expect(mailed.status).toBe(303);
    const mail = await mailbox.waitFor("owner@example.kw", /\/a\//);
    expect(mail).toContain("Qahwat Al Bahar");
    const links = await gql(agencyToken, cafe.businessId, `{ approvalLinks { id url state } }`);
    const first = links.data!.approvalLinks.find((l: any) => l.url.endsWith(token));
    await gql(agencyToken, cafe.businessId, `mutation($id: ID!) { revokeApprovalLink(id: $id) { state } }`, {
      id: first.id,
    });
    expect((await fetch(`${app.base}/a/${token}`)).status).toBe(404);
    const other = links.data!.approvalLinks.find((l: any) => !l.url.endsWith(token));
    await db().approvalLink.update({ where: { id: other.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetch(other.url.replace(/^https?:\/\/[^/]+/, app.base))).status).toBe(404);
  });
});

describe("the café ends the agency's access", () => {
  test("at once: the agency's requests are refused and its socket on the café closes", async () => {
    const client = createClient({
      url: app.base.replace(/^http/, "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${agencyToken}`, business: cafe.businessId },
      lazy: false,
      retryAttempts: 0,
    });
    const closed = new Promise<number>((resolve) => client.on("closed", (e) => resolve((e as { code: number }).code)));
    await new Promise<void>((resolve) => client.on("connected", () => resolve()));
    const ended = await gql(
      cafeToken,
      null,
      `mutation($id: ID!) { endAgencyLink(id: $id) { approvalRequired links { status } } }`,
      {
        id: linkId,
      },
    );
    expect(ended.data!.endAgencyLink.links[0].status).toBe("ENDED");
    expect(await closed).toBe(4403);
    await client.dispose();
    const refused = await gql(agencyToken, cafe.businessId, `{ posts(first: 1) { totalCount } }`);
    expect(code(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0]!.message).toMatch(/not a member of this business/);
    // the agency's own business is untouched
    expect((await gql(agencyToken, null, `{ me { businessId } }`)).data!.me.businessId).toBe(agency.businessId);
    expect(await db().membership.count({ where: { businessId: cafe.businessId, agencyId: agency.businessId } })).toBe(
      0,
    );
  });
});

describe("the agency's lead checks first (the optional first step)", () => {
  test("a post its person sends waits for the lead; the owners see it, and decide, only once the lead passed it", async () => {
    const agency2 = await registeredClient(app.base, {
      over: { company_name: "Khaleej Agency", requested_plan: "premium" },
    });
    const cafe2 = await registeredClient(app.base, { over: { company_name: "Saffron House" }, practice: true });
    const leadToken = (await login(app.base, agency2.email, agency2.password)).access_token;
    const ownerToken = (await login(app.base, cafe2.email, cafe2.password)).access_token;
    // a person of the agency who is not its lead (the agency's team member)
    const member = await joinedMember(app.base, mailbox, leadToken, "client");
    await gql(leadToken, null, `mutation { setAgency(isAgency: true) { isAgency } }`);
    const id = (
      await gql(leadToken, null, `mutation($e: String!) { requestAgencyLink(email: $e) }`, { e: cafe2.email })
    ).data!.requestAgencyLink;
    await gql(ownerToken, null, `mutation($id: ID!) { acceptAgencyLink(id: $id) { isAgency } }`, { id });
    const rule = await gql(
      ownerToken,
      null,
      `mutation { setApprovalRule(requireApproval: true, leadFirst: true) { approvalLeadFirst approvalRequired } }`,
    );
    expect(rule.data!.setApprovalRule).toEqual({ approvalLeadFirst: true, approvalRequired: true });

    const post = (
      await gql(member.access_token, cafe2.businessId, CREATE, {
        input: { content: "Saffron buns, fresh at seven", platforms: ["FACEBOOK"], scheduledFor: future(3) },
      })
    ).data!.createPost.id;
    const sent = await gql(
      member.access_token,
      cafe2.businessId,
      `mutation($ids: [ID!]) { sendForApproval(postIds: $ids) { url } }`,
      {
        ids: [post],
      },
    );
    const token2 = sent.data!.sendForApproval.url.split("/a/")[1];
    const read = (t: string) =>
      gql(t, cafe2.businessId, `query($id: ID!) { post(id: $id) { approval revision } agencies { agencyLead } }`, {
        id: post,
      });
    expect((await read(member.access_token)).data).toEqual({
      post: { approval: "LEAD_REVIEW", revision: 1 },
      agencies: { agencyLead: false },
    });
    // the owner's page shows it without answers, and the owners may not decide before the lead
    const html = await (await fetch(`${app.base}/a/${token2}`)).text();
    expect(html).toContain("Saffron buns, fresh at seven");
    expect(html).toContain("قيد مراجعة الوكالة");
    expect(html).not.toContain(`action="/a/${token2}/posts/${post}`);
    const early = await gql(
      ownerToken,
      null,
      `mutation($id: ID!) { decidePost(id: $id, decision: APPROVE, revision: 1) { id } }`,
      { id: post },
    );
    expect(early.errors?.[0]?.extensions?.code).toBeDefined();
    // a person of the agency who is not its lead may not pass it
    const notLead = await gql(
      member.access_token,
      cafe2.businessId,
      `mutation($id: ID!) { decidePost(id: $id, decision: APPROVE, revision: 1) { id } }`,
      { id: post },
    );
    expect(code(notLead)).toBe("FORBIDDEN");
    // the lead passes it on: the café's owner hears a post waits, and now decides it
    expect((await read(leadToken)).data!.agencies.agencyLead).toBe(true);
    const passed = await gql(
      leadToken,
      cafe2.businessId,
      `mutation($id: ID!) { decidePost(id: $id, decision: APPROVE, revision: 1) { approval status } }`,
      { id: post },
    );
    expect(passed.data!.decidePost).toEqual({ approval: "IN_REVIEW", status: "DRAFT" });
    expect(
      await db().notification.count({ where: { userId: cafe2.userId, type: "posts_awaiting_approval" } }),
    ).toBeGreaterThanOrEqual(1);
    const approved = await form(`/a/${token2}/posts/${post}`, { decision: "approve", revision: "1" });
    expect(approved.headers.get("location")).toContain("n=done");
    const history = await gql(ownerToken, null, `query($id: ID!) { postApprovalHistory(postId: $id) { action } }`, {
      id: post,
    });
    expect(history.data!.postApprovalHistory.map((e: { action: string }) => e.action)).toEqual([
      "approved",
      "lead_approved",
      "sent",
    ]);
  });
});
