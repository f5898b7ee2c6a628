// Sufra's palette as antd theme tokens (docs/product.md#look-and-feel): saffron primary, cardamom accents, date-brown
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

// the page's language's face only (as styles.css's --sufra-font): English screens never name the Arabic face, so
// the browser does not fetch it for a word of Arabic among them (docs/architecture.md#a-light-first-visit)
const FONT_TAIL = `system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const fontFor = (rtl: boolean) => (rtl ? `"IBM Plex Sans Arabic", Inter, ${FONT_TAIL}` : `Inter, ${FONT_TAIL}`);

/**
 * antd derives secondary text, descriptions and its error red with too little contrast for Sufra's
 * warm backgrounds (about 3.3:1); these tokens bring them to WCAG AA (4.5:1), checked with axe.
 */
export function sufraTheme(dark: boolean, rtl: boolean): ThemeConfig {
  const soft = dark ? "#B8AA9C" : "#6B5A4C";
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: dark ? PALETTE.saffron : PALETTE.saffronInk,
      colorInfo: dark ? "#6CC3A5" : PALETTE.cardamom,
      // antd derives the info ground from cardamom as a mid grey (#929C97 light, #121313 dark) that makes a
      // note look disabled: a pale cardamom tint instead, text and icon at AA on it (Note.tsx)
      colorInfoBg: dark ? "#16271F" : "#EAF3EF",
      colorInfoBorder: dark ? "#2F5A4B" : "#A9CBBE",
      colorLink: dark ? "#E89A55" : PALETTE.saffronInk,
      colorTextBase: dark ? "#F3EAE0" : PALETTE.dateBrown,
      colorBgBase: dark ? PALETTE.night : PALETTE.warmWhite,
      colorBgLayout: dark ? PALETTE.night : PALETTE.warmWhite,
      fontFamily: fontFor(rtl),
      borderRadius: 8,
      // Arabic needs room for its diacritics
      lineHeight: rtl ? 1.7 : 1.5715,
      colorTextDescription: soft,
      colorTextTertiary: soft,
      // antd's placeholder grey is 2.5:1 on our warm white; this one is 5:1 (WCAG AA)
      colorTextPlaceholder: dark ? "#9C8E80" : "#7A6A5C",
      colorError: dark ? "#FF9C94" : "#B42318",
    },
    components: {
      Layout: {
        headerHeight: 64,
        headerBg: dark ? "#1F1813" : "#FFFFFF",
        siderBg: dark ? "#1F1813" : "#FFFFFF",
        bodyBg: dark ? PALETTE.night : PALETTE.warmWhite,
      },
      Menu: dark
        ? { itemBg: "transparent", itemSelectedBg: "#3A2A1C", itemSelectedColor: "#F0B27A", itemActiveBg: "#3A2A1C" }
        : { itemBg: "transparent", itemSelectedBg: "#F6E7D8", itemSelectedColor: "#7A3D0E", itemActiveBg: "#F6E7D8" },
      // a list's chosen option on the menu's chosen tint, its text dark enough for AA on that tint and on the
      // hover tint it passes through (antd's own pair measured below 4.5:1 with axe)
      Select: dark
        ? { optionSelectedBg: "#3A2A1C", optionSelectedColor: "#F0B27A", optionActiveBg: "#2E2218" }
        : { optionSelectedBg: "#F6E7D8", optionSelectedColor: "#5C2D08", optionActiveBg: "#FBF1E6" },
      // the dark theme's saffron is 4.2:1 on dark cards: selected tabs and danger buttons take lighter tones
      ...(dark
        ? {
            Tabs: {
              itemSelectedColor: "#E89A55",
              itemHoverColor: "#F0B27A",
              itemActiveColor: "#F0B27A",
              inkBarColor: "#E89A55",
            },
            Button: {
              colorError: "#FF8A80",
              colorErrorHover: "#FFA39E",
              colorErrorActive: "#FF7875",
              colorErrorBorderHover: "#FFA39E",
              dangerColor: "#2A1210",
            },
          }
        : {}),
    },
  };
}
