// The one pagination helper (src/kernel/pagination.ts): its two cursor kinds, unit by unit, then every
// list that pages, over real HTTP: the cursors people already hold still work (offset cursors are
// base64url "o:<index>", id cursors the row's id), and a cursor that is not one is a 400 at every door.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { AppError } from "../src/kernel/errors.ts";
import {
  checkIdCursor,
  connectionComplexity,
  idConnection,
  idPage,
  idWindow,
  offsetAfter,
  offsetConnection,
  offsetCursor,
  restPageInfo,
} from "../src/kernel/pagination.ts";
import { ADMIN, adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

const old = (text: string) => Buffer.from(text).toString("base64url");
const refusedCursor = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? { code: e.code, details: e.details } : e;
  }
  return "accepted";
};
const BAD_CURSOR = { code: "VALIDATION_ERROR", details: { after: ["invalidValue"] } };

describe("the helper", () => {
  test("offset cursors: base64url of o:<index>, read back as the rows to skip", () => {
    expect(offsetCursor(0)).toBe(old("o:0"));
    expect(offsetCursor(41)).toBe(old("o:41"));
    expect(offsetAfter(undefined)).toBe(0);
    expect(offsetAfter(null)).toBe(0);
    expect(offsetAfter("")).toBe(0);
    expect(offsetAfter(old("o:0"))).toBe(1);
    expect(offsetAfter(offsetCursor(41))).toBe(42);
  });

  test("a string that is no offset cursor is refused on `after`, before the database sees it", () => {
    for (const c of [
      "zzz",
      old("o:-1"),
      old("o:1.5"),
      old("x:3"),
      old("o:"),
      old(" o:3"),
      old("o:99999999999999999999"),
      old(`o:${Number.MAX_SAFE_INTEGER}`),
    ]) {
      expect(refusedCursor(() => offsetAfter(c))).toEqual(BAD_CURSOR);
    }
    expect(offsetAfter(old(`o:${Number.MAX_SAFE_INTEGER - 1}`))).toBe(Number.MAX_SAFE_INTEGER);
  });

  test("an offset connection: a cursor per row, and where the page stands in the list", () => {
    expect(offsetConnection(["c", "d"], 2, 5)).toEqual({
      edges: [
        { cursor: old("o:2"), node: "c" },
        { cursor: old("o:3"), node: "d" },
      ],
      pageInfo: { hasNextPage: true, hasPreviousPage: true, startCursor: old("o:2"), endCursor: old("o:3") },
    });
    expect(offsetConnection(["a"], 0, 1).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: old("o:0"),
      endCursor: old("o:0"),
    });
    expect(offsetConnection([], 7, 3)).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null },
    });
  });

  test("id cursors: a uuid or nothing; one row read to spare tells whether a next page exists", () => {
    const id = "0b7e5c8e-3f1a-4d2b-9c4e-5a6b7c8d9e0f";
    expect(refusedCursor(() => checkIdCursor(undefined))).toBe("accepted");
    expect(refusedCursor(() => checkIdCursor(id))).toBe("accepted");
    for (const c of ["nope", `${id}x`, "o:1", old("o:1")])
      expect(refusedCursor(() => checkIdCursor(c))).toEqual(BAD_CURSOR);

    expect(idWindow({ first: 2 })).toEqual({ take: 3 });
    expect(idWindow({ first: 2, after: id })).toEqual({ take: 3, cursor: { id }, skip: 1 });

    const rows = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(idPage(rows, 2)).toEqual({ items: [{ id: "a" }, { id: "b" }], hasNextPage: true, endCursor: "b" });
    expect(idPage(rows, 3)).toEqual({ items: rows, hasNextPage: false, endCursor: "c" });
    expect(idPage([], 3)).toEqual({ items: [], hasNextPage: false, endCursor: null });

    expect(idConnection(idPage(rows, 2), "z")).toEqual({
      edges: [
        { cursor: "a", node: { id: "a" } },
        { cursor: "b", node: { id: "b" } },
      ],
      pageInfo: { hasNextPage: true, hasPreviousPage: true, startCursor: "a", endCursor: "b" },
    });
    expect(idConnection(idPage([], 2), null).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: null,
      endCursor: null,
    });
    expect(restPageInfo(idPage(rows, 2))).toEqual({ has_next_page: true, end_cursor: "b" });
  });

  test("a connection costs its page size, 20 when none is named", () => {
    expect(connectionComplexity({ first: 5 })).toEqual({ field: 1, multiplier: 5 });
    expect(connectionComplexity({ first: null })).toEqual({ field: 1, multiplier: 20 });
    expect(connectionComplexity({})).toEqual({ field: 1, multiplier: 20 });
  });
});

