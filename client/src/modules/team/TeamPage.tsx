// STUB: replaced by the module's real screen.
export default function TeamPage() {
  return <div data-stub="TeamPage">TeamPage</div>;
}
