// Invoices and credit notes (docs/product.md#subscriptions-and-billing): every paid payment gets an
// invoice, every succeeded refund a credit note, numbered INV-2026-000001 / CN-2026-000001 in sequence
// per kind and Kuwait year. The number comes from the kind's and year's counter row, incremented in the
// payment's (or refund's) own transaction: the row stays locked until that transaction ends, so two
// payments never get the same number, and a transaction that rolls back gives its number back (no gap).
// The buyer's legal name, address and e-mail are copied onto the invoice when it is issued; the
// database refuses to change or delete an invoice afterwards (docs/product.md#subscriptions-and-billing).
//
// The invoice is mailed to the account holder in their language; the PDF is not stored: it is rendered
// from the invoice row when the mail is sent (mail/mailer.ts asks attachmentFor) and when it is
// downloaded, the same document both times (renderInvoicePdf is a pure function of it).
import {
  addMonths,
  invoiceNumber,
  kuwaitYear,
  LOCALES,
  moneyTaken,
  PLANS,
  type DigitStyle,
  type InvoiceKindName,
  type Locale,
  type PlanId,
} from "@sufra/schema";
import { z } from "zod";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { Invoice, Payment, Refund } from "../../generated/prisma/client.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { accessOf, peopleOf } from "../team/index.ts";
import type { InvoiceDocument, InvoicePaymentMethod } from "./invoice-pdf.ts";

// pdfkit, its fonts and its shaping load with the first invoice rendered, not at start (docs/scaling.md#memory)
const invoicePdf = () => import("./invoice-pdf.ts");

const DAY = 86_400_000;

/**
 * Who issues the invoices. The PDF shows it in both languages; the address is the one the business
 * writes to.
 */
/** Who issues the invoices: config.payments.seller (INVOICE_SELLER_*). */
export type Seller = InvoiceDocument["seller"];

/** One line of an invoice as stored (Invoice.lines): the period is the payment's own, its end exclusive. */
interface StoredLine {
  description: { en: string; ar: string };
  /** ISO instants; `periodEnd` is the next period's start (the PDF shows the day before) */
  periodStart: string | null;
  periodEnd: string | null;
  amountFils: number;
}

export interface Issued {
  invoice: Invoice;
  /** false when the payment (refund) already had its invoice (credit note): nothing was written */
  created: boolean;
  /** the mails queued in the transaction: deliver them after the commit (mailer.deliver) */
  mailIds: string[];
}

// ------------------------------------------------------------------ words

/** "1 month" / "شهر واحد", "3 months" / "3 أشهر", "12 months" / "12 شهرًا". */
function monthsText(n: number): { en: string; ar: string } {
  const ar = n === 1 ? "شهر واحد" : n === 2 ? "شهران" : n <= 10 ? `${n} أشهر` : `${n} شهرًا`;
  return { en: n === 1 ? "1 month" : `${n} months`, ar };
}

/** How many calendar months (Kuwait's calendar) a period spans; 1 when it is not a whole number of months. */
function monthsIn(start: Date, end: Date): number {
  for (let m = 1; m <= 24; m++) if (addMonths(start, m).getTime() === end.getTime()) return m;
  return 1;
}

/** The description of a period payment: "Sufra Professional plan, 1 month". */
function periodDescription(plan: PlanId, months: number): { en: string; ar: string } {
  const m = monthsText(months);
  return { en: `Sufra ${PLANS[plan].name.en} plan, ${m.en}`, ar: `باقة سفرة ${PLANS[plan].name.ar}، ${m.ar}` };
}

/** The description of an upgrade: "Upgrade to the Sufra Premium plan, difference for 12 of 30 days". */
function upgradeDescription(plan: PlanId, daysLeft: number, daysInPeriod: number): { en: string; ar: string } {
  return {
    en: `Upgrade to the Sufra ${PLANS[plan].name.en} plan, difference for ${daysLeft} of ${daysInPeriod} days`,
    ar: `الترقية إلى باقة سفرة ${PLANS[plan].name.ar}، الفرق عن ${daysLeft} من ${daysInPeriod} يومًا`,
  };
}

