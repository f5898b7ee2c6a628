// The admin console's pure view rules (docs/architecture.md#client-rooms: model.ts), tested in model.test.ts.
// The admin's client history names each audit action in the person's language (one list of kinds:
// AUDIT_ACTIONS in @sufra/schema; auditActions.test.ts fails on a kind without its label), says who did
// it, and shows what it changed: each field of the row's data under its label, money in dinars, instants
// in Kuwait time. A key without a label still reads as a label, never raw.
import type { TFunction } from "i18next";
import { PLANS, type Locale, type PlanId } from "@sufra/schema";
import i18n from "../../i18n/index.ts";
import { formatDateTime, formatFilsMoney, formatNumber } from "../../lib/format.ts";
import {
  clientStatusOfKey,
  paymentMethodOfKey,
  paymentStatusOfKey,
  subscriptionStatusOfKey,
} from "../../graphql/enumKeys.ts";
import "./i18n.ts";

/** The i18n key of an action's label ("client.trial_gifted" → "details.actions.client_trial_gifted"). */
export const auditActionKey = (action: string) => `details.actions.${action.replace(/[^a-z0-9_]/gi, "_")}`;

/** The action's label, or "Other activity" for an action this client does not know yet. */
export function auditActionLabel(t: TFunction<"admin">, action: string): string {
  const key = auditActionKey(action);
  return i18n.exists(key, { ns: "admin" }) ? t(key as "details.actions.other") : t("details.actions.other");
}

/** Who did it: the person's name (and e-mail), or Sufra itself (its jobs, the payment service's word). */
export function auditActorText(
  t: TFunction<"admin">,
  actor: { name: string; email: string } | null | undefined,
): string {
  return actor ? t("details.by", { name: actor.name, email: actor.email }) : t("details.bySystem");
}

export interface AuditDetail {
  key: string;
  label: string;
  value: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A word the console already names (a plan, a status, a way of paying) in the person's language; else the value. */
function wordText(t: TFunction<"admin">, locale: Locale, key: string, v: string): string {
  if (/plan$/i.test(key) && v in PLANS) return PLANS[v as PlanId].name[locale];
  const named = (k: string) => (i18n.exists(k, { ns: "admin" }) ? t(k as "details.actions.other") : null);
  // the data holds the lower-case keys or GraphQL's values; the texts are under GraphQL's values
  if (key === "method") return named(`billing.method.${paymentMethodOfKey(v) ?? v}`) ?? v;
  if (key === "paymentStatus") return named(`billing.paymentStatus.${paymentStatusOfKey(v) ?? v}`) ?? v;
  // a subscription's status (inside a from/to of billing's rows), or an account's (a client row's from/to)
  const sub = `subStatus.${subscriptionStatusOfKey(v) ?? v}`;
  const account = `status.${clientStatusOfKey(v) ?? v}`;
  if (key === "status") return named(sub) ?? named(account) ?? v;
  if (key === "from" || key === "to") return named(account) ?? named(sub) ?? v;
  return v;
}

/** A value of the row's data as a person reads it. */
function valueText(t: TFunction<"admin">, locale: Locale, key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? t("details.yes") : t("details.no");
  if (typeof v === "number") return /Fils$/.test(key) ? formatFilsMoney(v, locale) : formatNumber(v, locale);
  if (typeof v === "string") return ISO_INSTANT.test(v) ? formatDateTime(v, locale) : wordText(t, locale, key, v);
  if (Array.isArray(v)) return v.map((x) => valueText(t, locale, key, x)).join(locale === "ar" ? "، " : ", ");
  if (typeof v === "object") {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldLabel(t, k)}: ${valueText(t, locale, k, x)}`)
      .join(locale === "ar" ? "، " : ", ");
  }
  return String(v);
}

/** A field's label ("amountFils" → "Amount"); a field this client has no label for reads as "Detail". */
function fieldLabel(t: TFunction<"admin">, key: string): string {
  const k = `details.fields.${key.replace(/[^a-z0-9_]/gi, "_")}`;
  return i18n.exists(k, { ns: "admin" }) ? t(k as "details.fields.other") : t("details.fields.other");
}

/** The row's data (a JSON object text, as the API answers it) as labelled lines; none when it is empty or unreadable. */
export function auditDetails(
  t: TFunction<"admin">,
  locale: Locale,
  data: string | Record<string, unknown> | null | undefined,
): AuditDetail[] {
  let obj: unknown = data;
  if (typeof data === "string") {
    try {
      obj = JSON.parse(data);
    } catch {
      return [];
    }
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return [];
  return Object.entries(obj as Record<string, unknown>).map(([key, v]) => ({
    key,
    label: fieldLabel(t, key),
    value: valueText(t, locale, key, v),
  }));
}
