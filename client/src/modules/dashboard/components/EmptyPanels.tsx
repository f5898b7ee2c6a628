// Honest empty states: the connected platforms, by name, or none yet said plainly.
import { Card, Empty, Flex, Tag, Typography } from "antd";
import { platformLabel } from "@sufra/schema";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";

/** The platforms a business has connected, by name; none yet says so, and when connecting comes. */
export function ConnectedPlatforms({ platforms = [] }: { platforms?: readonly string[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Card title={t("platforms.title")} className="sufra-card" data-testid="connected-platforms">
      {platforms.length ? (
        <Flex wrap gap={8}>
          {platforms.map((p) => (
            <Tag key={p}>
              <bdi>{platformLabel(p, locale)}</bdi>
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
