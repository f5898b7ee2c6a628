// Invoices and credit notes as PDFs, read back the way a person's tools would (pdf.js): the number,
// the seller's and the customer's names in Arabic and Latin script, the money with three decimals,
// the Arabic title, Arabic-Indic digits when chosen, the Kuwait dates of the period, a credit note's
// invoice, in English and in Arabic as the primary language. The same document renders the same
// bytes; forty lines run over pages without losing one.
import { describe, expect, test } from "@jest/globals";
import { readPdf } from "./support/pdf.ts";
import {
  dateAr,
  dateEn,
  hijriAr,
  invoicePdfFileName,
  renderInvoicePdf,
  type InvoiceDocument,
} from "../src/modules/billing/invoice-pdf.ts";

// ------------------------------------------------------------------ the PDF's text, as read
/** Rows (either reading) that contain the text. */
const rowsWith = (read: Awaited<ReturnType<typeof readPdf>>, text: string) =>
  read.pages.flatMap((p) => [...p.ltr, ...p.rtl]).filter((l) => l.includes(text));

// ------------------------------------------------------------------ documents
const kw = (iso: string) => new Date(`${iso}+03:00`); // a wall-clock time in Kuwait

function invoice(over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: "invoice",
    number: "INV-2026-000001",
    // 1 March 2026, 01:30 in Kuwait: still 28 February in UTC, so the Kuwait day must be shown
    issuedAt: new Date("2026-02-28T22:30:00Z"),
    relatesTo: null,
    seller: {
      name: { en: "Sufra Technologies W.L.L.", ar: "شركة سفرة للتقنية ذ.م.م." },
      address: { en: "Office 12, Al Hamra Tower, Sharq, Kuwait City", ar: "مكتب 12، برج الحمراء، شرق، مدينة الكويت" },
      email: "billing@sufra.example",
    },
    buyer: {
      legalName: "مقهى ليالي للتجارة العامة",
      address: "Block 3, Street 14, Salmiya, Kuwait",
      email: "owner@layali.example",
    },
    lines: [
      {
        description: { en: "Growth plan, monthly", ar: "باقة النمو الشهرية" },
        periodStart: kw("2026-03-01T00:00:00"),
        periodEnd: kw("2026-03-31T23:59:59"),
        amountFils: 15000,
      },
    ],
    totalFils: 15000,
    currency: "KWD",
    payment: { method: "knet", reference: "KNET-889922", paidAt: kw("2026-03-01T01:31:00") },
    status: "paid",
    locale: "en",
    digits: "latin",
    ...over,
  };
}

const creditNote = (over: Partial<InvoiceDocument> = {}) =>
  invoice({
    kind: "credit_note",
    number: "CN-2026-000001",
    relatesTo: "INV-2026-000001",
    issuedAt: kw("2026-03-10T12:00:00"),
    status: "refunded",
    ...over,
  });

const CASES = [
  { locale: "en", digits: "latin" },
  { locale: "en", digits: "arabic" },
  { locale: "ar", digits: "latin" },
  { locale: "ar", digits: "arabic" },
] as const;