describe("every door that pages", () => {
  let app: TestApp;
  let b: { token: string; businessId: string };
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    // practice accounts kept: posts need a connected network
    const c = await registeredClient(app.base, { practice: true });
    const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
    b = { token: login.body.access_token, businessId: c.businessId };
    admin = await adminToken(app.base);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ids = (conn: { edges: { node: { id: string } }[] }) => conn.edges.map((e) => e.node.id);
  const refusedGql = (r: { errors?: { extensions: { code: string; reason?: string } }[] }) => r.errors?.[0]?.extensions;

  test("posts and drafts (GraphQL): offset cursors, old ones still read, bad ones refused", async () => {
    for (let i = 0; i < 3; i++) {
      const made = await gql(
        app.base,
        `mutation($i: PostInput!) { createPost(input: $i) { id } }`,
        { i: { content: `Post ${i}`, platforms: ["INSTAGRAM"] } },
        b.token,
      );
      expect(made.errors).toBeUndefined();
    }
    for (const field of ["posts", "drafts"]) {
      const Q = `query($a: String, $f: Int) { ${field}(first: $f, after: $a) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`;
      const all = (await gql(app.base, Q, { f: 3 }, b.token)).data[field];
      expect(all.totalCount).toBe(3);
      expect(all.edges.map((e: { cursor: string }) => e.cursor)).toEqual([old("o:0"), old("o:1"), old("o:2")]);
      expect(all.pageInfo).toEqual({
        hasNextPage: false,
        hasPreviousPage: false,
        startCursor: old("o:0"),
        endCursor: old("o:2"),
      });
      // a cursor written before the helper existed
      const rest = (await gql(app.base, Q, { a: old("o:0"), f: 1 }, b.token)).data[field];
      expect(ids(rest)).toEqual([ids(all)[1]]);
      expect(rest.pageInfo).toEqual({
        hasNextPage: true,
        hasPreviousPage: true,
        startCursor: old("o:1"),
        endCursor: old("o:1"),
      });
      for (const a of ["zzz", old("o:99999999999999999999")]) {
        expect(refusedGql(await gql(app.base, Q, { a }, b.token))).toMatchObject({
          code: "BAD_USER_INPUT",
          reason: "VALIDATION_ERROR",
        });
      }
      expect(refusedGql(await gql(app.base, Q, { f: 101 }, b.token))).toMatchObject({ code: "BAD_USER_INPUT" });
    }
  });

  test("reviews (GraphQL): offset cursors, old ones still read, bad ones refused", async () => {
    for (const author of ["A", "B", "C"]) {
      const r = await call(app.base, "POST", "/api/reviews", {
        token: b.token,
        body: { source: "google", author, rating: 4, text: "Good coffee", reviewed_at: "2026-01-10" },
      });
      expect(r.status).toBe(201);
    }
    const Q = `query($a: String) { reviews(first: 2, after: $a) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id } } } }`;
    const p1 = (await gql(app.base, Q, {}, b.token)).data.reviews;
    expect(p1.pageInfo).toEqual({ hasNextPage: true, endCursor: old("o:1") });
    const p2 = (await gql(app.base, Q, { a: old("o:1") }, b.token)).data.reviews;
    expect(p2.edges).toHaveLength(1);
    expect(p2.edges[0].cursor).toBe(old("o:2"));
    // far past the end: an empty page, not an error
    for (const a of [old("o:4000000000"), old(`o:${Number.MAX_SAFE_INTEGER - 1}`)]) {
      expect((await gql(app.base, Q, { a }, b.token)).data.reviews).toEqual({
        totalCount: 3,
        pageInfo: { hasNextPage: false, endCursor: null },
        edges: [],
      });
    }
    // an offset past what a number holds exactly was a 500 (the database refused the skip)
    for (const a of [old("x:1"), old("o:99999999999999999999")]) {
      expect(refusedGql(await gql(app.base, Q, { a }, b.token))).toMatchObject({
        code: "BAD_USER_INPUT",
        reason: "VALIDATION_ERROR",
      });
    }
  });

  test("the media library (GraphQL and REST): id cursors, bad ones refused at both doors", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const file = await sharp({ create: { width: 400 + i, height: 400, channels: 3, background: "#8a7a6a" } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(file)]), `p${i}.jpg`);
      const res = await fetch(`${app.base}/api/posts/media`, {
        method: "POST",
        headers: { authorization: `Bearer ${b.token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      made.unshift(((await res.json()) as { id: string }).id);
    }
    const Q = `query($a: String) { mediaLibrary(first: 2, after: $a) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`;
    const g1 = (await gql(app.base, Q, {}, b.token)).data.mediaLibrary;
    expect(g1.edges.map((e: { cursor: string }) => e.cursor)).toEqual(made.slice(0, 2));
    expect(g1.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: made[0],
      endCursor: made[1],
    });
    const g2 = (await gql(app.base, Q, { a: made[1] }, b.token)).data.mediaLibrary;
    expect(ids(g2)).toEqual([made[2]]);
    expect(g2.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: true,
      startCursor: made[2],
      endCursor: made[2],
    });

    const r1 = await call(app.base, "GET", "/api/posts/media?first=2", { token: b.token });
    expect(r1.body).toMatchObject({ total_count: 3, has_next_page: true, end_cursor: made[1] });
    expect(Object.keys(r1.body)).toEqual(["items", "total_count", "has_next_page", "end_cursor"]);
    const r2 = await call(app.base, "GET", `/api/posts/media?first=2&after=${made[1]}`, { token: b.token });
    expect(r2.body).toMatchObject({ has_next_page: false, end_cursor: made[2] });

    expect(refusedGql(await gql(app.base, Q, { a: "nope" }, b.token))).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
    });
    const bad = await call(app.base, "GET", "/api/posts/media?after=nope", { token: b.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { after: [expect.any(String)] } });
    expect((await call(app.base, "GET", "/api/posts/media?first=0", { token: b.token })).status).toBe(400);
  });

  test("notifications (GraphQL and REST): id cursors, bad ones refused at both doors", async () => {
    const { db } = app.sufra.deps;
    const me = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    await db.notification.deleteMany({ where: { userId: me.id } });
    const t0 = Date.now() - 60_000;
    const rows = [];
    for (let i = 0; i < 3; i++)
      rows.unshift(
        await db.notification.create({
          data: {
            userId: me.id,
            type: "client_signed_up",
            data: { companyName: `C${i}` },
            createdAt: new Date(t0 + i * 1000),
          },
        }),
      );
    const Q = `query($a: String) { notifications(first: 2, after: $a) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`;
    const g1 = (await gql(app.base, Q, {}, admin)).data.notifications;
    expect(g1.edges.map((e: { cursor: string }) => e.cursor)).toEqual([rows[0].id, rows[1].id]);
    expect(g1.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: rows[0].id,
      endCursor: rows[1].id,
    });
    const g2 = (await gql(app.base, Q, { a: rows[1].id }, admin)).data.notifications;
    expect(ids(g2)).toEqual([rows[2].id]);

    const r1 = await call(app.base, "GET", "/api/notifications?first=2", { token: admin });
    expect(r1.body).toMatchObject({ total: 3, page_info: { has_next_page: true, end_cursor: rows[1].id } });
    const r2 = await call(app.base, "GET", `/api/notifications?first=2&after=${rows[1].id}`, { token: admin });
    expect(r2.body.page_info).toEqual({ has_next_page: false, end_cursor: rows[2].id });

    expect(refusedGql(await gql(app.base, Q, { a: "nope" }, admin))).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
    });
    const bad = await call(app.base, "GET", "/api/notifications?after=nope", { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { after: [expect.any(String)] } });
  });

  test("the admin's clients (GraphQL and REST): id cursors, bad ones refused at both doors", async () => {
    await registeredClient(app.base);
    await registeredClient(app.base);
    const Q = `query($a: String) { clients(first: 2, after: $a) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`;
    const g1 = (await gql(app.base, Q, {}, admin)).data.clients;
    expect(g1.totalCount).toBe(3);
    expect(g1.edges.map((e: { cursor: string }) => e.cursor)).toEqual(ids(g1));
    expect(g1.pageInfo).toMatchObject({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: ids(g1)[0],
      endCursor: ids(g1)[1],
    });
    const g2 = (await gql(app.base, Q, { a: g1.pageInfo.endCursor }, admin)).data.clients;
    expect(ids(g2)).toEqual([b.businessId]);
    expect(g2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const r1 = await call(app.base, "GET", "/api/admin/clients?first=2", { token: admin });
    expect(r1.body).toMatchObject({ total: 3, page_info: { has_next_page: true, end_cursor: ids(g1)[1] } });
    const r2 = await call(app.base, "GET", `/api/admin/clients?first=2&after=${ids(g1)[1]}`, { token: admin });
    expect(r2.body.page_info).toEqual({ has_next_page: false, end_cursor: b.businessId });

    expect(refusedGql(await gql(app.base, Q, { a: "nope" }, admin))).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
    });
    const bad = await call(app.base, "GET", "/api/admin/clients?after=nope", { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { after: [expect.any(String)] } });
  });
});
