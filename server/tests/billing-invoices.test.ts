// Invoices and credit notes (docs/product.md#subscriptions-and-billing), over real HTTP and the real
// database: a paid payment's invoice and a refund's credit note, issued once however often asked,
// numbered in sequence per kind and Kuwait year (a new year starts again at 000001, Kuwait's new year
// three hours before UTC's), without a gap or a repeat when twenty payments are issued at once or a
// transaction rolls back; the PDF read back in English and Arabic (the number, the legal name in
// Arabic and the address as entered when issued, 15.000, the Arabic title); the mail to the account
// holder with the PDF attached, through a real SMTP server; who may list and download (owners and the
// account holder, admins; not another business, not a member, not a signed-out caller); and the
// database refusing to delete or change a money record.
import { describe, expect, test } from "@jest/globals";
import pg from "pg";
import { kuwaitYear } from "@sufra/schema";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { readPdf } from "./support/pdf.ts";
import { joinedMember } from "./support/team.ts";
import { issueCreditNote, issueInvoice } from "../src/modules/billing/invoices.ts";

// who issues the invoices comes from the settings (INVOICE_SELLER_*)
const { app, mailbox } = mailedAppForFile({
  INVOICE_SELLER_NAME: "Sufra Technologies W.L.L.",
  INVOICE_SELLER_NAME_AR: "سفرة للتقنية ذ.م.م",
  INVOICE_SELLER_ADDRESS: "Sharq, Kuwait City",
  INVOICE_SELLER_CR: "CR-401234",
});

// ------------------------------------------------------------------ the PDF's text, as pdf.js reads it
/** Every row of text, read left to right and right to left. */
const pdfText = async (bytes: Buffer | Uint8Array) => (await readPdf(bytes)).text;

