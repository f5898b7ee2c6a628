// What stands between the parts of a line ("Iftar at 5:52 PM · Ramadan hours: 8 PM - 3 AM"), in every
// text Sufra assembles, on the server and in the client (client/src/lib/format.ts uses it): a middle dot in
// English; in Arabic the Arabic comma, as a dot beside Arabic-Indic digits reads as the zero "٠"
// ("٥:٥٢ م · ٨" reads "٥:٥٢ م ٠ ٨") and a bar as the one "١" (docs/product.md#look-and-feel).
import type { Locale } from "./locales.ts";

export const PART_SEPARATOR: Readonly<Record<Locale, string>> = { en: " · ", ar: "، " };

/** The parts of a line joined by the language's separator; empty parts are left out. */
export const joinLineParts = (parts: readonly (string | number | null | undefined | false)[], locale: Locale): string =>
  parts
    .filter((p): p is string | number => p !== null && p !== undefined && p !== false && p !== "")
    .map(String)
    .join(PART_SEPARATOR[locale]);
