// An analytics export from request to file: the format and language asked for, the report gathered
// through the analytics service (which decides tenancy), rendered, and named. REST streams the
// file; GraphQL hands back the same bytes in base64.
import { analyticsQuerySchema, fieldErrors, LOCALES, pickLocale, type Locale } from "@sufra/schema";
import { z } from "zod";
import { AppError } from "../../../kernel/errors.ts";
import type { Services } from "../../../services.ts";
import type { Viewer } from "../../../kernel/policy.ts";
import { renderCsv } from "./csv.ts";
import {
  CONTENT_TYPES,
  contentDisposition,
  exportFileName,
  type ExportFileName,
  type ExportFormat,
} from "./file-name.ts";
import { buildReport, type ReportQuery } from "./report.ts";
import { reportTables } from "./tables.ts";

const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const satisfies readonly ExportFormat[];

const lowered = (v: unknown) =>
  typeof v === "string" ? v.trim().toLowerCase() || undefined : v === null ? undefined : v;

/** ?format= (required) and ?lang= (en or ar; left out: the request's Accept-Language). */
export const exportOptionsSchema = z.object({
  format: z.preprocess(lowered, z.enum(EXPORT_FORMATS, { error: "analyticsExportFormatInvalid" })),
  lang: z.preprocess(lowered, z.enum(LOCALES, { error: "invalidLocale" }).optional()),
});

export interface ExportInput extends ReportQuery {
  format?: unknown;
  lang?: unknown;
}

export interface ExportFile {
  name: ExportFileName;
  contentType: string;
  contentDisposition: string;
  body: Buffer;
}

/**
 * The file for a caller. A bad format or language is answered together with any mistake in the
 * range, so one correction fixes the request; who may read which business is the service's rule.
 */
export async function exportAnalytics(
  services: Services,
  viewer: Viewer | null,
  input: ExportInput,
  acceptLanguage: string | null | undefined,
): Promise<ExportFile> {
  const options = exportOptionsSchema.safeParse({ format: input.format, lang: input.lang });
  if (!options.success) {
    const range = analyticsQuerySchema.safeParse({
      clientId: input.clientId,
      from: input.from,
      to: input.to,
      campaignId: input.campaignId,
      includeSimulated: input.includeSimulated,
    });
    throw new AppError("VALIDATION_ERROR", {
      ...(range.success ? {} : fieldErrors(range.error)),
      ...fieldErrors(options.error),
    });
  }
  const { format } = options.data;
  const lang: Locale = options.data.lang ?? pickLocale(acceptLanguage);
  const { format: _f, lang: _l, ...query } = input;
  const report = await buildReport(services, viewer, query, lang);
  const tables = reportTables(report);
  // the PDF (pdfkit, fontkit, fonts) and XLSX writers load on the first export, not at start: memory a
  // server that never exports need not hold
  const body =
    format === "csv"
      ? renderCsv(tables)
      : format === "xlsx"
        ? await (await import("./xlsx.ts")).renderXlsx(tables, lang)
        : await (await import("./pdf.ts")).renderPdf(report, tables);
  const name = exportFileName(report.business, report.from, report.to, format);
  return { name, contentType: CONTENT_TYPES[format], contentDisposition: contentDisposition(name), body };
}
