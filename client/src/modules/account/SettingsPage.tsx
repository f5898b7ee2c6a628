// STUB: replaced by the module's real screen.
export default function SettingsPage() {
  return <div data-stub="SettingsPage">SettingsPage</div>;
}
