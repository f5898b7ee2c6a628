// STUB: replaced by the module's real screen.
export default function AcceptInvitationPage() {
  return <div data-stub="AcceptInvitationPage">AcceptInvitationPage</div>;
}
