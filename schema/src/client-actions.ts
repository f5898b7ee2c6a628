// What an admin may do to a client (a business that signed up) now, from its account status
// (BUSINESS_TRANSITIONS) and its subscription's (SUBSCRIPTION_TRANSITIONS): one rule, which the server
// enforces on every action and answers as a client's `allowedActions`, so the console offers a button
// only where the action would succeed (docs/architecture.md#rules-of-the-house).
import { canMoveSubscription, type BillingStatus } from "./billing.ts";
import { canTransition, type BusinessStatus } from "./roles.ts";

export const CLIENT_ACTIONS = [
  "approve",
  "reject",
  "suspend",
  "reactivate",
  "gift_trial_days",
  "record_payment",
  "extend_period",
] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

export interface ClientActionState {
  status: BusinessStatus;
  subscription: { status: BillingStatus; renewsAt: Date | string | null } | null;
}

/** An approved business (running or suspended): one whose subscription is its own to pay or extend. */
const approved = (s: BusinessStatus) => s === "active" || s === "suspended";

/** Whether `action` is allowed for the client now (the same answer the action itself gives). */
export function mayActOnClient(c: ClientActionState, action: ClientAction): boolean {
  const sub = c.subscription;
  switch (action) {
    case "approve":
      return c.status === "pending" && canTransition("pending", "active");
    case "reject":
      return c.status === "pending" && canTransition("pending", "rejected");
    case "suspend":
      return canTransition(c.status, "suspended");
    case "reactivate":
      return c.status === "suspended" && canTransition("suspended", "active");
    // a gift extends a running trial or reopens an expired or cancelled subscription; a paid month is left alone
    case "gift_trial_days":
      return c.status === "active" && !!sub && canMoveSubscription(sub.status, "trial");
    // money that came outside the gateway: any approved business with a subscription
    case "record_payment":
      return approved(c.status) && !!sub;
    // a trial's end, or a paid period's (active or past due); expired and cancelled have no period to move
    case "extend_period":
      return (
        approved(c.status) &&
        !!sub &&
        (sub.status === "trial" || ((sub.status === "active" || sub.status === "past_due") && !!sub.renewsAt))
      );
  }
}

/** Every action allowed for the client now, in CLIENT_ACTIONS' order. */
export const clientActions = (c: ClientActionState): ClientAction[] =>
  CLIENT_ACTIONS.filter((a) => mayActOnClient(c, a));
