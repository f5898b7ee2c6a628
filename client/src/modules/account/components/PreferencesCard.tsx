// Preferences kept on this device (docs/product.md#data-shapes): language (also saved to the account, so e-mails follow
// it), theme, and which digits Arabic text uses.
import { LOCALES, type Locale } from "@sufra/schema";
import { App, Card, Form, Radio, Segmented, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { setThemePreference, THEMES, useTheme, type ThemePreference } from "../../../lib/preferences.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatMoney, latinDigits, setLatinDigits } from "../../../lib/format.ts";
import { saveLanguage } from "../data.ts";

export function PreferencesCard() {
  const { t, i18n } = useTranslation("account");
  const locale = useLocale();
  const { message } = App.useApp();
  const { preference } = useTheme();
  const [latin, setLatin] = useState(latinDigits);

  const changeLanguage = async (next: Locale) => {
    await i18n.changeLanguage(next);
    try {
      await saveLanguage(next);
      void message.success(i18n.t("settings.languageSaved", { ns: "account" }));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const changeDigits = (next: boolean) => {
    setLatinDigits(next);
    setLatin(next);
    void message.success(t("settings.digitsSaved"));
  };

  return (
    <Card title={t("settings.preferences")} className="sufra-account-card">
      <Form layout="vertical" component="div">
        <Form.Item label={<span id="pref-language">{t("settings.language")}</span>} extra={t("settings.languageHint")}>
          <Radio.Group
            aria-labelledby="pref-language"
            value={locale}
            onChange={(e) => void changeLanguage(e.target.value as Locale)}
            options={LOCALES.map((l) => ({
              value: l,
              label: <span lang={l}>{t(`language.${l}`, { ns: "common" })}</span>,
            }))}
            data-testid="language-choice"
          />
        </Form.Item>
        <Form.Item label={<span id="pref-theme">{t("settings.theme")}</span>}>
          <Segmented<ThemePreference>
            aria-labelledby="pref-theme"
            value={preference}
            onChange={(v) => setThemePreference(v)}
            options={THEMES.map((v) => ({ value: v, label: t(`theme.${v}`, { ns: "common" }) }))}
            data-testid="theme-choice"
          />
        </Form.Item>
        <Form.Item
          label={<span id="pref-digits">{t("settings.digits")}</span>}
          extra={
            <>
              {t("settings.digitsExample")}{" "}
              <Typography.Text lang="ar" dir="rtl">
                <bdi>{formatMoney(2.75, "ar")}</bdi>
              </Typography.Text>
            </>
          }
        >
          <Radio.Group
            aria-labelledby="pref-digits"
            value={latin ? "latn" : "arab"}
            onChange={(e) => changeDigits(e.target.value === "latn")}
            options={[
              { value: "arab", label: t("settings.digitsArab") },
              { value: "latn", label: t("settings.digitsLatn") },
            ]}
            data-testid="digits-choice"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
