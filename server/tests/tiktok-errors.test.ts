// TikTok's answers sorted as the publishing service needs them, code by code, against the Content
// Posting API's error tables (video/init, inbox/video/init, content/init, creator_info, status/fetch)
// and its fail_reason list: what waits (a rate limit, with when to try again), what needs the account
// connected again, what TikTok will never take, and what is worth trying again.
import { describe, expect, test } from "@jest/globals";
import { failReasonError, tiktokError } from "../src/networks/tiktok/adapter.ts";

const answer = (status: number, code: string, headers: Record<string, string> = {}) =>
  tiktokError({
    status,
    ok: false,
    headers: new Headers(headers),
    body: { data: {}, error: { code, message: `TikTok says ${code}`, log_id: "LOG" } },
  } as any);

describe("the init and creator_info error codes", () => {
  test("reached_active_user_cap (the app's daily quota of posting creators) waits until the next UTC day, never fails the post", () => {
    const e = answer(403, "reached_active_user_cap");
    expect(e.kind).toBe("rate_limit");
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(e.opts.retryAt!.getTime()).toBe(midnight);
  });

  test("the creator's own caps wait too: daily posts, pending inbox shares; a 429 waits its minute", () => {
    for (const code of ["spam_risk_too_many_posts", "spam_risk_too_many_pending_share"]) {
      const e = answer(403, code);
      expect({ code, kind: e.kind }).toEqual({ code, kind: "rate_limit" });
      expect(e.opts.retryAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    }
    const limited = answer(429, "rate_limit_exceeded");
    expect(limited.kind).toBe("rate_limit");
    expect(limited.opts.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  test("a refused token or scope asks for the account again; what TikTok will not take is rejected; its 5xx is worth another try", () => {
    for (const code of ["access_token_invalid", "scope_not_authorized", "scope_permission_missed"])
      expect({ code, kind: answer(401, code).kind }).toEqual({ code, kind: "auth" });
    for (const code of [
      "invalid_param",
      "app_version_check_failed",
      "spam_risk_user_banned_from_posting",
      "unaudited_client_can_only_post_to_private_accounts",
      "url_ownership_unverified",
      "privacy_level_option_mismatch",
      "invalid_publish_id",
    ]) {
      expect({
        code,
        kind: answer(
          code === "invalid_param" || code === "app_version_check_failed" || code === "invalid_publish_id" ? 400 : 403,
          code,
        ).kind,
      }).toEqual({ code, kind: "rejected" });
    }
    expect(answer(500, "internal_error").kind).toBe("unavailable");
  });
});

describe("status/fetch's fail_reason", () => {
  test("what TikTok found in the media is rejected, in words a person can act on", () => {
    const words: Record<string, RegExp> = {
      file_format_check_failed: /format/,
      duration_check_failed: /too long/,
      frame_rate_check_failed: /23 to 60 frames a second/,
      picture_size_check_failed: /size/,
      video_pull_failed: /fetch/,
      photo_pull_failed: /fetch/,
      spam_risk_text: /caption/,
      spam_risk: /risk/,
      spam_risk_user_banned_from_posting: /banned/,
      publish_cancelled: /cancelled/,
    };
    for (const [reason, text] of Object.entries(words)) {
      const e = failReasonError(reason, { maxVideoPostDurationSec: 60 });
      expect({ reason, kind: e.kind, code: e.opts.platformCode }).toEqual({ reason, kind: "rejected", code: reason });
      expect(e.platformMessage).toMatch(text);
    }
    expect(failReasonError("duration_check_failed", { maxVideoPostDurationSec: 60 }).platformMessage).toContain("60 s");
  });

  test("internal is worth another try; auth_removed needs the account connected again; too many posts waits", () => {
    expect(failReasonError("internal").kind).toBe("unavailable");
    expect(failReasonError("auth_removed").kind).toBe("auth");
    expect(failReasonError("spam_risk_too_many_posts").kind).toBe("rate_limit");
    // a reason TikTok adds later: rejected, with its code
    expect(failReasonError("something_new")).toMatchObject({
      kind: "rejected",
      platformMessage: expect.stringContaining("something_new"),
    });
  });
});
