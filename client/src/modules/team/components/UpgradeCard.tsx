// What a business not on Premium sees instead of the team or API keys: why, the three plans side by
// side (Premium's team collaboration and API access marked), its current plan, and the way to upgrade
// (the Billing page's plan change, docs/product.md#subscriptions-and-billing). Shared by the team and API keys pages.
import { isPlanId, PLAN_IDS, PLANS, type PlanId } from "@sufra/schema";
import { Card, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { RouteButton } from "../../../shared/RouteButton.tsx";
import { TEAM_NS } from "../i18n.ts";
import "../team.css";
import { planKeyOf } from "../../../graphql/enumKeys.ts";

const PREMIUM_KEYS = new Set(["team", "api"]);

export function UpgradeCard({ feature, plan }: { feature: "team" | "api"; plan?: string | null }) {
  const { t } = useTranslation(TEAM_NS);
  const locale = useLocale();
  const current = planKeyOf(plan);
  const currentPlan: PlanId | null = isPlanId(current) ? current : null;

  return (
    <Card className="sufra-upgrade" data-testid="upgrade-card">
      <Typography.Title level={2} className="sufra-upgrade-title">
        {t(feature === "team" ? "upgrade.teamTitle" : "upgrade.apiTitle")}
      </Typography.Title>
      <Typography.Paragraph>{t(feature === "team" ? "upgrade.teamText" : "upgrade.apiText")}</Typography.Paragraph>
      {currentPlan && (
        <Typography.Paragraph type="secondary" data-testid="current-plan">
          {t("upgrade.yourPlan")}: <strong>{PLANS[currentPlan].name[locale]}</strong>
        </Typography.Paragraph>
      )}
      <ul className="sufra-plan-compare" aria-label={t("upgrade.compare")}>
        {PLAN_IDS.map((id) => {
          const p = PLANS[id];
          const premium = id === "premium";
          return (
            <li
              key={id}
              className={premium ? "sufra-plan sufra-plan-premium" : "sufra-plan"}
              data-testid={`plan-${id}`}
            >
              <div className="sufra-plan-head">
                <Typography.Text strong>{p.name[locale]}</Typography.Text>
                {id === currentPlan && <Tag>{t("upgrade.current")}</Tag>}
              </div>
              <Typography.Text type="secondary">
                <bdi>{formatMoney(p.priceKwd, locale)}</bdi> {t("upgrade.perMonth")}
              </Typography.Text>
              <ul className="sufra-plan-features">
                {p.features.map((f) => (
                  <li key={f.key} className={premium && PREMIUM_KEYS.has(f.key) ? "sufra-plan-highlight" : undefined}>
                    {f.label[locale]}
                  </li>
                ))}
              </ul>
              {premium && <Typography.Text className="sufra-plan-note">{t("upgrade.includes")}</Typography.Text>}
            </li>
          );
        })}
      </ul>
      <div className="sufra-upgrade-action">
        <RouteButton to="/billing" type="primary" testId="upgrade-contact">
          {t("upgrade.contact")}
        </RouteButton>
        <Typography.Text type="secondary">{t("upgrade.contactHint")}</Typography.Text>
      </div>
    </Card>
  );
}
