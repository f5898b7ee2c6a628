// GraphiQL keeps its tabs in localStorage ("graphiql:tabState"), without their headers unless the person
// chose to persist them. A tab brought back without headers gets the key placeholder again, so the
// header editor always shows where the key goes.
import type { Storage as GraphiQLStorage } from "@graphiql/toolkit";
import { PRESET_HEADERS } from "./fetcher.ts";

const TABS_KEY = "graphiql:tabState";

type StoredTabs = { tabs?: { headers?: string | null }[] };

export function withPresetHeaders(stored: string | null): string | null {
  if (!stored) return stored;
  try {
    const state = JSON.parse(stored) as StoredTabs;
    if (!Array.isArray(state.tabs)) return stored;
    for (const tab of state.tabs) if (!tab.headers) tab.headers = PRESET_HEADERS;
    return JSON.stringify(state);
  } catch {
    return stored; // GraphiQL decides what to do with what it cannot read
  }
}

const NAMESPACE = "graphiql:";

/**
 * localStorage as GraphiQL's Storage, with the placeholder put back into tabs that come back without
 * headers. Its length and clear() count and clear GraphiQL's own entries only (as GraphiQL's default
 * does): the web client's session lives in the same localStorage.
 */
export function tabsStorage(): GraphiQLStorage | undefined {
  let local: globalThis.Storage;
  try {
    local = window.localStorage;
  } catch {
    return undefined; // storage disabled: GraphiQL finds out on its own
  }
  const own = () =>
    Array.from({ length: local.length }, (_, i) => local.key(i)).filter((k): k is string => !!k?.startsWith(NAMESPACE));
  return {
    get length() {
      return own().length;
    },
    getItem: (key) => (key === TABS_KEY ? withPresetHeaders(local.getItem(key)) : local.getItem(key)),
    setItem: (key, value) => local.setItem(key, value),
    removeItem: (key) => local.removeItem(key),
    clear: () => own().forEach((k) => local.removeItem(k)),
  };
}
