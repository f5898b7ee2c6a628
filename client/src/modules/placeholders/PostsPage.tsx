// A screen planned for a later phase; it says so in the person's language.
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../app/ComingSoon.tsx";
import "./i18n.ts";

export default function PostsPage() {
  const { t } = useTranslation("placeholders");
  return <ComingSoon feature={t("posts")} />;
}
