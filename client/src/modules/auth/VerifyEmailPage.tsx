// STUB: replaced by the module's real screen.
export default function VerifyEmailPage() {
  return <div data-stub="VerifyEmailPage">VerifyEmailPage</div>;
}
