// The webhook rules both sides apply (docs/product.md#webhooks): which addresses an endpoint may have,
// the events it may choose (in the catalogue's order), and the retry schedule's numbers.
import { describe, expect, test } from "@jest/globals";
import {
  fieldErrors,
  isNonPublicIpLiteral,
  parseAllowedAddress,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookUrlProblem,
} from "./index.ts";

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
    ["::ffff:7f00:1", true],
    ["64:ff9b::a9fe:a9fe", true],
    ["2002:a9fe:a9fe::", true],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", true],
    ["2001:db8::1", true],
    ["2001:4860:4860::8888", false],
    ["192.0.2.1", true],
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
    expect(webhookUrlProblem("http://127.0.0.6:9/", { allowHttp: true, allowAddresses: ["127.0.0.5"] })).toBe(
      "webhookUrlPrivate",
    );
    expect(webhookUrlProblem("nonsense")).toBe("webhookUrlInvalid");
  });
});

test("allow-list entries: an address or range, an optional port", () => {
  expect(parseAllowedAddress("127.0.0.5")).toEqual({ range: "127.0.0.5", port: null });
  expect(parseAllowedAddress("10.0.0.0/8:443")).toEqual({ range: "10.0.0.0/8", port: 443 });
  expect(parseAllowedAddress("[FD00::5]:8443")).toEqual({ range: "fd00::5", port: 8443 });
  expect(parseAllowedAddress("fd00::/8")).toEqual({ range: "fd00::/8", port: null });
  for (const bad of [
    "127.0.0.5:0",
    "127.0.0.5:65536",
    "10.0.0.0/33",
    "hooks.example.com",
    "fd00::5:8443x",
    "[fd00::5]8443",
  ])
    expect([bad, parseAllowedAddress(bad)]).toEqual([bad, null]);
});

describe("the endpoint form", () => {
  test("events in the catalogue's order, duplicates dropped; note trimmed; on by default", () => {
    const r = webhookEndpointSchema().parse({
      url: " https://hooks.example.com/a ",
      events: ["review.received", "post.scheduled", "review.received"],
      description: "  CRM ",
    });
    expect(r).toEqual({
      url: "https://hooks.example.com/a",
      events: ["post.scheduled", "review.received"],
      description: "CRM",
      enabled: true,
    });
  });
  test("refusals name the field", () => {
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "", events: ["post.failed"] }))).toEqual({
      url: ["webhookUrlRequired"],
    });
    expect(errorsOf(webhookEndpointSchema().safeParse({ url: "https://h.example.com", events: [] }))).toEqual({
      events: ["webhookEventsRequired"],
    });
    expect(
      errorsOf(webhookEndpointSchema().safeParse({ url: "https://h.example.com", events: ["comment.made"] })),
    ).toEqual({ "events.0": ["webhookEventUnknown"] });
    expect(
      errorsOf(
        webhookEndpointSchema().safeParse({
          url: "https://h.example.com",
          events: ["post.failed"],
          description: "x".repeat(201),
        }),
      ),
    ).toEqual({ description: ["tooLong"] });
  });
  test("a change names only what changes", () => {
    expect(webhookEndpointUpdateSchema().parse({ enabled: false })).toEqual({ enabled: false });
    expect(errorsOf(webhookEndpointUpdateSchema().safeParse({ url: "http://h.example.com" }))).toEqual({
      url: ["webhookUrlHttps"],
    });
  });
});

test("retries: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h within 24 h", () => {
  expect(WEBHOOK_RETRY_DELAYS_MS.map((ms) => ms / 60_000)).toEqual([1, 5, 30, 120, 300, 600]);
  expect(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThan(WEBHOOK_RETRY_WINDOW_MS);
  expect(WEBHOOK_EVENT_TYPES).toEqual([
    "post.scheduled",
    "post.published",
    "post.failed",
    "post.unconfirmed",
    "review.received",
    "campaign.ended",
    "subscription.changed",
    "comment.received",
  ]);
});
