// One legal text (terms or privacy) inside the public site's header and footer: a link home, the
// title, the date of the last change, a table of contents and the numbered sections. No antd.
import { TRIAL_DAYS, type Locale } from "@sufra/schema";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { SiteFooter, SiteHeader, SUPPORT_EMAIL, usePublicPage } from "../landing/index.ts";
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
  usePublicPage(t(`${doc}.metaTitle`));
  const days = formatNumber(TRIAL_DAYS, locale);
  const other = doc === "terms" ? "privacy" : "terms";
  const section = (id: string) => t(`${doc}.sections.${id}`, { returnObjects: true, days }) as unknown as LegalSection;

  return (
    <div className="site">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="legal">
        <div className="site-container legal-inner">
          <p className="legal-back">
            <Link to="/" data-testid="back-home">
              <span aria-hidden="true">{locale === "ar" ? "→" : "←"}</span> {t("backHome")}
            </Link>
          </p>
          <h1>{t(`${doc}.title`)}</h1>
          <p className="legal-updated">{t("updated", { date: formatDate(LEGAL_UPDATED, locale, "long") })}</p>
          <p className="legal-intro">{withMailLinks(t(`${doc}.intro`))}</p>

          <nav className="legal-toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title">{t("contents")}</h2>
            <ul>
              {sections.map((id) => (
                <li key={id}>
                  <a href={`#${doc}-${id}`}>{section(id).title}</a>
                </li>
              ))}
            </ul>
          </nav>

          {sections.map((id) => {
            const s = section(id);
            return (
              <section key={id} id={`${doc}-${id}`} className="legal-section" aria-labelledby={`${doc}-${id}-title`}>
                <h2 id={`${doc}-${id}-title`}>{s.title}</h2>
                {paragraphs(s.body)}
                {s.list && (
                  <ul>
                    {s.list.map((item, i) => (
                      <li key={i}>{withMailLinks(item)}</li>
                    ))}
                  </ul>
                )}
                {paragraphs(s.after)}
              </section>
            );
          })}

          <aside className="legal-aside">
            <p>{withMailLinks(t("questions"))}</p>
            <p>
              {t("seeAlso")} <Link to={`/${other}`}>{t(`${other}.title`)}</Link>
            </p>
          </aside>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
