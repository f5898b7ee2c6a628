// The business profile's pure form rules (docs/architecture.md#client-rooms: model.ts).
// antd form rules from the shared zod rules (@sufra/schema's business-profile.ts): the client refuses
// what the server would, with the same message in the person's language.
import { isMessageKey, messageText, type Locale } from "@sufra/schema";
import type { FormRule } from "antd";

interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/** The first message of a rule's failure, in the person's language; null when the value passes. */
function ruleMessage(schema: Checkable, value: unknown, locale: Locale): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const key = r.error?.issues[0]?.message;
  return messageText(isMessageKey(key) ? key : "invalidValue", locale);
}

/** One antd rule that runs a shared zod rule; an empty field is passed as null ("no value"). */
export const schemaRule = (schema: Checkable, locale: Locale): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const problem = ruleMessage(schema, value === undefined || value === "" ? null : value, locale);
    if (problem) throw new Error(problem);
  },
});
