// The webhooks screen: adding an endpoint shows its secret once; the server's field errors land under
// the fields; a new secret asks first and says the old one keeps signing for 24 hours; the delivery
// log with "send again"; turning off and the test event; read-only and off Premium; in Arabic.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CreateWebhookEndpointDocument,
  RedeliverWebhookDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryUpdatedDocument,
  WebhooksPageDocument,
} from "../../graphql/graphql.ts";
import { findDialog, inLanguage, openPopover, type } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import WebhooksPage from "./WebhooksPage.tsx";

const SECRET = "whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const EVENTS = [
  "POST_SCHEDULED",
  "POST_PUBLISHED",
  "POST_FAILED",
  "POST_UNCONFIRMED",
  "REVIEW_RECEIVED",
  "CAMPAIGN_ENDED",
  "SUBSCRIPTION_CHANGED",
];
const at = "2026-03-01T09:00:00.000Z";
const delivery = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "WebhookDelivery",
  id,
  eventId: `ev-${id}`,
  eventType: "post.published",
  eventCreatedAt: at,
  status: "SUCCEEDED",
  attempts: 1,
  responseStatus: 200,
  latencyMs: 84,
  responseExcerpt: "ok",
  error: null,
  lastAttemptAt: at,
  nextAttemptAt: null,
  succeededAt: at,
  ...over,
});
const endpoint = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: "WebhookEndpoint",
  id,
  url: "https://hooks.example.com/sufra",
  description: "",
  events: ["POST_PUBLISHED", "POST_FAILED"],
  enabled: true,
  disabledAt: null,
  disabledBecauseFailing: false,
  secretRotatedUntil: null,
  createdAt: at,
  lastDelivery: null,
  ...over,
});

function pageMock(webhooks: { premium: boolean; canManage: boolean; endpoints: object[] }, plan = "PREMIUM") {
  return {
    request: { query: WebhooksPageDocument },
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
        webhooks: { __typename: "Webhooks", eventTypes: EVENTS, ...webhooks },
      },
    },
  };
}
const render = (mocks: object[]) =>
  renderWithMocks([{ path: "/webhooks", element: <WebhooksPage /> }], "/webhooks", mocks as never);

beforeEach(() => freshStart());

test("adding an endpoint: every event chosen at first, the secret shown once with a warning, then only the endpoint", async () => {
  signIn("client");
  const writeText = jest.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  const input = {
    url: "https://hooks.example.com/sufra",
    events: EVENTS.filter((e) => e !== "REVIEW_RECEIVED"),
    description: "Our POS",
    enabled: true,
  };
  render([
    pageMock({ premium: true, canManage: true, endpoints: [] }),
    {
      request: { query: CreateWebhookEndpointDocument, variables: { input } },
      result: {
        data: {
          createWebhookEndpoint: {
            __typename: "WebhookEndpointWithSecret",
            secret: SECRET,
            endpoint: endpoint("w1", { description: "Our POS", events: input.events }),
          },
        },
      },
    },
    pageMock({
      premium: true,
      canManage: true,
      endpoints: [endpoint("w1", { description: "Our POS", events: input.events })],
    }),
  ]);
  expect(await screen.findByText(/No endpoints yet/)).toBeInTheDocument();
  expect(screen.getByTestId("webhooks-docs-link")).toHaveAttribute("href", "/developers#webhooks");
  fireEvent.click(screen.getByTestId("add-endpoint"));
  const form = within(await findDialog());
  // every event is ticked to start with
  for (const label of ["A post was scheduled", "A post was published", "A review arrived", "The subscription changed"])
    expect(form.getByRole("checkbox", { name: label })).toBeChecked();
  type(form.getByLabelText("Address (URL)"), " https://hooks.example.com/sufra ");
  fireEvent.click(form.getByRole("checkbox", { name: "A review arrived" }));
  type(form.getByLabelText("Note"), "Our POS");
  fireEvent.click(form.getByTestId("endpoint-submit"));

  const once = within(await screen.findByTestId("new-secret").then(() => findDialog()));
  expect(once.getByTestId("new-secret")).toHaveTextContent(SECRET);
  expect(once.getByTestId("secret-warning")).toHaveTextContent("it will not be shown again");
  fireEvent.click(once.getByTestId("copy-secret"));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
  fireEvent.click(once.getByTestId("secret-done"));
  await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

  const card = within(await screen.findByTestId("endpoint-w1"));
  expect(card.getByText("https://hooks.example.com/sufra")).toBeInTheDocument();
  expect(card.getByText("Our POS")).toBeInTheDocument();
  expect(card.getByText("On")).toBeInTheDocument();
  expect(card.queryByText("A review arrived")).toBeNull();
  expect(card.getByText("Nothing sent yet")).toBeInTheDocument();
  expect(document.body.textContent).not.toContain(SECRET);
});