async function download(path: string, token?: string, lang?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers["accept-language"] = lang;
  const res = await fetch(app.base + path, { headers });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

// ------------------------------------------------------------------ rows as billing leaves them
const kw = (iso: string) => new Date(`${iso}+03:00`); // a wall-clock time in Kuwait
const YEAR = kuwaitYear(new Date());
const db = () => app.sufra.deps.db;
const mailer = () => app.sufra.deps.mailer;

async function paidPayment(businessId: string, over: Record<string, unknown> = {}) {
  return db().payment.create({
    data: {
      businessId,
      purpose: "period",
      plan: "professional",
      periodStart: kw(`${YEAR}-03-01T00:00:00`),
      periodEnd: kw(`${YEAR}-04-01T00:00:00`),
      amountFils: 15_000,
      status: "paid",
      method: "knet",
      gateway: "tap",
      gatewayChargeId: `chg_${Math.random().toString(36).slice(2)}`,
      receipt: "KNET-889922",
      paidAt: new Date(),
      appliedAt: new Date(),
      ...over,
    },
  });
}

/** Issues in its own transaction, as the payment flow does, and delivers the mail after the commit. */
async function issue(paymentId: string, now?: Date) {
  const r = await db().$transaction((tx) => issueInvoice(tx, mailer(), paymentId, { now }), {
    maxWait: 20_000,
    timeout: 30_000,
  });
  await mailer().deliver(r.mailIds);
  return r;
}

const LEGAL_NAME = "شركة مقهى ليالي للتجارة العامة";
const ADDRESS = "Block 3, Street 14\nSalmiya, Kuwait";

async function business() {
  const holder = await signedInBusiness(app.base, { over: { company_name: "Layali Cafe" } });
  await db().business.update({
    where: { id: holder.businessId },
    data: { legalName: LEGAL_NAME, billingAddress: ADDRESS },
  });
  return holder;
}

describe("an invoice for a paid payment", () => {
  test("issued once, numbered in the Kuwait year, listed, downloaded as a bilingual PDF in English and Arabic, mailed with the PDF", async () => {
    const holder = await business();
    const payment = await paidPayment(holder.businessId);
    const first = await issue(payment.id);
    expect(first.created).toBe(true);
    const number = first.invoice.number;
    expect(number).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(first.invoice).toMatchObject({
      kind: "invoice",
      year: YEAR,
      legalName: LEGAL_NAME,
      address: ADDRESS,
      email: holder.email,
      totalFils: 15_000,
      currency: "KWD",
    });
    expect(first.invoice.lines).toEqual([
      {
        description: { en: "Sufra Professional plan, 1 month", ar: "باقة سفرة الاحترافية، شهر واحد" },
        periodStart: payment.periodStart.toISOString(),
        periodEnd: payment.periodEnd.toISOString(),
        amountFils: 15_000,
      },
    ]);

    // asked again (the return and the webhook both arrive): the same invoice, nothing written, no second mail
    const again = await issue(payment.id);
    expect(again).toMatchObject({ created: false, mailIds: [] });
    expect(again.invoice.id).toBe(first.invoice.id);
    expect(await db().invoice.count({ where: { paymentId: payment.id } })).toBe(1);

    // the list, at both doors
    const list = await call(app.base, "GET", "/api/billing/invoices", { token: holder.token });
    expect(list.status).toBe(200);
    expect(list.body.invoices).toEqual([
      {
        id: first.invoice.id,
        number,
        kind: "invoice",
        issued_at: first.invoice.issuedAt.toISOString(),
        total_fils: 15_000,
        currency: "KWD",
        relates_to: null,
        pdf_url: `/api/billing/invoices/${first.invoice.id}/pdf`,
      },
    ]);
    const g = await gql(
      app.base,
      "{ invoices { id number kind issuedAt totalFils currency relatesTo pdfUrl } }",
      {},
      holder.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.invoices).toEqual([
      {
        id: first.invoice.id,
        number,
        kind: "INVOICE",
        issuedAt: first.invoice.issuedAt.toISOString(),
        totalFils: 15_000,
        currency: "KWD",
        relatesTo: null,
        pdfUrl: `/api/billing/invoices/${first.invoice.id}/pdf`,
      },
    ]);

    // the business renames itself: the issued invoice keeps the name and address it was issued with
    await db().business.update({
      where: { id: holder.businessId },
      data: { legalName: "Another Name W.L.L.", billingAddress: "Elsewhere" },
    });

    // English first
    const en = await download(`/api/billing/invoices/${first.invoice.id}/pdf`, holder.token, "en");
    expect(en.status).toBe(200);
    expect(en.type).toBe("application/pdf");
    expect(en.disposition).toBe(`attachment; filename="${number}.pdf"`);
    const enText = await pdfText(en.body);
    expect(enText).toContain(number);
    expect(enText).toContain(LEGAL_NAME);
    expect(enText).toContain("Block 3, Street 14");
    expect(enText).toContain("Salmiya, Kuwait");
    expect(enText).not.toContain("Another Name");
    expect(enText).toContain("15.000 KWD");
    expect(enText).toContain("Invoice");
    expect(enText).toContain("فاتورة");
    expect(enText).toContain("Sufra Professional plan, 1 month");
    expect(enText).toContain("باقة سفرة الاحترافية، شهر واحد");
    expect(enText).toContain("KNET-889922");
    expect(enText).toContain("Sufra Technologies W.L.L.");
    expect(enText).toContain("سفرة للتقنية ذ.م.م");
    expect(enText).toContain("Sharq, Kuwait City");
    // the period's last day is the day before the next period starts (1 Mar – 31 Mar)
    expect(enText).toContain(`1 Mar ${YEAR} – 31 Mar ${YEAR}`);

    // Arabic first, Arabic-Indic digits by default, Latin ones when asked
    const ar = await download(`/api/billing/invoices/${first.invoice.id}/pdf?lang=ar`, holder.token);
    expect(ar.status).toBe(200);
    const arText = await pdfText(ar.body);
    expect(arText).toContain(number);
    expect(arText).toContain(LEGAL_NAME);
    expect(arText).toContain("فاتورة");
    expect(arText).toContain("١٥٫٠٠٠");
    expect(arText).toContain("15.000"); // the English half
    const latin = await pdfText(
      (await download(`/api/billing/invoices/${first.invoice.id}/pdf?lang=ar&digits=latin`, holder.token)).body,
    );
    expect(latin).not.toContain("١٥٫٠٠٠");
    expect(
      (
        await call(app.base, "GET", `/api/billing/invoices/${first.invoice.id}/pdf?digits=roman`, {
          token: holder.token,
        })
      ).status,
    ).toBe(400);

    // the mail to the account holder, with the PDF attached; its text has the number
    const attachment = await pdfAttachment(holder.email, number);
    expect(await pdfText(attachment)).toContain(number);
    const row = await db().outboundMail.findFirstOrThrow({ where: { invoiceId: first.invoice.id } });
    expect(row).toMatchObject({ to: holder.email, template: "invoiceIssued", status: "sent" });
    expect(row.subject).toContain(`Your Sufra invoice ${number}`);
  }, 60_000);

  test("an Arabic account holder's mail is in Arabic first; an upgrade's line says the days it pays for", async () => {
    const holder = await business();
    await db().user.update({ where: { id: holder.userId }, data: { locale: "ar" } });
    await db().subscription.update({
      where: { businessId: holder.businessId },
      data: { status: "active", periodStartsAt: kw(`${YEAR}-03-01T00:00:00`), renewsAt: kw(`${YEAR}-03-31T00:00:00`) },
    });
    // 30 days' period, upgraded with 12 days left: (49 - 15) KWD × 12 / 30
    const payment = await paidPayment(holder.businessId, {
      purpose: "upgrade",
      plan: "premium",
      periodStart: kw(`${YEAR}-03-19T00:00:00`),
      periodEnd: kw(`${YEAR}-03-31T00:00:00`),
      amountFils: 13_600,
    });
    const { invoice } = await issue(payment.id);
    expect((invoice.lines as { description: { en: string; ar: string } }[])[0]!.description).toEqual({
      en: "Upgrade to the Sufra Premium plan, difference for 12 of 30 days",
      ar: "الترقية إلى باقة سفرة المميزة، الفرق عن 12 من 30 يومًا",
    });
    const row = await db().outboundMail.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(row.subject.startsWith(`فاتورتك من سفرة ${invoice.number}`)).toBe(true);
    expect(row.text).toContain("١٣٫٦٠٠ د.ك.");
    const text = await pdfText(await pdfAttachment(holder.email, invoice.number));
    expect(text).toContain(invoice.number);
    expect(text).toContain("١٣٫٦٠٠"); // the holder's Arabic, Arabic-Indic digits
  }, 60_000);
});

/** The PDF attached to the mail to `to` whose attachment is named `<number>.pdf`, from the raw message. */
async function pdfAttachment(to: string, number: string): Promise<Buffer> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = mailbox.mails.find((m) => m.to.includes(to) && m.raw.includes(`${number}.pdf`));
    if (mail) {
      const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(mail.raw)?.[1];
      const parts = boundary ? mail.raw.split(`--${boundary}`) : [];
      const pdf = parts.find((p) => /Content-Type:\s*application\/pdf/i.test(p));
      if (!pdf) throw new Error(`no PDF part in the mail to ${to}`);
      expect(pdf).toMatch(/Content-Transfer-Encoding:\s*base64/i);
      const body = pdf
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("")
        .replace(/\s+/g, "");
      const bytes = Buffer.from(body, "base64");
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      return bytes;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} with ${number}.pdf attached (${mailbox.mails.length} mails)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a credit note for a refund", () => {
  test("names its invoice, is numbered CN- in its own sequence, listed first, reads as a credit note in both languages", async () => {
    const holder = await business();
    const payment = await paidPayment(holder.businessId);
    const { invoice } = await issue(payment.id);
    const refund = await db().refund.create({
      data: {
        paymentId: payment.id,
        amountFils: 15_000,
        reason: "Charged twice",
        status: "succeeded",
        gatewayRefundId: `re_${Math.random().toString(36).slice(2)}`,
      },
    });
    const cn = await db().$transaction((tx) => issueCreditNote(tx, mailer(), refund.id));
    await mailer().deliver(cn.mailIds);
    expect(cn.invoice).toMatchObject({
      kind: "credit_note",
      relatesToId: invoice.id,
      totalFils: 15_000,
      legalName: LEGAL_NAME,
    });
    expect(cn.invoice.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    // once per refund
    const again = await db().$transaction((tx) => issueCreditNote(tx, mailer(), refund.id));
    expect(again).toMatchObject({ created: false, mailIds: [] });

    const list = await call(app.base, "GET", "/api/billing/invoices", { token: holder.token });
    expect(
      list.body.invoices.map((i: { number: string; kind: string; relates_to: string | null }) => [
        i.number,
        i.kind,
        i.relates_to,
      ]),
    ).toEqual([
      [cn.invoice.number, "credit_note", invoice.number],
      [invoice.number, "invoice", null],
    ]);
    for (const lang of ["en", "ar"]) {
      const text = await pdfText(
        (await download(`/api/billing/invoices/${cn.invoice.id}/pdf?lang=${lang}`, holder.token)).body,
      );
      expect(text).toContain(cn.invoice.number);
      expect(text).toContain(invoice.number);
      expect(text).toContain("Credit note");
      expect(text).toContain("إشعار دائن");
      expect(text).toContain("Charged twice");
    }
    expect(await pdfText(await pdfAttachment(holder.email, cn.invoice.number))).toContain(cn.invoice.number);
    // a refund that has not succeeded gets none
    const pending = await db().refund.create({
      data: { paymentId: payment.id, amountFils: 1_000, reason: "Asked", status: "pending" },
    });
    await expect(db().$transaction((tx) => issueCreditNote(tx, mailer(), pending.id))).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
  }, 60_000);
});