/** A refund's line: what it gives back, against which invoice. */
function refundDescription(invoiceNo: string | null, reason: string): { en: string; ar: string } {
  const of = invoiceNo ? { en: ` of invoice ${invoiceNo}`, ar: ` للفاتورة ${invoiceNo}` } : { en: "", ar: "" };
  // in Arabic the colon follows an Arabic word ("السبب"), never the Latin invoice number: beside the number
  // (left-to-right) a colon is drawn on the number's far side in right-to-left text
  return { en: `Refund${of.en}: ${reason}`, ar: `استرداد${of.ar}، السبب: ${reason}` };
}

// ------------------------------------------------------------------ issuing

/** The next number of a kind in a Kuwait year: the counter row is created or incremented, and stays locked until `tx` ends. */
async function takeNumber(tx: Tx, kind: InvoiceKindName, year: number): Promise<number> {
  const rows = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO invoice_counters (kind, year, last) VALUES (${kind}::"InvoiceKind", ${year}, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last = invoice_counters.last + 1
    RETURNING last`;
  return Number(rows[0]!.last);
}

/** The account holder: the business's first person (docs/product.md#roles), who gets its invoices. */
async function accountHolder(db: Db | Tx, businessId: string) {
  const [first] = await peopleOf(db, businessId);
  return first ?? null;
}

const localeOf = (l: string | null | undefined): Locale => (l === "ar" ? "ar" : "en");
/** The server does not know a person's digit choice (it lives in their browser): Arabic reads Arabic-Indic digits by default (docs/product.md#languages-and-preferences). */
const defaultDigits = (locale: Locale): DigitStyle => (locale === "ar" ? "arabic" : "latin");

async function buyerOf(tx: Tx, businessId: string) {
  const [business, holder] = await Promise.all([
    tx.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { companyName: true, address: true, legalName: true, billingAddress: true, crNumber: true },
    }),
    accountHolder(tx, businessId),
  ]);
  return {
    legalName: business.legalName?.trim() || business.companyName,
    address: business.billingAddress?.trim() || business.address,
    crNumber: business.crNumber?.trim() || null,
    holder,
  };
}

async function insertDocument(
  tx: Tx,
  mailer: Mailer,
  now: Date,
  input: {
    kind: InvoiceKindName;
    businessId: string;
    paymentId?: string;
    refundId?: string;
    agencyPaymentId?: string;
    relatesToId?: string | null;
    lines: StoredLine[];
    totalFils: number;
    currency: string;
  },
): Promise<Issued> {
  const buyer = await buyerOf(tx, input.businessId);
  const year = kuwaitYear(now);
  const sequence = await takeNumber(tx, input.kind, year);
  const invoice = await tx.invoice.create({
    data: {
      businessId: input.businessId,
      kind: input.kind,
      number: invoiceNumber(input.kind, year, sequence),
      year,
      sequence,
      paymentId: input.paymentId ?? null,
      refundId: input.refundId ?? null,
      agencyPaymentId: input.agencyPaymentId ?? null,
      relatesToId: input.relatesToId ?? null,
      legalName: buyer.legalName,
      address: buyer.address,
      email: buyer.holder?.email ?? "",
      crNumber: buyer.crNumber,
      lines: input.lines as unknown as object,
      totalFils: input.totalFils,
      currency: input.currency,
      issuedAt: now,
    },
  });
  const mailIds: string[] = [];
  if (buyer.holder) {
    mailIds.push(
      await mailer.queue(
        tx,
        buyer.holder.email,
        "invoiceIssued",
        {
          name: buyer.holder.name,
          kind: input.kind,
          number: invoice.number,
          totalFils: invoice.totalFils,
          issuedAt: now,
        },
        localeOf(buyer.holder.locale),
        { invoiceId: invoice.id },
      ),
    );
  }
  return { invoice, created: true, mailIds };
}

/**
 * The invoice of a paid payment, issued inside the payment's transaction (after it was applied). A
 * payment has at most one invoice: called again, it answers the one it has and writes nothing.
 * `now`: the issue instant (its Kuwait year names the sequence); the clock's by default.
 */
export async function issueInvoice(
  tx: Tx,
  mailer: Mailer,
  paymentId: string,
  opts: { now?: Date } = {},
): Promise<Issued> {
  // the payment's row lock makes two callers for the same payment (the return and the webhook) take turns
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
  if (!locked.length) throw new AppError("NOT_FOUND");
  const existing = await tx.invoice.findUnique({ where: { paymentId } });
  if (existing) return { invoice: existing, created: false, mailIds: [] };
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  // an invoice records money taken (docs/architecture.md#payment-rules)
  if (!moneyTaken(payment.status)) throw new AppError("INVALID_STATE");
  return insertDocument(tx, mailer, opts.now ?? new Date(), {
    kind: "invoice",
    businessId: payment.businessId,
    paymentId,
    lines: [await paymentLine(tx, payment)],
    totalFils: payment.amountFils,
    currency: payment.currency,
  });
}

/**
 * The invoice of an agency's payment for its cafés (docs/product.md#agency-payments), to the agency,
 * one line per café (the café's name, its plan and the month applied to its subscription), issued in the payment's
 * transaction once every month was applied. Called again, it answers the one it has and writes nothing.
 */
export async function issueAgencyInvoice(
  tx: Tx,
  mailer: Mailer,
  agencyPaymentId: string,
  opts: { now?: Date } = {},
): Promise<Issued> {
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM agency_payments WHERE id = ${agencyPaymentId}::uuid FOR UPDATE`;
  if (!locked.length) throw new AppError("NOT_FOUND");
  const existing = await tx.invoice.findUnique({ where: { agencyPaymentId } });
  if (existing) return { invoice: existing, created: false, mailIds: [] };
  const ap = await tx.agencyPayment.findUniqueOrThrow({
    where: { id: agencyPaymentId },
    include: { lines: { include: { business: { select: { companyName: true } } } } },
  });
  if (!moneyTaken(ap.status)) throw new AppError("INVALID_STATE");
  const lines: StoredLine[] = [];
  for (const line of [...ap.lines].sort((a, b) => a.business.companyName.localeCompare(b.business.companyName))) {
    const l = await paymentLine(tx, line);
    const cafe = line.business.companyName;
    // the café's name first in English; in Arabic after the word "المقهى" and its colon, never a colon beside a Latin name
    lines.push({
      ...l,
      description: { en: `${cafe}: ${l.description.en}`, ar: `${l.description.ar}، المقهى: ${cafe}` },
    });
  }
  return insertDocument(tx, mailer, opts.now ?? new Date(), {
    kind: "invoice",
    businessId: ap.agencyId,
    agencyPaymentId,
    lines,
    totalFils: lines.reduce((sum, l) => sum + l.amountFils, 0),
    currency: ap.currency,
  });
}

async function paymentLine(tx: Tx, payment: Payment): Promise<StoredLine> {
  const plan = payment.plan as PlanId;
  let description: { en: string; ar: string };
  if (payment.purpose === "upgrade") {
    // the days as prorateUpgrade counted them: left from the payment's start, of the running period
    const sub = await tx.subscription.findUnique({
      where: { businessId: payment.businessId },
      select: { periodStartsAt: true },
    });
    const periodStart =
      sub?.periodStartsAt && sub.periodStartsAt <= payment.periodStart
        ? sub.periodStartsAt
        : addMonths(payment.periodEnd, -1);
    const daysInPeriod = Math.max(1, Math.round((payment.periodEnd.getTime() - periodStart.getTime()) / DAY));
    const daysLeft = Math.min(
      daysInPeriod,
      Math.max(1, Math.ceil((payment.periodEnd.getTime() - payment.periodStart.getTime()) / DAY)),
    );
    description = upgradeDescription(plan, daysLeft, daysInPeriod);
  } else {
    description = periodDescription(plan, monthsIn(payment.periodStart, payment.periodEnd));
  }
  return {
    description,
    periodStart: payment.periodStart.toISOString(),
    periodEnd: payment.periodEnd.toISOString(),
    amountFils: payment.amountFils,
  };
}

/**
 * The credit note of a succeeded refund, inside the refund's transaction; it names the payment's
 * invoice. A refund has at most one credit note: called again, it answers that one.
 */
export async function issueCreditNote(
  tx: Tx,
  mailer: Mailer,
  refundId: string,
  opts: { now?: Date } = {},
): Promise<Issued> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM refunds WHERE id = ${refundId}::uuid FOR UPDATE`;
  if (!locked.length) throw new AppError("NOT_FOUND");
  const existing = await tx.invoice.findUnique({ where: { refundId } });
  if (existing) return { invoice: existing, created: false, mailIds: [] };
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: refundId },
    include: { payment: { include: { invoice: true } } },
  });
  if (refund.status !== "succeeded") throw new AppError("INVALID_STATE");
  const original = refund.payment.invoice;
  return insertDocument(tx, mailer, opts.now ?? new Date(), {
    kind: "credit_note",
    businessId: refund.payment.businessId,
    refundId,
    relatesToId: original?.id ?? null,
    lines: [
      {
        description: refundDescription(original?.number ?? null, refund.reason),
        periodStart: null,
        periodEnd: null,
        amountFils: refund.amountFils,
      },
    ],
    totalFils: refund.amountFils,
    currency: refund.payment.currency,
  });
}

// ------------------------------------------------------------------ the document

const METHODS: readonly InvoicePaymentMethod[] = ["knet", "card", "apple_pay", "bank_transfer", "other"];

/** The PDF's document of an invoice row, in a language and digits (the row is the same whichever). */
async function invoiceDocument(
  db: Db | Tx,
  invoice: Invoice,
  view: { locale: Locale; digits: DigitStyle },
  seller: Seller,
): Promise<InvoiceDocument> {
  const [payment, refund, original, agencyPayment] = await Promise.all([
    invoice.paymentId ? db.payment.findUnique({ where: { id: invoice.paymentId } }) : null,
    invoice.refundId ? db.refund.findUnique({ where: { id: invoice.refundId }, include: { payment: true } }) : null,
    invoice.relatesToId
      ? db.invoice.findUnique({ where: { id: invoice.relatesToId }, select: { number: true } })
      : null,
    invoice.agencyPaymentId ? db.agencyPayment.findUnique({ where: { id: invoice.agencyPaymentId } }) : null,
  ]);
  // an agency's invoice: paid by the agency's one payment (its method, receipt and charge)
  const paidWith = (payment ?? refund?.payment ?? agencyPayment) as
    Pick<Payment, "method" | "receipt" | "gatewayChargeId" | "paidAt"> | null | undefined;
  const method =
    paidWith?.method && METHODS.includes(paidWith.method as InvoicePaymentMethod)
      ? (paidWith.method as InvoicePaymentMethod)
      : "other";
  const lines = (invoice.lines as unknown as StoredLine[]).map((l) => ({
    description: l.description,
    periodStart: l.periodStart ? new Date(l.periodStart) : null,
    // the PDF shows the Kuwait day of the instant: the last instant covered, not the next period's start
    periodEnd: l.periodEnd ? new Date(new Date(l.periodEnd).getTime() - 1) : null,
    amountFils: l.amountFils,
  }));
  return {
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    relatesTo: original?.number ?? null,
    seller,
    buyer: { legalName: invoice.legalName, address: invoice.address, email: invoice.email, crNumber: invoice.crNumber },
    lines,
    totalFils: invoice.totalFils,
    currency: "KWD",
    payment: paidWith
      ? invoice.kind === "credit_note"
        ? { method, reference: (refund as Refund | null)?.gatewayRefundId ?? null, paidAt: invoice.issuedAt }
        : { method, reference: paidWith.receipt ?? paidWith.gatewayChargeId ?? null, paidAt: paidWith.paidAt }
      : null,
    // an invoice says what it was when issued (the refund is its credit note's to tell)
    status:
      invoice.kind === "credit_note"
        ? refund && refund.amountFils < refund.payment.amountFils
          ? "partially_refunded"
          : "refunded"
        : "paid",
    locale: view.locale,
    digits: view.digits,
  };
}

/**
 * The mail's attachment (mail/mailer.ts's attachmentFor, wired in app.ts): the PDF in the account
 * holder's language, rendered when the mail is sent.
 */
export async function invoiceAttachment(
  db: Db,
  seller: Seller,
  invoiceId: string,
): Promise<{ filename: string; content: Buffer }> {
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
  const holder = await accountHolder(db, invoice.businessId);
  const locale = localeOf(holder?.locale);
  const doc = await invoiceDocument(db, invoice, { locale, digits: defaultDigits(locale) }, seller);
  const pdf = await invoicePdf();
  return { filename: pdf.invoicePdfFileName(doc), content: await pdf.renderInvoicePdf(doc) };
}

// ------------------------------------------------------------------ reading (the doors)

/** GET /api/billing/invoices?client_id= and the `invoices` query: an admin names the business; its people may name only their own. */
export const invoicesQuerySchema = z.object({ clientId: z.string({ error: "billingClientRequired" }).optional() });
/** GET /api/billing/invoices/:id/pdf?lang=en|ar&digits=latin|arabic */
export const invoicePdfQuerySchema = z.object({
  lang: z.enum(LOCALES, { error: "invalidLocale" }).optional(),
  digits: z.enum(["latin", "arabic"], { error: "digitsInvalid" }).optional(),
});

export interface InvoiceSummary {
  id: string;
  number: string;
  kind: InvoiceKindName;
  issuedAt: Date;
  totalFils: number;
  currency: string;
  /** a credit note's invoice number */
  relatesTo: string | null;
  /** where the PDF downloads (GET, with the session's Authorization header) */
  pdfUrl: string;
}

export const invoicePdfPath = (id: string) => `/api/billing/invoices/${id}/pdf`;

export function createInvoicesService(deps: Pick<Deps, "db" | "config">) {
  const { db } = deps;
  const seller = deps.config.payments.seller;

  /**
   * Who reads a business's invoices: its owners and its account holder (the people who pay,
   * docs/product.md#subscriptions-and-billing), from their own session; other members and API keys
   * are refused. Admins read any business's.
   */
  async function businessOf(viewer: Viewer | null, clientId: string | undefined): Promise<string> {
    const v = requireScope(viewer, "authenticated");
    if (v.role === "admin") {
      if (!clientId) throw new AppError("VALIDATION_ERROR", { clientId: ["billingClientRequired"] });
      if (!isUuid(clientId) || !(await db.business.findUnique({ where: { id: clientId }, select: { id: true } })))
        throw new AppError("NOT_FOUND");
      return clientId;
    }
    const access = await accessOf(db, v, "billing");
    if (!access.canManage) throw new AppError("FORBIDDEN");
    if (clientId !== undefined && clientId !== access.viewer.businessId) throw new AppError("FORBIDDEN");
    return access.viewer.businessId;
  }

  return {
    /** The business's invoices and credit notes, newest first. */
    async list(viewer: Viewer | null, input: { clientId?: unknown } = {}): Promise<InvoiceSummary[]> {
      const q = validate(invoicesQuerySchema, input);
      const businessId = await businessOf(viewer, q.clientId);
      const rows = await db.invoice.findMany({
        where: { businessId },
        orderBy: [{ issuedAt: "desc" }, { kind: "desc" }, { sequence: "desc" }],
        select: {
          id: true,
          number: true,
          kind: true,
          issuedAt: true,
          totalFils: true,
          currency: true,
          relatesToId: true,
        },
      });
      const numbers = new Map(rows.map((r) => [r.id, r.number]));
      const missing = [
        ...new Set(rows.map((r) => r.relatesToId).filter((id): id is string => !!id && !numbers.has(id))),
      ];
      if (missing.length)
        for (const r of await db.invoice.findMany({
          where: { id: { in: missing } },
          select: { id: true, number: true },
        }))
          numbers.set(r.id, r.number);
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        kind: r.kind,
        issuedAt: r.issuedAt,
        totalFils: r.totalFils,
        currency: r.currency,
        relatesTo: r.relatesToId ? (numbers.get(r.relatesToId) ?? null) : null,
        pdfUrl: invoicePdfPath(r.id),
      }));
    },

    /**
     * One invoice's PDF, in `lang` (else `fallbackLocale`, the request's language) and digits (else
     * Arabic-Indic in Arabic). Another business's invoice is NOT_FOUND.
     */
    async pdf(
      viewer: Viewer | null,
      id: string,
      input: { lang?: unknown; digits?: unknown } = {},
      fallbackLocale: Locale = "en",
    ): Promise<{ fileName: string; body: Buffer }> {
      const v = requireScope(viewer, "authenticated");
      const q = validate(invoicePdfQuerySchema, { lang: input.lang || undefined, digits: input.digits || undefined });
      const businessId = v.role === "admin" ? null : await businessOf(v, undefined);
      const invoice = isUuid(id)
        ? await db.invoice.findFirst({ where: { id, ...(businessId ? { businessId } : {}) } })
        : null;
      if (!invoice) throw new AppError("NOT_FOUND");
      const locale = q.lang ?? fallbackLocale;
      const doc = await invoiceDocument(db, invoice, { locale, digits: q.digits ?? defaultDigits(locale) }, seller);
      const pdf = await invoicePdf();
      return { fileName: pdf.invoicePdfFileName(doc), body: await pdf.renderInvoicePdf(doc) };
    },
  };
}
