// The analytics export at the GraphQL door: the same file as GET /api/analytics/export, in base64
// (GraphQL answers are JSON); thin, export.ts does the work and the analytics service decides tenancy.
import { builder } from "../../../graphql/builder.ts";
import { LocaleEnum } from "../../../graphql/enums.ts";
import { exportAnalytics, type ExportFile } from "./export.ts";

const AnalyticsExportFormatEnum = builder.enumType("AnalyticsExportFormat", {
  description: "CSV (UTF-8, one table per section), XLSX (one sheet per section) or PDF (A4 report).",
  values: {
    CSV: { value: "csv", description: "Comma-separated values, UTF-8, one table per section." },
    XLSX: { value: "xlsx", description: "An Excel workbook, one sheet per section." },
    PDF: { value: "pdf", description: "A printable A4 report (without the daily series)." },
  } as const,
});

const AnalyticsExportFile = builder.objectRef<ExportFile>("AnalyticsExportFile").implement({
  description: "An analytics report as a file. GET /api/analytics/export streams the same file as a download.",
  fields: (t) => ({
    fileName: t.string({
      description:
        "The name to save it under, as the business writes its name (Arabic included); REST sends it in Content-Disposition.",
      resolve: (f) => f.name.unicode,
    }),
    contentType: t.exposeString("contentType", {
      description:
        "The file's MIME type (text/csv; charset=utf-8; header=present, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/pdf).",
    }),
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
      clientId: t.arg.id({
        required: true,
        description:
          "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
      }),
      format: t.arg({ type: AnalyticsExportFormatEnum, required: true, description: "The file's format." }),
      from: t.arg.string({
        description: "The range's first day, YYYY-MM-DD (a Kuwait day); 30 days ending at `to` when left out.",
      }),
      to: t.arg.string({
        description: "The range's last day, YYYY-MM-DD (a Kuwait day), included; today in Kuwait when left out.",
      }),
      includeSimulated: t.arg.boolean({
        description:
          "Count demo accounts' simulated figures; left out: only for a business whose accounts are all demo accounts.",
      }),
      campaignId: t.arg.id({ description: "Only this campaign's posts (a campaign of the business)." }),
      lang: t.arg({
        type: LocaleEnum,
        description: "The report's language; the request's Accept-Language when left out.",
      }),
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
