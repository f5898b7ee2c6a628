// The getting-started checklist over real HTTP and Postgres: a freshly approved business has done
// nothing; each real action (profile, a network connected, a practice post published, a post
// scheduled, a second person invited on Premium) checks its step off and nothing else; outside
// Premium the team step is an upgrade, not a step left; with no network of the plan set up on the
// server, the connect step tells the owner to write to Sufra instead of linking to a dead end.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { photo as uploadPhoto, waitFor } from "./support/networks.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLISH_LEASE_SECONDS: "2" });
});
afterAll(async () => {
  await app?.stop();
});

const CHECKLIST = `query { gettingStarted { done total steps { key done available operatorNeeded route missing } } }`;

/** An approved business (with the practice accounts approval gives it), signed in. */
async function business(base: string, over: Record<string, unknown> = {}) {
  const c = await registeredClient(base, { over, practice: true });
  const login = await call(base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

async function checklist(base: string, token: string) {
  const r = await gql(base, CHECKLIST, {}, token);
  expect(r.errors).toBeUndefined();
  return r.data.gettingStarted as {
    done: number;
    total: number;
    steps: {
      key: string;
      done: boolean;
      available: boolean;
      operatorNeeded: boolean;
      route: string | null;
      missing: string[];
    }[];
  };
}
const doneKeys = (c: Awaited<ReturnType<typeof checklist>>) => c.steps.filter((s) => s.done).map((s) => s.key);
const stepOf = (c: Awaited<ReturnType<typeof checklist>>, key: string) => c.steps.find((s) => s.key === key)!;

/** A square JPEG uploaded to the business's media (Snapchat needs a picture). */
const photo = (token: string) => uploadPhoto(app, token, { width: 1080, height: 1080 });

describe("the checklist follows what the business has done", () => {
  test("fresh Premium business: nothing done; each action checks off its own step only", async () => {
    const b = await business(app.base);
    let c = await checklist(app.base, b.token);
    expect(c.steps.map((s) => s.key)).toEqual(["PROFILE", "CONNECT", "PRACTICE", "SCHEDULE", "TEAM"]);
    expect(doneKeys(c)).toEqual([]);
    expect(c).toMatchObject({ done: 0, total: 5 });
    expect(stepOf(c, "PROFILE")).toEqual({
      key: "PROFILE",
      done: false,
      available: true,
      operatorNeeded: false,
      route: "/settings#business-profile",
      missing: ["CUISINE", "AREA", "HOURS", "MENU"],
    });
    // Premium connects Snapchat by hand: there is always something to connect
    expect(stepOf(c, "CONNECT")).toMatchObject({
      done: false,
      operatorNeeded: false,
      route: "/settings#connected-accounts",
    });
    expect(stepOf(c, "PRACTICE").route).toBe("/posts/new");
    expect(stepOf(c, "TEAM")).toMatchObject({ done: false, available: true, route: "/team" });

    // the profile: half of it is not enough; the menu completes it
    await gql(
      app.base,
      `mutation { updateBusinessProfile(input: { cuisine: "cafe", area: "salmiya" }) { id } }`,
      {},
      b.token,
    );
    c = await checklist(app.base, b.token);
    expect(stepOf(c, "PROFILE")).toMatchObject({ done: false, missing: ["HOURS", "MENU"] });
    await gql(app.base, `mutation { updateBusinessProfile(input: { hoursAr: "٧ص - ١٢م" }) { id } }`, {}, b.token);
    await gql(
      app.base,
      `mutation { addMenuItem(input: { name: "Saffron latte", priceKwd: 1.75 }) { id } }`,
      {},
      b.token,
    );
    c = await checklist(app.base, b.token);
    expect(stepOf(c, "PROFILE")).toMatchObject({ done: true, missing: [] });
    expect(doneKeys(c)).toEqual(["PROFILE"]);
    expect(c.done).toBe(1);

    // a practice post published on the simulated network (approval gave the practice accounts; they
    // alone are neither a real network nor a practice post)
    const draft = await gql(
      app.base,
      `mutation($m: [ID!]) { createPost(input: { content: "First practice post", platforms: [SNAPCHAT], mediaIds: $m }) { id } }`,
      { m: [await photo(b.token)] },
      b.token,
    );
    expect(draft.errors).toBeUndefined();
    const postId = draft.data.createPost.id as string;
    c = await checklist(app.base, b.token);
    expect(doneKeys(c)).toEqual(["PROFILE"]); // a draft is not published, nor scheduled
    const now = await gql(app.base, `mutation($id: ID!) { publishPost(id: $id) { id } }`, { id: postId }, b.token);
    expect(now.errors).toBeUndefined();
    await waitFor(
      () => app.sufra.deps.db.postTarget.findFirst({ where: { postId } }),
      (t) => t?.status === "published",
    );
    c = await checklist(app.base, b.token);
    // published at once: practised, but nothing was scheduled
    expect(doneKeys(c)).toEqual(["PROFILE", "PRACTICE"]);

    // a post scheduled for later
    const later = await gql(
      app.base,
      `mutation { createPost(input: { content: "Friday brunch", platforms: [TWITTER] }) { id } }`,
      {},
      b.token,
    );
    const at = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const s = await gql(
      app.base,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { status } }`,
      { id: later.data.createPost.id, at },
      b.token,
    );
    expect(s.data.schedulePost.status).toBe("SCHEDULED");
    c = await checklist(app.base, b.token);
    expect(doneKeys(c)).toEqual(["PROFILE", "PRACTICE", "SCHEDULE"]);
    // taken back to a draft, it was still scheduled once
    await gql(
      app.base,
      `mutation($id: ID!) { unschedulePost(id: $id) { status } }`,
      { id: later.data.createPost.id },
      b.token,
    );
    expect(doneKeys(await checklist(app.base, b.token))).toEqual(["PROFILE", "PRACTICE", "SCHEDULE"]);

    // a real network (Snapchat, connected by hand with the handle): it takes the place of the practice
    // Snapchat account the practice post went to, and the practice post still counts
    const connect = await gql(
      app.base,
      `mutation { connectPlatform(platform: SNAPCHAT, handle: "@darqahwa") { account { demo } } }`,
      {},
      b.token,
    );
    expect(connect.data.connectPlatform.account.demo).toBe(false);
    expect(
      await app.sufra.deps.db.postTarget.findFirst({
        where: { postId },
        select: { account: { select: { demo: true } } },
      }),
    ).toEqual({ account: { demo: false } });
    c = await checklist(app.base, b.token);
    expect(doneKeys(c)).toEqual(["PROFILE", "CONNECT", "PRACTICE", "SCHEDULE"]);

    // the team: a pending invitation is enough
    const inv = await call(app.base, "POST", "/api/team/invitations", {
      token: b.token,
      body: { email: `barista-${Date.now()}@example.kw`, role: "client" },
    });
    expect(inv.status).toBe(201);
    c = await checklist(app.base, b.token);
    expect(doneKeys(c)).toEqual(["PROFILE", "CONNECT", "PRACTICE", "SCHEDULE", "TEAM"]);
    expect(c).toMatchObject({ done: 5, total: 5 });

    // the REST door answers the same, in snake_case
    const rest = await call(app.base, "GET", "/api/getting-started", { token: b.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ done: 5, total: 5 });
    expect(rest.body.steps[1]).toEqual({
      key: "connect",
      done: true,
      available: true,
      operator_needed: false,
      route: "/settings#connected-accounts",
      missing: [],
    });
  }, 60_000);

  test("another business's posts and accounts never count", async () => {
    const a = await business(app.base);
    const p = await gql(
      app.base,
      `mutation { createPost(input: { content: "Only A's", platforms: [TWITTER] }) { id } }`,
      {},
      a.token,
    );
    await gql(
      app.base,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { status } }`,
      { id: p.data.createPost.id, at: new Date(Date.now() + 3_600_000).toISOString() },
      a.token,
    );
    expect(doneKeys(await checklist(app.base, a.token))).toEqual(["SCHEDULE"]);
    const b = await business(app.base);
    expect(doneKeys(await checklist(app.base, b.token))).toEqual([]);
  });
});

describe("plans and the server's networks", () => {
  test("Basic: the team step is 'available on Premium', not a step left (m counts only what applies)", async () => {
    const b = await business(app.base, { requested_plan: "basic" });
    const c = await checklist(app.base, b.token);
    expect(stepOf(c, "TEAM")).toMatchObject({ done: false, available: false });
    expect(c).toMatchObject({ done: 0, total: 4 });
  });

  test("Basic on a server with no Instagram app: the operator must set it up (no link); with the app set, a link", async () => {
    const b = await business(app.base, { requested_plan: "basic" });
    expect(stepOf(await checklist(app.base, b.token), "CONNECT")).toMatchObject({
      done: false,
      operatorNeeded: true,
      route: null,
    });

    const withInstagram = await startTestApp({ INSTAGRAM_APP_ID: "1234567890", INSTAGRAM_APP_SECRET: "app-secret" });
    try {
      const other = await business(withInstagram.base, { requested_plan: "basic" });
      expect(stepOf(await checklist(withInstagram.base, other.token), "CONNECT")).toMatchObject({
        done: false,
        operatorNeeded: false,
        route: "/settings#connected-accounts",
      });
    } finally {
      await withInstagram.stop();
    }
  });

  test("the checklist is for a business: admins are refused", async () => {
    const admin = await call(app.base, "POST", "/api/auth/login", {
      body: { email: "admin@sufra.test", password: "Admin#Pass123" },
    });
    const r = await gql(app.base, CHECKLIST, {}, admin.body.access_token);
    expect(r.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });
});
