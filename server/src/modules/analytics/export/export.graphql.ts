// The analytics export at the GraphQL door: the same file as GET /api/analytics/export, in base64
// (GraphQL answers are JSON); thin, export.ts does the work and the analytics service decides tenancy.
import { builder } from "../../../graphql/builder.ts";
import { LocaleEnum } from "../../../graphql/enums.ts";
import { exportAnalytics, type ExportFile } from "./export.ts";

const AnalyticsExportFormatEnum = builder.enumType("AnalyticsExportFormat", {
  description: "CSV (UTF-8, one table per section), XLSX (one sheet per section) or PDF (A4 report).",
  values: { CSV: { value: "csv" }, XLSX: { value: "xlsx" }, PDF: { value: "pdf" } } as const,
});

const AnalyticsExportFile = builder.objectRef<ExportFile>("AnalyticsExportFile").implement({
  description: "An analytics report as a file. GET /api/analytics/export streams the same file as a download.",
  fields: (t) => ({
    fileName: t.string({ description: "The name to save it under, as the business writes its name (Arabic included); REST sends it in Content-Disposition.", resolve: (f) => f.name.unicode }),
    contentType: t.exposeString("contentType"),
    base64: t.string({ description: "The file's bytes, base64-encoded.", resolve: (f) => f.body.toString("base64") }),
  }),
});

builder.queryField("analyticsExport", (t) =>
  t.field({
    type: AnalyticsExportFile,
    description:
      "The analytics report of a business over `from`..`to` (YYYY-MM-DD Kuwait days; the last 30 days when left out) as a CSV, XLSX or PDF file, in `lang` (else the request's Accept-Language): the business, the range and the previous one, the totals with their change, each network, the daily series, the top 10 posts by engagement and the content breakdown (the PDF leaves the daily series to the spreadsheets). REST: GET /api/analytics/export?format= streams the same file. `clientId` is the business id (me.businessId): a business's people may name only their own, admins any.",
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({ required: true }),
      format: t.arg({ type: AnalyticsExportFormatEnum, required: true }),
      from: t.arg.string(),
      to: t.arg.string(),
      includeSimulated: t.arg.boolean(),
      campaignId: t.arg.id(),
      lang: t.arg({ type: LocaleEnum }),
    },
    resolve: (_r, a, ctx) =>
      exportAnalytics(
        ctx.services,
        ctx.viewer,
        {
          clientId: String(a.clientId),
          format: a.format,
          from: a.from ?? undefined,
          to: a.to ?? undefined,
          includeSimulated: a.includeSimulated ?? undefined,
          campaignId: a.campaignId ?? undefined,
          lang: a.lang ?? ctx.meta.locale,
        },
        null,
      ),
  }),
);
