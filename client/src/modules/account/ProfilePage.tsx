// STUB: replaced by the module's real screen.
export default function ProfilePage() {
  return <div data-stub="ProfilePage">ProfilePage</div>;
}
