// STUB: replaced by the module's real screen.
export default function TermsPage() {
  return <div data-stub="TermsPage">TermsPage</div>;
}
