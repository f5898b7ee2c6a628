// /profile: the person's name and e-mail, and changing the password.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { NameForm } from "./components/NameForm.tsx";
import { PasswordForm } from "./components/PasswordForm.tsx";
import "./i18n.ts";
import "./account.css";

export default function ProfilePage() {
  const { t } = useTranslation("account");
  return (
    <div className="sufra-account-page">
      <Typography.Title level={1} className="sufra-page-title">
        {t("profile.title")}
      </Typography.Title>
      <NameForm />
      <PasswordForm />
    </div>
  );
}
