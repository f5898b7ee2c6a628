// STUB: replaced by the module's real screen.
export default function ApiKeysPage() {
  return <div data-stub="ApiKeysPage">ApiKeysPage</div>;
}
