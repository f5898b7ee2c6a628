// One post on the calendar: its networks' icons, its time in Kuwait and the caption's first words.
import type { Locale } from "@sufra/schema";
import type { ScheduleCalendarPostFragment } from "../../../graphql/graphql.ts";
import { PlatformIcon } from "../../platforms/platformMeta.tsx";
import { excerpt, postStatusLabel } from "../postStatus.ts";
import { formatKuwaitTime } from "../time.ts";

/** When a post sits on the calendar: when it went out once published, else when it is due. */
export const postTime = (p: Pick<ScheduleCalendarPostFragment, "status" | "scheduledFor" | "publishedAt">) =>
  p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED" ? (p.publishedAt ?? p.scheduledFor) : (p.scheduledFor ?? p.publishedAt);

export function EventBody({ post, locale }: { post: ScheduleCalendarPostFragment; locale: Locale }) {
  const when = postTime(post);
  return (
    <div className="sufra-event-body" data-testid={`event-${post.id}`}>
      <span className="sufra-visually-hidden">{postStatusLabel(post.status, locale)}</span>
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
    </div>
  );
}
