// The landing page (docs/product.md#landing-page): header, hero with the sign-up call, six features, the three plans of
// @sufra/schema, about, contact and footer. No antd, no Apollo, no icon package: plain React, the
// router's Link, react-i18next and one stylesheet, so the first visit downloads little.
import { MOST_POPULAR_PLAN, PLAN_IDS, PLANS, TRIAL_DAYS, type Locale } from "@sufra/schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "./i18n.ts";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import { usePublicPage } from "./usePublicPage.ts";
import "./landing.css";

const FEATURES = ["food", "photos", "holidays", "promotions", "reviews", "insights"] as const;
type Feature = (typeof FEATURES)[number];

const svg = (children: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.7"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const ICONS: Record<Feature, ReactNode> = {
  // a chef's toque
  food: svg(
    <>
      <path d="M7 14.5V19h10v-4.5" />
      <path d="M7 14.5A4 4 0 0 1 7.6 6.6a4.5 4.5 0 0 1 8.8 0A4 4 0 0 1 17 14.5z" />
      <path d="M7 16.8h10" />
    </>,
  ),
  // a camera
  photos: svg(
    <>
      <path d="M4 8.5h3l1.6-2.5h6.8L17 8.5h3V19H4z" />
      <circle cx="12" cy="13.3" r="3.3" />
    </>,
  ),
  // a crescent with a star
  holidays: svg(
    <>
      <path d="M15.5 19.2A8 8 0 1 1 13.2 4a6.3 6.3 0 0 0 2.3 15.2z" />
      <path d="m18 7 .7 1.5 1.6.2-1.2 1.1.3 1.6-1.4-.8-1.4.8.3-1.6-1.2-1.1 1.6-.2z" />
    </>,
  ),
  // a price tag
  promotions: svg(
    <>
      <path d="M3.8 12.6V4h8.6l7.8 7.8-8.6 8.6z" />
      <circle cx="8.2" cy="8.4" r="1.4" />
    </>,
  ),
  // a speech bubble with a star
  reviews: svg(
    <>
      <path d="M4 5h16v11H9.5L5.5 19.5V16H4z" />
      <path d="m12 7.7.9 1.9 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.3z" />
    </>,
  ),
  // a clock
  insights: svg(
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.2V12l3.2 2" />
    </>,
  ),
};

