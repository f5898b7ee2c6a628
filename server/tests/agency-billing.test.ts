// An agency paying for its cafés over real HTTP against the Tap stand-in (docs/product.md#agency-payments):
// one payment for two cafés extends both subscriptions by the café's own payment's rules, one invoice to the agency
// with a line per café (and none to the cafés), the webhook delivered twice applies once; a café the agency does not
// serve (no link, a link ended) is refused, so are a café whose month is paid or being paid, a person of the agency
// who does not manage it, a café's manager, a key; afterwards each café's subscription follows its own lifecycle.
import { afterAll, describe, expect, test } from "@jest/globals";
import { addMonths, ERRORS } from "@sufra/schema";
import { call, gql, signedInBusiness } from "./support/app.ts";
import { tapAppForFile } from "./support/per-file.ts";
import { readPdf } from "./support/pdf.ts";
import { login } from "./support/team.ts";

const { fake, app, pool } = tapAppForFile();
const DAY = 86_400_000;

afterAll(async () => {
  await fake.settled();
});

const sub = async (businessId: string) =>
  (await pool.query("select * from subscriptions where business_id = $1", [businessId])).rows[0];
const invoicesOf = async (businessId: string) =>
  (await pool.query("select * from invoices where business_id = $1 and kind = 'invoice'", [businessId])).rows;
const chargeIdOf = (redirectUrl: string) => decodeURIComponent(new URL(redirectUrl).pathname.split("/").pop()!);

/** An agency (its owner signed in) serving `n` new cafés through active links. */
async function agencyWith(n: number, plans: string[] = []) {
  const agency = await signedInBusiness(app.base, { over: { company_name: "Gulf Social Agency" } });
  await pool.query("update businesses set is_agency = true where id = $1", [agency.businessId]);
  const cafes = [];
  for (let i = 0; i < n; i++) {
    const cafe = await signedInBusiness(app.base, {
      over: { company_name: `Cafe ${String.fromCharCode(65 + i)}`, requested_plan: plans[i] ?? "professional" },
    });
    await link(agency.businessId, cafe.businessId, "active");
    cafes.push(cafe);
  }
  return { agency, cafes };
}

async function link(agencyId: string, cafeId: string, status: "active" | "pending" | "ended") {
  await pool.query(
    `insert into agency_links (id, agency_id, cafe_id, status, requested_by, grants, accepted_at, ended_at)
     values (gen_random_uuid(), $1, $2, $3::"AgencyLinkStatus", 'cafe', '{}', now(), case when $3::text = 'ended' then now() end)`,
    [agencyId, cafeId, status],
  );
}

async function payFor(token: string, cafeIds: string[], source = "knet") {
  return call(app.base, "POST", "/api/billing/agency/pay", { token, body: { cafe_ids: cafeIds, source } });
}

