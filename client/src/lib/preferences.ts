// Preferences kept locally (docs/product.md#data-shapes): theme, language, direction. Language itself is i18next's
// (cached under i18nextLng); direction follows it; the theme is ours.
import { useSyncExternalStore } from "react";

export const THEMES = ["light", "dark", "auto"] as const;
export type ThemePreference = (typeof THEMES)[number];
const THEME_KEY = "sufra.theme";

const listeners = new Set<() => void>();
const read = (): ThemePreference => {
  const v = typeof localStorage === "undefined" ? null : localStorage.getItem(THEME_KEY);
  return (THEMES as readonly string[]).includes(v ?? "") ? (v as ThemePreference) : "light";
};
let theme = read();

export function setThemePreference(next: ThemePreference) {
  theme = next;
  localStorage.setItem(THEME_KEY, next);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  const media = window.matchMedia?.("(prefers-color-scheme: dark)");
  media?.addEventListener?.("change", l);
  return () => {
    listeners.delete(l);
    media?.removeEventListener?.("change", l);
  };
};

/** The chosen theme and the one in effect ("auto" follows the system). */
export function useTheme(): { preference: ThemePreference; dark: boolean } {
  const preference = useSyncExternalStore(subscribe, () => theme);
  const systemDark = useSyncExternalStore(
    subscribe,
    () => !!window.matchMedia?.("(prefers-color-scheme: dark)").matches,
  );
  return { preference, dark: preference === "dark" || (preference === "auto" && systemDark) };
}
