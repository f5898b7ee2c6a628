// The greeting: the person's name, their business and its status, and what that status means.
import { Alert, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Note } from "../../../shared/Note.tsx";
import { TAG_COLORS, type TagTone } from "../../../shared/tagColors.ts";
import type { DashboardBusiness } from "../data.ts";

const STATUS_TONES: Record<string, TagTone> = {
  PENDING: "warning",
  ACTIVE: "success",
  SUSPENDED: "danger",
  REJECTED: "danger",
};

function BusinessStatusTag({ status }: { status: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <Tag variant="solid" color={TAG_COLORS[STATUS_TONES[status] ?? "neutral"]}>
      {t(`businessStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function Welcome({
  name,
  business,
  subtitle,
}: {
  name: string;
  business: DashboardBusiness | null;
  subtitle?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <header className="sufra-welcome">
      <Typography.Title level={1} className="sufra-page-title">
        {t("welcome", { name })}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {business ? (
        <div className="sufra-business-line">
          <Typography.Text type="secondary">{t("business")}:</Typography.Text>{" "}
          <Typography.Text strong data-testid="business-name">
            <bdi>{business.companyName}</bdi>
          </Typography.Text>{" "}
          <BusinessStatusTag status={business.status} />
        </div>
      ) : (
        <Note title={t("noBusiness")} />
      )}
      {business && business.status !== "ACTIVE" && (
        <Alert
          className="sufra-block-gap"
          type={business.status === "PENDING" ? "info" : "error"}
          showIcon
          title={t(`notice.${business.status}`, { defaultValue: "" })}
        />
      )}
    </header>
  );
}
