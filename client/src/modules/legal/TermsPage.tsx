// Terms of service (/terms): the agreement in plain words, English and Arabic.
import { LegalDocument } from "./LegalDocument.tsx";
import { TERMS_SECTIONS } from "./i18n.ts";

export default function TermsPage() {
  return <LegalDocument doc="terms" sections={TERMS_SECTIONS} />;
}
