// The root of the sign-in doors (login, sign-up, password and e-mail links): the same direction, locale,
// theme and fonts as AntdRoot, without what only the signed-in app uses (antd's App with its message,
// notification and modal hooks, dayjs), so these first pages download less. The wrapper carries the
// text styles antd's App would give (its colour, size, line height and font).
import { ConfigProvider, theme } from "antd";
import arEG from "antd/locale/ar_EG";
import enUS from "antd/locale/en_US";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import "../i18n/catalogue/i18n.ts";
import { sufraTheme } from "./theme.ts";
import { useTheme } from "../lib/preferences.ts";
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/ibm-plex-sans-arabic/arabic-400.css";
import "@fontsource/ibm-plex-sans-arabic/arabic-600.css";

function Ground({ dark, children }: { dark: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={dark ? "sufra-dark" : "sufra-light"}
      style={{ minBlockSize: "100vh", background: dark ? "#17120E" : "#FFFBF5", color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {children}
    </div>
  );
}

export function AuthRoot() {
  const { i18n: { resolvedLanguage } } = useTranslation();
  const rtl = resolvedLanguage === "ar";
  const { dark } = useTheme();
  return (
    <ConfigProvider direction={rtl ? "rtl" : "ltr"} locale={rtl ? arEG : enUS} theme={sufraTheme(dark, rtl)}>
      <Ground dark={dark}>
        <Outlet />
      </Ground>
    </ConfigProvider>
  );
}

export default AuthRoot;
