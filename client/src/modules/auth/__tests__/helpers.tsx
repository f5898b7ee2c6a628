// Helpers of the auth screens' tests: routes with a "where am I" probe, quick field filling, the
// visible field errors, and a guard that fails a test on any console warning or error (antd's
// deprecation warnings included).
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation, type RouteObject } from "react-router-dom";
import { session } from "../../../lib/session.ts";
import LoginPage from "../LoginPage.tsx";
import SignupPage from "../SignupPage.tsx";
import SignupNextPage from "../SignupNextPage.tsx";
import ForgotPasswordPage from "../ForgotPasswordPage.tsx";
import ResetPasswordPage from "../ResetPasswordPage.tsx";
import VerifyEmailPage from "../VerifyEmailPage.tsx";

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

export const routes: RouteObject[] = [
  { path: "/", element: <Where /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/admin/login", element: <LoginPage /> },
  { path: "/signup", element: <SignupPage /> },
  { path: "/signup/next", element: <SignupNextPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/verify-email", element: <VerifyEmailPage /> },
  { path: "*", element: <Where /> },
];

// no per-event delay and no pointer-events check (getComputedStyle up the tree on every click is
// what makes user-event slow in jsdom)
export const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
export type User = ReturnType<typeof setup>;

/**
 * Replaces a field's value with one change event (typing is covered by the tests that check errors
 * clearing as the person types; one render a field keeps the others fast).
 */
export async function fill(_user: User, testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** The visible field errors: field id -> text. */
export function fieldErrorTexts(): Record<string, string> {
  const out: Record<string, string> = {};
  document
    .querySelectorAll<HTMLElement>('form [id$="-error"]')
    .forEach((el) => (out[el.id.replace(/-error$/, "")] = el.textContent ?? ""));
  return out;
}

/** Fails the test on any console warning or error (React act warnings, antd deprecations...). */
export function failOnConsole() {
  let spies: jest.SpyInstance[] = [];
  beforeEach(() => {
    spies = [jest.spyOn(console, "error"), jest.spyOn(console, "warn")];
  });
  afterEach(() => {
    const said = spies.flatMap((s) => s.mock.calls.map((c) => c.map(String).join(" ")));
    spies.forEach((s) => s.mockRestore());
    expect(said).toEqual([]);
  });
}

export function freshSession() {
  localStorage.clear();
  session.clear();
}

/**
 * antd's Form.Item reads getComputedStyle(item).marginBottom whenever an error appears; jsdom answers
 * by matching every rule of antd's injected style sheets (about 0.3 s a field). The tests do not look
 * at layout, so form items get a fixed answer; every other element still gets jsdom's.
 */
export function quickFormItemStyles() {
  const real = window.getComputedStyle.bind(window);
  beforeAll(() => {
    window.getComputedStyle = ((el: Element, pseudo?: string | null) =>
      el instanceof HTMLElement && el.classList.contains("ant-form-item")
        ? ({ marginBottom: "24px", getPropertyValue: () => "" } as unknown as CSSStyleDeclaration)
        : real(el, pseudo)) as typeof window.getComputedStyle;
  });
  afterAll(() => {
    window.getComputedStyle = real;
  });
}
