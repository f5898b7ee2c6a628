// A post's status follows from its targets' (one per network). Pure, so both the publisher and
// people's actions (confirm, retry) agree on it.
import type { PostStatus, TargetStatus } from "../../generated/prisma/enums.ts";

export interface TargetState {
  status: TargetStatus;
  attempts: number;
  errorCode: string | null;
}

const FINAL: readonly PostStatus[] = ["published", "partially_published", "failed", "unconfirmed"];

export function postStatusFrom(targets: TargetState[], current: PostStatus): PostStatus {
  const live = targets.filter((t) => t.status !== "cancelled");
  if (!live.length) return current;
  if (live.some((t) => t.status === "publishing" || t.status === "awaiting_manual")) return "publishing";
  const pending = live.filter((t) => t.status === "pending");
  if (pending.length) {
    // a target that was tried, or waits (rate limit, reconnect), means publishing has begun
    const begun = pending.some((t) => t.attempts > 0 || t.errorCode) || live.some((t) => t.status !== "pending");
    if (begun || FINAL.includes(current) || current === "publishing") return "publishing";
    return current;
  }
  const published = live.filter((t) => t.status === "published").length;
  if (published === live.length) return "published";
  if (live.some((t) => t.status === "unconfirmed")) return "unconfirmed";
  return published > 0 ? "partially_published" : "failed";
}
