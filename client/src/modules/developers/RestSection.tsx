// The REST reference inside the public developer page: RestReference is built with antd, which the
// public site does not load, so this chunk brings antd's direction, locale and Sufra's (light) theme
// with it, as AntdRoot does for the app. Loaded only when the reader opens the reference.
import { ConfigProvider } from "antd";
import arEG from "antd/locale/ar_EG";
import enUS from "antd/locale/en_US";
import { useTranslation } from "react-i18next";
import { sufraTheme } from "../../app/theme.ts";
import RestReference from "./RestReference.tsx";

export default function RestSection() {
  const { i18n } = useTranslation();
  const rtl = i18n.resolvedLanguage === "ar";
  return (
    <ConfigProvider direction={rtl ? "rtl" : "ltr"} locale={rtl ? arEG : enUS} theme={sufraTheme(false, rtl)}>
      <RestReference />
    </ConfigProvider>
  );
}
