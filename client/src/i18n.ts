// Placeholder i18n until the real client (i18next) lands: every visible string in both languages.
// The choice is stored under i18next's default key and read from `?lng=` like its detector does,
// so the person's language survives the switch to the real client.
import { pickLocale, type Locale } from "@sufra/schema";

export type { Locale };
export type HealthState = "healthy" | "degraded" | "down";

const STORAGE_KEY = "i18nextLng";

export const dictionary = {
  en: {
    brand: "Sufra",
    brandOther: "سفرة",
    tagline: "A bilingual social media studio for restaurants and cafés in Kuwait.",
    preview: "This is an early preview: signing in and planning posts arrive with the full studio.",
    language: "Language",
    plansTitle: "Plans",
    perMonth: "per month",
    mostPopular: "Most popular",
    statusTitle: "System status",
    statusChecking: "Checking…",
    statusUnreachable: "The server cannot be reached right now.",
    checkedAt: "checked at",
    parts: { api: "API", database: "Database", scheduler: "Scheduler" },
    states: { healthy: "healthy", degraded: "degraded", down: "down" },
  },
  ar: {
    brand: "سفرة",
    brandOther: "Sufra",
    tagline: "استوديو ثنائي اللغة لوسائل التواصل الاجتماعي للمطاعم والمقاهي في الكويت.",
    preview: "هذه نسخة تمهيدية: تسجيل الدخول وتخطيط المنشورات يصلان مع الاستوديو الكامل.",
    language: "اللغة",
    plansTitle: "الباقات",
    perMonth: "شهريًا",
    mostPopular: "الأكثر طلبًا",
    statusTitle: "حالة النظام",
    statusChecking: "جارٍ الفحص…",
    statusUnreachable: "تعذّر الوصول إلى الخادم الآن.",
    checkedAt: "آخر فحص",
    parts: { api: "الواجهة البرمجية", database: "قاعدة البيانات", scheduler: "المجدول" },
    states: { healthy: "سليم", degraded: "متراجع", down: "متوقف" },
  },
} as const satisfies Record<Locale, unknown>;

export type Dictionary = (typeof dictionary)[Locale];

/** `?lng=` first (and remembered), then the stored choice, then the browser's language. */
export function initialLocale(): Locale {
  const fromQuery = new URLSearchParams(window.location.search).get("lng");
  if (fromQuery) {
    const locale = pickLocale(fromQuery);
    rememberLocale(locale);
    return locale;
  }
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage can be disabled (private mode, policies): fall through to the browser's language
  }
  return pickLocale(stored ?? window.navigator.language);
}

export function rememberLocale(locale: Locale) {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not remembered, still applied
  }
}

/** Sets `<html lang dir>` and the tab title for the chosen language. */
export function applyLocale(locale: Locale) {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = locale === "ar" ? "rtl" : "ltr";
  document.title = locale === "ar" ? "سفرة (Sufra)" : "Sufra (سفرة)";
}

/** KWD with three decimals; Arabic-Indic digits in Arabic (DESIGN.md, formatting). */
export function formatKwd(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === "ar" ? "ar-KW-u-nu-arab" : "en-KW", { style: "currency", currency: "KWD" }).format(amount);
}

export function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "ar" ? "ar-KW-u-nu-arab" : "en-KW", { timeStyle: "short", timeZone: "Asia/Kuwait" }).format(new Date(iso));
}