describe("an invoice, read back", () => {
  test.each(CASES)("$locale, $digits digits: number, names, money, dates, title", async ({ locale, digits }) => {
    const bytes = await renderInvoicePdf(invoice({ locale, digits }));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const read = await readPdf(bytes);
    expect(read.pages).toHaveLength(1);
    const { text } = read;
    // the brand, the titles in both languages
    expect(text).toContain("Sufra");
    expect(text).toContain("سفرة");
    expect(text).toContain("Invoice");
    expect(text).toContain("فاتورة");
    expect(text).not.toContain("إشعار دائن");
    // the number, in both halves
    expect(rowsWith(read, "INV-2026-000001").length).toBeGreaterThanOrEqual(1);
    expect(text.split("INV-2026-000001").length - 1).toBeGreaterThanOrEqual(3); // two halves and the footer
    // the seller in Latin and Arabic script, the customer's legal name as entered (Arabic)
    expect(text).toContain("Sufra Technologies W.L.L.");
    expect(text).toContain("شركة سفرة للتقنية ذ.م.م.");
    expect(text).toContain("مقهى ليالي للتجارة العامة");
    expect(text).toContain("Block 3, Street 14, Salmiya, Kuwait");
    expect(text).toContain("owner@layali.example");
    // the lines: both descriptions, the period as Kuwait days
    expect(text).toContain("Growth plan, monthly");
    expect(text).toContain("باقة النمو الشهرية");
    expect(text).toContain("1 Mar 2026 – 31 Mar 2026");
    // money: three decimals, in English always Latin
    expect(text).toContain("15.000 KWD");
    // the issue date is the Kuwait day (1 March), not UTC's (28 February)
    expect(text).toContain("1 March 2026");
    expect(text).not.toContain("28 February");
    // the payment and the status
    expect(text).toContain("KNET");
    expect(text).toContain("KNET-889922");
    expect(text).toContain("Paid");
    expect(text).toContain("مدفوعة");
    if (digits === "arabic") {
      expect(text).toContain("١٥٫٠٠٠ د.ك.");
      expect(text).toContain("١ مارس ٢٠٢٦");
      expect(text).toContain("٣١ مارس ٢٠٢٦");
      expect(text).toContain("١٢ رمضان ١٤٤٧ هـ");
      expect(text).not.toContain("15.000 د.ك.");
    } else {
      expect(text).toContain("15.000 د.ك.");
      expect(text).toContain("1 مارس 2026");
      expect(text).toContain("12 رمضان 1447 هـ");
      expect(text).not.toMatch(/[٠-٩]/);
    }
  });

  test("the Arabic half reads in order, right to left", async () => {
    const read = await readPdf(await renderInvoicePdf(invoice({ locale: "ar", digits: "arabic" })));
    const rtl = read.pages[0]!.rtl;
    expect(rtl.some((l) => l.includes("الإجمالي") && l.includes("١٥٫٠٠٠ د.ك."))).toBe(true);
    expect(rtl.some((l) => l.includes("رقم الفاتورة") && l.includes("INV-2026-000001"))).toBe(true);
    expect(rtl.some((l) => l.includes("تاريخ الإصدار") && l.includes("١ مارس ٢٠٢٦ م"))).toBe(true);
    // the brand at the right, the title at the left: one row, read from the right
    expect(rtl).toContain("Sufra — سفرة فاتورة / Invoice");
  });

  test("a Latin legal name and address, as the business entered them", async () => {
    const read = await readPdf(
      await renderInvoicePdf(
        invoice({
          locale: "ar",
          buyer: {
            legalName: "Layali Café General Trading Co.",
            address: "Salmiya, Block 3\nKuwait",
            email: "a@b.example",
          },
        }),
      ),
    );
    expect(read.text).toContain("Layali Café General Trading Co.");
    expect(read.text).toContain("Salmiya, Block 3");
  });

  test("a period across the year's end shows the year on both ends, in both halves", async () => {
    const line = {
      description: { en: "Sufra Premium plan, 1 month", ar: "باقة سفرة المميزة، شهر واحد" },
      periodStart: kw("2025-12-20T00:00:00"),
      periodEnd: kw("2026-01-19T23:59:59"),
      amountFils: 49000,
    };
    for (const digits of ["latin", "arabic"] as const) {
      const read = await readPdf(await renderInvoicePdf(invoice({ lines: [line], totalFils: 49000, digits })));
      const rows = read.pages.flatMap((p) => [...p.ltr, ...p.rtl]).join("\n");
      expect(rows).toMatch(/20 Dec 2025 –\s*(\n.*)?19 Jan 2026/);
      expect(read.text).toContain(digits === "arabic" ? "٢٠ ديسمبر ٢٠٢٥" : "20 ديسمبر 2025");
      expect(read.text).toContain(digits === "arabic" ? "١٩ يناير ٢٠٢٦" : "19 يناير 2026");
    }
  });

  test("the seller's and the customer's commercial registration numbers, when given", async () => {
    const withCr = invoice({
      seller: { ...invoice().seller, crNumber: "CR-123456" },
      buyer: { ...invoice().buyer, crNumber: "345678" },
    });
    for (const locale of ["en", "ar"] as const) {
      const read = await readPdf(await renderInvoicePdf({ ...withCr, locale }));
      expect(rowsWith(read, "CR-123456").some((l) => l.includes("CR No."))).toBe(true);
      expect(rowsWith(read, "CR-123456").some((l) => l.includes("السجل التجاري"))).toBe(true);
      expect(rowsWith(read, "345678").some((l) => l.includes("CR No."))).toBe(true);
      expect(rowsWith(read, "345678").some((l) => l.includes("السجل التجاري"))).toBe(true);
    }
    const none = await readPdf(await renderInvoicePdf(invoice()));
    expect(none.text).not.toContain("CR No.");
    expect(none.text).not.toContain("السجل التجاري");
  });

  test("the Arabic description's counts in the person's digits; identifiers as they are", async () => {
    const line = {
      description: {
        en: "Upgrade to the Sufra Premium plan, difference for 28 of 31 days",
        ar: "الترقية إلى باقة سفرة المميزة، الفرق عن 28 من 31 يومًا",
      },
      periodStart: null,
      periodEnd: null,
      amountFils: 30000,
    };
    const read = await readPdf(
      await renderInvoicePdf(invoice({ lines: [line], totalFils: 30000, locale: "ar", digits: "arabic" })),
    );
    // (the cell wraps the description: its words, not one row)
    expect(read.text).toMatch(/الفرق عن ٢٨/);
    expect(read.text).toMatch(/من ٣١ يومًا/);
    expect(read.text).not.toMatch(/28 من|من 31/);
    expect(read.text).toContain("28 of 31");
    const refund = await readPdf(
      await renderInvoicePdf(
        creditNote({
          lines: [
            {
              description: {
                en: "Refund of invoice INV-2026-000001: 2 days",
                ar: "استرداد للفاتورة INV-2026-000001، السبب: يومان 2",
              },
              amountFils: 1000,
            },
          ],
          totalFils: 1000,
          locale: "ar",
          digits: "arabic",
        }),
      ),
    );
    expect(refund.text).toContain("INV-2026-000001");
    expect(refund.text).toContain("٢");
  });

  test("due and unpaid: no payment rows", async () => {
    const read = await readPdf(await renderInvoicePdf(invoice({ status: "due", payment: null })));
    expect(read.text).toContain("Due");
    expect(read.text).toContain("مستحقة الدفع");
    expect(read.text).not.toContain("Payment method");
  });
});

