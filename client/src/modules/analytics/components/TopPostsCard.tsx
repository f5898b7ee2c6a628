// The range's best posts, ranked by what the person picks (engagement by default).
import { useQuery } from "@apollo/client/react";
import { Card, Empty, Select, Skeleton } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { AnalyticsTopPostsListDocument, type AnalyticsTopPostsSort } from "../../../graphql/graphql.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import type { RangeVariables } from "../model.ts";
import { TopPostsList } from "./TopPostsList.tsx";

const SORTS: AnalyticsTopPostsSort[] = ["ENGAGEMENT", "REACH", "VIEWS", "LIKES", "COMMENTS", "SHARES"];
/** How many posts the card lists. */
const TOP_POSTS_SHOWN = 10;

export function TopPostsCard({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const sortId = useId();
  const [sort, setSort] = useState<AnalyticsTopPostsSort>("ENGAGEMENT");
  const { data, previousData, error, refetch } = useQuery(AnalyticsTopPostsListDocument, {
    variables: { ...variables, sort, limit: TOP_POSTS_SHOWN },
    fetchPolicy: "cache-and-network",
  });
  const shown = (data ?? previousData)?.analyticsTopPosts;

  let body;
  if (error && !shown)
    body = <LoadError title={t("topPosts.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!shown) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (!shown.posts.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("topPosts.none")} />;
  else body = <TopPostsList posts={shown.posts} testId="top-posts-list" />;

  return (
    <Card
      className="sufra-analytics-section"
      title={t("topPosts.title")}
      extra={
        <span className="sufra-analytics-filter">
          <label className="sufra-visually-hidden" htmlFor={sortId}>
            {t("topPosts.sort")}
          </label>
          <Select<AnalyticsTopPostsSort>
            id={sortId}
            size="small"
            value={sort}
            onChange={setSort}
            options={SORTS.map((s) => ({ value: s, label: `${t("topPosts.sort")}: ${t(`topPosts.sorts.${s}`)}` }))}
            popupMatchSelectWidth={false}
            data-testid="sort-select"
          />
        </span>
      }
      data-testid="top-posts"
    >
      {body}
    </Card>
  );
}
