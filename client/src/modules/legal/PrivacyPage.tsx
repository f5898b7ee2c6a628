// Privacy policy (/privacy): what Sufra keeps, why, for how long, who processes it, your rights.
import { LegalDocument } from "./LegalDocument.tsx";
import { PRIVACY_SECTIONS } from "./i18n.ts";

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={PRIVACY_SECTIONS} />;
}
