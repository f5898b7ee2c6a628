// STUB: replaced by the module's real screen.
export default function LoginPage() {
  return <div data-stub="LoginPage">LoginPage</div>;
}
