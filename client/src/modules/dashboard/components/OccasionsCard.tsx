// The studio's suggestions: Kuwait's occasions in the next 60 days (upcomingOccasions, Umm al-Qura
// with the admins' corrections), each as "Eid al-Fitr in 12 days: plan 3 posts" with its dates and a
// link to the calendar on that day, for those who may open the calendar (an owner sees the
// suggestions; the business's people plan the posts).
import { useQuery } from "@apollo/client/react";
import { mayOpen, UPCOMING_OCCASIONS_DEFAULT_DAYS } from "@sufra/schema";
import { Alert, Button, Card, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { DashboardUpcomingOccasionsDocument } from "../../../graphql/graphql.ts";
import { formatDate, formatHijri, formatNumber, partSeparator } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/useLocale.ts";

export function OccasionsCard() {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const { user } = useSession();
  const canPlan = !!user && mayOpen(user.role, "/schedule");
  const { data, error, refetch } = useQuery(DashboardUpcomingOccasionsDocument, {
    variables: { days: UPCOMING_OCCASIONS_DEFAULT_DAYS },
    fetchPolicy: "cache-and-network",
  });
  const list = data?.upcomingOccasions;

  let body;
  if (list)
    body = list.length ? (
      <ul className="sufra-activity" data-testid="occasion-suggestions">
        {list.slice(0, 4).map((o) => {
          const name = locale === "ar" ? o.nameAr : o.nameEn;
          const posts = t("occasions.posts", { count: o.suggestedPosts, n: formatNumber(o.suggestedPosts, locale) });
          const day = `${o.date}T12:00:00+03:00`;
          return (
            <li key={`${o.occasionKey}-${o.date}`}>
              <Typography.Text strong>
                {o.daysUntil === 0
                  ? t("occasions.today", { name, posts })
                  : t("occasions.suggestion", {
                      name,
                      posts,
                      count: o.daysUntil,
                      days: formatNumber(o.daysUntil, locale),
                    })}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                <time dateTime={o.date}>{formatDate(day, locale, "long")}</time>
                {partSeparator(locale)}
                {formatHijri(day, locale)}
              </Typography.Text>
              {canPlan && (
                <>
                  {" "}
                  <Link className="sufra-occasion-plan" to={`/schedule?date=${o.date}`}>
                    {t("occasions.plan")}
                  </Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    ) : (
      <Typography.Text type="secondary">
        {t("occasions.none", { within: formatNumber(UPCOMING_OCCASIONS_DEFAULT_DAYS, locale) })}
      </Typography.Text>
    );
  else if (error)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t("occasions.loadFailed")}
        action={
          <Button size="small" onClick={() => void refetch().catch(() => {})}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  else body = <Skeleton active paragraph={{ rows: 2 }} />;

  return (
    <Card title={t("occasions.title")} className="sufra-card" data-testid="upcoming-occasions">
      {body}
    </Card>
  );
}
