// The post's status follows from its targets' statuses: every combination the publisher can produce.
import { describe, expect, test } from "@jest/globals";
import { canPostTransition } from "@sufra/schema";
import { postStatusFrom } from "../src/modules/publishing/post-status.ts";

const t = (status: string, attempts = 0, errorCode: string | null = null) => ({ status, attempts, errorCode }) as Parameters<typeof postStatusFrom>[0][number];

describe("post status from targets", () => {
  test.each([
    ["nothing has started: a scheduled post stays scheduled", [t("pending"), t("pending")], "scheduled", "scheduled"],
    ["a draft stays a draft", [t("pending")], "draft", "draft"],
    ["one target publishing", [t("publishing", 1), t("pending")], "scheduled", "publishing"],
    ["a target waits for a rate limit or a reconnect", [t("pending", 1, "RATE_LIMITED")], "scheduled", "publishing"],
    ["Snapchat waits for a person", [t("published", 1), t("awaiting_manual")], "publishing", "publishing"],
    ["all published", [t("published", 1), t("published", 1)], "publishing", "published"],
    ["some published, some failed", [t("published", 1), t("failed", 1)], "publishing", "partially_published"],
    ["all failed", [t("failed", 1), t("failed", 2)], "publishing", "failed"],
    ["one unconfirmed: a person must check", [t("published", 1), t("unconfirmed", 1)], "publishing", "unconfirmed"],
    ["cancelled targets do not count", [t("published", 1), t("cancelled")], "publishing", "published"],
    ["a retried target after a failure", [t("published", 1), t("pending")], "partially_published", "publishing"],
  ] as const)("%s", (_name, targets, current, expected) => {
    expect(postStatusFrom([...targets], current)).toBe(expected);
  });

  test("every status the publisher derives is a transition the state machine allows from publishing", () => {
    for (const s of ["published", "partially_published", "failed", "unconfirmed"] as const) expect(canPostTransition("publishing", s)).toBe(true);
    expect(canPostTransition("published", "publishing")).toBe(false);
    expect(canPostTransition("draft", "published")).toBe(false);
  });
});
