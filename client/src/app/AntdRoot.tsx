// Everything but the landing page renders inside antd: direction, locale and theme follow the
// person's language and preference. Arabic: RTL, antd's Arabic locale, weeks from Saturday (dayjs ar).
import { App as AntApp, ConfigProvider } from "antd";
import { NOTIFICATION_DURATION_MS } from "@sufra/schema";
import arEG from "antd/locale/ar_EG";
import enUS from "antd/locale/en_US";
import dayjs from "dayjs";
import "dayjs/locale/ar";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import i18n from "../i18n/index.ts";
import "../i18n/catalogue/i18n.ts";
import { sufraTheme } from "./theme.ts";
import { useTheme } from "../lib/preferences.ts";
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/ibm-plex-sans-arabic/arabic-400.css";
import "@fontsource/ibm-plex-sans-arabic/arabic-600.css";

// dayjs follows the language when it changes (not in an effect, which would render once in the old one)
const syncDayjs = (lng: string | undefined) => dayjs.locale(lng?.startsWith("ar") ? "ar" : "en");
syncDayjs(i18n.resolvedLanguage);
i18n.on("languageChanged", syncDayjs);

/** Every message and notification stays up as long (antd counts in seconds), set once here. */
const NOTICE_CONFIG = { duration: NOTIFICATION_DURATION_MS / 1000 } as const;

export function AntdRoot() {
  const {
    i18n: { resolvedLanguage },
  } = useTranslation();
  const rtl = resolvedLanguage === "ar";
  const { dark } = useTheme();
  return (
    <ConfigProvider direction={rtl ? "rtl" : "ltr"} locale={rtl ? arEG : enUS} theme={sufraTheme(dark, rtl)}>
      <AntApp
        message={NOTICE_CONFIG}
        notification={NOTICE_CONFIG}
        className={dark ? "sufra-dark" : "sufra-light"}
        style={{ minBlockSize: "100vh", background: dark ? "#17120E" : "#FFFBF5" }}
      >
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}

export default AntdRoot;
