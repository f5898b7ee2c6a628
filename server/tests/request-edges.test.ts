// Edges the generated probes found: two deletions of one row at once, paths whose escapes are not
// readable text, and a subscription sent over HTTP. Each is a 4xx in the catalogue's words, never a 5xx.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { REST_RULES } from "./support/access-rules.ts";
import { adminToken, call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { startMailbox } from "./support/mailbox.ts";
import { bounded, restRoutes, routeKey } from "./support/surface.ts";
import { joinedMember } from "./support/team.ts";

let app: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let holder: Awaited<ReturnType<typeof signedInBusiness>>;
let admin: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startTestApp({ SMTP_URL: mailbox.url });
  holder = await signedInBusiness(app.base, { over: { requested_plan: "premium" } });
  admin = await adminToken(app.base);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
});

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
let n = 0;

async function upload() {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c8691c" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "kunafa.jpg");
  const r = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${holder.token}` },
    body: form,
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

/** A fresh row of each kind whose DELETE path the probes found answering 500 the second time. */
const KINDS: Record<string, () => Promise<string>> = {
  "/api/team/members": async () => (await joinedMember(app.base, mailbox, holder.token, "client")).userId,
  "/api/posts/media": upload,
  "/api/templates": async () =>
    (
      await call(app.base, "POST", "/api/templates", {
        token: holder.token,
        body: { name: `Brunch ${++n}`, occasion: "weekend", language: "en", body: "Brunch at {business}" },
      })
    ).body.id,
  "/api/campaigns": async () =>
    (
      await call(app.base, "POST", "/api/campaigns", {
        token: holder.token,
        body: { name: `Nights ${++n}`, goal: "awareness", start_date: today(), end_date: today() },
      })
    ).body.id,
};

describe("two deletions of the same row at the same moment", () => {
  test.each(Object.keys(KINDS))(
    "DELETE %s/:id twice at once: one deletes, the other is 404 NOT_FOUND",
    async (path) => {
      // a few pairs: each pair's two transactions both find the row; the one that waits deletes nothing
      for (let i = 0; i < 3; i++) {
        const id = await KINDS[path]();
        const answers = await Promise.all(
          [0, 1].map(() => call(app.base, "DELETE", `${path}/${id}`, { token: holder.token, lang: "ar" })),
        );
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses).toEqual([200, 404]);
        expect(answers.find((a) => a.status === 404)!.body).toEqual({
          code: "NOT_FOUND",
          message: "المورد المطلوب غير موجود",
        });
      }
    },
    60_000,
  );

  test("a Prisma delete of a row that is gone is NOT_FOUND at both doors' shared mapping", async () => {
    const { fromDatabase } = await import("../src/db/errors.ts");
    const gone = await app.sufra.deps.db.campaign
      .delete({ where: { id: "00000000-0000-4000-8000-000000000000" } })
      .catch((e: unknown) => e);
    expect((gone as { code?: string }).code).toBe("P2025");
    expect(fromDatabase(gone)?.code).toBe("NOT_FOUND");
  });

  test("GraphQL: deleteCampaign twice at once answers once and NOT_FOUND once", async () => {
    for (let i = 0; i < 3; i++) {
      const id = await KINDS["/api/campaigns"]();
      const answers = await Promise.all(
        [0, 1].map(() => gql(app.base, "mutation($id: ID!) { deleteCampaign(id: $id) { id } }", { id }, holder.token)),
      );
      const codes = answers.map((a) => (a.errors ? a.errors.map((e) => e.extensions.code).join() : "ok")).sort();
      expect(codes).toEqual(["NOT_FOUND", "ok"]);
    }
  }, 60_000);
});

describe("paths whose escapes are not readable text", () => {
  // not UTF-8 (a lone surrogate, bytes that never start a character, an overlong slash, a %u escape), or a control character
  const UNREADABLE = ["%ED%A0%80", "%FF%FE", "%C0%AF", "%uD800", "a%00b", "%1B%5B31m", "x%C2%85y"];

  test("every REST route, with any parameter or one tacked on, answers 400 MALFORMED_URL in the caller's language", async () => {
    const routes = restRoutes(app.sufra.server!.httpServer);
    const wrong: string[] = [];
    // a few at a time: hundreds of sockets at once are reset by a loaded machine, not by the server
    const calls = routes.flatMap((route) =>
      UNREADABLE.map((bad, i) => async () => {
        const path = route.path.includes(":") ? route.path.replace(/:\w+/g, bad) : `${route.path}/${bad}`;
        const token = REST_RULES[routeKey(route)]?.policy === "admin" ? admin : holder.token;
        const lang = i % 2 ? "ar" : "en";
        const r = await call(app.base, route.method, path, {
          token,
          lang,
          body: route.method === "GET" ? undefined : {},
        });
        const message =
          lang === "ar"
            ? "يحتوي العنوان على أحرف لا يمكن قراءتها. تحقق من الرابط ثم حاول مرة أخرى"
            : "The address holds characters that cannot be read. Check the link and try again";
        if (r.status !== 400 || r.body?.code !== "MALFORMED_URL" || r.body?.message !== message)
          wrong.push(`${routeKey(route)} ${bad}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }),
    );
    await bounded(16, calls);
    expect(routes.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 60_000);

  test("ids that are readable but name nothing stay the routes' own 4xx", async () => {
    for (const [method, path] of [
      ["PUT", "/api/posts/not-a-uuid"],
      ["POST", "/api/templates/%E2%80%AE/apply"],
      ["GET", "/media/%E2%80%AE/original"],
      ["POST", `/api/admin/clients/${"x".repeat(3000)}/approve`],
    ]) {
      const r = await call(app.base, method, path, {
        token: path.includes("admin") ? admin : holder.token,
        body: method === "GET" ? undefined : {},
      });
      expect([400, 403, 404]).toContain(r.status);
    }
  });
});

describe("a subscription over HTTP", () => {
  test("is 400 BAD_USER_INPUT saying subscriptions go over WebSocket, in the caller's language", async () => {
    for (const [lang, message] of [
      ["en", "Subscriptions are served over WebSocket (the graphql-ws protocol) at /graphql, not over HTTP"],
      ["ar", "الاشتراكات متاحة عبر WebSocket (بروتوكول graphql-ws) على /graphql، وليس عبر HTTP"],
    ]) {
      const r = await call(app.base, "POST", "/graphql", {
        token: holder.token,
        lang,
        body: { query: "subscription { postChanged { __typename } }" },
      });
      expect(r.status).toBe(400);
      expect(r.body.data).toBeUndefined();
      expect(r.body.errors).toEqual([
        { message, extensions: { code: "BAD_USER_INPUT", reason: "SUBSCRIPTION_NEEDS_WEBSOCKET" } },
      ]);
    }
  });
});
