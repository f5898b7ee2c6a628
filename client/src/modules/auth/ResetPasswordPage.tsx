// STUB: replaced by the module's real screen.
export default function ResetPasswordPage() {
  return <div data-stub="ResetPasswordPage">ResetPasswordPage</div>;
}
