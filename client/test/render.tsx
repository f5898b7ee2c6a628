// Test helpers: render a screen inside antd's provider and a memory router, in a chosen language.
import { StyleProvider } from "@ant-design/cssinjs";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntApp, ConfigProvider } from "antd";
import arEG from "antd/locale/ar_EG";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import i18n from "../src/i18n/index.ts";
import "../src/i18n/catalogue/i18n.ts";

export async function inLanguage(lng: "en" | "ar") {
  await i18n.changeLanguage(lng);
}

// antd's CSS variables (theme tokens) go to an element outside the page, where jsdom neither parses
// them nor matches them on every getComputedStyle (testing-library's role queries call it up the tree)
const styleSink = document.createElement("div");

/** Renders `routes` at `path` inside antd (RTL and Arabic locale when the language is ar). */
export function renderRoutes(routes: RouteObject[], path: string, state?: unknown) {
  const router = createMemoryRouter(routes, {
    initialEntries: [
      { pathname: path.split("?")[0], search: path.includes("?") ? `?${path.split("?")[1]}` : "", state },
    ],
  });
  const rtl = i18n.resolvedLanguage === "ar";
  // antd's styles are not injected (nor, under jest.config.cjs, generated): jsdom's getComputedStyle walks
  // every injected rule on each call (antd calls it often), which made form tests several times slower,
  // and no test reads styles
  const utils = render(
    <StyleProvider mock="server" container={styleSink}>
      <ConfigProvider direction={rtl ? "rtl" : "ltr"} locale={rtl ? arEG : undefined}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { ...utils, router };
}

export const renderAt = (path: string, element: ReactElement, extra: RouteObject[] = []) =>
  renderRoutes([{ path: path.split("?")[0], element }, ...extra], path);

/** A fetch stand-in answering by "METHOD /path" with [status, body]; records the calls. */
export function fakeFetch(answers: Record<string, Array<[number, unknown]> | [number, unknown]>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const queues = Object.fromEntries(
    Object.entries(answers).map(([k, v]) => [
      k,
      Array.isArray(v[0]) ? [...(v as Array<[number, unknown]>)] : [v as [number, unknown]],
    ]),
  );
  const fn = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? "GET").toUpperCase();
    const path = String(url).replace(/^https?:\/\/[^/]+/, "");
    calls.push({
      method,
      url: path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const q = queues[`${method} ${path.split("?")[0]}`];
    if (!q?.length) throw new TypeError(`fetch failed: no answer for ${method} ${path}`);
    const [status, body] = q.length > 1 ? q.shift()! : q[0];
    return fakeResponse(status, body === undefined ? "" : JSON.stringify(body));
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** What the client reads of a fetch Response (jsdom has no Response class). */
export function fakeResponse(status: number, text: string) {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ "content-type": "application/json" }),
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/** Types `value` into a field in one change, as a paste would. */
export const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

/** The open confirmation (antd Popconfirm), once it shows. */
export const openPopover = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(".ant-popover:not(.ant-popover-hidden)");
    if (!el) throw new Error("no confirmation open");
    return el;
  });

/** The open dialog (antd Modal), once it shows. */
export const findDialog = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(".ant-modal");
    if (!el) throw new Error("no dialog open");
    return el;
  });

/** Chooses `label` in an antd Select, from its open list only (a list closed earlier stays in the page, hidden). */
export async function pickOption(combobox: HTMLElement, label: string) {
  // a select just used is still focused: blur it first so the press opens it again
  fireEvent.blur(combobox);
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const el = Array.from(
      document.querySelectorAll<HTMLElement>(
        ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option",
      ),
    ).find((o) => o.textContent === label);
    if (!el) throw new Error(`no option ${label}`);
    return el;
  });
  fireEvent.click(option);
}

/** Chooses `label` in the antd Select inside the element with test id `testId`. */
export const pick = (testId: string, label: string) =>
  pickOption(within(screen.getByTestId(testId)).getByRole("combobox"), label);
