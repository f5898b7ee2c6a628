// Memberships over real HTTP, WebSockets and Postgres (docs/architecture.md#memberships): one person in two
// businesses acts in the one a request names (x-sufra-business at both doors, `business` on a socket), else
// in the one last used; a business they do not belong to is NOT_A_MEMBER; leaving one closes nothing of the
// other's data to them and opens nothing of it to anybody else.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { BUSINESS_HEADER } from "@sufra/schema";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { call, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";

const { app } = mailedAppForFile();
const db = () => app.sufra.deps.db;

/** GraphQL with the business header. */
async function gqlIn(business: string | null, query: string, variables: Record<string, unknown>, token: string) {
  const res = await fetch(`${app.base}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...(business ? { [BUSINESS_HEADER]: business } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, any> | null; errors?: { extensions?: { code?: string } }[] };
}

/** REST with the business header. */
async function restIn(business: string | null, method: string, path: string, token: string) {
  const res = await fetch(`${app.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(business ? { [BUSINESS_HEADER]: business } : {}) },
  });
  return { status: res.status, body: (await res.json()) as any };
}

let a: Awaited<ReturnType<typeof registeredClient>>;
let b: Awaited<ReturnType<typeof registeredClient>>;
let c: Awaited<ReturnType<typeof registeredClient>>;
let token: string;

beforeAll(async () => {
  a = await registeredClient(app.base, { over: { company_name: "Qahwat Al Bahar" } });
  b = await registeredClient(app.base, { over: { company_name: "Karak House" } });
  c = await registeredClient(app.base, { over: { company_name: "Someone Else's Café" } });
  // a's account holder also belongs to b, as an owner there; no screen adds a second business yet
  // (agencies and invitations to an existing account bring it), so the row is written as they will write it
  await db().membership.create({ data: { userId: a.userId, businessId: b.businessId, role: "owner" } });
  token = (await login(app.base, a.email, a.password)).access_token;
  // each café has a post of its own
  for (const [cafe, content] of [
    [a, "A's karak"],
    [b, "B's saffron"],
    [c, "C's secret"],
  ] as const)
    await db().post.create({ data: { businessId: cafe.businessId, authorId: cafe.userId, content, status: "draft" } });
}, 60_000);

const POSTS = "{ me { businessId role } posts(first: 10) { edges { node { content } } } }";
const contents = (d: any) => d.posts.edges.map((e: any) => e.node.content);

