// The downloaded file's name: sufra-analytics-<business>-<from>_<to>.<ext>. Browsers that read only
// `filename` get an ASCII name (the business's Latin name, or "business"); RFC 6266's `filename*`
// (RFC 5987 encoding, UTF-8) carries the name as the business writes it, Arabic included.
export type ExportFormat = "csv" | "xlsx" | "pdf";

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

const MAX_SLUG = 60;
const trimDashes = (s: string) => s.replace(/-+/g, "-").replace(/^-|-$/g, "").slice(0, MAX_SLUG).replace(/-$/, "");

/** Latin letters and digits only, accents dropped: "Café Layali" → "cafe-layali"; an Arabic name gives "". */
function asciiSlug(name: string): string {
  return trimDashes(
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-"),
  );
}

/** Letters and digits of any script: "مقهى الدار" → "مقهى-الدار". */
function unicodeSlug(name: string): string {
  return trimDashes(
    name
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-"),
  );
}

export interface ExportFileName {
  /** ASCII only: safe in `filename="…"` */
  ascii: string;
  /** the name as the business writes it; equal to `ascii` for a Latin name */
  unicode: string;
}

export function exportFileName(
  business: { name: string; mainName: string },
  from: string,
  to: string,
  format: ExportFormat,
): ExportFileName {
  const tail = `${from}_${to}.${format}`;
  const ascii = asciiSlug(business.name) || asciiSlug(business.mainName) || "business";
  const unicode = unicodeSlug(business.name) || ascii;
  return { ascii: `sufra-analytics-${ascii}-${tail}`, unicode: `sufra-analytics-${unicode}-${tail}` };
}

/** RFC 5987 value-chars: what encodeURIComponent leaves, less ' ( ) * ! which it leaves but attr-char does not allow. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(name: ExportFileName): string {
  const plain = `attachment; filename="${name.ascii}"`;
  return name.unicode === name.ascii ? plain : `${plain}; filename*=UTF-8''${rfc5987(name.unicode)}`;
}
