// What went wrong with a form that is not about one field (the connection, the server's refusal): an
// error alert above the form's button, or nothing.
import { Alert, type FormInstance } from "antd";
import { errorDetails, errorMessage } from "../lib/errorMessage.ts";

export function FormFailure({ failure, testId }: { failure: string | null | undefined; testId?: string }) {
  return failure ? (
    <Alert className="sufra-form-alert" type="error" showIcon title={failure} data-testid={testId} />
  ) : null;
}

/**
 * A server's refusal shown where it belongs: on the form's own fields when the server named them
 * (`details`), else as the form's failure.
 */
export function showServerErrors<F extends string>(
  form: FormInstance,
  e: unknown,
  fields: readonly F[],
  setFailure: (text: string) => void,
) {
  const details = Object.entries(errorDetails(e)).filter(([f]) => (fields as readonly string[]).includes(f));
  if (details.length) form.setFields(details.map(([f, errors]) => ({ name: f as F, errors })));
  else setFailure(errorMessage(e));
}
