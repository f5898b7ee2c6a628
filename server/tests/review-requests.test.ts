// Review requests (docs/architecture.md#review-requests) against the Google stand-in: the locations' place id and
// review address read on sync (the stand-in gives metadata only when the readMask asks, and refuses unknown fields,
// as Google does); the short link of a picked location; its PNG read back as a QR code (jsQR); the table tent and the
// receipt read back as text (pdf.js), the Arabic line in logical order; a scan through /r/<code> lands on Google's
// review form and counts; another café's location, an unknown one, an unpicked one and one without a place id are
// refused clearly; the inbox's figures set scans against the reviews received, per location and in total.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import jsQRModule from "jsqr";
import sharp from "sharp";
import { kuwaitDate, REVIEW_REQUEST_ASK, REVIEW_REQUEST_SCAN } from "@sufra/schema";
import { startGoogleFake, type GoogleFakeState } from "./fakes/google-server.ts";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { readPdf } from "./support/pdf.ts";

// jsqr is CommonJS with an ES default in its types: take the function either way
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as typeof jsQRModule.default;

let fake: Awaited<ReturnType<typeof startGoogleFake>>;
let s: GoogleFakeState;
let app: TestApp;

beforeAll(async () => {
  fake = await startGoogleFake();
  s = fake.state;
  app = await startTestApp(s.env);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const db = () => app.sufra.deps.db;
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const NEW_REVIEW_URI = "https://g.page/r/CaFeSalmiya123/review";

/** A download from the REST door with the session's token: status, type and bytes (or the JSON refusal). */
async function download(token: string, path: string, lang = "en") {
  const res = await fetch(app.base + path, { headers: { authorization: `Bearer ${token}`, "accept-language": lang } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    type,
    disposition: res.headers.get("content-disposition"),
    bytes,
    json: type.includes("json") ? JSON.parse(bytes.toString("utf8")) : undefined,
  };
}

/** Google's own sign-in for the café: the stand-in's consent page, then Sufra's callback. */
async function connectGoogle(token: string, personId: string) {
  const r = await gql(
    app.base,
    `mutation { connectPlatform(platform: GOOGLE, returnTo: "/inbox") { authorizeUrl } }`,
    {},
    token,
  );
  expect(r.errors).toBeUndefined();
  s.consentAs(personId);
  const consent = await fetch(new URL(r.data.connectPlatform.authorizeUrl), { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const done = await fetch(`${app.base}${back.pathname}${back.search}`, { redirect: "manual" });
  expect(done.headers.get("location")).toBe("/inbox?connected=1&platform=google");
}

describe("the stand-in's locations.list, as Google's reference has it", () => {
  test("metadata (placeId, newReviewUri) only when the readMask asks for it; an unknown field is refused", async () => {
    const { person, account } = s.addPerson({ name: "Mask Tester" });
    s.addLocation(account.name, { title: "Mask", placeId: "ChIJmask", newReviewUri: "https://g.page/r/mask/review" });
    const { accessToken } = s.issueTokens(person.id);
    const list = (mask: string) =>
      fetch(`${s.url}/v1/${account.name}/locations?readMask=${encodeURIComponent(mask)}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const plain = await list("name,title");
    expect(plain.status).toBe(200);
    expect((await plain.json()).locations[0]).toEqual({ name: expect.any(String), title: "Mask" });
    const withMeta = await (await list("name,title,metadata")).json();
    expect(withMeta.locations[0].metadata).toMatchObject({
      placeId: "ChIJmask",
      newReviewUri: "https://g.page/r/mask/review",
    });
    const bad = await list("name,metadata,reviewLink");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
  });
});

describe("review requests", () => {
  let owner: Awaited<ReturnType<typeof signedInBusiness>>;
  let other: Awaited<ReturnType<typeof signedInBusiness>>;
  const ids: Record<"salmiya" | "jabriya" | "city", string> = { salmiya: "", jabriya: "", city: "" };
  let short: { code: string; url: string };

  beforeAll(async () => {
    owner = await signedInBusiness(app.base, { over: { company_name: "Layali Cafe" } });
    other = await signedInBusiness(app.base, { over: { company_name: "Rival Roasters" } });
    await db().business.update({ where: { id: owner.businessId }, data: { nameAr: "مقهى ليالي" } });
    const { person, account } = s.addPerson({ name: "Dana Alsabah" });
    // Salmiya: Google gives both; Jabriya: a place id only; Kuwait City: neither yet (a location Google has not placed)
    s.addLocation(account.name, { title: "Salmiya", placeId: "ChIJsalmiya", newReviewUri: NEW_REVIEW_URI });
    s.addLocation(account.name, { title: "Jabriya", placeId: "ChIJjabriya+1" });
    s.addLocation(account.name, { title: "Kuwait City" });
    await connectGoogle(owner.token, person.id);
    for (const l of await db().googleLocation.findMany({ where: { businessId: owner.businessId } }))
      ids[({ Salmiya: "salmiya", Jabriya: "jabriya", "Kuwait City": "city" } as const)[l.title as "Salmiya"]] = l.id;
  }, 60_000);

  test("the place id and the review address are read on sync", async () => {
    const rows = await db().googleLocation.findMany({
      where: { businessId: owner.businessId },
      orderBy: { title: "asc" },
    });
    expect(rows.map((r) => [r.title, r.placeId, r.reviewUrl])).toEqual([
      ["Jabriya", "ChIJjabriya+1", null],
      ["Kuwait City", null, null],
      ["Salmiya", "ChIJsalmiya", NEW_REVIEW_URI],
    ]);
  });

  test("an unpicked location has no request: listed nowhere, and a clear refusal in both languages", async () => {
    const list = await gql(app.base, `{ reviewRequests { locationId } }`, {}, owner.token);
    expect(list.data.reviewRequests).toEqual([]);
    const en = await download(owner.token, `/api/review-requests/${ids.salmiya}/qr.png`);
    expect(en.status).toBe(409);
    expect(en.json).toMatchObject({
      code: "REVIEW_REQUEST_NOT_PICKED",
      message: expect.stringContaining("not picked"),
    });
    const ar = await download(owner.token, `/api/review-requests/${ids.salmiya}`, "ar");
    expect(ar.json).toMatchObject({ code: "REVIEW_REQUEST_NOT_PICKED", message: expect.stringContaining("غير مختار") });
  });

  test("picked locations: a short link to Google's review form, or why there is none", async () => {
    const picked = await gql(
      app.base,
      `mutation($ids: [ID!]!) { pickGoogleLocations(locationIds: $ids, picked: true) { id } }`,
      { ids: Object.values(ids) },
      owner.token,
    );
    expect(picked.errors).toBeUndefined();
    const r = await gql(
      app.base,
      `{ reviewRequests { locationId branch reviewUrl code shortUrl problem pngUrl(size: 300) pdfUrl(format: RECEIPT, lang: AR) } }`,
      {},
      owner.token,
    );
    expect(r.errors).toBeUndefined();
    const by = Object.fromEntries(r.data.reviewRequests.map((x: { branch: string }) => [x.branch, x]));
    expect(by.Salmiya).toMatchObject({
      locationId: ids.salmiya,
      reviewUrl: NEW_REVIEW_URI,
      code: expect.stringMatching(/^[2-9a-zA-Z]{8}$/),
      problem: null,
      pngUrl: `/api/review-requests/${ids.salmiya}/qr.png?size=300`,
      pdfUrl: `/api/review-requests/${ids.salmiya}/qr.pdf?format=receipt&lang=ar`,
    });
    expect(by.Salmiya.shortUrl).toBe(`http://sufra.test/r/${by.Salmiya.code}`);
    // no newReviewUri: Google's writereview form for the place id
    expect(by.Jabriya.reviewUrl).toBe("https://search.google.com/local/writereview?placeid=ChIJjabriya%2B1");
    expect(by["Kuwait City"]).toMatchObject({ reviewUrl: null, code: null, shortUrl: null, pngUrl: null });
    expect(by["Kuwait City"].problem).toBe("REVIEW_REQUEST_NO_PLACE");
    // made once: asking again gives the same code, and the REST door agrees
    const again = await call(app.base, "GET", `/api/review-requests/${ids.salmiya}`, { token: owner.token });
    expect(again.body).toMatchObject({ location_id: ids.salmiya, code: by.Salmiya.code, review_url: NEW_REVIEW_URI });
    expect(await db().shortLink.count({ where: { businessId: owner.businessId, kind: "review" } })).toBe(2);
    short = { code: by.Salmiya.code, url: by.Salmiya.shortUrl };

    const none = await download(owner.token, `/api/review-requests/${ids.city}/qr.pdf`, "ar");
    expect(none.status).toBe(409);
    expect(none.json).toMatchObject({ code: "REVIEW_REQUEST_NO_PLACE", message: expect.stringContaining("جوجل") });
  });

  test("the PNG is a QR code of the short link", async () => {
    const png = await download(owner.token, `/api/review-requests/${ids.salmiya}/qr.png?size=400`);
    expect(png.status).toBe(200);
    expect(png.type).toBe("image/png");
    expect(png.disposition).toBe('attachment; filename="review-qr-salmiya-400.png"');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const { data, info } = await sharp(png.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 400]);
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read?.data).toBe(short.url);
    // the default size, and a size out of range refused with the field named
    const standard = await download(owner.token, `/api/review-requests/${ids.salmiya}/qr.png`);
    expect((await sharp(standard.bytes).metadata()).width).toBe(600);
    const huge = await download(owner.token, `/api/review-requests/${ids.salmiya}/qr.png?size=99999`);
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  test("the table tent in both languages: the café's names, the ask in logical order, the short address", async () => {
    const pdf = await download(owner.token, `/api/review-requests/${ids.salmiya}/qr.pdf?format=table_tent&lang=both`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.disposition).toBe('attachment; filename="review-table-tent-salmiya-both.pdf"');
    // A6 portrait: 105 x 148 mm
    expect(pdf.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
    const read = await readPdf(pdf.bytes);
    expect(read.pages).toHaveLength(1);
    const ltr = read.pages[0]!.ltr;
    const rtl = read.pages[0]!.rtl;
    expect(ltr).toContain("Layali Cafe");
    expect(rtl).toContain("مقهى ليالي");
    expect(ltr).toContain(REVIEW_REQUEST_ASK.en);
    expect(rtl).toContain(REVIEW_REQUEST_ASK.ar);
    expect(rtl).toContain(REVIEW_REQUEST_SCAN.ar);
    expect(ltr).toContain(`sufra.test/r/${short.code}`);
    // the lines run top to bottom: name, ask, then the address under the code
    const order = [
      ltr.indexOf("Layali Cafe"),
      ltr.indexOf(REVIEW_REQUEST_ASK.en),
      ltr.indexOf(`sufra.test/r/${short.code}`),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("the receipt in Arabic: 80 mm wide, as tall as its content, no English", async () => {
    const pdf = await download(owner.token, `/api/review-requests/${ids.jabriya}/qr.pdf?format=receipt&lang=ar`);
    expect(pdf.status).toBe(200);
    const box = pdf.bytes.toString("latin1").match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect(Number(box[1])).toBeCloseTo((80 * 72) / 25.4, 1);
    expect(Number(box[2])).toBeGreaterThan(200);
    expect(Number(box[2])).toBeLessThan(450);
    const read = await readPdf(pdf.bytes);
    const all = [...read.pages[0]!.ltr, ...read.pages[0]!.rtl].join("\n");
    expect(read.pages[0]!.rtl).toContain(REVIEW_REQUEST_ASK.ar);
    expect(all).toContain("مقهى ليالي");
    expect(all).not.toContain(REVIEW_REQUEST_ASK.en);
    expect(all).not.toContain("Layali Cafe");
    const link = await db().shortLink.findFirstOrThrow({ where: { locationId: ids.jabriya } });
    expect(read.pages[0]!.ltr).toContain(`sufra.test/r/${link.code}`);
    const bad = await download(owner.token, `/api/review-requests/${ids.jabriya}/qr.pdf?format=poster&lang=fr`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.details).sort()).toEqual(["format", "lang"]);
  });

  test("a scan through /r/<code> lands on Google's review form and is counted; a previewer is not", async () => {
    const scan = (ua: string) =>
      fetch(`${app.base}/r/${short.code}`, { redirect: "manual", headers: { "user-agent": ua } });
    const first = await scan(PHONE);
    expect(first.status).toBe(302);
    const to = new URL(first.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(NEW_REVIEW_URI);
    expect(to.searchParams.get("utm_medium")).toBe("qr");
    expect((await scan("WhatsApp/2.23.20.0 A")).status).toBe(302);
    const link = await db().shortLink.findFirstOrThrow({ where: { code: short.code }, include: { days: true } });
    expect(link).toMatchObject({ kind: "review", locationId: ids.salmiya });
    expect(link.days.map((d) => d.clicks)).toEqual([1]);
  });

  test("another café's location and unknown ids are not found; a person of another café sees none", async () => {
    for (const path of [
      `/api/review-requests/${ids.salmiya}/qr.png`,
      `/api/review-requests/${ids.salmiya}/qr.pdf`,
      `/api/review-requests/${ids.salmiya}`,
    ]) {
      const r = await download(other.token, path);
      expect([r.status, r.json?.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect(
      (await download(owner.token, `/api/review-requests/00000000-0000-4000-8000-000000000000/qr.png`)).status,
    ).toBe(404);
    expect((await download(owner.token, `/api/review-requests/not-a-uuid/qr.pdf`)).status).toBe(404);
    const theirs = await call(app.base, "GET", "/api/review-requests", { token: other.token });
    expect(theirs.body).toEqual({ review_requests: [] });
    expect((await call(app.base, "GET", "/api/review-requests")).status).toBe(401);
  });

  test("the inbox's figures: review requests (scans) against Google reviews received, per location and in total", async () => {
    const today = kuwaitDate(new Date());
    const review = (locationId: string, n: number, writtenAt = new Date()) =>
      db().review.create({
        data: {
          businessId: owner.businessId,
          source: "google",
          kind: "review",
          author: `Guest ${n}`,
          rating: 5,
          text: "Lovely",
          language: "en",
          sentiment: "positive",
          reviewedAt: new Date(`${kuwaitDate(writtenAt)}T00:00:00Z`),
          writtenAt,
          importKey: `google:test-${n}`,
          locationId,
        },
      });
    await review(ids.salmiya, 1);
    await review(ids.salmiya, 2);
    await review(ids.jabriya, 3);
    await review(ids.jabriya, 4, new Date(Date.now() - 90 * 86_400_000)); // before the range
    // a scan of Jabriya's code yesterday (as the short links count it), and one of another café's never counts here
    const jabriya = await db().shortLink.findFirstOrThrow({ where: { locationId: ids.jabriya } });
    await db().shortLinkDay.create({
      data: {
        linkId: jabriya.id,
        day: new Date(`${kuwaitDate(new Date(Date.now() - 86_400_000))}T00:00:00Z`),
        clicks: 3,
      },
    });
    const r = await gql(
      app.base,
      `query($id: ID!, $to: String) { analyticsGuests(clientId: $id, to: $to) { reviewRequests { requests received byBranch { locationId branch requests received } } } }`,
      { id: owner.businessId, to: today },
      owner.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.analyticsGuests.reviewRequests).toEqual({
      requests: 4,
      received: 3,
      byBranch: [
        { locationId: ids.jabriya, branch: "Jabriya", requests: 3, received: 1 },
        { locationId: ids.salmiya, branch: "Salmiya", requests: 1, received: 2 },
      ],
    });
    const rest = await call(app.base, "GET", `/api/analytics/guests?client_id=${owner.businessId}`, {
      token: owner.token,
    });
    expect(rest.body.review_requests).toMatchObject({ requests: 4, received: 3 });
    expect(rest.body.review_requests.by_branch[0]).toEqual({
      location_id: ids.jabriya,
      branch: "Jabriya",
      requests: 3,
      received: 1,
    });
    // another café's figures have none of these
    const theirs = await gql(
      app.base,
      `query($id: ID!) { analyticsGuests(clientId: $id) { reviewRequests { requests received byBranch { branch } } } }`,
      { id: other.businessId },
      other.token,
    );
    expect(theirs.data.analyticsGuests.reviewRequests).toEqual({ requests: 0, received: 0, byBranch: [] });
  });
});
