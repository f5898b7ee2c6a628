// The API keys screen: the key is shown once (warning, copy button) and never again; the list shows
// only the first characters; revoking asks first; the usage example and the link to /developers; each
// key's requests and errors per day as a chart (its table here: jsdom cannot draw); the upgrade card off Premium.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ApiKeysPageDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import ApiKeysPage from "./ApiKeysPage.tsx";

const KEY = "sk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const created = "2026-03-01T09:00:00.000Z";
const row = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  __typename: "ApiKey",
  id,
  name,
  prefix: "sk_live_AbCd",
  createdAt: created,
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
/** 30 Kuwait days ending 2026-03-30, with the given counts on some of them */
const usage = (counts: Record<string, [number, number]> = {}) =>
  Array.from({ length: 30 }, (_, i) => {
    const day = `2026-03-${String(i + 1).padStart(2, "0")}`;
    const [requests, errors] = counts[day] ?? [0, 0];
    return { __typename: "ApiKeyUsageDay", day, requests, errors };
  });
const withUsage = (k: object) => ("usage" in k ? k : { ...k, usage: usage() });

function pageMock(apiKeys: { premium: boolean; canManage: boolean; keys: object[] }, plan = "PREMIUM") {
  return {
    request: { query: ApiKeysPageDocument },
    result: {
      data: {
        me: {
          __typename: "User",
          id: people.client.id,
          business: {
            __typename: "Client",
            id: "b1",
            subscription: { __typename: "ClientSubscription", plan, status: "ACTIVE" },
          },
        },
        apiKeys: { __typename: "ApiKeys", ...apiKeys, keys: apiKeys.keys.map(withUsage) },
      },
    },
  };
}

beforeEach(() => freshStart());

test("a new key is shown once, with a warning and a copy button; afterwards only its first characters", async () => {
  signIn("client");
  const writeText = jest.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({ premium: true, canManage: true, keys: [] }),
    {
      request: { query: CreateApiKeyDocument, variables: { name: "Website menu" } },
      result: { data: { createApiKey: { __typename: "CreatedApiKey", key: KEY, apiKey: row("k1", "Website menu") } } },
    },
    pageMock({ premium: true, canManage: true, keys: [row("k1", "Website menu")] }),
  ]);
  const form = within(await screen.findByTestId("create-key-form"));
  expect(screen.getByText("No keys yet")).toBeInTheDocument();

  // the shared rule: a name is required
  fireEvent.click(form.getByRole("button", { name: "Create key" }));
  expect(await form.findByText("Name is required")).toBeInTheDocument();

  fireEvent.change(form.getByLabelText("Key name"), { target: { value: " Website menu " } });
  fireEvent.click(form.getByRole("button", { name: "Create key" }));
  const dialog = within(await findDialog());
  expect(dialog.getByTestId("new-key")).toHaveTextContent(KEY);
  expect(dialog.getByTestId("key-warning")).toHaveTextContent("it will not be shown again");
  fireEvent.click(dialog.getByTestId("copy-key"));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
  expect(await screen.findByText("The key is copied")).toBeInTheDocument();

  // closed: the key is gone from the page; the list shows the first characters only
  fireEvent.click(dialog.getByTestId("key-done"));
  await waitFor(() => expect(screen.queryByText(KEY)).toBeNull());
  const list = within(screen.getByTestId("api-keys-list"));
  expect(await list.findByText("sk_live_AbCd…")).toBeInTheDocument();
  expect(list.getByText("Never")).toBeInTheDocument();
  expect(list.getByText("Active")).toBeInTheDocument();
  expect(document.body.textContent).not.toContain(KEY);
});

test("revoking a key asks first", async () => {
  signIn("owner");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({ premium: true, canManage: true, keys: [row("k1", "Website menu", { lastUsedAt: created })] }),
    {
      request: { query: RevokeApiKeyDocument, variables: { id: "k1" } },
      result: { data: { revokeApiKey: row("k1", "Website menu", { lastUsedAt: created, revokedAt: created }) } },
    },
    pageMock({
      premium: true,
      canManage: true,
      keys: [row("k1", "Website menu", { lastUsedAt: created, revokedAt: created })],
    }),
  ]);
  fireEvent.click(await screen.findByTestId("revoke-key-k1"));
  const confirm = within(await openPopover());
  expect(confirm.getByText("Revoke the key “Website menu”?")).toBeInTheDocument();
  fireEvent.click(confirm.getByRole("button", { name: "Revoke" }));
  expect(await screen.findByText("The key “Website menu” is revoked")).toBeInTheDocument();
  expect(await within(screen.getByTestId("api-keys-list")).findByText("Revoked")).toBeInTheDocument();
  expect(screen.queryByTestId("revoke-key-k1")).toBeNull();
});

