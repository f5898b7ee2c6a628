// The placeholder home page: what Sufra is, its plans (from the shared contract), a language
// switch and a live line of system health. Replaced when the real client lands.
import { useEffect, useLayoutEffect, useState } from "react";
import { MOST_POPULAR_PLAN, PLAN_IDS, PLANS } from "@sufra/schema";
import { applyLocale, dictionary, formatKwd, formatTime, initialLocale, rememberLocale, type Dictionary, type HealthState, type Locale } from "./i18n.ts";

const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: "en", label: "EN" },
  { locale: "ar", label: "عربي" },
];
const HEALTH_PARTS = ["api", "database", "scheduler"] as const;
const POLL_MS = 30_000;

type Health = Record<(typeof HEALTH_PARTS)[number], HealthState> & { checked_at?: string };
type HealthView = { kind: "checking" } | { kind: "ok"; health: Health } | { kind: "unreachable" };

const isState = (v: unknown): v is HealthState => v === "healthy" || v === "degraded" || v === "down";

export function Home() {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const t = dictionary[locale];

  // before the first paint, so an Arabic page never flashes left-to-right
  useLayoutEffect(() => applyLocale(locale), [locale]);

  const choose = (next: Locale) => {
    rememberLocale(next);
    setLocale(next);
  };

  return (
    <main className="page">
      <header className="top">
        <div>
          <h1 className="brand">
            {t.brand} <span className="brand-other" lang={locale === "ar" ? "en" : "ar"}>(<bdi>{t.brandOther}</bdi>)</span>
          </h1>
          <p className="tagline">{t.tagline}</p>
        </div>
        <div className="lang" role="group" aria-label={t.language}>
          {LANGUAGES.map((l) => (
            <button key={l.locale} type="button" lang={l.locale} aria-pressed={l.locale === locale} onClick={() => choose(l.locale)}>
              {l.label}
            </button>
          ))}
        </div>
      </header>

      <p className="preview">{t.preview}</p>

      <section aria-labelledby="plans-title">
        <h2 id="plans-title">{t.plansTitle}</h2>
        <ul className="plans">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const popular = id === MOST_POPULAR_PLAN;
            return (
              <li key={id} className={popular ? "plan popular" : "plan"}>
                <h3>
                  {plan.name[locale]}
                  {popular && <span className="badge">{t.mostPopular}</span>}
                </h3>
                <p className="price">
                  <bdi>{formatKwd(plan.priceKwd, locale)}</bdi> <span className="per">{t.perMonth}</span>
                </p>
                <ul className="features">
                  {plan.features.map((f) => (
                    <li key={f.key}>{f.label[locale]}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>

      <Status t={t} locale={locale} />
    </main>
  );
}

function Status({ t, locale }: { t: Dictionary; locale: Locale }) {
  const [view, setView] = useState<HealthView>({ kind: "checking" });

  useEffect(() => {
    let alive = true;
    const controller = new AbortController();
    const check = async () => {
      try {
        // 503 still carries the JSON body (the database is down); anything else unparsable is "unreachable"
        const res = await fetch("/api/health", { signal: controller.signal, headers: { accept: "application/json" } });
        const body = (await res.json()) as Partial<Health>;
        if (!HEALTH_PARTS.every((p) => isState(body[p]))) throw new Error("unexpected health body");
        if (alive) setView({ kind: "ok", health: body as Health });
      } catch {
        if (alive && !controller.signal.aborted) setView({ kind: "unreachable" });
      }
    };
    void check();
    const timer = window.setInterval(check, POLL_MS);
    return () => {
      alive = false;
      controller.abort();
      window.clearInterval(timer);
    };
  }, []);

  return (
    <footer className="status" aria-live="polite">
      <strong>{t.statusTitle}:</strong>{" "}
      {view.kind === "checking" && <span>{t.statusChecking}</span>}
      {view.kind === "unreachable" && (
        <span className="state down">
          {t.parts.api} {t.states.down}. {t.statusUnreachable}
        </span>
      )}
      {view.kind === "ok" && (
        <>
          {HEALTH_PARTS.map((p, i) => (
            <span key={p}>
              {i > 0 && " · "}
              {t.parts[p]} <span className={`state ${view.health[p]}`}>{t.states[view.health[p]]}</span>
            </span>
          ))}
          {view.health.checked_at && (
            <span className="checked">
              {" "}({t.checkedAt} <bdi>{formatTime(view.health.checked_at, locale)}</bdi>)
            </span>
          )}
        </>
      )}
    </footer>
  );
}
