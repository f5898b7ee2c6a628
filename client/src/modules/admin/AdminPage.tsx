// STUB: replaced by the module's real screen.
export default function AdminPage() {
  return <div data-stub="AdminPage">AdminPage</div>;
}