test("the usage example calls /graphql with the key as a Bearer token", async () => {
  signIn("client");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({ premium: true, canManage: false, keys: [row("k1", "Website menu")] }),
  ]);
  const example = await screen.findByTestId("usage-example");
  expect(example).toHaveTextContent('curl -H "Authorization: Bearer sk_live_…"');
  expect(example).toHaveTextContent(`-d '{"query":"{ me { email } }"}'`);
  expect(example).toHaveTextContent(/\/graphql$/);
  expect(screen.getByText(/600 requests a minute/)).toBeInTheDocument();
  expect(screen.getByTestId("developers-link")).toHaveAttribute("href", "/developers");
  // not a manager: no create form, no revoke
  expect(screen.getByTestId("api-keys-read-only")).toBeInTheDocument();
  expect(screen.queryByTestId("create-key-form")).toBeNull();
  expect(screen.queryByTestId("revoke-key-k1")).toBeNull();
});

test("not on Premium: the upgrade card for API access, no form and no usage", async () => {
  signIn("client");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({ premium: false, canManage: true, keys: [] }, "PROFESSIONAL"),
  ]);
  const card = within(await screen.findByTestId("upgrade-card"));
  expect(card.getByRole("heading", { name: "API access is part of the Premium plan" })).toBeInTheDocument();
  expect(within(card.getByTestId("plan-premium")).getByText("API access")).toBeInTheDocument();
  expect(screen.queryByTestId("create-key-form")).toBeNull();
  expect(screen.queryByTestId("usage-example")).toBeNull();
  expect(screen.queryByTestId("api-keys-list")).toBeNull();
});

test("in Arabic", async () => {
  await inLanguage("ar");
  signIn("client");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({ premium: true, canManage: true, keys: [row("k1", "الموقع")] }),
  ]);
  expect(await screen.findByRole("heading", { level: 1, name: "مفاتيح الواجهة البرمجية" })).toBeInTheDocument();
  expect(screen.getByText("لم يُستخدم")).toBeInTheDocument();
  expect(screen.getByText(/٦٠٠ طلب في الدقيقة/)).toBeInTheDocument();
});

test("each key's requests and errors per day over 30 days, with totals; revoked keys never used are left out", async () => {
  signIn("owner");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({
      premium: true,
      canManage: true,
      keys: [
        row("k1", "Website menu", { usage: usage({ "2026-03-29": [1200, 3], "2026-03-30": [40, 0] }) }),
        row("k2", "Old till", { revokedAt: created }),
      ],
    }),
  ]);
  const card = within(await screen.findByTestId("key-usage"));
  expect(card.getByText("Use in the last 30 days")).toBeInTheDocument();
  const k1 = within(card.getByTestId("key-usage-k1"));
  expect(k1.getByText("1,240 requests, 3 with errors")).toBeInTheDocument();
  // the chart's figures as a table: a row per day, requests and errors as columns
  const table = k1.getByRole("table");
  expect(within(table).getByRole("columnheader", { name: "Requests" })).toBeInTheDocument();
  expect(within(table).getByRole("columnheader", { name: "Errors" })).toBeInTheDocument();
  const rows = within(table).getAllByRole("row");
  expect(rows).toHaveLength(31);
  expect([...rows[29].querySelectorAll("td, th")].map((c) => c.textContent)).toEqual([
    expect.stringMatching(/Mar.*29/),
    "1,200",
    "3",
  ]);
  expect(card.queryByTestId("key-usage-k2")).toBeNull();
});

test("the usage chart in Arabic: Arabic-Indic digits and Arabic headings", async () => {
  await inLanguage("ar");
  signIn("owner");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [
    pageMock({
      premium: true,
      canManage: true,
      keys: [row("k1", "الموقع", { usage: usage({ "2026-03-30": [25, 2] }) })],
    }),
  ]);
  const card = within(await screen.findByTestId("key-usage"));
  expect(card.getByText("الاستخدام في آخر ٣٠ يومًا")).toBeInTheDocument();
  expect(card.getByText("٢٥ طلبًا، منها ٢ بأخطاء")).toBeInTheDocument();
  expect(within(card.getByRole("table")).getByRole("columnheader", { name: "الأخطاء" })).toBeInTheDocument();
  expect(screen.getByTestId("developers-link")).toHaveTextContent("دليل المطوّرين");
});
