// STUB: replaced by the module's real screen.
export default function PrivacyPage() {
  return <div data-stub="PrivacyPage">PrivacyPage</div>;
}
