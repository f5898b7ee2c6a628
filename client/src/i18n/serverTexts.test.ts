// The server's texts at start (docs/product.md#languages-and-preferences): applied over the bundled ones when they arrive, kept by
// namespaces registered later, retried up to 5 times (0.5 s, 1 s, 2 s, ...), and silently given up on.
import i18n, { registerTranslations } from "./index.ts";
import { session } from "../lib/session.ts";
import { fakeFetch } from "../../test/render.tsx";
import { applyTranslations, loadServerTranslations } from "./serverTexts.ts";

registerTranslations("demo", {
  en: { greeting: "Hello", menu: { title: "Menu" }, paragraphs: ["One", "Two"] },
  ar: { greeting: "مرحبًا", menu: { title: "القائمة" }, paragraphs: ["واحد", "اثنان"] },
});

const list = (translations: { key: string; en: string; ar: string }[]) => ({
  categories: [{ name: "demo", translations }],
});

beforeEach(async () => {
  await i18n.changeLanguage("en");
  session.clear();
});
afterEach(() => jest.useRealTimers());

describe("applying the server's texts", () => {
  test("they replace the bundled ones; an empty text keeps the bundle's; lists stay lists", async () => {
    fakeFetch({
      "GET /api/translations/list": [
        200,
        list([
          { key: "demo:greeting", en: "Hi there", ar: "" },
          { key: "demo:paragraphs.1", en: "Second", ar: "" },
        ]),
      ],
    });
    await expect(loadServerTranslations()).resolves.toBe(true);
    expect(i18n.t("demo:greeting")).toBe("Hi there");
    expect(i18n.t("demo:menu.title")).toBe("Menu");
    expect(i18n.t("demo:paragraphs", { returnObjects: true })).toEqual(["One", "Second"]);
    await i18n.changeLanguage("ar");
    expect(i18n.t("demo:greeting")).toBe("مرحبًا");
    expect(i18n.t("demo:paragraphs", { returnObjects: true })).toEqual(["واحد", "اثنان"]);
  });

  test("it asks without a token: everyone's browser loads the texts", async () => {
    session.start(
      { id: "u-admin", email: "admin@sufra.local", name: "Admin", role: "admin", business_id: null },
      "access-token",
      "refresh-token",
    );
    const { calls } = fakeFetch({ "GET /api/translations/list": [200, list([])] });
    await loadServerTranslations();
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  test("a screen that registers its texts later keeps the server's, and gets the keys the server lacks", () => {
    applyTranslations([{ key: "later:title", en: "Edited title", ar: "عنوان معدل" }]);
    registerTranslations("later", {
      en: { title: "Bundled title", intro: "Bundled intro" },
      ar: { title: "عنوان", intro: "مقدمة" },
    });
    expect(i18n.t("later:title")).toBe("Edited title");
    expect(i18n.t("later:intro")).toBe("Bundled intro");
    expect(i18n.t("later:title", { lng: "ar" })).toBe("عنوان معدل");
  });
});

describe("retries", () => {
  test("a failure is retried after 0.5 s, 1 s, 2 s ...; the third retry succeeds", async () => {
    jest.useFakeTimers();
    const { fn } = fakeFetch({
      "GET /api/translations/list": [
        [500, {}],
        [503, {}],
        [500, {}],
        [200, list([{ key: "demo:menu.title", en: "Our menu", ar: "قائمتنا" }])],
      ],
    });
    let done: boolean | undefined;
    void loadServerTranslations().then((r) => (done = r));
    await jest.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(499);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(done).toBeUndefined();
    await jest.advanceTimersByTimeAsync(2000);
    expect(fn).toHaveBeenCalledTimes(4);
    expect(done).toBe(true);
    expect(i18n.t("demo:menu.title")).toBe("Our menu");
  });

  test("after 5 retries it gives up silently: the bundled texts stay", async () => {
    jest.useFakeTimers();
    const { fn } = fakeFetch({}); // every call fails as a network error
    const before = i18n.t("demo:menu.title");
    let done: boolean | undefined;
    void loadServerTranslations().then((r) => (done = r));
    await jest.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000);
    expect(fn).toHaveBeenCalledTimes(5);
    await jest.advanceTimersByTimeAsync(8000 - 1);
    expect(fn).toHaveBeenCalledTimes(5);
    expect(done).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(6); // the first attempt and 5 retries
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(6);
    expect(i18n.t("demo:menu.title")).toBe(before);
  });
});
