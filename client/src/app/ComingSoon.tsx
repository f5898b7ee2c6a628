// For screens planned for a later phase: says so, in the person's language.
import { ClockCircleOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { useTranslation } from "react-i18next";

export function ComingSoon({ feature }: { feature: string }) {
  const { t } = useTranslation();
  return <Result icon={<ClockCircleOutlined />} title={t("comingSoon.title")} subTitle={t("comingSoon.text", { feature })} />;
}