describe("a credit note, read back", () => {
  test.each(CASES)("$locale, $digits digits: its title, its invoice, the refund", async ({ locale, digits }) => {
    const read = await readPdf(await renderInvoicePdf(creditNote({ locale, digits })));
    const { text } = read;
    expect(text).toContain("Credit note");
    expect(text).toContain("إشعار دائن");
    expect(text).toContain("CN-2026-000001");
    // the invoice it credits, named in both halves
    expect(rowsWith(read, "Credit for invoice").some((l) => l.includes("INV-2026-000001"))).toBe(true);
    expect(rowsWith(read, "إشعار دائن للفاتورة").some((l) => l.includes("INV-2026-000001"))).toBe(true);
    // the refund is negative
    expect(text).toContain("Total refunded");
    expect(text).toContain("-15.000 KWD");
    expect(text).toContain(digits === "arabic" ? "-١٥٫٠٠٠ د.ك." : "-15.000 د.ك.");
    // as seen, left to right, the dinar's sign then the amount: Latin digits keep their minus at
    // their left (-15.000), Arabic-Indic ones at their right, where an Arabic reader starts
    const seen = read.pages.flatMap((p) => p.ltr).join("\n");
    expect(seen).toMatch(digits === "arabic" ? /ك\S* ١٥٫٠٠٠-/ : /ك\S* -15\.000/);
    expect(text).toContain("Refunded");
    expect(text).toContain("مستردة");
    expect(text).toContain("10 March 2026");
  });

  test("the sign comes from the kind: a negative total is not shown twice negative", async () => {
    const read = await readPdf(
      await renderInvoicePdf(
        creditNote({ totalFils: -15000, lines: [{ ...invoice().lines[0]!, amountFils: -15000 }] }),
      ),
    );
    expect(read.text).toContain("-15.000 KWD");
    expect(read.text).not.toContain("--");
  });
});

