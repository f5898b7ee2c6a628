// STUB: replaced by the module's real screen.
export default function SignupPage() {
  return <div data-stub="SignupPage">SignupPage</div>;
}
