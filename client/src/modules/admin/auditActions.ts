// The admin's client history names each audit action in the person's language. The server writes
// actions as "area.verb" keys; a key without a label reads as a plain "other activity", never raw.
import type { TFunction } from "i18next";
import i18n from "../../i18n/index.ts";
import "./i18n.ts";

/** The i18n key of an action's label ("client.trial_gifted" → "details.actions.client_trial_gifted"). */
export const auditActionKey = (action: string) => `details.actions.${action.replace(/[^a-z0-9_]/gi, "_")}`;

/** The action's label, or "Other activity" for an action this client does not know yet. */
export function auditActionLabel(t: TFunction<"admin">, action: string): string {
  const key = auditActionKey(action);
  return i18n.exists(key, { ns: "admin" }) ? t(key as "details.actions.other") : t("details.actions.other");
}
