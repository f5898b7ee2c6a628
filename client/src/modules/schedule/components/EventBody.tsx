// One post on the calendar: its networks' icons, its time in Kuwait and the caption's first words. A
// post with media shows a tiny thumbnail in the week and day views; the month's crowded cells get only
// an icon (no image to load), so a month of posts stays light. Its approval shows as a tag once it has one,
// or always in a café that approves posts (docs/product.md#agencies-and-approvals).
import { PictureOutlined, VideoCameraOutlined } from "@ant-design/icons";
import type { Locale } from "@sufra/schema";
import { useTranslation } from "react-i18next";
import type { ScheduleCalendarPostFragment } from "../../../graphql/graphql.ts";
import { PlatformIcon } from "../../../shared/platformMeta.tsx";
import { POSTS_NS, PostThumb, thumbAlt } from "../../posts/index.ts";
import { ApprovalTag } from "../../approvals/index.ts";
import { excerpt, postStatusLabel } from "../../../shared/postStatus.ts";
import { formatKuwaitTime } from "../time.ts";

/** When a post sits on the calendar: when it went out once published, else when it is due. */
export const postTime = (p: Pick<ScheduleCalendarPostFragment, "status" | "scheduledFor" | "publishedAt">) =>
  p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED"
    ? (p.publishedAt ?? p.scheduledFor)
    : (p.scheduledFor ?? p.publishedAt);

export function EventBody({
  post,
  locale,
  month = false,
  approvalRequired = false,
}: {
  post: ScheduleCalendarPostFragment;
  locale: Locale;
  month?: boolean;
  approvalRequired?: boolean;
}) {
  const { t } = useTranslation(POSTS_NS);
  const when = postTime(post);
  const first = post.media[0];
  return (
    <div className="sufra-event-body" data-testid={`event-${post.id}`}>
      <span className="sufra-visually-hidden">{postStatusLabel(post.status, locale)}</span>
      {first && !month && <PostThumb media={post.media} size={24} />}
      {first && month && (
        <span
          className="sufra-event-media"
          role="img"
          aria-label={thumbAlt(t, first.kind)}
          data-testid="event-media-icon"
        >
          {first.kind === "VIDEO" ? <VideoCameraOutlined /> : <PictureOutlined />}
        </span>
      )}
      <span className="sufra-event-icons">
        {post.platforms.map((p) => (
          <PlatformIcon key={p} platform={p} />
        ))}
      </span>
      {when && (
        <time className="sufra-event-time" dateTime={when}>
          {formatKuwaitTime(when, locale)}
        </time>
      )}
      <span className="sufra-event-caption" dir="auto">
        {excerpt(post.content, 40)}
      </span>
      <ApprovalTag state={post.approval} required={approvalRequired} testId={`event-approval-${post.id}`} />
    </div>
  );
}
