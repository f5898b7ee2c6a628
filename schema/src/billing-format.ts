// Money on invoices and credit notes, written from integer fils (1 KWD = 1000 fils, docs/product.md)
// with string and integer arithmetic only: no division into a float, so no rounding can move a fils.
// Always three decimals. Latin digits with "." or Arabic-Indic digits with the Arabic decimal
// separator "٫" (U+066B); no grouping of thousands. A negative amount (a refund) takes a plain "-"
// in front; where it sits in right-to-left text is the renderer's business (bidi marks), not this text's.

/** Which digits a number is written in: Western (0-9) or Arabic-Indic (٠-٩). */
export type DigitStyle = "latin" | "arabic";

/** The dinar's symbol after an amount, per language. */
export const KWD_UNIT = { en: "KWD", ar: "د.ك." } as const;

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";
const ARABIC_DECIMAL = "٫";

/** Latin digits in a string as Arabic-Indic ones; every other character as it is. */
export const toArabicDigits = (text: string): string =>
  text.replace(/[0-9]/g, (d) => ARABIC_INDIC[d.charCodeAt(0) - 48]!);

/** Digits in a string in the chosen style (dates, numbers, references in the Arabic parts of a document). */
export const withDigits = (text: string, digits: DigitStyle = "latin"): string =>
  digits === "arabic" ? toArabicDigits(text) : text;

export interface FormatFilsOptions {
  digits?: DigitStyle;
  /** Appends the dinar's symbol in that language: "15.000 KWD", "١٥٫٠٠٠ د.ك.". */
  currency?: "en" | "ar";
}

/**
 * An amount of fils as dinars with exactly three decimals: 15000 -> "15.000", 1 -> "0.001",
 * -1500 -> "-1.500"; with Arabic-Indic digits "١٥٫٠٠٠". Throws on anything but a safe integer.
 */
export function formatFils(fils: number, options: FormatFilsOptions = {}): string {
  if (!Number.isSafeInteger(fils)) throw new RangeError(`formatFils takes whole fils, got ${fils}`);
  const sign = fils < 0 ? "-" : "";
  const digits = String(Math.abs(fils)).padStart(4, "0");
  const dinars = digits.slice(0, -3);
  const rest = digits.slice(-3);
  const amount =
    options.digits === "arabic"
      ? `${sign}${toArabicDigits(dinars)}${ARABIC_DECIMAL}${toArabicDigits(rest)}`
      : `${sign}${dinars}.${rest}`;
  return options.currency ? `${amount} ${KWD_UNIT[options.currency]}` : amount;
}
