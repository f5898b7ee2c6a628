// STUB: replaced by the module's real screen.
export default function ClientsPage() {
  return <div data-stub="ClientsPage">ClientsPage</div>;
}
