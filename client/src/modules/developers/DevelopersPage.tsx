// The developer documentation (/developers, docs/product.md#routes): public, read before buying. How to
// get a key, authentication, rate limits and their headers, the error catalogue in both languages,
// pagination, time zones, examples in curl and JavaScript (examples.ts around the catalogue of
// shared/apiExamples.ts, run against the API by the server's tests), the playground and the SDL, webhooks, the REST reference and the changelog.
// Like the legal pages it is framed by the public site's PublicPage (landing's face) and uses no antd; only the REST
// reference, which does, loads when the reader asks for it. Code stays left to right in Arabic.
import { API_KEY_RATE_LIMIT, ERRORS, type ErrorCode, type Locale } from "@sufra/schema";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDate, formatNumber, latinDigits, latinText } from "../../lib/format.ts";
import { PublicPage, PublicSection } from "../landing/index.ts";
import * as api from "../../shared/apiExamples.ts";
import * as ex from "./examples.ts";
import { CHANGELOG, DEV_SECTIONS, DEVELOPERS_NS, type DevSection, type DevSectionId } from "./i18n.ts";
import "./developers.css";

// antd and the OpenAPI document only for a reader who opens the REST reference
const RestSection = lazy(() => import("./RestSection.tsx"));

/**
 * A block of code: left to right in both languages, with a copy button in a bar above the code (never
 * over it: a button laid over a scrolling block covers the lines that pass beneath it, and in Arabic
 * the page's inline end is the code's start).
 */
function Code({ children, label }: { children: string; label?: string }) {
  const { t } = useTranslation(DEVELOPERS_NS);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(children);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // no clipboard (an insecure page, an old browser): the text stays selectable
    }
  };
  return (
    <div className="dev-code">
      {label && <p className="dev-code-label">{label}</p>}
      <div className="dev-code-box" dir="ltr">
        <div className="dev-code-bar">
          <button
            type="button"
            className="dev-copy"
            onClick={() => void copy()}
            aria-label={label ? `${t("copy")}: ${label}` : t("copy")}
          >
            {copied ? t("copied") : t("copy")}
          </button>
        </div>
        <pre dir="ltr" lang="en" tabIndex={0}>
          <code>{children}</code>
        </pre>
      </div>
    </div>
  );
}

/** An example in curl and in JavaScript, one after the other. */
function Example({
  id,
  title,
  note,
  curl,
  js,
}: {
  id: string;
  title: string;
  note?: string;
  curl: string;
  js: string;
}) {
  const { t } = useTranslation(DEVELOPERS_NS);
  return (
    <div className="dev-example" id={`example-${id}`} data-testid={`example-${id}`}>
      <h3>{title}</h3>
      {note && <p>{note}</p>}
      <Code label={t("curl")}>{curl}</Code>
      <Code label={t("javascript")}>{js}</Code>
    </div>
  );
}

