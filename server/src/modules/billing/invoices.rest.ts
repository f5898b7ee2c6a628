// Invoices and credit notes at the REST door (docs/product.md#subscriptions-and-billing): thin, the
// invoices service decides who reads whose; snake_case on the wire. The web client downloads a PDF
// with fetch and the session's Authorization header, as it does the analytics export.
import { Router } from "express";
import { metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { InvoiceSummary } from "./invoices.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const restInvoice = (i: InvoiceSummary) => ({
  id: i.id,
  number: i.number,
  kind: i.kind,
  issued_at: i.issuedAt.toISOString(),
  total_fils: i.totalFils,
  currency: i.currency,
  relates_to: i.relatesTo,
  pdf_url: i.pdfUrl,
});

/** Mounted at /api/billing/invoices. */
export function invoicesRouter(services: Services) {
  const r = Router();

  /** GET /api/billing/invoices?client_id= : the business's invoices and credit notes, newest first (admins name the business) */
  r.get("/", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const clientId = one(req.query.client_id);
    res.json({
      invoices: (await services.invoices.list(viewer, { clientId: clientId === undefined ? undefined : clientId })).map(
        restInvoice,
      ),
    });
  });

  /** GET /api/billing/invoices/:id/pdf?lang=en|ar&digits=latin|arabic : the PDF as a download named by its number */
  r.get("/:id/pdf", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const file = await services.invoices.pdf(
      viewer,
      req.params.id,
      { lang: one(req.query.lang), digits: one(req.query.digits) },
      metaOf(req).locale,
    );
    res.set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(file.body.length),
      "Cache-Control": "no-store",
    });
    res.end(file.body);
  });

  return r;
}
