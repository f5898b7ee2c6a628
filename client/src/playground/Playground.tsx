// The GraphQL playground served at GET /graphql to a browser (docs/architecture.md#how-a-request-flows):
// GraphiQL with the saved examples as tabs, the key placeholder in the header editor and a small header
// in the person's language. A signed-in person's session token is never put in the headers: the page is
// for trying what an integrator's key can do.
import { useEffect, useMemo, useRef, useState } from "react";
import { GraphiQL, HISTORY_PLUGIN } from "graphiql";
import { useTranslation } from "react-i18next";
import { directionOf } from "../i18n/index.ts";
import { EXAMPLES } from "../shared/apiExamples.ts";
import { keyMemory, playgroundFetcher, PRESET_HEADERS } from "./fetcher.ts";
import { PLAYGROUND_NS } from "./i18n.ts";
import { tabsStorage } from "./storage.ts";

const PLUGINS = [HISTORY_PLUGIN];

export function Playground() {
  const { t, i18n } = useTranslation(PLAYGROUND_NS);
  const locale = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const refusedText = useRef(t("refused"));
  refusedText.current = t("refused");
  const memory = useMemo(keyMemory, []);
  // a new fetcher makes GraphiQL introspect again, with the headers then in the editor
  const [generation, setGeneration] = useState(0);
  const fetcher = useMemo(
    () => playgroundFetcher({ location: window.location, memory, refused: () => refusedText.current }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new generation asks for a new fetcher on purpose
    [memory, generation],
  );
  const defaultTabs = useMemo(() => {
    const now = new Date();
    return EXAMPLES.map((e) => ({
      query: e.query,
      variables: typeof e.variables === "function" ? e.variables(now) : (e.variables ?? null),
      headers: PRESET_HEADERS,
    }));
  }, []);
  const storage = useMemo(tabsStorage, []);

  // a key pasted or changed: fetch the schema again once the typing stops (the first fetch went without a key)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schemaKey = useRef<string | null>(null);
  const onEditHeaders = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      try {
        memory.apply(JSON.parse(value) as Record<string, unknown>);
      } catch {
        return; // half-typed JSON
      }
      if (memory.current === schemaKey.current) return;
      schemaKey.current = memory.current;
      setGeneration((g) => g + 1);
    }, 500);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="sufra-playground">
      <header className="sufra-playground__bar" lang={locale} dir={directionOf(locale)}>
        <strong className="sufra-playground__title">{t("title")}</strong>
        <span className="sufra-playground__subtitle">{t("subtitle")}</span>
        <nav className="sufra-playground__links">
          <a href="/developers">{t("developers")}</a>
          <a href="/api-keys" data-testid="playground-api-keys">
            {t("apiKeys")}
          </a>
          <button
            type="button"
            lang={locale === "ar" ? "en" : "ar"}
            onClick={() => void i18n.changeLanguage(locale === "ar" ? "en" : "ar")}
          >
            {t("switchLanguage")}
          </button>
        </nav>
        <p className="sufra-playground__hint" data-testid="playground-hint">
          {t("hint")}
        </p>
      </header>
      {/* GraphiQL's interface is English only: kept left-to-right whatever the page's language */}
      <main className="sufra-playground__ide" dir="ltr" lang="en">
        <GraphiQL
          fetcher={fetcher}
          defaultTabs={defaultTabs}
          defaultHeaders={PRESET_HEADERS}
          defaultEditorToolsVisibility="headers"
          isHeadersEditorEnabled
          // a key is a secret shown once: not written to the browser's storage unless the person turns it on in the settings
          shouldPersistHeaders={false}
          storage={storage}
          plugins={PLUGINS}
          onEditHeaders={onEditHeaders}
        >
          <GraphiQL.Logo>Sufra API</GraphiQL.Logo>
        </GraphiQL>
      </main>
    </div>
  );
}
