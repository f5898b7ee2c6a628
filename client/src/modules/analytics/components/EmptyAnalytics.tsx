// The empty page teaches (docs/product.md#look-and-feel): what it will show once posts are published, and the two ways to
// get there; a period or campaign without posts says so and offers a longer period.
import { BarChartOutlined } from "@ant-design/icons";
import { Button, Card, Result, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatNumber, localDigits } from "../../../lib/format.ts";
import { LinkButton } from "../../../shared/RouteButton.tsx";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";

/** `narrowed`: posts may exist outside the period or campaign chosen (offer the last 90 days). */
export function EmptyAnalytics({ narrowed, onLonger }: { narrowed: boolean; onLonger: () => void }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <Card data-testid="analytics-empty">
      <Result
        icon={<BarChartOutlined />}
        title={narrowed ? t("empty.periodTitle") : t("empty.title")}
        subTitle={
          <>
            <p>{t("empty.text")}</p>
            {narrowed && <p>{localDigits(t("empty.periodText"), locale)}</p>}
          </>
        }
        extra={
          <Space wrap>
            <LinkButton to="/posts/new" testId="empty-create">
              {t("empty.create")}
            </LinkButton>
            <Link to="/settings" data-testid="empty-connect">
              {t("empty.connect")}
            </Link>
            {narrowed && (
              <Button type="link" onClick={onLonger} data-testid="show-longer">
                {t("empty.longer", { n: formatNumber(90, locale) })}
              </Button>
            )}
          </Space>
        }
      />
    </Card>
  );
}
