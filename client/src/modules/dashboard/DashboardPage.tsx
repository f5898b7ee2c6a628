// STUB: replaced by the module's real screen.
export default function DashboardPage() {
  return <div data-stub="DashboardPage">DashboardPage</div>;
}
