// The admin console's AI writer tab: the writer in force and where it comes from, switching to an
// OpenAI-compatible model (the key is write-only), the shared rule's message in Arabic, and the
// writer test showing whether the model answered or the built-in writer stood in.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import {
  AdminAiSettingsDocument,
  AdminTestAiSettingsDocument,
  AdminUpdateAiSettingsDocument,
} from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../test/screens.tsx";
import AiWriterTab from "./components/AiWriterTab.tsx";
import "./i18n.ts";

const settings = (over: Record<string, unknown> = {}) => ({
  __typename: "AiSettings",
  provider: "LOCAL",
  baseUrl: null,
  model: null,
  hasApiKey: false,
  source: "configuration",
  timeoutSeconds: 30,
  updatedAt: null,
  ...over,
});

beforeEach(() => signIn("admin"));
afterEach(() => session.clear());

test("an admin switches to an OpenAI-compatible model; the key is sent once and never shown", async () => {
  await inLanguage("en");
  const saved = settings({
    provider: "OPENAI",
    baseUrl: "https://llm.example.kw/v1",
    model: "gpt-4o-mini",
    hasApiKey: true,
    source: "settings",
    updatedAt: "2026-11-21T08:00:00.000Z",
  });
  renderWithMocks([{ path: "/admin", element: <AiWriterTab /> }], "/admin", [
    { request: { query: AdminAiSettingsDocument }, result: { data: { aiSettings: settings() } } },
    {
      request: {
        query: AdminUpdateAiSettingsDocument,
        variables: {
          input: {
            provider: "OPENAI",
            baseUrl: "https://llm.example.kw/v1",
            model: "gpt-4o-mini",
            apiKey: "sk-secret",
            clearApiKey: false,
          },
        },
      },
      result: { data: { updateAiSettings: saved } },
    },
    {
      // the form as it stands after saving: the stored key is tried (an empty key keeps it)
      request: {
        query: AdminTestAiSettingsDocument,
        variables: {
          input: {
            provider: "OPENAI",
            baseUrl: "https://llm.example.kw/v1",
            model: "gpt-4o-mini",
            apiKey: null,
            clearApiKey: false,
          },
        },
      },
      result: {
        data: {
          testAiSettings: {
            __typename: "AiCheck",
            ok: true,
            provider: "OPENAI",
            fellBack: false,
            latencyMs: 812,
            sample: "Karak o'clock, Kuwait.",
            note: null,
          },
        },
      },
    },
  ]);
  expect(await screen.findByText(/In force: the server's configuration/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole("radio", { name: "OpenAI-compatible model" }));
  fireEvent.change(await screen.findByLabelText("Endpoint (base URL)"), {
    target: { value: "https://llm.example.kw/v1" },
  });
  fireEvent.change(screen.getByLabelText("Model"), { target: { value: "gpt-4o-mini" } });
  fireEvent.change(screen.getByLabelText("API key"), { target: { value: "sk-secret" } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("AI writer saved")).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText("API key")).toHaveValue(""));
  expect(screen.getByText("A key is stored. Leave this empty to keep it.")).toBeInTheDocument();
  expect(screen.getByText(/In force: chosen here/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Test the writer" }));
  expect(await screen.findByText("The model answered in 812 ms")).toBeInTheDocument();
  expect(screen.getByText("Karak o'clock, Kuwait.")).toBeInTheDocument();
}, 60_000); // antd forms are slow in jsdom on a busy machine

test("in Arabic: a model without a name is refused with the shared rule's message; a failed test says the built-in writer stood in", async () => {
  await inLanguage("ar");
  renderWithMocks([{ path: "/admin", element: <AiWriterTab /> }], "/admin", [
    {
      request: { query: AdminAiSettingsDocument },
      result: {
        data: {
          aiSettings: settings({
            provider: "OPENAI",
            model: "gpt-x",
            hasApiKey: true,
            source: "settings",
            updatedAt: "2026-11-21T08:00:00.000Z",
          }),
        },
      },
    },
    {
      request: {
        query: AdminTestAiSettingsDocument,
        variables: { input: { provider: "OPENAI", baseUrl: null, model: "gpt-x", apiKey: null, clearApiKey: false } },
      },
      result: {
        data: {
          testAiSettings: {
            __typename: "AiCheck",
            ok: false,
            provider: "OPENAI",
            fellBack: true,
            latencyMs: 30010,
            sample: "كرك بالزعفران",
            note: "تعذّر الوصول إلى نموذج الذكاء الاصطناعي",
          },
        },
      },
    },
  ]);
  const model = await screen.findByLabelText("النموذج");
  await waitFor(() => expect(model).toHaveValue("gpt-x"));
  fireEvent.change(model, { target: { value: "" } });
  fireEvent.click(screen.getByRole("button", { name: "حفظ" }));
  expect(await screen.findByText("اذكر اسم النموذج المطلوب")).toBeInTheDocument();
  fireEvent.change(model, { target: { value: "gpt-x" } });
  fireEvent.click(screen.getByRole("button", { name: "اختبر الكاتب" }));
  expect(await screen.findByText("لم يُجب النموذج إجابة صالحة، فتولّى الكاتب المدمج الكتابة")).toBeInTheDocument();
  expect(screen.getByText("تعذّر الوصول إلى نموذج الذكاء الاصطناعي")).toBeInTheDocument();
}, 60_000);

test("Test the writer tries the form as edited, without saving it", async () => {
  await inLanguage("en");
  renderWithMocks([{ path: "/admin", element: <AiWriterTab /> }], "/admin", [
    {
      request: { query: AdminAiSettingsDocument },
      result: {
        data: {
          aiSettings: settings({
            provider: "OPENAI",
            baseUrl: "https://llm.example.kw/v1",
            model: "gpt-old",
            hasApiKey: true,
            source: "settings",
            updatedAt: "2026-11-21T08:00:00.000Z",
          }),
        },
      },
    },
    // no updateAiSettings mock: saving would fail the test
    {
      request: {
        query: AdminTestAiSettingsDocument,
        variables: {
          input: {
            provider: "OPENAI",
            baseUrl: "https://llm.example.kw/v1",
            model: "gpt-new",
            apiKey: "sk-try",
            clearApiKey: false,
          },
        },
      },
      result: {
        data: {
          testAiSettings: {
            __typename: "AiCheck",
            ok: true,
            provider: "OPENAI",
            fellBack: false,
            latencyMs: 420,
            sample: "New model, new karak.",
            note: null,
          },
        },
      },
    },
  ]);
  const model = await screen.findByLabelText("Model");
  await waitFor(() => expect(model).toHaveValue("gpt-old"));
  fireEvent.change(model, { target: { value: "gpt-new" } });
  fireEvent.change(screen.getByLabelText("API key"), { target: { value: "sk-try" } });
  fireEvent.click(screen.getByRole("button", { name: "Test the writer" }));
  expect(await screen.findByText("The model answered in 420 ms")).toBeInTheDocument();
  expect(screen.getByText("New model, new karak.")).toBeInTheDocument();
  // still the saved writer in force, and the form keeps what was typed
  expect(screen.getByText(/In force: chosen here/)).toBeInTheDocument();
  expect(screen.getByLabelText("Model")).toHaveValue("gpt-new");
}, 60_000);