test("the server's refusal of an address is shown under the address field", async () => {
  signIn("client");
  const input = { url: "http://hooks.example.com/sufra", events: EVENTS, description: "", enabled: true };
  render([
    pageMock({ premium: true, canManage: true, endpoints: [] }),
    {
      request: { query: CreateWebhookEndpointDocument, variables: { input } },
      result: {
        errors: [
          {
            message: "The address must start with https://",
            extensions: {
              code: "BAD_USER_INPUT",
              reason: "VALIDATION_ERROR",
              details: { url: ["The address must start with https://"] },
            },
          },
        ],
      },
    },
  ]);
  fireEvent.click(await screen.findByTestId("add-endpoint"));
  const form = within(await findDialog());
  type(form.getByLabelText("Address (URL)"), "http://hooks.example.com/sufra");
  fireEvent.click(form.getByTestId("endpoint-submit"));
  expect(await form.findByText("The address must start with https://")).toBeInTheDocument();
  expect(screen.queryByTestId("new-secret")).toBeNull();
});

test("a new secret asks first, then shows it once and says the old one keeps signing for 24 hours", async () => {
  signIn("owner");
  const until = "2026-03-02T09:00:00.000Z";
  render([
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1")] }),
    {
      request: { query: RotateWebhookSecretDocument, variables: { id: "w1" } },
      result: {
        data: {
          rotateWebhookSecret: {
            __typename: "WebhookEndpointWithSecret",
            secret: SECRET,
            endpoint: endpoint("w1", { secretRotatedUntil: until }),
          },
        },
      },
    },
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1", { secretRotatedUntil: until })] }),
  ]);
  fireEvent.click(await screen.findByTestId("rotate-w1"));
  const confirm = within(await openPopover());
  expect(confirm.getByText("Make a new signing secret?")).toBeInTheDocument();
  fireEvent.click(confirm.getByRole("button", { name: "Make a new secret" }));
  const dialog = within(await findDialog());
  expect(await dialog.findByTestId("new-secret")).toHaveTextContent(SECRET);
  expect(dialog.getByText(/previous secret keeps signing too for 24 hours/)).toBeInTheDocument();
  expect(dialog.getByText("Your new signing secret")).toBeInTheDocument();
});

test("the delivery log: status, answer, time taken, what the endpoint said, and send again", async () => {
  signIn("client");
  const failed = delivery("d2", {
    status: "FAILED",
    attempts: 7,
    responseStatus: 500,
    latencyMs: 1200,
    responseExcerpt: "upstream down",
    error: "HTTP 500",
    succeededAt: null,
    eventType: "post.failed",
  });
  const log = (edges: object[]) => ({
    request: { query: WebhookDeliveriesDocument, variables: { id: "w1" } },
    result: {
      data: {
        webhookEndpoint: {
          __typename: "WebhookEndpoint",
          id: "w1",
          deliveries: {
            __typename: "WebhookEndpointDeliveriesConnection",
            totalCount: edges.length,
            pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
            edges: edges.map((node) => ({ __typename: "WebhookEndpointDeliveriesConnectionEdge", node })),
          },
        },
      },
    },
  });
  render([
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1", { lastDelivery: failed })] }),
    log([failed, delivery("d1")]),
    {
      request: { query: RedeliverWebhookDocument, variables: { deliveryId: "d2" } },
      result: { data: { redeliverWebhook: { ...failed, status: "PENDING", nextAttemptAt: null } } },
    },
    log([{ ...failed, status: "PENDING" }, delivery("d1")]),
  ]);
  const card = within(await screen.findByTestId("endpoint-w1"));
  expect(within(card.getByTestId("last-delivery")).getByText("Failed")).toBeInTheDocument();
  fireEvent.click(card.getByTestId("log-w1"));
  const d2 = within(await screen.findByTestId("delivery-d2"));
  expect(d2.getByText("post.failed")).toBeInTheDocument();
  expect(d2.getByText("HTTP 500", { selector: "bdi" })).toBeInTheDocument();
  expect(d2.getByText("1,200 ms")).toBeInTheDocument();
  expect(d2.getByText("7")).toBeInTheDocument();
  fireEvent.click(d2.getByText("What the endpoint answered"));
  expect(await d2.findByText("upstream down")).toBeInTheDocument();
  const d1 = within(screen.getByTestId("delivery-d1"));
  expect(d1.getByText("Delivered")).toBeInTheDocument();
  expect(d1.getByText("84 ms")).toBeInTheDocument();
  fireEvent.click(d2.getByTestId("again-d2"));
  expect(await screen.findByText("It will be sent again in a moment")).toBeInTheDocument();
  expect(await within(screen.getByTestId("delivery-d2")).findByText("Waiting")).toBeInTheDocument();
});

