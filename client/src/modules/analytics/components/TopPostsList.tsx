// Posts with their figures: a table on wide screens, cards on a phone; each links to the post on every
// network it went to. Used by "Top posts" and by each network's tab.
import { Grid, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AnalyticsTopPostFieldsFragment } from "../../../graphql/graphql.ts";
import { formatDate, formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { ANALYTICS_NS } from "../i18n.ts";
import { occasionLabel } from "../model.ts";

type TopPost = AnalyticsTopPostFieldsFragment;
// clicks: taps on the post's caption links (Sufra's short links) in the range
const FIGURES = ["reach", "views", "likes", "comments", "shares", "engagement", "clicks"] as const;

function PostText({ post }: { post: TopPost }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <div className="sufra-top-post-text">
      <Typography.Text dir="auto">{post.excerpt || t("topPosts.noText")}</Typography.Text>
      <div>
        <Tag>{occasionLabel(post.occasion, locale)}</Tag>
        {post.campaignName && (
          <Tag>
            {t("topPosts.campaign")}: <bdi>{post.campaignName}</bdi>
          </Tag>
        )}
      </div>
    </div>
  );
}

function PostLinks({ post }: { post: TopPost }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <span className="sufra-top-post-links">
      {post.byPlatform.map((p) =>
        p.permalink ? (
          // the name read aloud starts with the network shown (WCAG 2.5.3) and says what the link does
          <a
            key={p.platform}
            href={p.permalink}
            target="_blank"
            rel="noreferrer"
            className="sufra-nowrap"
            aria-label={t("topPosts.open", { network: platformLabel(p.platform, locale) })}
            data-testid="permalink"
          >
            <PlatformIcon platform={p.platform} /> <bdi>{platformLabel(p.platform, locale)}</bdi>
          </a>
        ) : (
          <PlatformIcon key={p.platform} platform={p.platform} label={platformLabel(p.platform, locale)} />
        ),
      )}
    </span>
  );
}

export function TopPostsList({ posts, testId }: { posts: readonly TopPost[]; testId?: string }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const wide = !!Grid.useBreakpoint().md;
  const published = (p: TopPost) => <time dateTime={p.publishedAt}>{formatDate(p.publishedAt, locale)}</time>;

  if (!wide)
    return (
      <ul className="sufra-top-posts-cards" data-testid={testId}>
        {posts.map((p) => (
          <li key={p.postId} className="sufra-top-post-card" data-testid="top-post">
            <PostText post={p} />
            <Typography.Text type="secondary">{published(p)}</Typography.Text>
            <ul className="sufra-top-post-figures">
              {FIGURES.map((f) => (
                <li key={f}>
                  {t(`metrics.${f}`)}: <strong>{formatNumber(p[f], locale)}</strong>
                </li>
              ))}
              <li>
                {t("metrics.engagementRate")}:{" "}
                <strong>{p.engagementRate == null ? "—" : formatPercent(p.engagementRate, locale)}</strong>
              </li>
            </ul>
            <PostLinks post={p} />
          </li>
        ))}
      </ul>
    );

  // the region scrolls sideways, not antd's table: a region can take focus, so a keyboard can scroll
  // it even when no post has a link to tab to (axe's scrollable-region-focusable)
  return (
    <div className="sufra-top-posts-scroll" role="region" aria-label={t("topPosts.table")} tabIndex={0}>
      <Table<TopPost>
        data-testid={testId}
        rowKey="postId"
        size="small"
        pagination={false}
        style={{ minInlineSize: 980 }}
        dataSource={[...posts]}
        onRow={() => ({ "data-testid": "top-post" }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: "post", title: t("topPosts.post"), width: 280, render: (_, p) => <PostText post={p} /> },
          { key: "published", title: t("topPosts.published"), render: (_, p) => published(p) },
          { key: "networks", title: t("topPosts.networks"), render: (_, p) => <PostLinks post={p} /> },
          ...FIGURES.map((f) => ({
            key: f,
            title: t(`metrics.${f}`),
            align: "end" as const,
            render: (_: unknown, p: TopPost) => formatNumber(p[f], locale),
          })),
          {
            key: "rate",
            title: t("metrics.engagementRate"),
            align: "end" as const,
            render: (_, p) => (p.engagementRate == null ? "—" : formatPercent(p.engagementRate, locale)),
          },
        ]}
      />
    </div>
  );
}
