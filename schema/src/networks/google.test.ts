// A post's Google options (docs/product.md#posts): the rule the composer, GraphQL and REST share.
import { describe, expect, test } from "@jest/globals";
import {
  DEFAULT_GOOGLE_POST_OPTIONS,
  fieldErrors,
  GOOGLE_TITLE_MAX_LENGTH,
  googleOptionsProblems,
  googlePostOptionsSchema,
  messageText,
} from "../index.ts";

const errorsOf = (v: unknown) => {
  const r = googlePostOptionsSchema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

describe("googlePostOptionsSchema", () => {
  test("a What's new post with a button keeps the button and drops what the type does not use", () => {
    const r = googlePostOptionsSchema.parse({
      type: "standard",
      cta: { action: "order", url: " https://cafe.example/order " },
      offer: { couponCode: "X" },
      event: { title: "t", startsAt: hours(1), endsAt: hours(2) },
    });
    expect(r).toEqual({
      type: "standard",
      cta: { action: "order", url: "https://cafe.example/order" },
      offer: null,
      event: null,
    });
  });

  test("the type is required and must be one of the three", () => {
    expect(errorsOf({})).toEqual({ type: ["googlePostTypeInvalid"] });
    expect(errorsOf({ type: "alert" })).toEqual({ type: ["googlePostTypeInvalid"] });
    expect(errorsOf(null)).toEqual({ _: ["googlePostTypeInvalid"] });
  });

  test("a button needs a known action and an https link, except Call, whose link is dropped", () => {
    expect(errorsOf({ type: "standard", cta: { action: "shop", url: "https://a.example" } })).toEqual({
      "cta.action": ["googleCtaActionInvalid"],
    });
    expect(errorsOf({ type: "standard", cta: { action: "book" } })).toEqual({ "cta.url": ["googleCtaUrlRequired"] });
    expect(errorsOf({ type: "standard", cta: { action: "learn_more", url: "http://a.example" } })).toEqual({
      "cta.url": ["googleUrlHttps"],
    });
    expect(errorsOf({ type: "standard", cta: { action: "learn_more", url: "not a link" } })).toEqual({
      "cta.url": ["googleUrlHttps"],
    });
    expect(
      googlePostOptionsSchema.parse({ type: "standard", cta: { action: "call", url: "https://a.example" } }).cta,
    ).toEqual({ action: "call", url: null });
    expect(googlePostOptionsSchema.parse({ type: "standard", cta: { action: "call" } }).cta).toEqual({
      action: "call",
      url: null,
    });
  });

  test("an offer: title and dates required, coupon and terms optional, redeem link https, no button", () => {
    const event = { title: "Two coffees for one", startsAt: hours(1), endsAt: hours(48) };
    const r = googlePostOptionsSchema.parse({
      type: "offer",
      cta: { action: "order", url: "https://a.example" },
      offer: { couponCode: " KW2X1 ", redeemUrl: "https://a.example/r", terms: "" },
      event,
    });
    expect(r).toEqual({
      type: "offer",
      cta: null,
      offer: { couponCode: "KW2X1", redeemUrl: "https://a.example/r", terms: null },
      event,
    });
    expect(googlePostOptionsSchema.parse({ type: "offer", event }).offer).toEqual({
      couponCode: null,
      redeemUrl: null,
      terms: null,
    });
    expect(errorsOf({ type: "offer" })).toEqual({ event: ["googleEventRequired"] });
    expect(
      errorsOf({
        type: "offer",
        event,
        offer: { couponCode: "C".repeat(59), redeemUrl: "ftp://a.example", terms: "t".repeat(1501) },
      }),
    ).toEqual({
      "offer.couponCode": ["googleCouponTooLong"],
      "offer.redeemUrl": ["googleUrlHttps"],
      "offer.terms": ["googleTermsTooLong"],
    });
  });

  test("an event: a title of at most 58 characters (Arabic letters count one each), ending after it starts and in the future", () => {
    const ok = googlePostOptionsSchema.parse({
      type: "event",
      event: {
        title: "ل".repeat(GOOGLE_TITLE_MAX_LENGTH),
        startsAt: "2030-01-01T18:00:00+03:00",
        endsAt: new Date("2030-01-01T20:00:00Z"),
      },
    });
    expect(ok.event).toEqual({
      title: "ل".repeat(58),
      startsAt: "2030-01-01T15:00:00.000Z",
      endsAt: "2030-01-01T20:00:00.000Z",
    });
    expect(errorsOf({ type: "event", event: { title: " ", startsAt: hours(1), endsAt: hours(2) } })).toEqual({
      "event.title": ["googleEventTitleRequired"],
    });
    expect(errorsOf({ type: "event", event: { title: "x".repeat(59), startsAt: hours(1), endsAt: hours(2) } })).toEqual(
      { "event.title": ["googleEventTitleTooLong"] },
    );
    expect(errorsOf({ type: "event", event: { title: "Quiz night", startsAt: hours(3), endsAt: hours(2) } })).toEqual({
      "event.endsAt": ["googleEventEndsBeforeStart"],
    });
    expect(errorsOf({ type: "event", event: { title: "Quiz night", startsAt: hours(-3), endsAt: hours(-2) } })).toEqual(
      { "event.endsAt": ["googleEventEnded"] },
    );
    // a time without its zone is refused: Google's times are instants
    expect(
      errorsOf({ type: "event", event: { title: "Quiz night", startsAt: "2030-01-01T18:00", endsAt: "tomorrow" } }),
    ).toEqual({ "event.startsAt": ["googleEventTimeInvalid"], "event.endsAt": ["googleEventTimeInvalid"] });
  });

  test("the preview's problems are the rule's, and every key reads in both languages", () => {
    expect(googleOptionsProblems(undefined)).toEqual([]);
    expect(googleOptionsProblems(DEFAULT_GOOGLE_POST_OPTIONS)).toEqual([]);
    const problems = googleOptionsProblems({ type: "event", cta: { action: "book" } });
    expect([...problems].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { key: "googleCtaUrlRequired", path: "cta.url" },
      { key: "googleEventRequired", path: "event" },
    ]);
    for (const p of problems) {
      expect(messageText(p.key, "en")).not.toBe(p.key);
      expect(messageText(p.key, "ar")).toMatch(/[\u0600-\u06FF]/);
    }
    expect(messageText("googleCouponTooLong", "ar")).toContain("٥٨");
    // every problem at once, also when a field failed before the button's link was looked at
    expect(
      googleOptionsProblems({ type: "event", cta: { action: "book" }, event: { title: "Oud night" } })
        .map((p) => p.path)
        .sort(),
    ).toEqual(["cta.url", "event.endsAt", "event.startsAt"]);
  });
});
