// The sign-in doors still drawn with antd (sign-up, password and e-mail links), under AuthRoot: antd's
// direction, locale and Sufra's theme, without what only the signed-in app uses (antd's App with its
// message, notification and modal hooks, dayjs). The login page is not under it: it has no antd.
import { ConfigProvider } from "antd";
import arEG from "antd/locale/ar_EG";
import enUS from "antd/locale/en_US";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { sufraTheme } from "./theme.ts";
import { useTheme } from "../lib/preferences.ts";

function AuthAntdRoot() {
  const {
    i18n: { resolvedLanguage },
  } = useTranslation();
  const rtl = resolvedLanguage === "ar";
  const { dark } = useTheme();
  return (
    <ConfigProvider direction={rtl ? "rtl" : "ltr"} locale={rtl ? arEG : enUS} theme={sufraTheme(dark, rtl)}>
      <Outlet />
    </ConfigProvider>
  );
}

export default AuthAntdRoot;
