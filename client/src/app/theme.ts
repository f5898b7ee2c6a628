// Sufra's palette as antd theme tokens (DESIGN.md): saffron primary, cardamom accents, date-brown
// text on warm white; the same hues on a dark ground for the dark theme.
import { theme as antdTheme, type ThemeConfig } from "antd";

export const PALETTE = {
  saffron: "#C8691C",
  saffronInk: "#9A4E12", // saffron dark enough for small text on warm white (WCAG AA)
  cardamom: "#1F5C4A",
  dateBrown: "#2B211A",
  warmWhite: "#FFFBF5",
  night: "#17120E",
} as const;

const FONT = `Inter, "IBM Plex Sans Arabic", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

export function sufraTheme(dark: boolean, rtl: boolean): ThemeConfig {
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: dark ? PALETTE.saffron : PALETTE.saffronInk,
      colorInfo: PALETTE.cardamom,
      colorLink: dark ? "#E89A55" : PALETTE.saffronInk,
      colorTextBase: dark ? "#F3EAE0" : PALETTE.dateBrown,
      colorBgBase: dark ? PALETTE.night : PALETTE.warmWhite,
      colorBgLayout: dark ? PALETTE.night : PALETTE.warmWhite,
      fontFamily: FONT,
      borderRadius: 8,
      // Arabic needs room for its diacritics
      lineHeight: rtl ? 1.7 : 1.5715,
    },
    components: {
      Layout: { headerHeight: 64, headerBg: dark ? "#1F1813" : "#FFFFFF", siderBg: dark ? "#1F1813" : "#FFFFFF", bodyBg: dark ? PALETTE.night : PALETTE.warmWhite },
      Menu: { itemBg: "transparent" },
    },
  };
}
