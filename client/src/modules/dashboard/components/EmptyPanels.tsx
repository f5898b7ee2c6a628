// Honest empty states: where posts, reach and connected platforms will appear once they exist.
import { Card, Empty, Flex, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

export function InsightsEmpty() {
  const { t } = useTranslation("dashboard");
  return (
    <Card title={t("insights.title")} className="sufra-card">
      <Empty description={t("insights.empty")} />
    </Card>
  );
}

/** The platforms a business has connected, by name; none yet says so, and when connecting comes. */
export function ConnectedPlatforms({ platforms = [] }: { platforms?: readonly string[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Card title={t("platforms.title")} className="sufra-card" data-testid="connected-platforms">
      {platforms.length ? (
        <Flex wrap gap={8}>
          {platforms.map((p) => (
            <Tag key={p}>
              <bdi>{p}</bdi>
            </Tag>
          ))}
        </Flex>
      ) : (
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
      )}
    </Card>
  );
}
