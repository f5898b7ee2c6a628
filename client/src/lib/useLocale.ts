// The person's language as a Locale, re-rendering the caller when it changes.
import type { Locale } from "@sufra/schema";
import { useTranslation } from "react-i18next";

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === "ar" ? "ar" : "en";
}
