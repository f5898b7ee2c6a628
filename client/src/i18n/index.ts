// i18next set-up. Each module registers its own namespace from its own file (registerTranslations),
// so a lazily loaded screen brings its texts with it and the landing page carries only its own.
// Detection follows docs/product.md#languages-and-preferences: ?lng=, cookie, localStorage, sessionStorage, browser, <html lang>;
// the choice is cached in localStorage. English is the default and the fallback.
import i18n, { type FormatterModule, type LanguageDetectorModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALES, type Locale } from "@sufra/schema";
import { isolateIn, localDigits } from "../lib/format.ts";
import { common } from "./common.ts";

const LANGUAGE_STORAGE_KEY = "i18nextLng";

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

/** Reads a storage without failing where it is unavailable (private mode, a sandboxed frame). */
function stored(kind: "localStorage" | "sessionStorage"): string | undefined {
  try {
    return globalThis[kind]?.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The person's language, looked for in the order above; every candidate found is returned and i18next
 * takes the first it supports (ar-KW counts as ar). A few lines in place of a detector package, so the
 * landing page's first download stays small; the same names (?lng=, the i18next cookie, i18nextLng).
 */
const languageDetector: LanguageDetectorModule = {
  type: "languageDetector",
  init: () => {},
  detect: () => {
    if (typeof window === "undefined") return undefined; // under Node (the translations extractor)
    const found = [
      new URLSearchParams(window.location.search).get("lng"),
      /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1],
      stored("localStorage"),
      stored("sessionStorage"),
      ...(navigator.languages ?? []),
      navigator.language,
      document.documentElement.getAttribute("lang"),
    ];
    return found.filter((l): l is string => !!l && /^[A-Za-z-]+$/.test(l));
  },
  cacheUserLanguage: (lng: string) => {
    try {
      if (lng !== "cimode") localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // storage may be unavailable: the choice lasts for this visit
    }
  },
};

/**
 * A number put into a text as it is ("آخر {{days}} يومًا") takes the person's digits, as numbers shown
 * through formatNumber do. A string (a name, a topic, a handle, an already formatted figure) holding
 * letters of the other script is isolated (lib/format.ts's isolateIn), so a Latin name cannot reorder an
 * Arabic sentence. Texts name no i18next formats, so this formatter has nothing else to do.
 */
const digitsFormatter: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format, lng) => {
    const locale = lng?.startsWith("ar") ? "ar" : "en";
    if (typeof value === "number") return localDigits(String(value), locale);
    return typeof value === "string" ? isolateIn(value, locale) : (value as string);
  },
};

void i18n
  .use(languageDetector)
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
    // "added": a screen re-renders when texts arrive after it (the server's, loaded at start; a saved edit)
    react: { useSuspense: false, bindI18nStore: "added" },
  });

i18n.on("languageChanged", applyToDocument);
applyToDocument(i18n.resolvedLanguage ?? "en");

export default i18n;
