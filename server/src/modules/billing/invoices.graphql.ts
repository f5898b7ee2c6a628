// Invoices and credit notes at the GraphQL door: thin, the invoices service decides who reads whose
// (docs/product.md#subscriptions-and-billing). The PDF itself downloads over REST (pdfUrl).
import { builder } from "../../graphql/builder.ts";
import type { InvoiceSummary } from "./invoices.ts";

const InvoiceKindEnum = builder.enumType("InvoiceKind", {
  description: "What a billing document is.",
  values: {
    INVOICE: {
      value: "invoice",
      description: "An invoice for a paid payment (numbered INV-<Kuwait year>-<sequence>).",
    },
    CREDIT_NOTE: {
      value: "credit_note",
      description: "A credit note for money given back (numbered CN-<Kuwait year>-<sequence>); it names its invoice.",
    },
  } as const,
});

const Invoice = builder.objectRef<InvoiceSummary>("Invoice").implement({
  description: "An invoice or credit note of the business, as issued: never changed or deleted.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The document's id (a UUID)." }),
    number: t.exposeString("number", {
      description: "Its number, in sequence per kind and Kuwait year without gaps: INV-2026-000001 or CN-2026-000001.",
    }),
    kind: t.field({ type: InvoiceKindEnum, description: "Invoice or credit note.", resolve: (i) => i.kind }),
    issuedAt: t.expose("issuedAt", {
      type: "DateTime",
      description: "When it was issued (UTC; the document shows the day in Kuwait, Asia/Kuwait).",
    }),
    totalFils: t.exposeInt("totalFils", {
      description: "Its total in fils (1 KWD = 1000 fils), positive; a credit note's is the amount given back.",
    }),
    currency: t.exposeString("currency", { description: "The currency of the total: KWD." }),
    relatesTo: t.exposeString("relatesTo", {
      nullable: true,
      description: "A credit note's invoice number (INV-...); null for an invoice.",
    }),
    pdfUrl: t.exposeString("pdfUrl", {
      description:
        "The path of its bilingual PDF on this server (/api/billing/invoices/<id>/pdf): GET it with the session's Authorization header (optional ?lang=en|ar for the primary language, ?digits=latin|arabic for the Arabic half's digits); it downloads as <number>.pdf.",
    }),
  }),
});

builder.queryField("invoices", (t) =>
  t.field({
    type: [Invoice],
    description:
      "The business's invoices and credit notes, newest first. For its owners and account holder (other members and API keys are refused); admins name any business with `clientId`.",
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({
        description:
          "The business's id (me.businessId). Required for admins; a business's people may leave it out or name only their own.",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.invoices.list(ctx.viewer, { clientId: a.clientId == null ? undefined : String(a.clientId) }),
  }),
);