describe("an agency pays for two cafés in one payment", () => {
  test("the card lists each café with its plan and price; one charge for the total; paid: both cafés active, one invoice with two lines, none to the cafés", async () => {
    const { agency, cafes } = await agencyWith(2, ["professional", "premium"]);
    const [a, b] = cafes as [(typeof cafes)[0], (typeof cafes)[0]];
    const beforeA = await sub(a.businessId);
    const beforeB = await sub(b.businessId);

    const page = await call(app.base, "GET", "/api/billing", { token: agency.token });
    expect(page.body.is_agency).toBe(true);
    const card = await call(app.base, "GET", "/api/billing/agency", { token: agency.token });
    expect(card.status).toBe(200);
    expect(card.body.gateway_configured).toBe(true);
    expect(card.body.cafes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cafe_id: a.businessId, plan: "professional", amount_fils: 15000, blocked_by: null }),
        expect.objectContaining({ cafe_id: b.businessId, plan: "premium", amount_fils: 49000, blocked_by: null }),
      ]),
    );

    const started = await payFor(agency.token, [a.businessId, b.businessId]);
    expect(started.status).toBe(201);
    const paymentId = started.body.payment.id as string;
    expect(started.body.payment).toMatchObject({ total_fils: 64000, status: "pending", agency_id: agency.businessId });
    expect(started.body.payment.lines).toHaveLength(2);
    const chargeId = chargeIdOf(started.body.redirect_url);
    const charge = fake.charges.get(chargeId)!;
    expect(charge.amount).toBe(64);
    expect(charge.reference.transaction).toBe(paymentId);
    // both cafés are told a payment of their month is under way, and a second payment for them is refused
    const again = await payFor(agency.token, [a.businessId]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("AGENCY_CAFE_PAYMENT_RUNNING");
    expect(again.body.message).toBe(ERRORS.AGENCY_CAFE_PAYMENT_RUNNING.en);

    // the webhook posted twice, then the browser's return: applied once
    const back = fake.complete(chargeId, "CAPTURED", { method: "KNET", webhook: "twice" });
    await fake.settled();
    const res = await fetch(back.redirectUrl, { redirect: "manual" });
    expect(res.headers.get("location")).toBe(`/billing?agency_payment=${paymentId}`);
    const sent = fake.webhooksSent.filter((w) => w.id === chargeId);
    expect(sent.length).toBeGreaterThanOrEqual(2);

    const afterA = await sub(a.businessId);
    const afterB = await sub(b.businessId);
    for (const [before, after] of [
      [beforeA, afterA],
      [beforeB, afterB],
    ]) {
      expect(after.status).toBe("active");
      // a month paid during the trial starts at the trial's end, as a café's own payment does
      expect(after.period_starts_at.getTime()).toBe(before.trial_ends_at.getTime());
      expect(after.renews_at.getTime()).toBe(addMonths(before.trial_ends_at).getTime());
    }
    expect(afterB.plan).toBe("premium");
    const applied = (
      await pool.query(
        "select entity_id from audit_log where action = 'billing.payment_applied' and entity_id = any($1::text[])",
        [[a.businessId, b.businessId]],
      )
    ).rows;
    expect(applied).toHaveLength(2);
    const lines = (
      await pool.query("select * from payments where agency_payment_id = $1 order by business_id", [paymentId])
    ).rows;
    expect(lines.map((l) => [l.status, l.method, Boolean(l.applied_at)])).toEqual([
      ["paid", "knet", true],
      ["paid", "knet", true],
    ]);

    // one invoice, to the agency, a line per café; the cafés get none of their own
    const inv = await invoicesOf(agency.businessId);
    expect(inv).toHaveLength(1);
    expect(inv[0].total_fils).toBe(64000);
    expect(inv[0].agency_payment_id).toBe(paymentId);
    expect(inv[0].lines).toHaveLength(2);
    expect(inv[0].lines.map((l: { amountFils: number }) => l.amountFils)).toEqual([15000, 49000]);
    expect(inv[0].lines[0].description.en).toBe("Cafe A: Sufra Professional plan, 1 month");
    expect(inv[0].lines[1].description.ar).toContain("المقهى: Cafe B");
    expect(await invoicesOf(a.businessId)).toHaveLength(0);
    expect(await invoicesOf(b.businessId)).toHaveLength(0);

    // the PDF, downloaded by the agency, in both languages, shows both cafés
    const list = await call(app.base, "GET", "/api/billing/invoices", { token: agency.token });
    expect(list.body.invoices ?? list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ number: inv[0].number })]),
    );
    const pdf = await fetch(`${app.base}/api/billing/invoices/${inv[0].id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${agency.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text;
    expect(text).toContain("Cafe A");
    expect(text).toContain("Cafe B");
    expect(text).toContain("64.000");

    // the payment as the return shows it, at both doors
    const shown = await call(app.base, "GET", `/api/billing/agency/payments/${paymentId}`, { token: agency.token });
    expect(shown.body).toMatchObject({ id: paymentId, status: "paid", method: "knet", total_fils: 64000 });
    const g = await gql(
      app.base,
      `query($id: ID!) { agencyPayment(id: $id) { id status totalFils lines { companyName amountFils status } } }`,
      { id: paymentId },
      agency.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.agencyPayment).toEqual({
      id: paymentId,
      status: "PAID",
      totalFils: 64000,
      lines: [
        { companyName: "Cafe A", amountFils: 15000, status: "PAID" },
        { companyName: "Cafe B", amountFils: 49000, status: "PAID" },
      ],
    });

    // paid ahead now: neither café can be paid for again until 7 days before its month ends
    const later = await call(app.base, "GET", "/api/billing/agency", { token: agency.token });
    expect(later.body.cafes.map((c: { blocked_by: string }) => c.blocked_by)).toEqual(["paid_ahead", "paid_ahead"]);
    const twice = await payFor(agency.token, [b.businessId]);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("AGENCY_CAFE_PAYMENT_RUNNING");

    // the webhook posted again later: nothing more
    await fake.sendWebhook(chargeId);
    expect(await invoicesOf(agency.businessId)).toHaveLength(1);
    expect((await sub(a.businessId)).renews_at.getTime()).toBe(afterA.renews_at.getTime());
  });

  test("through GraphQL: payForCafes answers the gateway's page; a declined charge leaves every café as it was", async () => {
    const { agency, cafes } = await agencyWith(2);
    const g = await gql(
      app.base,
      `mutation($ids: [ID!]!) { payForCafes(cafeIds: $ids, source: CARD) { redirectUrl payment { id status totalFils } } }`,
      { ids: cafes.map((c) => c.businessId) },
      agency.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.payForCafes.payment).toMatchObject({ status: "PENDING", totalFils: 30000 });
    const chargeId = chargeIdOf(g.data.payForCafes.redirectUrl);
    fake.complete(chargeId, "DECLINED", { webhook: "once" });
    await fake.settled();
    const ap = (await pool.query("select * from agency_payments where id = $1", [g.data.payForCafes.payment.id]))
      .rows[0];
    expect(ap.status).toBe("failed");
    for (const c of cafes) expect((await sub(c.businessId)).status).toBe("trial");
    const lines = (await pool.query("select status from payments where agency_payment_id = $1", [ap.id])).rows;
    expect(lines.map((l) => l.status)).toEqual(["failed", "failed"]);
    expect(await invoicesOf(agency.businessId)).toHaveLength(0);
    // failed: the cafés may be paid for again at once
    expect((await payFor(agency.token, [cafes[0]!.businessId])).status).toBe(201);
  });
});

describe("who and which cafés", () => {
  test("a café with no link, with a link ended or only asked for, is refused, and nothing is written", async () => {
    const { agency, cafes } = await agencyWith(1);
    const stranger = await signedInBusiness(app.base);
    const ended = await signedInBusiness(app.base);
    await link(agency.businessId, ended.businessId, "ended");
    const asked = await signedInBusiness(app.base);
    await link(agency.businessId, asked.businessId, "pending");

    const listed = await call(app.base, "GET", "/api/billing/agency", { token: agency.token });
    expect(listed.body.cafes.map((c: { cafe_id: string }) => c.cafe_id)).toEqual([cafes[0]!.businessId]);
    for (const other of [stranger, ended, asked]) {
      const r = await payFor(agency.token, [cafes[0]!.businessId, other.businessId]);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("AGENCY_CAFE_NOT_SERVED");
      expect(r.body.message).toBe(ERRORS.AGENCY_CAFE_NOT_SERVED.en);
    }
    const ar = await call(app.base, "POST", "/api/billing/agency/pay", {
      token: agency.token,
      body: { cafe_ids: [stranger.businessId] },
      lang: "ar",
    });
    expect(ar.body.message).toBe(ERRORS.AGENCY_CAFE_NOT_SERVED.ar);
    const none = await payFor(agency.token, []);
    expect(none.status).toBe(400);
    const written = await pool.query("select count(*)::int as n from agency_payments where agency_id = $1", [
      agency.businessId,
    ]);
    expect(written.rows[0].n).toBe(0);
    expect(
      (await pool.query("select count(*)::int as n from payments where business_id = $1", [cafes[0]!.businessId]))
        .rows[0].n,
    ).toBe(0);
  });

  test("a café's own payment under way: refused, not charged twice", async () => {
    const { agency, cafes } = await agencyWith(1);
    const own = await call(app.base, "POST", "/api/billing/pay", { token: cafes[0]!.token, body: { source: "knet" } });
    expect(own.status).toBe(201);
    const card = await call(app.base, "GET", "/api/billing/agency", { token: agency.token });
    expect(card.body.cafes[0].blocked_by).toBe("payment_running");
    const r = await payFor(agency.token, [cafes[0]!.businessId]);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("AGENCY_CAFE_PAYMENT_RUNNING");
  });

  test("a person of the agency who does not manage it, a café's manager, a café's person through the agency and an admin are refused", async () => {
    const { agency, cafes } = await agencyWith(1);
    const cafeId = cafes[0]!.businessId;
    // a person of the agency in the client role (not its account holder)
    const someone = await signedInBusiness(app.base);
    await pool.query(
      "insert into memberships (user_id, business_id, role, created_at) values ($1, $2, 'client', now())",
      [someone.userId, agency.businessId],
    );
    const session = await login(app.base, someone.email, someone.password);
    const asMember = { authorization: `Bearer ${session.access_token}`, "x-sufra-business": agency.businessId };
    const r1 = await call(app.base, "POST", "/api/billing/agency/pay", {
      body: { cafe_ids: [cafeId] },
      headers: asMember,
    });
    expect(r1.status).toBe(403);
    expect(r1.body.code).toBe("AGENCY_BILLING_ONLY");
    expect((await call(app.base, "GET", "/api/billing/agency", { headers: asMember })).status).toBe(403);

    // the café's own owner, in the café (not an agency)
    const r2 = await payFor(cafes[0]!.token, [cafeId]);
    expect(r2.status).toBe(403);
    expect(r2.body.code).toBe("AGENCY_BILLING_ONLY");

    // the agency's owner acting in the café through the agency, even with the café's billing granted
    await pool.query("update agency_links set grants = '{billing}' where agency_id = $1", [agency.businessId]);
    await pool.query(
      "insert into memberships (user_id, business_id, role, agency_id, created_at) values ($1, $2, 'client', $3, now()) on conflict do nothing",
      [agency.userId, cafeId, agency.businessId],
    );
    const r3 = await call(app.base, "POST", "/api/billing/agency/pay", {
      body: { cafe_ids: [cafeId] },
      headers: { authorization: `Bearer ${agency.token}`, "x-sufra-business": cafeId },
    });
    expect(r3.status).toBe(403);

    // an admin has no agency to pay for
    const admin = await call(app.base, "POST", "/api/auth/login", {
      body: { email: "admin@sufra.test", password: "Admin#Pass123" },
    });
    const r4 = await call(app.base, "POST", "/api/billing/agency/pay", {
      token: admin.body.access_token,
      body: { cafe_ids: [cafeId] },
    });
    expect(r4.status).toBe(403);

    // GraphQL: the member is refused the same way
    const g = await gql(app.base, `{ agencyBilling { cafes { cafeId } } }`, {}, cafes[0]!.token);
    expect(g.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect(
      (await pool.query("select count(*)::int as n from agency_payments where agency_id = $1", [agency.businessId]))
        .rows[0].n,
    ).toBe(0);
  });
});

describe("afterwards, each café on its own", () => {
  test("one café's month runs out unpaid and expires, the other paid on stays active", async () => {
    const { agency, cafes } = await agencyWith(2);
    const [a, b] = cafes as [(typeof cafes)[0], (typeof cafes)[0]];
    const started = await payFor(agency.token, [a.businessId, b.businessId]);
    fake.complete(chargeIdOf(started.body.redirect_url), "CAPTURED", { method: "KNET", webhook: "once" });
    await fake.settled();
    expect((await sub(a.businessId)).status).toBe("active");
    expect((await sub(b.businessId)).status).toBe("active");

    // A's month (as the agency paid it) ends; B's runs on as paid
    const ended = new Date(Date.now() - DAY);
    await pool.query("update subscriptions set period_starts_at = $2, renews_at = $3 where business_id = $1", [
      a.businessId,
      addMonths(ended, -1),
      ended,
    ]);
    const run = (now: Date) => app.sufra.services.lifecycle.run(now);
    await run(new Date());
    expect((await sub(a.businessId)).status).toBe("past_due");
    expect((await sub(b.businessId)).status).toBe("active");
    // the grace ends unpaid: A expires, B is still active and may still be paid for later on its own
    await run(new Date(Date.now() + 8 * DAY));
    expect((await sub(a.businessId)).status).toBe("expired");
    // A stopped: the agency may pay for it again at once (its month starts then); B's is paid ahead
    const card = await call(app.base, "GET", "/api/billing/agency", { token: agency.token });
    const blocked = Object.fromEntries(
      card.body.cafes.map((c: { cafe_id: string; blocked_by: string | null }) => [c.cafe_id, c.blocked_by]),
    );
    expect(blocked).toEqual({ [a.businessId]: null, [b.businessId]: "paid_ahead" });
    expect((await sub(b.businessId)).status).toBe("active");
  });
});

describe("without a gateway: a bank transfer an admin records", () => {
  test("pending until recorded; recorded twice, applied once", async () => {
    const { agency, cafes } = await agencyWith(2);
    // this server's gateway stays; the payment is made as one without it would be, then recorded by the admin
    const started = await payFor(
      agency.token,
      cafes.map((c) => c.businessId),
    );
    const id = started.body.payment.id as string;
    await pool.query("update agency_payments set gateway = 'manual', method = 'bank_transfer' where id = $1", [id]);
    await pool.query("update payments set gateway = 'manual', method = 'bank_transfer' where agency_payment_id = $1", [
      id,
    ]);
    const admin = (
      await call(app.base, "POST", "/api/auth/login", {
        body: { email: "admin@sufra.test", password: "Admin#Pass123" },
      })
    ).body.access_token as string;
    const refused = await call(app.base, "POST", `/api/admin/agency-payments/${id}/transfer`, {
      token: agency.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const r = await call(app.base, "POST", `/api/admin/agency-payments/${id}/transfer`, {
        token: admin,
        body: { receipt: "NBK-778812" },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: "paid", method: "bank_transfer", receipt: "NBK-778812" });
    }
    for (const c of cafes) expect((await sub(c.businessId)).status).toBe("active");
    const inv = await invoicesOf(agency.businessId);
    expect(inv).toHaveLength(1);
    expect(inv[0].lines).toHaveLength(2);
  });
});
