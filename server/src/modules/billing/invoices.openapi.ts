// The OpenAPI entries of /api/billing/invoices (docs/product.md#subscriptions-and-billing): the invoices
// service's own query rules, the answers as invoices.rest.ts writes them.
import { z } from "zod";
import { file, isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";
import { invoicePdfQuerySchema, invoicesQuerySchema } from "./invoices.ts";

const tag = "Billing";
const invoice = named(
  "Invoice",
  z.object({
    id: z.string(),
    number: z.string().describe("INV-2026-000001 or CN-2026-000001: in sequence per kind and Kuwait year"),
    kind: z.enum(["invoice", "credit_note"]),
    issued_at: isoDateTime,
    total_fils: z.number().int().describe("fils (1 KWD = 1000 fils)"),
    currency: z.string(),
    relates_to: z.string().nullable().describe("a credit note's invoice number"),
    pdf_url: z.string().describe("GET it with the session's Authorization header"),
  }),
);

export const invoicesOperations: RestOperation[] = [
  {
    method: "get",
    path: "/billing/invoices",
    tag,
    access: "signedIn",
    summary: "The business's invoices and credit notes, newest first",
    description:
      "Owners and the account holder read their business's; admins name any business with client_id. Other members are refused.",
    query: invoicesQuerySchema,
    responses: { 200: { description: "The documents.", schema: z.object({ invoices: z.array(invoice) }) } },
  },
  {
    method: "get",
    path: "/billing/invoices/{id}/pdf",
    tag,
    access: "signedIn",
    summary: "An invoice or credit note as a bilingual PDF (English and Arabic), downloaded as <number>.pdf",
    description:
      "lang: the primary language (else the request's Accept-Language); digits: Latin or Arabic-Indic digits in the Arabic half (else Arabic-Indic in Arabic). Another business's document answers 404.",
    query: invoicePdfQuerySchema,
    responses: { 200: file("application/pdf", 'The PDF (Content-Disposition: attachment; filename="<number>.pdf").') },
  },
];
