import { describe, expect, test } from "@jest/globals";
import { clientActions, mayActOnClient } from "./client-actions.ts";

const sub = (
  status: "trial" | "active" | "past_due" | "expired" | "cancelled",
  renewsAt: string | null = "2026-12-01T00:00:00Z",
) => ({ status, renewsAt });

describe("what an admin may do to a client", () => {
  test("a pending sign-up: approve or reject, nothing on its subscription", () => {
    expect(clientActions({ status: "pending", subscription: sub("trial", null) })).toEqual(["approve", "reject"]);
  });
  test("a rejected sign-up: nothing", () => {
    expect(clientActions({ status: "rejected", subscription: sub("trial", null) })).toEqual([]);
  });
  test("a café on trial: gift days, suspend, pay, extend", () => {
    expect(clientActions({ status: "active", subscription: sub("trial") })).toEqual([
      "suspend",
      "gift_trial_days",
      "record_payment",
      "extend_period",
    ]);
  });
  test("a paid, active café: no gift of trial days (SUBSCRIPTION_TRANSITIONS: active -> trial is not a move)", () => {
    expect(mayActOnClient({ status: "active", subscription: sub("active") }, "gift_trial_days")).toBe(false);
    expect(clientActions({ status: "active", subscription: sub("active") })).toEqual([
      "suspend",
      "record_payment",
      "extend_period",
    ]);
  });
  test("past due: extend, not gift", () => {
    expect(clientActions({ status: "active", subscription: sub("past_due") })).toEqual([
      "suspend",
      "record_payment",
      "extend_period",
    ]);
  });
  test("expired or cancelled: a gift or a payment brings it back; no period to extend", () => {
    for (const s of ["expired", "cancelled"] as const)
      expect(clientActions({ status: "active", subscription: sub(s) })).toEqual([
        "suspend",
        "gift_trial_days",
        "record_payment",
      ]);
  });
  test("suspended: reactivate; money still recorded; no gift while suspended", () => {
    expect(clientActions({ status: "suspended", subscription: sub("expired") })).toEqual([
      "reactivate",
      "record_payment",
    ]);
  });
  test("no subscription: only the account's moves", () => {
    expect(clientActions({ status: "active", subscription: null })).toEqual(["suspend"]);
  });
});
