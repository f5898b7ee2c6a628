// Honest empty states: where posts, reach and connected platforms will appear once they exist.
import { Card, Empty, Typography } from "antd";
import { useTranslation } from "react-i18next";

export function InsightsEmpty() {
  const { t } = useTranslation("dashboard");
  return (
    <Card title={t("insights.title")} className="sufra-card">
      <Empty description={t("insights.empty")} />
    </Card>
  );
}

export function ConnectedPlatforms() {
  const { t } = useTranslation("dashboard");
  return (
    <Card title={t("platforms.title")} className="sufra-card">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text>{t("platforms.none")}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t("platforms.later")}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
