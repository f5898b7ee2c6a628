// The session (docs/product.md#data-shapes, #session): user and tokens in localStorage. Restored at start only when the access
// token, the refresh token and the user are all there; logout or a failed refresh clears everything.
import { useSyncExternalStore } from "react";
import { BUSINESS_HEADER, type Role } from "@sufra/schema";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  business_id: string | null;
}

export interface Session {
  user: SessionUser | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** set while the guard confirms a restored session with the server */
  isLoading: boolean;
  error: string | null;
  lastActivity: number | null;
}

export const STORAGE = { access: "sufra.access_token", refresh: "sufra.refresh_token", user: "sufra.user" } as const;

const EMPTY: Session = {
  user: null,
  accessToken: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  lastActivity: null,
};

function restore(): Session {
  try {
    const accessToken = localStorage.getItem(STORAGE.access);
    const refreshToken = localStorage.getItem(STORAGE.refresh);
    const rawUser = localStorage.getItem(STORAGE.user);
    if (!accessToken || !refreshToken || !rawUser) return EMPTY;
    const user = JSON.parse(rawUser) as SessionUser;
    if (!user?.id || !user.role) return EMPTY;
    return { ...EMPTY, user, accessToken, refreshToken, isAuthenticated: true, lastActivity: Date.now() };
  } catch {
    return EMPTY;
  }
}

let state: Session = restore();
const listeners = new Set<() => void>();
const set = (next: Partial<Session>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

export const session = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** After login: keep user and both tokens. */
  start(user: SessionUser, accessToken: string, refreshToken: string) {
    localStorage.setItem(STORAGE.access, accessToken);
    localStorage.setItem(STORAGE.refresh, refreshToken);
    localStorage.setItem(STORAGE.user, JSON.stringify(user));
    set({
      user,
      accessToken,
      refreshToken,
      isAuthenticated: true,
      isLoading: false,
      error: null,
      lastActivity: Date.now(),
    });
  },
  /** A refresh replaces only the access token. */
  setAccessToken(accessToken: string) {
    localStorage.setItem(STORAGE.access, accessToken);
    set({ accessToken, lastActivity: Date.now() });
  },
  setUser(user: SessionUser) {
    localStorage.setItem(STORAGE.user, JSON.stringify(user));
    set({ user });
  },
  setLoading: (isLoading: boolean) => set({ isLoading }),
  touch: () => set({ lastActivity: Date.now() }),
  /** Logout or a failed refresh: forget everything; `error` says why (e.g. the session expired). */
  clear(error: string | null = null) {
    for (const k of Object.values(STORAGE)) localStorage.removeItem(k);
    set({ ...EMPTY, error });
  },
  /** Re-reads storage (tests; another tab). */
  reload() {
    state = restore();
    listeners.forEach((l) => l());
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);

/**
 * The header naming the business the person works in (docs/architecture.md#memberships): every request of
 * the app names it, so a choice made in the switcher holds for each request whatever the server last saw.
 */
export const businessHeader = (): Record<string, string> => {
  const id = state.user?.business_id;
  return id ? { [BUSINESS_HEADER]: id } : {};
};
