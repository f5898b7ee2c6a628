// STUB: replaced by the module's real screen.
export default function OwnerDashboardPage() {
  return <div data-stub="OwnerDashboardPage">OwnerDashboardPage</div>;
}
