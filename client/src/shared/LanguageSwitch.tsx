// The language switch for antd screens (auth pages, app shell): English | العربية.
import { GlobalOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.resolvedLanguage === "ar" ? "en" : "ar";
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      onClick={() => void i18n.changeLanguage(next)}
      lang={next}
      aria-label={`${t("language.label")}: ${t(`language.${next}`)}`}
      data-testid="lang-switch"
    >
      {t("language.switchTo")}
    </Button>
  );
}
