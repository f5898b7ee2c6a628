// The billing screens' pure view rules (docs/architecture.md#client-rooms: model.ts).
// The billing page's dates and plan names in the person's language and digits
// (docs/product.md#subscriptions-and-billing). Amounts (integer fils) are written by lib/format.ts's
// formatFilsMoney, exactly, with three decimals; no float ever touches them.
import { PLANS, type Locale } from "@sufra/schema";
import { formatDate } from "../../lib/format.ts";
import { planOf } from "../../shared/subscription.ts";

/** A day in Kuwait, written long ("26 November 2026" / "٢٦ نوفمبر ٢٠٢٦"). */
export const day = (at: string, locale: Locale) => formatDate(at, locale, "long");

/** GraphQL's plan (BASIC, ...) by its name in the language. */
export const planName = (plan: string, locale: Locale) => planOf(plan)?.name[locale] ?? PLANS.professional.name[locale];

/** The last day a period covers: its end is the next period's start (exclusive), so show the instant before it. */
export const lastDay = (end: string, locale: Locale) =>
  day(new Date(new Date(end).getTime() - 1).toISOString(), locale);

/** Where "Pay now" and an upgrade send the browser: the gateway's page. Tests replace `go`. */
export const gatewayPage = { go: (url: string) => window.location.assign(url) };
