// The account forms' rules, without React (docs/architecture.md#client-rooms): the business's details as
// they are sent, and a refusal's field errors placed on the form's own fields.
import { normalizePhone } from "@sufra/schema";

/** The business's details as PUT /api/auth/profile takes them. */
export interface BusinessDetails {
  company_name: string;
  phone: string;
  address: string;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** What the person typed, as sent: trimmed, the phone in its one stored form, a blank address empty. */
export const businessDetailsOf = (v: {
  company_name: string;
  phone: string;
  address?: string | null;
}): BusinessDetails => ({
  company_name: v.company_name.trim(),
  phone: normalizePhone(v.phone),
  address: (v.address ?? "").trim(),
});

/** The server's field errors for the form's own fields, in the form's order; empty when none is the form's. */
export function fieldErrorsOn<F extends string>(
  details: Record<string, string[] | undefined>,
  fields: readonly F[],
): { name: F; errors: string[] }[] {
  return fields.flatMap((name) => {
    const errors = details[name];
    return errors?.length ? [{ name, errors }] : [];
  });
}
