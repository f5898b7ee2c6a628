// STUB: replaced by the module's real screen.
export default function LandingPage() {
  return <div data-stub="LandingPage">LandingPage</div>;
}
