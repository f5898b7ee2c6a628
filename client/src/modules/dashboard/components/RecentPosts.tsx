// The client's five latest posts: status, networks, the caption's first words, and when (how long
// ago or from now, with the Kuwait date and time). None yet: what will show here, and how to start.
import { Card, Empty, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDateTime, formatRelative, joinParts } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { excerpt, POST_STATUS_COLORS, postStatusLabel } from "../../../shared/postStatus.ts";
import type { RecentPost } from "../data.ts";

const timeOf = (p: RecentPost) =>
  (p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED"
    ? (p.publishedAt ?? p.scheduledFor)
    : p.scheduledFor) ?? p.updatedAt;

export function RecentPosts({ posts }: { posts: RecentPost[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Card title={t("recent.title")} className="sufra-card" data-testid="recent-posts">
      {posts.length ? (
        <ul className="sufra-activity">
          {posts.map((p) => {
            const when = timeOf(p);
            return (
              <li key={p.id} className="sufra-recent-post">
                <div className="sufra-recent-post-head">
                  <Tag variant="solid" color={POST_STATUS_COLORS[p.status]}>
                    {postStatusLabel(p.status, locale)}
                  </Tag>
                  <span className="sufra-recent-post-platforms">
                    {p.platforms.map((pl) => (
                      <PlatformIcon key={pl} platform={pl} label={platformLabel(pl, locale)} />
                    ))}
                  </span>
                  <time className="sufra-activity-time" dateTime={when}>
                    {joinParts([formatRelative(when, locale), formatDateTime(when, locale)], locale)}
                  </time>
                </div>
                <Typography.Text className="sufra-activity-text" dir="auto">
                  {excerpt(p.content, 90)}
                </Typography.Text>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text>{t("recent.empty")}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t("recent.emptyHint")}</Typography.Text>
            </>
          }
        >
          <Link to="/posts/new">{t("recent.create")}</Link>
        </Empty>
      )}
    </Card>
  );
}
