// The two languages, apart from the message catalogue (messages.ts, which re-exports these): a page
// that only needs the list of languages then does not carry every message in its first download.
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Reads a locale from an Accept-Language header or a `lng` value; anything unknown is English. */
export function pickLocale(value: string | null | undefined): Locale {
  const first = (value ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ar") ? "ar" : "en";
}
