// A post opened from the calendar: its status and time (with the Hijri date), the caption, each
// network's part with its own status (and why it waits or failed), where each published copy can be
// seen, and the way to edit it (or, once published, to start a new draft from it).
import { isPostEditable, isPostStatus } from "@sufra/schema";
import { Button, Descriptions, Drawer, Empty, Grid, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ScheduleCalendarPostFragment } from "../../../graphql/graphql.ts";
import { formatDateTime, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LinkButton } from "../../../shared/RouteButton.tsx";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { SCHEDULE_NS } from "../i18n.ts";
import {
  POST_STATUS_COLORS,
  postStatusLabel,
  TARGET_STATUS_COLORS,
  targetStatusLabel,
} from "../../../shared/postStatus.ts";
import { postTime } from "./EventBody.tsx";
import { CAMPAIGNS_NS, PostCampaignAction } from "../../campaigns/index.ts";
import { NetworkLink, POSTS_NS, PostThumb, useDuplicatePost } from "../../posts/index.ts";
import { platformKey, postStatusKey } from "../../../graphql/enumKeys.ts";

interface Props {
  post: ScheduleCalendarPostFragment | null;
  open: boolean;
  onClose: () => void;
  /** The post's campaign changed here ("Add to campaign"): a filtered calendar fetches again. */
  onChanged?: () => void;
}

export function PostDrawer({ post, open, onClose, onChanged }: Props) {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().sm;
  const status = post && postStatusKey[post.status];
  const editable = !!status && isPostStatus(status) && isPostEditable(status);
  const when = post && postTime(post);
  const sent = post?.status === "PUBLISHED" || post?.status === "PARTIALLY_PUBLISHED";
  const [duplicate, duplicating] = useDuplicatePost();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("drawer.title")}
      placement={locale === "ar" ? "left" : "right"}
      size={small ? "100%" : 420}
      destroyOnHidden
      footer={
        post && editable ? (
          <LinkButton to={`/posts/${post.id}/edit`} testId="edit-post">
            {t("drawer.edit")}
          </LinkButton>
        ) : post && sent ? (
          <Space wrap>
            <Button disabled={duplicating} onClick={() => void duplicate(post.id)} data-testid="duplicate-post">
              {t("duplicate.action", { ns: POSTS_NS })}
            </Button>
            {post.media.length > 0 && (
              <Button disabled={duplicating} onClick={() => void duplicate(post.id, true)} data-testid="reuse-media">
                {t("duplicate.reuse", { ns: POSTS_NS })}
              </Button>
            )}
          </Space>
        ) : null
      }
      data-testid="post-drawer"
    >
      {!post ? (
        <Empty description={t("drawer.notFound")} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: "status",
                label: t("drawer.status"),
                children: (
                  <Tag variant="solid" color={POST_STATUS_COLORS[post.status]}>
                    {postStatusLabel(post.status, locale)}
                  </Tag>
                ),
              },
              ...(when
                ? [
                    {
                      key: "time",
                      label: t("drawer.time"),
                      children: (
                        <span>
                          <time dateTime={when}>{formatDateTime(when, locale)}</time>{" "}
                          <Typography.Text type="secondary">({formatHijri(when, locale)})</Typography.Text>
                        </span>
                      ),
                    },
                  ]
                : []),
              {
                key: "campaign",
                label: t("calendar.current", { ns: CAMPAIGNS_NS }),
                children: <PostCampaignAction post={post} onChanged={onChanged} />,
              },
            ]}
          />
          <Typography.Title level={5}>{t("drawer.caption")}</Typography.Title>
          <Typography.Paragraph className="sufra-drawer-caption" dir="auto" data-testid="drawer-caption">
            {post.content || t("drawer.noCaption")}
          </Typography.Paragraph>
          {post.media.length > 0 && (
            <div className="sufra-drawer-media">
              <PostThumb media={post.media} caption={post.content} size={72} />
            </div>
          )}
          <Typography.Title level={5}>{t("drawer.networks")}</Typography.Title>
          <ul className="sufra-drawer-targets">
            {post.targets.map((target) => (
              <li
                key={target.id}
                className="sufra-drawer-target"
                data-testid={`target-${platformKey[target.platform]}`}
              >
                <div className="sufra-drawer-target-head">
                  <PlatformIcon platform={target.platform} />
                  <Typography.Text strong>{platformLabel(target.platform, locale)}</Typography.Text>
                  {target.handle && (
                    <Typography.Text type="secondary">
                      <bdi dir="ltr">@{target.handle}</bdi>
                    </Typography.Text>
                  )}
                  <Tag variant="solid" color={TARGET_STATUS_COLORS[target.status]}>
                    {targetStatusLabel(target.status, locale)}
                  </Tag>
                  {target.demo && <Tag>{t("drawer.demo")}</Tag>}
                </div>
                {target.error && <Typography.Text type="danger">{target.error}</Typography.Text>}
                {/* a simulated copy has no page on the real network: a label, not a link */}
                <NetworkLink target={target} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}
