// An antd form rule for an e-mail address by @sufra/schema's addressSchema (an agency's manager, an owner the
// approval link is mailed to): the shared rule's first message, in the person's language.
import { addressSchema, messageText, type Locale, type MessageKey } from "@sufra/schema";

export const addressRule = (locale: Locale) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const r = addressSchema.safeParse({ email: value ?? "" });
    if (!r.success) throw new Error(messageText((r.error.issues[0]?.message ?? "invalidValue") as MessageKey, locale));
  },
});