describe("the bytes", () => {
  test("the same document renders the same bytes, whenever it is rendered", async () => {
    for (const doc of [invoice({ locale: "ar", digits: "arabic" }), creditNote()]) {
      const a = await renderInvoicePdf(doc);
      await new Promise((r) => setTimeout(r, 1100)); // a second later: nothing in the file follows the clock
      const b = await renderInvoicePdf(structuredClone(doc));
      expect(b.equals(a)).toBe(true);
    }
    // and a different document, different bytes
    const one = await renderInvoicePdf(invoice());
    const other = await renderInvoicePdf(invoice({ number: "INV-2026-000002" }));
    expect(other.equals(one)).toBe(false);
  });

  test("the file's dates are the issue date", async () => {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(await renderInvoicePdf(invoice())),
      isEvalSupported: false,
    }).promise;
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    expect(info.CreationDate).toBe("D:20260228223000Z");
    expect(info.Title).toBe("Invoice INV-2026-000001");
    await pdf.destroy();
  });

  test("whole fils only, KWD only", async () => {
    await expect(renderInvoicePdf(invoice({ totalFils: 15.5 }))).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf(invoice({ lines: [{ ...invoice().lines[0]!, amountFils: 0.1 }] }))).rejects.toThrow(
      RangeError,
    );
    expect(invoicePdfFileName(invoice())).toBe("INV-2026-000001.pdf");
  });
});

describe("many lines", () => {
  test("forty lines run over pages, the table's head on each, no line lost", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: { en: `Extra seat ${i + 1}`, ar: `مقعد إضافي ${i + 1}` },
      periodStart: kw("2026-03-01T00:00:00"),
      periodEnd: kw("2026-03-31T00:00:00"),
      amountFils: 1000 + i,
    }));
    const total = lines.reduce((n, l) => n + l.amountFils, 0);
    for (const locale of ["en", "ar"] as const) {
      const read = await readPdf(await renderInvoicePdf(invoice({ lines, totalFils: total, locale })));
      expect(read.pages.length).toBeGreaterThan(1);
      for (let i = 0; i < 40; i++) {
        expect(read.text).toContain(`Extra seat ${i + 1}`);
        expect(read.text).toContain(`مقعد إضافي ${i + 1}`);
        expect(read.text).toContain(`${((1000 + i) / 1000).toFixed(3)} KWD`);
      }
      // each line once: no line drawn twice across a page break
      const seats = read.pages.flatMap((p) => p.items).filter((s) => /^Extra seat \d+$/.test(s));
      expect(seats).toHaveLength(40);
      // the head of the table and the footer on every page
      read.pages.forEach((p, n) => {
        expect(p.ltr.some((l) => l.includes("Description"))).toBe(true);
        expect(p.ltr.some((l) => l.includes(`Page ${n + 1} of ${read.pages.length}`))).toBe(true);
      });
      expect(read.text).toContain(`${(total / 1000).toFixed(3)} KWD`);
    }
  });
});

describe("dates", () => {
  test("the Kuwait day, Gregorian in both languages, Umm al-Qura in Arabic", () => {
    const at = new Date("2026-02-28T22:30:00Z"); // 1 March in Kuwait
    expect(dateEn(at)).toBe("1 March 2026");
    expect(dateEn(at, true)).toBe("1 Mar 2026");
    expect(dateAr(at, "latin")).toBe("1 مارس 2026");
    expect(dateAr(at, "arabic")).toBe("١ مارس ٢٠٢٦");
    expect(hijriAr(at, "arabic")).toBe("١٢ رمضان ١٤٤٧ هـ");
  });
});
