// i18next set-up. Each module registers its own namespace from its own file (registerTranslations),
// so a lazily loaded screen brings its texts with it and the landing page carries only its own.
// Detection follows docs/product.md#languages-and-preferences: ?lng=, cookie, localStorage, sessionStorage, browser, <html lang>;
// the choice is cached in localStorage. English is the default and the fallback.
import i18n, { type FormatterModule } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { LOCALES, type Locale } from "@sufra/schema";
import { localDigits } from "../lib/format.ts";
import { common } from "./common.ts";

export const LANGUAGE_STORAGE_KEY = "i18nextLng";

export type Bundle = { en: Record<string, unknown>; ar: Record<string, unknown> };

/**
 * Adds a module's texts (one namespace, both languages); call at the module's top level. Texts the
 * server already gave (the admin's edits, loaded at start) win; keys the server lacks come from here.
 */
export function registerTranslations(namespace: string, bundle: Bundle) {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, namespace, bundle[lng], true, false);
}

export const currentLocale = (): Locale => (i18n.resolvedLanguage === "ar" ? "ar" : "en");
export const directionOf = (l: Locale) => (l === "ar" ? "rtl" : "ltr");

/** <html lang dir> follow the language, so the browser, screen readers and CSS logical properties agree. */
function applyToDocument(lng: string) {
  if (typeof document === "undefined") return; // under Node (the translations extractor)
  const locale: Locale = lng.startsWith("ar") ? "ar" : "en";
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  try {
    localStorage.setItem("sufra.direction", directionOf(locale)); // kept with the language (docs/product.md#data-shapes)
  } catch {
    // storage may be unavailable (private mode): the document still has the right direction
  }
}

/**
 * A number put into a text as it is ("آخر {{days}} يومًا") takes the person's digits, as numbers shown
 * through formatNumber do; strings (already formatted figures, names) pass untouched. Texts name no
 * i18next formats, so this formatter has nothing else to do.
 */
const digitsFormatter: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format, lng) => (typeof value === "number" ? localDigits(String(value), lng?.startsWith("ar") ? "ar" : "en") : (value as string)),
};

void i18n
  .use(LanguageDetector)
  .use(digitsFormatter)
  .use(initReactI18next)
  .init({
    resources: { en: { common: common.en }, ar: { common: common.ar } },
    ns: ["common"],
    defaultNS: "common",
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    load: "languageOnly", // ar-KW -> ar
    nonExplicitSupportedLngs: true,
    initAsync: false, // resources are bundled: render the first paint in the right language
    interpolation: { escapeValue: false, alwaysFormat: true }, // React escapes; numbers take the person's digits
    detection: {
      order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
      lookupQuerystring: "lng",
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ["localStorage"],
    },
    // "added": a screen re-renders when texts arrive after it (the server's, loaded at start; a saved edit)
    react: { useSuspense: false, bindI18nStore: "added" },
  });

i18n.on("languageChanged", applyToDocument);
applyToDocument(i18n.resolvedLanguage ?? "en");

export default i18n;
