// The frame of the public site's reading pages (terms, privacy, the developer documentation): the site's
// header and footer, a link home, the title, an optional line under it, the introduction, the table of
// contents and the sections. Plain React and CSS, no antd (docs/architecture.md#client-rooms); logical
// properties only, so Arabic mirrors it. `wide` is the developer documentation's column, room for code and tables.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import { usePublicPage } from "./usePublicPage.ts";
import "./public-page.css";

export interface PublicPageProps {
  /** the document's title (the browser tab) */
  metaTitle: string;
  title: string;
  /** the line under the title (the legal texts' date of their last change) */
  subtitle?: string;
  intro: ReactNode;
  /** the link back to the landing page */
  backHome: string;
  /** the table of contents: its heading, its id and each entry's anchor and title */
  contents: { title: string; id: string; entries: readonly { href: string; title: string }[] };
  wide?: boolean;
  children: ReactNode;
}

export function PublicPage({
  metaTitle,
  title,
  subtitle,
  intro,
  backHome,
  contents,
  wide = false,
  children,
}: PublicPageProps) {
  const { i18n } = useTranslation();
  usePublicPage(metaTitle);
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" tabIndex={-1} className={wide ? "public-page public-page-wide" : "public-page"}>
        <div className="site-container public-page-inner">
          <p className="public-page-back">
            <Link to="/" data-testid="back-home">
              <span aria-hidden="true">{i18n.resolvedLanguage === "ar" ? "→" : "←"}</span> {backHome}
            </Link>
          </p>
          <h1>{title}</h1>
          {subtitle && <p className="public-page-subtitle">{subtitle}</p>}
          <p className="public-page-intro">{intro}</p>

          <nav className="public-page-toc" aria-labelledby={contents.id}>
            <h2 id={contents.id}>{contents.title}</h2>
            <ul>
              {contents.entries.map((e) => (
                <li key={e.href}>
                  <a href={e.href}>{e.title}</a>
                </li>
              ))}
            </ul>
          </nav>

          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** One numbered part of a public page: its heading and what follows it. */
export function PublicSection({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="public-page-section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
