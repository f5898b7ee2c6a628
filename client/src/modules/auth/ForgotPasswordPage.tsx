// STUB: replaced by the module's real screen.
export default function ForgotPasswordPage() {
  return <div data-stub="ForgotPasswordPage">ForgotPasswordPage</div>;
}
