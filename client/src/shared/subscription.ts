// Reading a subscription as the dashboards show it: the plan (from the shared price list) and the trial.
import { daysUntil } from "../lib/format.ts";
import { isPlanId, PLANS, type Plan } from "@sufra/schema";
import { planKeyOf } from "../graphql/enumKeys.ts";

/** GraphQL's plan enum (BASIC, ...) as the shared plan, with its names and price. */
export const planOf = (plan: string | null | undefined): Plan | null => {
  const id = planKeyOf(plan);
  return isPlanId(id) ? PLANS[id] : null;
};

export interface SubscriptionLike {
  plan: string;
  status: string;
  trialEndsAt?: string | null;
  renewsAt?: string | null;
}

/** A running or ended trial, with the whole days left; null when the subscription is not a trial. */
export function trialOf(
  sub: SubscriptionLike | null | undefined,
  now = Date.now(),
): { ended: boolean; days: number; endsAt: string } | null {
  if (!sub || sub.status !== "TRIAL" || !sub.trialEndsAt) return null;
  const ended = new Date(sub.trialEndsAt).getTime() <= now;
  return { ended, days: ended ? 0 : daysUntil(sub.trialEndsAt, now), endsAt: sub.trialEndsAt };
}
