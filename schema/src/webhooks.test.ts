// The webhook rules both sides apply (docs/product.md#webhooks): which addresses an endpoint may have,
// the events it may choose (in the catalogue's order), and the retry schedule's numbers.
import { describe, expect, test } from "@jest/globals";
import { fieldErrors, isNonPublicIpLiteral, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_RETRY_WINDOW_MS, webhookEndpointSchema, webhookEndpointUpdateSchema, webhookUrlProblem } from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe("addresses", () => {
  test.each([
    ["10.0.0.1", true],
    ["127.0.0.1", true],
    ["169.254.169.254", true],
    ["172.16.5.4", true],
    ["172.32.0.1", false],
    ["192.168.0.10", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["8.8.8.8", false],
    ["[::1]", true],
    ["::", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["2a00:1450:4001::1", false],
    ["hooks.example.com", false],
  ])("%s non-public: %s", (host, expected) => expect(isNonPublicIpLiteral(host)).toBe(expected));

  test("https, no credentials, no private literal or localhost; exemptions by exact address", () => {
    expect(webhookUrlProblem("https://hooks.example.com/a")).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/a")).toBe("webhookUrlHttps");
    expect(webhookUrlProblem("http://hooks.example.com/a", { allowHttp: true })).toBeNull();
    expect(webhookUrlProblem("https://a:b@hooks.example.com/")).toBe("webhookUrlCredentials");
    expect(webhookUrlProblem("https://LOCALHOST/")).toBe("webhookUrlPrivate");
    expect(webhookUrlProblem("https://api.localhost/")).toBe("webhookUrlPrivate");
    expect(webhookUrlProblem("https://10.1.1.1/")).toBe("webhookUrlPrivate");
    expect(webhookUrlProblem("http://127.0.0.5:9/", { allowHttp: true, allowAddresses: ["127.0.0.5"] })).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.6:9/", { allowHttp: true, allowAddresses: ["127.0.0.5"] })).toBe("webhookUrlPrivate");
    expect(webhookUrlProblem("nonsense")).toBe("webhookUrlInvalid");
  });
});

describe("the endpoint form", () => {
  test("events in the catalogue's order, duplicates dropped; note trimmed; on by default", () => {
    const r = webhookEndpointSchema().parse({ url: " https://hooks.example.com/a ", events: ["review.received", "post.scheduled", "review.received"], description: "  CRM " });
    expect(r).toEqual({ url: "https://hooks.example.com/a", events: ["post.scheduled", "review.received"], description: "CRM", enabled: true });
  });
  test("refusals name the field", () => {
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "", events: ["post.failed"] }))).toEqual({ url: ["webhookUrlRequired"] });
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "https://h.example.com", events: [] }))).toEqual({ events: ["webhookEventsRequired"] });
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "https://h.example.com", events: ["comment.made"] }))).toEqual({ "events.0": ["webhookEventUnknown"] });
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "https://h.example.com", events: ["post.failed"], description: "x".repeat(201) }))).toEqual({ description: ["tooLong"] });
  });
  test("a change names only what changes", () => {
    expect(webhookEndpointUpdateSchema().parse({ enabled: false })).toEqual({ enabled: false });
    expect(errorsOf(webhookEndpointUpdateSchema().safeParse({ url: "http://h.example.com" }))).toEqual({ url: ["webhookUrlHttps"] });
  });
});

test("retries: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h within 24 h", () => {
  expect(WEBHOOK_RETRY_DELAYS_MS.map((ms) => ms / 60_000)).toEqual([1, 5, 30, 120, 300, 600]);
  expect(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThan(WEBHOOK_RETRY_WINDOW_MS);
  expect(WEBHOOK_EVENT_TYPES).toEqual(["post.scheduled", "post.published", "post.failed", "post.unconfirmed", "review.received", "campaign.ended", "subscription.changed", "comment.received"]);
});