test("live: a delivery attempt that ended shows as the endpoint's last delivery without a reload", async () => {
  signIn("client");
  const done = delivery("d7", { eventType: "ping" });
  render([
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1")] }),
    {
      request: { query: WebhookDeliveryUpdatedDocument },
      result: {
        data: { webhookDeliveryUpdated: { __typename: "WebhookDeliveryUpdate", endpointId: "w1", deliveryId: "d7" } },
      },
      delay: 80,
    },
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1", { lastDelivery: done })] }),
  ]);
  const card = within(await screen.findByTestId("endpoint-w1"));
  expect(card.queryByText("Delivered")).toBeNull();
  expect(await within(card.getByTestId("last-delivery")).findByText("Delivered")).toBeInTheDocument();
  expect(card.getByTestId("last-delivery")).toHaveTextContent("ping");
});

test("turning an endpoint off and sending a test event", async () => {
  signIn("client");
  render([
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1")] }),
    {
      request: { query: UpdateWebhookEndpointDocument, variables: { id: "w1", input: { enabled: false } } },
      result: { data: { updateWebhookEndpoint: endpoint("w1", { enabled: false, disabledAt: at }) } },
    },
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1", { enabled: false, disabledAt: at })] }),
    {
      request: { query: SendTestWebhookDocument, variables: { id: "w1" } },
      result: {
        data: {
          sendTestWebhook: delivery("d9", {
            eventType: "ping",
            status: "PENDING",
            attempts: 0,
            responseStatus: null,
            latencyMs: null,
            responseExcerpt: null,
            lastAttemptAt: null,
            succeededAt: null,
          }),
        },
      },
    },
    pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1", { enabled: false, disabledAt: at })] }),
  ]);
  fireEvent.click(await screen.findByTestId("toggle-w1"));
  expect(await screen.findByText("The endpoint is off")).toBeInTheDocument();
  expect(await within(screen.getByTestId("endpoint-w1")).findByText("Off")).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("test-w1"));
  expect(await screen.findByText(/A test event is on its way/)).toBeInTheDocument();
});

test("an endpoint Sufra turned off after 3 days of failures says so", async () => {
  signIn("client");
  render([
    pageMock({
      premium: true,
      canManage: true,
      endpoints: [endpoint("w1", { enabled: false, disabledAt: at, disabledBecauseFailing: true })],
    }),
  ]);
  const card = within(await screen.findByTestId("endpoint-w1"));
  expect(card.getAllByText("Turned off: deliveries failed for 3 days").length).toBeGreaterThan(0);
  expect(card.getByTestId("toggle-w1")).toHaveTextContent("Turn on");
});

test("not a manager: the list without changes; not on Premium: the upgrade card", async () => {
  signIn("client");
  const { unmount } = render([pageMock({ premium: true, canManage: false, endpoints: [endpoint("w1")] })]);
  expect(await screen.findByTestId("webhooks-read-only")).toBeInTheDocument();
  expect(screen.getByTestId("log-w1")).toBeInTheDocument();
  for (const id of ["add-endpoint", "edit-w1", "toggle-w1", "rotate-w1", "remove-w1", "test-w1"])
    expect(screen.queryByTestId(id)).toBeNull();
  unmount();

  render([pageMock({ premium: false, canManage: true, endpoints: [] }, "PROFESSIONAL")]);
  expect(await screen.findByTestId("upgrade-card")).toBeInTheDocument();
  expect(screen.queryByTestId("add-endpoint")).toBeNull();
});

test("in Arabic: the title, the events and the digits", async () => {
  await inLanguage("ar");
  signIn("client");
  render([pageMock({ premium: true, canManage: true, endpoints: [endpoint("w1")] })]);
  expect(await screen.findByRole("heading", { level: 1, name: "خطافات الويب" })).toBeInTheDocument();
  const card = within(screen.getByTestId("endpoint-w1"));
  expect(card.getByText("نُشر منشور")).toBeInTheDocument();
  expect(card.getByText("تعذّر نشر منشور")).toBeInTheDocument();
  expect(screen.getByText(/١٠ عناوين على الأكثر/)).toBeInTheDocument();
  // the address stays left to right inside the Arabic page
  expect(card.getByText("https://hooks.example.com/sufra")).toHaveAttribute("dir", "ltr");
});