/** The catalogue of errors from @sufra/schema: every reason with its kind, its REST status and both messages. */
function ErrorTable() {
  const { t } = useTranslation(DEVELOPERS_NS);
  const codes = Object.keys(ERRORS) as ErrorCode[];
  return (
    <div className="dev-table-wrap" tabIndex={0}>
      <table className="dev-table" data-testid="error-catalogue">
        <caption>{t("sections.errors.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sections.errors.reason")}</th>
            <th scope="col">{t("sections.errors.code")}</th>
            <th scope="col">{t("sections.errors.status")}</th>
            <th scope="col">{t("sections.errors.english")}</th>
            <th scope="col">{t("sections.errors.arabic")}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code}>
              <th scope="row" dir="ltr">
                <code>{code}</code>
              </th>
              <td dir="ltr">
                <code>{ERRORS[code].graphql}</code>
              </td>
              <td dir="ltr">{ERRORS[code].status}</td>
              <td lang="en" dir="ltr">
                {ERRORS[code].en}
              </td>
              <td lang="ar" dir="rtl">
                {ERRORS[code].ar}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DevelopersPage() {
  const { t, i18n } = useTranslation(DEVELOPERS_NS);
  const locale: Locale = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const [showRest, setShowRest] = useState(false);
  const origin = typeof window !== "undefined" ? window.location.origin : ex.ORIGIN_PLACEHOLDER;
  // quantities in the Arabic texts are written in Arabic-Indic digits: Latin ones for a person who chose them
  const prose = (text: string) => (locale === "ar" && latinDigits() ? latinText(text) : text);
  const vars = {
    limit: formatNumber(API_KEY_RATE_LIMIT.points, locale),
    policy: `${API_KEY_RATE_LIMIT.points};w=${API_KEY_RATE_LIMIT.durationSeconds}`,
  };
  const section = (id: DevSectionId) => t(`sections.${id}`, { returnObjects: true, ...vars }) as unknown as DevSection;
  const paragraphs = (texts: string[] | undefined) => texts?.map((p, i) => <p key={i}>{prose(p)}</p>);
  const s = (key: string) => prose(t(`sections.${key}`, vars));

  // what each section shows between its list and its closing paragraphs
  const extra: Partial<Record<DevSectionId, ReactNode>> = {
    keys: (
      <p className="dev-links">
        <Link to="/api-keys" data-testid="api-keys-link">
          {s("keys.manage")}
        </Link>
      </p>
    ),
    auth: <Code>{ex.authExample(origin)}</Code>,
    limits: <Code>{ex.RATE_LIMIT_HEADERS}</Code>,
    errors: (
      <>
        <Code>{ex.ERROR_SHAPE}</Code>
        <ErrorTable />
      </>
    ),
    examples: (
      <>
        <Code label={t("javascript")}>{ex.jsClient(origin)}</Code>
        <Example
          id="list-posts"
          title={s("examples.listPosts")}
          curl={ex.curlOf(api.LIST_POSTS, origin)}
          js={ex.JS_LIST_POSTS}
        />
        <Example
          id="schedule-post"
          title={s("examples.schedulePost")}
          note={s("examples.schedulePostNote")}
          curl={`${ex.curlOf(api.PICK_MEDIA, origin)}\n\n${ex.curlOf(api.SCHEDULE_POST, origin)}`}
          js={ex.JS_SCHEDULE_POST}
        />
        <Example
          id="analytics"
          title={s("examples.readAnalytics")}
          note={s("examples.readAnalyticsNote")}
          curl={`${ex.curlOf(api.ME, origin)}\n\n${ex.curlOf(api.READ_ANALYTICS, origin)}`}
          js={ex.JS_READ_ANALYTICS}
        />
        <div className="dev-example" id="example-subscribe" data-testid="example-subscribe">
          <h3>{s("examples.subscribe")}</h3>
          <p>{s("examples.subscribeNote")}</p>
          <Code label={t("javascript")}>{ex.jsSubscribe(origin)}</Code>
        </div>
      </>
    ),
    playground: (
      <p className="dev-links">
        <a href="/graphql" data-testid="playground-link">
          {s("playground.open")}
        </a>
        <a href="/graphql/schema.graphql" data-testid="schema-link">
          {s("playground.schema")}
        </a>
      </p>
    ),
    webhooks: (
      <>
        <p>
          <Link to="/webhooks" data-testid="webhooks-page-link">
            {s("webhooks.manage")}
          </Link>
        </p>
        <h3>{s("webhooks.events")}</h3>
        <ul className="dev-events" data-testid="webhook-events">
          {ex.WEBHOOK_EVENTS.map((e) => (
            <li key={e} dir="ltr">
              <code>{e}</code>
            </li>
          ))}
        </ul>
        <p>{s("webhooks.eventsNote")}</p>
        <h3>{s("webhooks.request")}</h3>
        <Code>{`POST <your endpoint>\n${ex.WEBHOOK_HEADERS}\n\n${ex.WEBHOOK_BODY}`}</Code>
        <h3>{s("webhooks.verify")}</h3>
        <p>{s("webhooks.verifyNote")}</p>
        <Code label={t("javascript")}>{ex.VERIFY_WEBHOOK}</Code>
        <h3>{s("webhooks.retries")}</h3>
        <p>{s("webhooks.retriesText")}</p>
      </>
    ),
    rest: (
      <>
        <p className="dev-links">
          <a href="/api/openapi.json" data-testid="openapi-link">
            {s("rest.download")}
          </a>
        </p>
        {showRest ? (
          <Suspense fallback={<p aria-busy="true">{s("rest.loading")}</p>}>
            <div className="dev-rest" data-testid="rest-reference">
              <RestSection />
            </div>
          </Suspense>
        ) : (
          <button
            type="button"
            className="site-btn site-btn-secondary"
            onClick={() => setShowRest(true)}
            data-testid="show-rest"
          >
            {s("rest.show")}
          </button>
        )}
      </>
    ),
    changelog: (
      <ul className="dev-changelog" data-testid="changelog">
        {CHANGELOG.map((c) => (
          <li key={c.date + c.id}>
            <time dateTime={c.date}>{formatDate(c.date, locale, "long")}</time>
            <span>{s(`changelog.entries.${c.id}`)}</span>
          </li>
        ))}
      </ul>
    ),
  };

  return (
    <PublicPage
      wide
      metaTitle={t("metaTitle")}
      title={t("title")}
      intro={t("intro")}
      backHome={t("backHome")}
      contents={{
        title: t("contents"),
        id: "dev-toc-title",
        entries: DEV_SECTIONS.map((id) => ({ href: `#${id}`, title: section(id).title })),
      }}
    >
      {DEV_SECTIONS.map((id) => {
        const sec = section(id);
        return (
          <PublicSection key={id} id={id} title={sec.title} testId={`section-${id}`}>
            {paragraphs(sec.body)}
            {sec.list && (
              <ul>
                {sec.list.map((item, i) => (
                  <li key={i}>{prose(item)}</li>
                ))}
              </ul>
            )}
            {extra[id]}
            {paragraphs(sec.after)}
          </PublicSection>
        );
      })}
    </PublicPage>
  );
}