describe("commercial registration numbers", () => {
  test("the business's, set with its billing details (either digits), kept by the invoice when issued; the seller's from the settings", async () => {
    const holder = await business();
    const put = await call(app.base, "PUT", "/api/billing/details", {
      token: holder.token,
      body: { legal_name: LEGAL_NAME, billing_address: ADDRESS, cr_number: "٣٤٥٦٧٨" },
    });
    expect(put.status).toBe(200);
    expect(put.body.cr_number).toBe("345678");
    const read = await gql(app.base, "{ billing { crNumber } }", {}, holder.token);
    expect(read.data.billing.crNumber).toBe("345678");
    const refused = await call(app.base, "PUT", "/api/billing/details", {
      token: holder.token,
      body: { legal_name: LEGAL_NAME, billing_address: ADDRESS, cr_number: "12<34>" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.cr_number).toEqual([
      "The commercial registration number is at most 30 letters, digits, - or /",
    ]);

    const { invoice } = await issue((await paidPayment(holder.businessId)).id);
    expect(invoice.crNumber).toBe("345678");
    // left out, the number stays; cleared, the next invoice has none, the issued one keeps its own
    await call(app.base, "PUT", "/api/billing/details", {
      token: holder.token,
      body: { legal_name: LEGAL_NAME, billing_address: ADDRESS },
    });
    expect((await db().business.findUniqueOrThrow({ where: { id: holder.businessId } })).crNumber).toBe("345678");
    await call(app.base, "PUT", "/api/billing/details", {
      token: holder.token,
      body: { legal_name: LEGAL_NAME, billing_address: ADDRESS, cr_number: "" },
    });
    const later = await issue((await paidPayment(holder.businessId)).id);
    expect(later.invoice.crNumber).toBeNull();

    for (const lang of ["en", "ar"]) {
      const text = await pdfText(
        (await download(`/api/billing/invoices/${invoice.id}/pdf?lang=${lang}`, holder.token)).body,
      );
      expect(text).toContain("CR No. CR-401234");
      expect(text).toContain("CR No. 345678");
      expect(text).toMatch(/السجل التجاري/);
      const none = await pdfText(
        (await download(`/api/billing/invoices/${later.invoice.id}/pdf?lang=${lang}`, holder.token)).body,
      );
      expect(none).toContain("CR No. CR-401234");
      expect(none).not.toContain("345678");
    }
  }, 60_000);

  test("a credit note's Arabic description puts its colon after an Arabic word, never after the invoice's number", async () => {
    const holder = await business();
    const payment = await paidPayment(holder.businessId);
    const { invoice } = await issue(payment.id);
    const refund = await db().refund.create({
      data: {
        paymentId: payment.id,
        amountFils: 5_000,
        reason: "Charged twice",
        status: "succeeded",
        gatewayRefundId: `re_${Math.random().toString(36).slice(2)}`,
      },
    });
    const cn = await db().$transaction((tx) => issueCreditNote(tx, mailer(), refund.id));
    const [line] = cn.invoice.lines as unknown as { description: { en: string; ar: string } }[];
    expect(line!.description.en).toBe(`Refund of invoice ${invoice.number}: Charged twice`);
    expect(line!.description.ar).toBe(`استرداد للفاتورة ${invoice.number}، السبب: Charged twice`);
    expect(line!.description.ar).not.toMatch(/\d:/);
  }, 60_000);
});

describe("numbers", () => {
  test("in sequence per kind and Kuwait year: a new Kuwait year starts at 000001 (three hours before UTC's)", async () => {
    const holder = await business();
    const next = YEAR + 1;
    const a = await issue((await paidPayment(holder.businessId)).id, kw(`${next}-01-01T00:30:00`)); // still 31 December in UTC
    const b = await issue((await paidPayment(holder.businessId)).id, kw(`${next}-06-01T12:00:00`));
    expect([a.invoice.number, b.invoice.number]).toEqual([`INV-${next}-000001`, `INV-${next}-000002`]);
    // 31 December 23:30 in Kuwait is the old year
    const c = await issue((await paidPayment(holder.businessId)).id, kw(`${next}-12-31T23:30:00`));
    const d = await issue((await paidPayment(holder.businessId)).id, kw(`${next + 1}-01-01T00:00:00`));
    expect([c.invoice.number, d.invoice.number]).toEqual([`INV-${next}-000003`, `INV-${next + 1}-000001`]);
  }, 60_000);

  test("twenty payments issued at once get 1..20; a transaction that rolls back gives its number back", async () => {
    const holder = await business();
    const year = YEAR + 5;
    const at = kw(`${year}-05-01T10:00:00`);
    const payments = await Promise.all(Array.from({ length: 20 }, () => paidPayment(holder.businessId)));
    const issued = await Promise.all(payments.map((p) => issue(p.id, at)));
    expect(issued.map((r) => r.invoice.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(issued.map((r) => r.invoice.number)).size).toBe(20);
    // the same payment asked for twice at once: one invoice
    const twice = await paidPayment(holder.businessId);
    const both = await Promise.all([issue(twice.id, at), issue(twice.id, at)]);
    expect(both.filter((r) => r.created)).toHaveLength(1);
    expect(both[0]!.invoice.number).toBe(both[1]!.invoice.number);
    expect(both[0]!.invoice.number).toBe(`INV-${year}-000021`);
    // a payment's transaction that fails after its invoice: the number is not lost
    const failed = await paidPayment(holder.businessId);
    await expect(
      db().$transaction(async (tx) => {
        await issueInvoice(tx, mailer(), failed.id, { now: at });
        throw new Error("the payment's transaction fails later");
      }),
    ).rejects.toThrow("fails later");
    expect((await issue(failed.id, at)).invoice.number).toBe(`INV-${year}-000022`);
    // a payment that was not paid gets none
    const pending = await paidPayment(holder.businessId, { status: "pending", paidAt: null, appliedAt: null });
    await expect(issue(pending.id, at)).rejects.toMatchObject({ code: "INVALID_STATE" });
  }, 120_000);
});

describe("who may read them", () => {
  test("owners, the account holder and admins; not a member, another business or a signed-out caller", async () => {
    const holder = await business();
    const { invoice } = await issue((await paidPayment(holder.businessId)).id);
    const pdf = `/api/billing/invoices/${invoice.id}/pdf`;
    const other = await business();
    const owner = await joinedMember(app.base, mailbox, holder.token, "owner");
    const member = await joinedMember(app.base, mailbox, holder.token, "client");
    const admin = await adminToken(app.base);

    expect((await download(pdf, owner.access_token)).status).toBe(200);
    expect((await download(pdf, admin)).status).toBe(200);
    // another business: as if it did not exist; its own list does not show it
    expect((await download(pdf, other.token)).status).toBe(404);
    expect((await call(app.base, "GET", "/api/billing/invoices", { token: other.token })).body.invoices).toEqual([]);
    expect(
      (await call(app.base, "GET", `/api/billing/invoices?client_id=${holder.businessId}`, { token: other.token }))
        .status,
    ).toBe(403);
    // signed out
    expect((await download(pdf)).status).toBe(401);
    expect((await call(app.base, "GET", "/api/billing/invoices")).status).toBe(401);
    // a member who does not pay sees the plan, not the invoices
    expect((await download(pdf, member.access_token)).status).toBe(403);
    expect((await call(app.base, "GET", "/api/billing/invoices", { token: member.access_token })).status).toBe(403);
    // an admin names the business
    expect((await call(app.base, "GET", "/api/billing/invoices", { token: admin })).status).toBe(400);
    const adminList = await call(app.base, "GET", `/api/billing/invoices?client_id=${holder.businessId}`, {
      token: admin,
    });
    expect(adminList.body.invoices.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    const g = await gql(
      app.base,
      "query($id: ID) { invoices(clientId: $id) { number } }",
      { id: holder.businessId },
      admin,
    );
    expect(g.data.invoices).toEqual([{ number: invoice.number }]);
    // not a uuid: not found
    expect((await download("/api/billing/invoices/not-an-id/pdf", holder.token)).status).toBe(404);
  }, 60_000);
});

describe("nothing is deleted", () => {
  test("the database refuses to delete an invoice, a payment or a refund, or to change an invoice", async () => {
    const holder = await business();
    const payment = await paidPayment(holder.businessId);
    const { invoice } = await issue(payment.id);
    const refund = await db().refund.create({
      data: { paymentId: payment.id, amountFils: 500, reason: "Goodwill", status: "succeeded" },
    });
    // through Prisma (which reports the trigger's restrict_violation as P2003)...
    const refused = { code: "P2003" };
    await expect(db().invoice.delete({ where: { id: invoice.id } })).rejects.toMatchObject(refused);
    await expect(db().invoice.update({ where: { id: invoice.id }, data: { totalFils: 1 } })).rejects.toMatchObject(
      refused,
    );
    await expect(db().invoice.deleteMany({ where: { businessId: holder.businessId } })).rejects.toMatchObject(refused);
    await expect(db().payment.delete({ where: { id: payment.id } })).rejects.toMatchObject(refused);
    await expect(db().refund.delete({ where: { id: refund.id } })).rejects.toMatchObject(refused);
    // ...and in SQL, with the database's own words
    const sql = new pg.Client({ connectionString: app.databaseUrl });
    await sql.connect();
    try {
      await expect(sql.query("delete from invoices")).rejects.toThrow("invoices rows are never deleted");
      await expect(sql.query("update invoices set legal_name = 'Changed' where id = $1", [invoice.id])).rejects.toThrow(
        "invoices rows are never updated",
      );
      await expect(sql.query("delete from payments where id = $1", [payment.id])).rejects.toThrow(
        "payments rows are never deleted",
      );
      await expect(sql.query("delete from refunds where id = $1", [refund.id])).rejects.toThrow(
        "refunds rows are never deleted",
      );
    } finally {
      await sql.end();
    }
    expect(await db().invoice.findUnique({ where: { id: invoice.id } })).toEqual(invoice);
    expect(await db().payment.findUnique({ where: { id: payment.id } })).not.toBeNull();
    expect(await db().refund.findUnique({ where: { id: refund.id } })).not.toBeNull();
  }, 60_000);
});
