// One legal text (terms or privacy) in the public site's reading frame (landing's PublicPage): a link
// home, the title, the date of the last change, a table of contents and the numbered sections. No antd.
import { TRIAL_DAYS, type Locale } from "@sufra/schema";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { PublicPage, PublicSection, SUPPORT_EMAIL } from "../landing/index.ts";
import { LEGAL_UPDATED, type LegalSection } from "./i18n.ts";
import "./legal.css";

/** The support address inside a sentence becomes a mail link. */
function withMailLinks(text: string) {
  const parts = text.split(SUPPORT_EMAIL);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <a href={`mailto:${SUPPORT_EMAIL}`}>
          <bdi>{SUPPORT_EMAIL}</bdi>
        </a>
      )}
    </Fragment>
  ));
}

const paragraphs = (texts: string[] | undefined) => texts?.map((p, i) => <p key={i}>{withMailLinks(p)}</p>);

export function LegalDocument({ doc, sections }: { doc: "terms" | "privacy"; sections: readonly string[] }) {
  const { t, i18n } = useTranslation("legal");
  const locale: Locale = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const days = formatNumber(TRIAL_DAYS, locale);
  const other = doc === "terms" ? "privacy" : "terms";
  const section = (id: string) => t(`${doc}.sections.${id}`, { returnObjects: true, days }) as unknown as LegalSection;

  return (
    <PublicPage
      metaTitle={t(`${doc}.metaTitle`)}
      title={t(`${doc}.title`)}
      subtitle={t("updated", { date: formatDate(LEGAL_UPDATED, locale, "long") })}
      intro={withMailLinks(t(`${doc}.intro`))}
      backHome={t("backHome")}
      contents={{
        title: t("contents"),
        id: "legal-toc-title",
        entries: sections.map((id) => ({ href: `#${doc}-${id}`, title: section(id).title })),
      }}
    >
      {sections.map((id) => {
        const s = section(id);
        return (
          <PublicSection key={id} id={`${doc}-${id}`} title={s.title}>
            {paragraphs(s.body)}
            {s.list && (
              <ul>
                {s.list.map((item, i) => (
                  <li key={i}>{withMailLinks(item)}</li>
                ))}
              </ul>
            )}
            {paragraphs(s.after)}
          </PublicSection>
        );
      })}

      <aside className="legal-aside">
        <p>{withMailLinks(t("questions"))}</p>
        <p>
          {t("seeAlso")} <Link to={`/${other}`}>{t(`${other}.title`)}</Link>
        </p>
      </aside>
    </PublicPage>
  );
}
