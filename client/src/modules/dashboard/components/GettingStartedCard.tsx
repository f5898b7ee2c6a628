// The client dashboard's getting-started checklist: the business's first steps, each checked off by
// what it has actually done (the server decides, from its data), with a link to where each open step
// gets done. Shown while any step is open; gone once all are done. A step outside the plan (team on
// Basic and Professional) reads "Available on Premium" and does not count; a network the server's
// operator has not set up is said plainly, with nothing to click.
import { CheckCircleFilled, ClockCircleOutlined } from "@ant-design/icons";
import { useQuery } from "@apollo/client/react";
import { Card, Progress, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { GettingStartedDocument, type GettingStartedQuery } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { GETTING_STARTED_NS } from "../getting-started/i18n.ts";
import "../getting-started/getting-started.css";
import { gettingStartedStepKeyKey } from "../../../graphql/enumKeys.ts";

type Step = GettingStartedQuery["gettingStarted"]["steps"][number];

const GETTING_STARTED_TITLE_ID = "getting-started-title";

export function GettingStartedCard() {
  const { t } = useTranslation(GETTING_STARTED_NS);
  const locale = useLocale();
  const { data } = useQuery(GettingStartedDocument, { fetchPolicy: "cache-and-network" });
  const list = data?.gettingStarted;
  // nothing to show while loading, on a failure (the rest of the dashboard carries on) or once all is done
  if (!list || list.done >= list.total) return null;

  const hint = (s: Step): string | null => {
    if (s.key === "TEAM" && !s.available) return null;
    if (s.done) return null;
    if (s.key === "PROFILE")
      return s.missing.length
        ? t("hints.PROFILE", {
            missing: new Intl.ListFormat(locale, { type: "conjunction" }).format(s.missing.map((m) => t(`needs.${m}`))),
          })
        : null;
    if (s.key === "CONNECT" && s.operatorNeeded) return t("hints.CONNECT_OPERATOR");
    return t(`hints.${s.key}`);
  };

  return (
    <section aria-labelledby={GETTING_STARTED_TITLE_ID}>
      <Card
        className="sufra-card"
        data-testid="getting-started"
        title={
          <Typography.Title level={2} id={GETTING_STARTED_TITLE_ID} className="sufra-getting-started-title">
            {t("title")}
          </Typography.Title>
        }
        extra={
          <Typography.Text data-testid="getting-started-progress">
            {t("progress", { done: formatNumber(list.done, locale), total: formatNumber(list.total, locale) })}
          </Typography.Text>
        }
      >
        <Progress percent={Math.round((list.done / list.total) * 100)} showInfo={false} aria-hidden="true" />
        <ol className="sufra-getting-started-steps">
          {list.steps.map((s) => {
            const label = t(`steps.${s.key}`);
            const text = hint(s);
            const linked = !s.done && s.available && s.route && !s.operatorNeeded;
            return (
              <li
                key={s.key}
                className="sufra-getting-started-step"
                data-done={s.done}
                data-testid={`getting-started-${gettingStartedStepKeyKey[s.key]}`}
              >
                <span className="sufra-getting-started-mark" aria-hidden="true">
                  {s.done ? <CheckCircleFilled /> : <ClockCircleOutlined />}
                </span>
                <span>
                  {linked ? (
                    <Link to={s.route!} className="sufra-getting-started-label">
                      {label}
                    </Link>
                  ) : (
                    <span className="sufra-getting-started-label">{label}</span>
                  )}
                  {s.done && <span className="sufra-visually-hidden"> ({t("done")})</span>}{" "}
                  {s.key === "TEAM" && !s.available && (
                    <Tag variant="solid" color={TAG_COLORS.neutral}>
                      {t("hints.TEAM_PLAN")}
                    </Tag>
                  )}
                  {text && (
                    <Typography.Paragraph type="secondary" className="sufra-getting-started-hint">
                      {text}
                    </Typography.Paragraph>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
    </section>
  );
}
