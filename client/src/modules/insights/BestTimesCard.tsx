// The client dashboard's "Best times to post": the heat map of the week (from the business's own
// posts once it has enough, Kuwait food-and-beverage defaults until then, Ramadan's hours in
// Ramadan) and the next suggested times, each a link that opens the composer at that time.
import { LoadError, Loading } from "../../shared/LoadError.tsx";
import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Note } from "../../shared/Note.tsx";
import { formatNumber, partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { INSIGHTS_NS } from "./i18n.ts";
import { PostingHeatmap } from "./PostingHeatmap.tsx";
import { slotName } from "../../shared/time.ts";
import { reasonKey, usePostingInsights } from "./data.ts";
import "./i18n.ts";

/** How many of the coming suggested times the card lists. */
const LISTED = 3;
/** The lookback of the business's own figures (INSIGHTS_LOOKBACK_DAYS on the server). */
const LOOKBACK_DAYS = 90;

export function BestTimesCard() {
  const { t } = useTranslation(INSIGHTS_NS);
  const locale = useLocale();
  const { data, error, refetch } = usePostingInsights();
  const insights = data?.postingInsights;

  let body;
  if (insights) {
    const n = formatNumber(insights.postsAnalysed, locale);
    const coming = insights.suggestions.filter((s) => Date.parse(s.at) > Date.now()).slice(0, LISTED);
    body = (
      <div className="sufra-best-times">
        <Typography.Text type="secondary" data-testid="best-times-source">
          {insights.source === "OWN"
            ? t("own", { count: insights.postsAnalysed, n, days: formatNumber(LOOKBACK_DAYS, locale) })
            : insights.simulatedPosts > 0
              ? // simulated figures (demo, practice) never count: say so, or "0 so far" looks wrong beside them
                t("defaultsSimulated", {
                  min: formatNumber(insights.minPosts, locale),
                  n,
                  count: insights.simulatedPosts,
                  sim: formatNumber(insights.simulatedPosts, locale),
                })
              : t("defaults", { min: formatNumber(insights.minPosts, locale), n })}
        </Typography.Text>
        {insights.ramadan && <Note title={t("ramadan")} data-testid="best-times-ramadan" />}
        <PostingHeatmap cells={insights.cells} best={insights.best} />
        <Typography.Text strong>{t("next")}</Typography.Text>
        {coming.length ? (
          <ul className="sufra-best-list" data-testid="best-times-next">
            {coming.map((s) => {
              const time = slotName(s.at, locale);
              return (
                <li key={s.at}>
                  {/* the name read aloud starts with what is shown (WCAG 2.5.3), then says what the link does */}
                  <Link to={`/posts/new?at=${encodeURIComponent(s.at)}`}>
                    <time dateTime={s.at}>{time}</time>
                    {partSeparator(locale)}
                    {t(reasonKey(s.reason))}
                    <span className="sufra-visually-hidden">
                      {partSeparator(locale)}
                      {t("schedule", { time })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t("noneSoon")}</Typography.Text>
        )}
      </div>
    );
  } else if (error)
    body = (
      <LoadError
        title={t("loadFailed")}
        onRetry={() => refetch().catch(() => {})}
        type="warning"
        testId="best-times-error"
      />
    );
  else body = <Loading label={t("loading")} rows={4} />;

  return (
    <Card title={t("title")} className="sufra-card" data-testid="best-times">
      {body}
    </Card>
  );
}
