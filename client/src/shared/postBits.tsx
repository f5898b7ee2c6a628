// Small pieces the posts screens share: a network's icon and name, the post and target status tags,
// the Kuwait date with the Hijri date beside it, and the GraphQL <-> @sufra/schema name conversions.
// Shared by the posts and campaign screens.
import {
  isPlatformName,
  messageText,
  PLATFORM_LABELS,
  postStatusKey,
  targetStatusKey,
  type PlatformName,
  type PostStatus as SchemaPostStatus,
  type TargetStatus as SchemaTargetStatus,
} from "@sufra/schema";
import type { TagTone } from "./tagColors.ts";
import { ToneTag } from "./ToneTag.tsx";
import type { Platform, PostStatus, TargetStatus } from "../graphql/graphql.ts";
// the generated maps share their names with @sufra/schema's message keys, which keep theirs here
import {
  platformFromKey,
  platformKey,
  postStatusKey as gqlPostStatusKey,
  targetStatusKey as gqlTargetStatusKey,
} from "../graphql/enumKeys.ts";
import { formatDateTime, formatHijri } from "../lib/format.ts";
import { useLocale } from "../lib/useLocale.ts";
import { NETWORK_META } from "../networks/meta.ts";

export const platformName = (p: Platform | PlatformName): PlatformName => (isPlatformName(p) ? p : platformKey[p]);
export const gqlPlatform = (p: PlatformName): Platform => platformFromKey[p];
export const postStatusName = (s: PostStatus): SchemaPostStatus => gqlPostStatusKey[s];

export function PlatformIcon({ platform }: { platform: Platform | PlatformName }) {
  const { Icon } = NETWORK_META[platformName(platform)];
  return <Icon aria-hidden />;
}

/** The network's name in the person's language; Latin brand names stay left-to-right in Arabic text. */
export function PlatformLabel({ platform, icon = true }: { platform: Platform | PlatformName; icon?: boolean }) {
  const locale = useLocale();
  const p = platformName(platform);
  return (
    <span className="sufra-platform-label">
      {icon && <PlatformIcon platform={p} />}
      <bdi>{PLATFORM_LABELS[p][locale]}</bdi>
    </span>
  );
}

const POST_TONES: Record<SchemaPostStatus, TagTone | null> = {
  draft: null,
  scheduled: "neutral",
  publishing: "neutral",
  published: "success",
  partially_published: "warning",
  failed: "danger",
  unconfirmed: "warning",
};

const TARGET_TONES: Record<SchemaTargetStatus, TagTone | null> = {
  pending: null,
  publishing: "neutral",
  published: "success",
  failed: "danger",
  unconfirmed: "warning",
  awaiting_manual: "warning",
  cancelled: null,
};

export function PostStatusTag({ status }: { status: PostStatus }) {
  const locale = useLocale();
  const s = postStatusName(status);
  return (
    <ToneTag tone={POST_TONES[s]} testId="post-status">
      {messageText(postStatusKey(s), locale)}
    </ToneTag>
  );
}

export function TargetStatusTag({ platform, status }: { platform: Platform; status: TargetStatus }) {
  const locale = useLocale();
  const s: SchemaTargetStatus = gqlTargetStatusKey[status];
  return (
    <ToneTag tone={TARGET_TONES[s]} testId={`target-status-${platformName(platform)}`}>
      <PlatformIcon platform={platform} /> <bdi>{PLATFORM_LABELS[platformName(platform)][locale]}</bdi>:{" "}
      {messageText(targetStatusKey(s), locale)}
    </ToneTag>
  );
}

/** "Mar 1, 2026, 1:00 PM" with "11 Ramadan 1447" beside it, both in Kuwait. */
export function KuwaitDate({ value }: { value: string }) {
  const locale = useLocale();
  return (
    <span className="sufra-kuwait-date" data-testid="kuwait-date">
      <time dateTime={value}>{formatDateTime(value, locale)}</time>
      <span className="sufra-hijri" data-testid="hijri-date">
        {formatHijri(value, locale)}
      </span>
    </span>
  );
}