describe("one person, two businesses", () => {
  test("without the header a request acts in the business last used; with it, in the one named", async () => {
    const plain = await gqlIn(null, POSTS, {}, token);
    expect(plain.data!.me).toEqual({ businessId: a.businessId, role: "CLIENT" });
    expect(contents(plain.data)).toEqual(["A's karak"]);

    const inB = await gqlIn(b.businessId, POSTS, {}, token);
    expect(inB.data!.me).toEqual({ businessId: b.businessId, role: "OWNER" });
    expect(contents(inB.data)).toEqual(["B's saffron"]);

    const rest = await restIn(b.businessId, "GET", "/api/posts", token);
    expect(rest.status).toBe(200);
    expect(rest.body.posts.map((p: any) => p.content)).toEqual(["B's saffron"]);
    expect((await restIn(b.businessId, "GET", "/api/auth/me", token)).body).toMatchObject({
      business_id: b.businessId,
      role: "owner",
    });
  });

  test("a business they do not belong to is NOT_A_MEMBER at both doors, and shows nothing of it", async () => {
    const other = await gqlIn(c.businessId, POSTS, {}, token);
    expect(other.data ?? null).toBeNull();
    expect(other.errors![0].extensions!.code).toBe("FORBIDDEN");
    const rest = await restIn(c.businessId, "GET", "/api/posts", token);
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe("NOT_A_MEMBER");
    expect(JSON.stringify(rest.body)).not.toContain("C's secret");
    // not an id at all: the same answer, never a 5xx
    expect((await restIn("not-a-uuid", "GET", "/api/posts", token)).status).toBe(403);
  });

  test("myBusinesses lists both with the role in each; useBusiness moves where sign-in lands", async () => {
    const listed = await gqlIn(null, "{ myBusinesses { businessId companyName role current status } }", {}, token);
    expect(listed.data!.myBusinesses).toEqual(
      expect.arrayContaining([
        { businessId: a.businessId, companyName: "Qahwat Al Bahar", role: "CLIENT", current: true, status: "ACTIVE" },
        { businessId: b.businessId, companyName: "Karak House", role: "OWNER", current: false, status: "ACTIVE" },
      ]),
    );
    expect(listed.data!.myBusinesses).toHaveLength(2);

    const used = await gqlIn(
      null,
      "mutation($id: ID!) { useBusiness(id: $id) { businessId role } }",
      { id: b.businessId },
      token,
    );
    expect(used.data!.useBusiness).toEqual({ businessId: b.businessId, role: "OWNER" });
    // a new sign-in lands on B; REST lists B first
    const again = (await login(app.base, a.email, a.password)).access_token;
    expect((await gqlIn(null, "{ me { businessId } }", {}, again)).data!.me.businessId).toBe(b.businessId);
    const rest = await restIn(null, "GET", "/api/auth/businesses", again);
    expect(rest.body.businesses.map((m: any) => [m.business_id, m.role, m.current])).toEqual([
      [b.businessId, "owner", true],
      [a.businessId, "client", false],
    ]);
    // choosing a business one does not belong to changes nothing
    const refused = await call(app.base, "POST", `/api/auth/businesses/${c.businessId}/use`, { token: again });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_A_MEMBER");
    await gqlIn(null, "mutation($id: ID!) { useBusiness(id: $id) { businessId } }", { id: a.businessId }, token);
  });

  test("a socket acts in the business its connection names, and is refused one it does not belong to", async () => {
    const url = app.base.replace(/^http/, "ws") + "/graphql";
    const socket = (business: string) =>
      createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}`, business },
        retryAttempts: 0,
        lazy: false,
      });
    // in B: B's changes arrive, A's do not
    const inB = socket(b.businessId);
    const seen: string[] = [];
    const stop = inB.subscribe(
      { query: "subscription { postChanged { postId } }" },
      { next: (m) => seen.push((m.data as any).postChanged.postId), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 300));
    const create = async (business: string | null, content: string) =>
      (
        await fetch(`${app.base}/api/posts`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            ...(business ? { [BUSINESS_HEADER]: business } : {}),
          },
          body: JSON.stringify({ content }),
        }).then((r) => r.json())
      ).id as string;
    const inA = await create(null, "A's new draft");
    const inBPost = await create(b.businessId, "B's new draft");
    for (let i = 0; i < 50 && !seen.includes(inBPost); i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    await inB.dispose();
    expect(seen).toContain(inBPost);
    expect(seen).not.toContain(inA);

    // a business the person does not belong to: the socket is refused (4403)
    const closed = await new Promise<number>((resolve) => {
      const other = socket(c.businessId);
      other.on("closed", (e) => resolve((e as { code: number }).code));
      other.subscribe(
        { query: "subscription { postChanged { postId } }" },
        { next: () => {}, error: () => {}, complete: () => {} },
      );
    });
    expect(closed).toBe(4403);
  });

  test("leaving one business keeps the person and the other business", async () => {
    const holderB = (await login(app.base, b.email, b.password)).access_token;
    const removed = await call(app.base, "DELETE", `/api/team/members/${a.userId}`, { token: holderB });
    expect(removed.status).toBe(200);
    expect(await db().user.findUnique({ where: { id: a.userId } })).not.toBeNull();
    const fresh = (await login(app.base, a.email, a.password)).access_token;
    expect((await gqlIn(null, "{ me { businessId } }", {}, fresh)).data!.me.businessId).toBe(a.businessId);
    expect((await restIn(b.businessId, "GET", "/api/posts", fresh)).status).toBe(403);
  });
});
