// Helpers for the signed-in screens: a person in the session, a screen width antd's Grid believes,
// and routes rendered inside a mocked Apollo client.
import { MockedProvider } from "@apollo/client/testing/react";
import type { MockLink } from "@apollo/client/testing";
import type { Role } from "@sufra/schema";
import { Outlet, type RouteObject } from "react-router-dom";
import { session, type SessionUser } from "../src/lib/session.ts";
import { inLanguage, renderRoutes } from "./render.tsx";

export const people: Record<Role, SessionUser> = {
  client: { id: "u-client", email: "noura@daralqahwa.kw", name: "Noura Al-Sabah", role: "client", business_id: "b1" },
  owner: { id: "u-owner", email: "khalid@daralqahwa.kw", name: "Khalid Al-Mutairi", role: "owner", business_id: "b1" },
  admin: { id: "u-admin", email: "admin@sufra.local", name: "Sufra Admin", role: "admin", business_id: null },
};

/** Starts a session for a person of `role` (tokens are placeholders). */
export function signIn(role: Role, overrides: Partial<SessionUser> = {}) {
  const user = { ...people[role], ...overrides };
  session.start(user, "access-token", "refresh-token");
  return user;
}

// jsdom has no getComputedStyle for pseudo-elements (antd measures the scrollbar when a drawer or
// modal locks scrolling) and reports "Not implemented" on the console: answer with the element's style
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((elt: Element) => computedStyle(elt)) as typeof window.getComputedStyle;

const defaultMatchMedia = window.matchMedia;

/** Makes antd's Grid.useBreakpoint see a window `px` wide (jsdom answers no to every media query). */
export function setScreenWidth(px: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!!min || !!max) && (!min || px >= Number(min[1])) && (!max || px <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

export const resetScreenWidth = () => (window.matchMedia = defaultMatchMedia);

/** Each test's start: nothing stored, nobody signed in (or `as` signed in), English, and a window `width` px wide when given. */
export async function freshStart({ as, width }: { as?: Role; width?: number } = {}) {
  localStorage.clear();
  session.clear();
  if (as) signIn(as);
  if (width !== undefined) setScreenWidth(width);
  await inLanguage("en");
}

/** Renders `routes` at `path` with a MockedProvider around them (antd and router as in renderRoutes). */
export function renderWithMocks(routes: RouteObject[], path: string, mocks: MockLink.MockedResponse[] = []) {
  return renderRoutes(
    [
      {
        element: (
          <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
            <Outlet />
          </MockedProvider>
        ),
        children: routes,
      },
    ],
    path,
  );
}

/** A mutation's (or query's) mock, answering every call, that records the variables of each. */
export function recordedMock(
  query: unknown,
  answer: (variables: Record<string, unknown>) => { data?: object; errors?: object[] },
) {
  const calls: Record<string, unknown>[] = [];
  const mock = {
    request: { query, variables: () => true },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: (v: Record<string, unknown>) => {
      calls.push(v);
      return answer(v);
    },
  } as MockLink.MockedResponse;
  return { mock, calls };
}