const check = (
  <svg className="lp-plan-check" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path
      d="m5 10.5 3.2 3.2L15 6.8"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** An illustration of the dishes in the sample post: lentil soup, sambousa and a dallah of coffee. */
function PreviewPhoto({ label }: { label: string }) {
  return (
    <svg className="lp-preview-photo" viewBox="0 0 320 170" role="img" aria-label={label}>
      <rect width="320" height="170" fill="#F8E6D4" />
      <rect y="112" width="320" height="58" fill="#E9CBA7" />
      <circle cx="272" cy="34" r="15" fill="#FFFBF5" />
      <circle cx="279" cy="29" r="13" fill="#F8E6D4" />
      {/* the bowl of soup */}
      <ellipse cx="112" cy="112" rx="66" ry="16" fill="#1F5C4A" />
      <path d="M46 108c4 30 30 44 66 44s62-14 66-44z" fill="#1F5C4A" />
      <ellipse cx="112" cy="108" rx="60" ry="12" fill="#D9862F" />
      <circle cx="96" cy="106" r="3" fill="#9A4E12" />
      <circle cx="124" cy="110" r="2.4" fill="#9A4E12" />
      <path d="M104 103c6-3 12-3 18 0" stroke="#FFFBF5" strokeWidth="2" fill="none" strokeLinecap="round" />
      {/* sambousa on a plate */}
      <ellipse cx="206" cy="138" rx="44" ry="9" fill="#FFFBF5" />
      <path d="M178 136l16-26 14 26z" fill="#D9862F" stroke="#9A4E12" strokeWidth="2" strokeLinejoin="round" />
      <path d="M204 137l16-28 16 28z" fill="#E4A04D" stroke="#9A4E12" strokeWidth="2" strokeLinejoin="round" />
      {/* the dallah */}
      <path d="M262 64h18l-3 10h-12z" fill="#9A4E12" />
      <path d="M258 74h26c6 18 8 34 6 52h-38c-2-18 0-34 6-52z" fill="#C8691C" />
      <path d="M258 82c-10-6-22-4-30 4l4 4c6-5 14-6 24-2z" fill="#C8691C" />
      <path d="M284 84c10 0 14 10 10 20-2 5-6 8-10 8" stroke="#9A4E12" strokeWidth="3" fill="none" />
      <circle cx="271" cy="60" r="4" fill="#9A4E12" />
    </svg>
  );
}

export default function LandingPage() {
  const { t, i18n } = useTranslation("landing");
  const locale: Locale = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const days = formatNumber(TRIAL_DAYS, locale);
  usePublicPage(t("title"));

  return (
    <div className="site">
      <SiteHeader onLanding />
      <main id="main" tabIndex={-1}>
        <section className="lp-hero" aria-labelledby="hero-title">
          <div className="site-container lp-hero-grid">
            <div className="lp-hero-text">
              <p className="lp-hero-eyebrow">{t("hero.eyebrow")}</p>
              <h1 id="hero-title">{t("hero.title")}</h1>
              <p className="lp-hero-lead">{t("hero.lead")}</p>
              <div className="lp-hero-actions">
                <Link className="site-btn site-btn-primary" to="/signup" data-testid="hero-signup">
                  {t("hero.cta")}
                </Link>
                <a className="site-btn site-btn-secondary" href="#pricing">
                  {t("hero.secondary")}
                </a>
              </div>
              <p className="lp-hero-note">{t("hero.note", { days })}</p>
            </div>
            <figure className="lp-preview">
              <div className="lp-preview-head">
                <span className="lp-preview-avatar" aria-hidden="true">
                  {t("preview.name").charAt(0)}
                </span>
                <span>
                  <span className="lp-preview-name">{t("preview.name")}</span>
                  <span className="lp-preview-place">{t("preview.place")}</span>
                </span>
              </div>
              <PreviewPhoto label={t("preview.photo")} />
              <div className="lp-preview-body">
                <p className="lp-preview-caption">{t("preview.caption")}</p>
                <p className="lp-preview-tags">{t("preview.tags")}</p>
                <p className="lp-preview-meta">
                  <span>{t("preview.time")}</span>
                  <span className="lp-preview-status">{t("preview.status")}</span>
                </p>
              </div>
              <figcaption className="lp-preview-caption-label">{t("preview.label")}</figcaption>
            </figure>
          </div>
        </section>

        <section id="features" className="lp-section" aria-labelledby="features-title">
          <div className="site-container">
            <h2 id="features-title">{t("features.title")}</h2>
            <p className="lp-section-lead">{t("features.lead")}</p>
            <ul className="lp-features-grid">
              {FEATURES.map((id) => (
                <li key={id} className="lp-feature" data-testid={`feature-${id}`}>
                  <span className="lp-feature-icon">{ICONS[id]}</span>
                  <h3>{t(`features.${id}.title`)}</h3>
                  <p>{t(`features.${id}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" className="lp-section lp-section-tint" aria-labelledby="pricing-title">
          <div className="site-container">
            <h2 id="pricing-title">{t("pricing.title")}</h2>
            <p className="lp-section-lead">{t("pricing.lead", { days })}</p>
            <ul className="lp-plans">
              {PLAN_IDS.map((id) => {
                const plan = PLANS[id];
                const popular = id === MOST_POPULAR_PLAN;
                const name = plan.name[locale];
                return (
                  <li
                    key={id}
                    className={popular ? "lp-plan lp-plan-popular" : "lp-plan"}
                    data-testid={`plan-${id}`}
                    aria-labelledby={`plan-${id}-name`}
                  >
                    {popular && <p className="lp-plan-badge">{t("pricing.mostPopular")}</p>}
                    <h3 id={`plan-${id}-name`}>{t("pricing.planName", { name })}</h3>
                    <p className="lp-plan-blurb">{t(`pricing.blurb.${id}`)}</p>
                    <p className="lp-plan-price">
                      <bdi data-testid={`price-${id}`}>{formatMoney(plan.priceKwd, locale)}</bdi>{" "}
                      <span className="lp-plan-period">{t("pricing.perMonth")}</span>
                    </p>
                    <ul className="lp-plan-features">
                      {plan.features.map((f) => (
                        <li key={f.key}>
                          {check}
                          <span>{f.label[locale]}</span>
                        </li>
                      ))}
                    </ul>
                    {id === "premium" && (
                      // integrators read how the API works before they buy (docs/product.md#routes: /developers)
                      <p className="lp-plan-dev">
                        <Link to="/developers" data-testid="premium-developers">
                          {t("pricing.developers")}
                        </Link>
                      </p>
                    )}
                    <Link
                      className={
                        popular ? "site-btn site-btn-primary lp-plan-cta" : "site-btn site-btn-secondary lp-plan-cta"
                      }
                      to={`/signup?plan=${id}`}
                      data-testid={`choose-${id}`}
                    >
                      {t("pricing.choose", { plan: name })}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <section id="about" className="lp-section lp-section-about" aria-labelledby="about-title">
          <div className="site-container lp-about-inner">
            <h2 id="about-title">{t("about.title")}</h2>
            <p>{t("about.p1")}</p>
            <p>{t("about.p2")}</p>
          </div>
        </section>

        <section id="contact" className="lp-section" aria-labelledby="contact-title">
          <div className="site-container">
            <h2 id="contact-title">{t("contact.title")}</h2>
            <p className="lp-section-lead">{t("contact.lead")}</p>
            <address className="lp-contact">
              <dl className="lp-contact-list">
                <div className="lp-contact-item">
                  <dt>{t("contact.email")}</dt>
                  <dd>
                    <a href={`mailto:${SUPPORT_EMAIL}`} data-testid="contact-email">
                      <bdi>{SUPPORT_EMAIL}</bdi>
                    </a>
                  </dd>
                </div>
                <div className="lp-contact-item">
                  <dt>{t("contact.phone")}</dt>
                  <dd>
                    <a href={SUPPORT_PHONE_HREF} data-testid="contact-phone">
                      <bdi dir="ltr">{SUPPORT_PHONE}</bdi>
                    </a>
                  </dd>
                </div>
                <div className="lp-contact-item">
                  <dt>{t("contact.hours")}</dt>
                  <dd>{t("contact.hoursValue")}</dd>
                </div>
              </dl>
            </address>
          </div>
        </section>

        <section className="lp-closing" aria-labelledby="closing-title">
          <div className="site-container lp-closing-inner">
            <h2 id="closing-title">{t("closing.title")}</h2>
            <p>{t("closing.text")}</p>
            <Link className="site-btn site-btn-primary" to="/signup">
              {t("closing.cta")}
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
