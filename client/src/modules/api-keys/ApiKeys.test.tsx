// The API keys screen: the key is shown once (warning, copy button) and never again; the list shows
// only the first characters; revoking asks first; the usage example; the upgrade card off Premium.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ApiKeysPageDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import ApiKeysPage from "./ApiKeysPage.tsx";

const KEY = "sk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const created = "2026-03-01T09:00:00.000Z";
const row = (id: string, name: string, over: Record<string, unknown> = {}) => ({ __typename: "ApiKey", id, name, prefix: "sk_live_AbCd", createdAt: created, lastUsedAt: null, revokedAt: null, ...over });

function pageMock(apiKeys: { premium: boolean; canManage: boolean; keys: object[] }, plan = "PREMIUM") {
  return {
    request: { query: ApiKeysPageDocument },
    result: {
      data: {
        me: { __typename: "User", id: people.client.id, business: { __typename: "Client", id: "b1", subscription: { __typename: "ClientSubscription", plan, status: "ACTIVE" } } },
        apiKeys: { __typename: "ApiKeys", ...apiKeys },
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
    { request: { query: CreateApiKeyDocument, variables: { name: "Website menu" } }, result: { data: { createApiKey: { __typename: "CreatedApiKey", key: KEY, apiKey: row("k1", "Website menu") } } } },
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
    { request: { query: RevokeApiKeyDocument, variables: { id: "k1" } }, result: { data: { revokeApiKey: row("k1", "Website menu", { lastUsedAt: created, revokedAt: created }) } } },
    pageMock({ premium: true, canManage: true, keys: [row("k1", "Website menu", { lastUsedAt: created, revokedAt: created })] }),
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
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [pageMock({ premium: true, canManage: false, keys: [row("k1", "Website menu")] })]);
  const example = await screen.findByTestId("usage-example");
  expect(example).toHaveTextContent('curl -H "Authorization: Bearer sk_live_…"');
  expect(example).toHaveTextContent(`-d '{"query":"{ me { email } }"}'`);
  expect(example).toHaveTextContent(/\/graphql$/);
  expect(screen.getByText(/600 requests a minute/)).toBeInTheDocument();
  // not a manager: no create form, no revoke
  expect(screen.getByTestId("api-keys-read-only")).toBeInTheDocument();
  expect(screen.queryByTestId("create-key-form")).toBeNull();
  expect(screen.queryByTestId("revoke-key-k1")).toBeNull();
});

test("not on Premium: the upgrade card for API access, no form and no usage", async () => {
  signIn("client");
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [pageMock({ premium: false, canManage: true, keys: [] }, "PROFESSIONAL")]);
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
  renderWithMocks([{ path: "/api-keys", element: <ApiKeysPage /> }], "/api-keys", [pageMock({ premium: true, canManage: true, keys: [row("k1", "الموقع")] })]);
  expect(await screen.findByRole("heading", { level: 1, name: "مفاتيح الواجهة البرمجية" })).toBeInTheDocument();
  expect(screen.getByText("لم يُستخدم")).toBeInTheDocument();
  expect(screen.getByText(/٦٠٠ طلب في الدقيقة/)).toBeInTheDocument();
});
