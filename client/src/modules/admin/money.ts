// Money on the admin's billing screens: whole fils as dinars with three decimals (the shared formatFils,
// docs/product.md#subscriptions-and-billing), thousands grouped, in the person's digits, with the dinar's
// unit in their language: "1,234.500 KWD", "١٬٢٣٤٫٥٠٠ د.ك.".
import { formatFils, KWD_UNIT, toArabicDigits, type Locale } from "@sufra/schema";
import { arabicDigits } from "../../lib/format.ts";

export function filsText(fils: number, locale: Locale, opts: { unit?: boolean } = {}): string {
  const [whole = "0", decimals = "000"] = formatFils(fils).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = arabicDigits(locale) ? `${toArabicDigits(grouped).replace(/,/g, "٬")}٫${toArabicDigits(decimals)}` : `${grouped}.${decimals}`;
  return opts.unit === false ? amount : `${amount} ${KWD_UNIT[locale]}`;
}
