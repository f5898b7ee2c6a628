// The admin's Translations tab (docs/product.md#admin-dashboard, #errors-and-messages): search, category and missing-Arabic filters with the
// count, editing a row (save or cancel), the 3-second success notice, the three error texts, export,
// Arabic, and cards on small screens.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import i18n from "../../i18n/index.ts";
import { apiHooks } from "../../lib/api.ts";
import { fakeFetch, inLanguage, renderAt, pick } from "../../../test/render.tsx";
import { freshStart, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import TranslationsTab from "./TranslationsTab.tsx";

const categories = [
  {
    name: "auth",
    translations: [
      { key: "auth:login.submit", en: "Login", ar: "" },
      { key: "auth:login.title", en: "Welcome back", ar: "مرحبًا بعودتك" },
    ],
  },
  { name: "common", translations: [{ key: "common:actions.save", en: "Save", ar: "حفظ" }] },
  { name: "landing", translations: [{ key: "landing:hero.title", en: "Posts that bring guests", ar: "" }] },
];
const LIST = "GET /api/translations/list";
const BULK = "PUT /api/translations/bulk";
const EXPORT = "GET /api/translations/export";

const row = (key: string) => screen.getByTestId(`translation-${key}`);
const shownKeys = () =>
  Array.from(document.querySelectorAll("[data-testid^='translation-']"))
    .map((el) => el.getAttribute("data-testid")!.replace("translation-", ""))
    .filter((k) => k.includes(":"));
/** A row's button by its text (role queries are slow over antd's table in jsdom). */
const button = (key: string, name: string) => within(row(key)).getByText(name, { selector: "button > span" });
const render = () => renderAt("/admin", <TranslationsTab />);

/** Opens the category select and picks an option. */
const pickCategory = (label: string) => pick("category-filter", label);

beforeEach(async () => {
  apiHooks.translate = (key) => i18n.t(key, { ns: "common" }); // as main.tsx sets it
  await freshStart({ as: "admin", width: 1280 });
});
afterEach(() => {
  resetScreenWidth();
  jest.useRealTimers();
});

describe("finding texts", () => {
  test("every text with its count; search by key, English or Arabic", async () => {
    fakeFetch({ [LIST]: [200, { categories }] });
    render();
    expect(await screen.findByText("Welcome back")).toBeInTheDocument();
    expect(shownKeys()).toEqual(["auth:login.submit", "auth:login.title", "common:actions.save", "landing:hero.title"]);
    expect(screen.getByText("4 texts")).toBeInTheDocument();
    expect(screen.getByText("Missing Arabic (2)")).toBeInTheDocument();
    expect(within(row("auth:login.submit")).getByText("Missing")).toBeInTheDocument();
    expect(within(row("auth:login.title")).getByText("مرحبًا بعودتك")).toHaveAttribute("dir", "rtl");

    const search = screen.getByLabelText("Search by key, English or Arabic");
    fireEvent.change(search, { target: { value: "بعودتك" } });
    expect(shownKeys()).toEqual(["auth:login.title"]);
    fireEvent.change(search, { target: { value: "actions.SAVE" } });
    expect(shownKeys()).toEqual(["common:actions.save"]);
    fireEvent.change(search, { target: { value: "guests" } });
    expect(shownKeys()).toEqual(["landing:hero.title"]);
    fireEvent.change(search, { target: { value: "nothing like this" } });
    expect(screen.getByText("No texts match.")).toBeInTheDocument();
  });

  test("a category, and missing Arabic with its count", async () => {
    fakeFetch({ [LIST]: [200, { categories }] });
    render();
    expect(await screen.findByText("Missing Arabic (2)")).toBeInTheDocument();
    await pickCategory("auth");
    await waitFor(() => expect(shownKeys()).toEqual(["auth:login.submit", "auth:login.title"]));
    expect(screen.getByText("Missing Arabic (1)")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("Missing Arabic (1)"));
    expect(shownKeys()).toEqual(["auth:login.submit"]);
    expect(screen.getByText("1 text")).toBeInTheDocument();

    await pickCategory("All categories");
    await waitFor(() => expect(shownKeys()).toEqual(["auth:login.submit", "landing:hero.title"]));
  });

  test("Refresh asks the server again", async () => {
    const { calls } = fakeFetch({
      [LIST]: [
        [200, { categories }],
        [
          200,
          {
            categories: [{ name: "common", translations: [{ key: "common:actions.save", en: "Save now", ar: "حفظ" }] }],
          },
        ],
      ],
    });
    render();
    expect(await screen.findByText("Save")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Refresh"));
    expect(await screen.findByText("Save now")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/translations/list")).toHaveLength(2);
  });
});

describe("editing a row", () => {
  test("Edit, then Cancel: nothing is sent and the texts stay", async () => {
    const { calls } = fakeFetch({ [LIST]: [200, { categories }] });
    render();
    fireEvent.click(await screen.findByLabelText("Edit auth:login.title"));
    const english = screen.getByLabelText("English text of auth:login.title");
    expect(english).toHaveValue("Welcome back");
    expect(screen.getByLabelText("Arabic text of auth:login.title")).toHaveAttribute("dir", "rtl");
    fireEvent.change(english, { target: { value: "Hello again" } });
    fireEvent.click(button("auth:login.title", "Cancel"));
    expect(screen.queryByLabelText("English text of auth:login.title")).toBeNull();
    expect(screen.getByText("Welcome back")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  test("Save sends what changed, shows the new text, applies it to the running app; the notice goes after 3 s", async () => {
    jest.useFakeTimers();
    const { calls } = fakeFetch({
      [LIST]: [200, { categories }],
      [BULK]: [
        200,
        {
          updated: 1,
          translations: [{ key: "auth:login.submit", category: "auth", en: "Sign in", ar: "تسجيل الدخول" }],
        },
      ],
    });
    render();
    fireEvent.click(await screen.findByLabelText("Edit auth:login.submit"));
    fireEvent.change(screen.getByLabelText("English text of auth:login.submit"), { target: { value: "  Sign in " } });
    fireEvent.change(screen.getByLabelText("Arabic text of auth:login.submit"), { target: { value: "تسجيل الدخول" } });
    fireEvent.click(button("auth:login.submit", "Save"));

    expect(await screen.findByText("Translation saved successfully!")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      updates: [
        { key: "auth:login.submit", locale: "en", value: "Sign in" },
        { key: "auth:login.submit", locale: "ar", value: "تسجيل الدخول" },
      ],
    });
    expect(calls.find((c) => c.method === "PUT")?.headers.Authorization).toBe("Bearer access-token");
    expect(within(row("auth:login.submit")).getByText("Sign in")).toBeInTheDocument();
    expect(within(row("auth:login.submit")).getByText("تسجيل الدخول")).toBeInTheDocument();
    expect(screen.getByText("Missing Arabic (1)")).toBeInTheDocument();
    expect(i18n.t("auth:login.submit")).toBe("Sign in");
    expect(i18n.t("auth:login.submit", { lng: "ar" })).toBe("تسجيل الدخول");

    await act(async () => {
      jest.advanceTimersByTime(2900);
    });
    expect(screen.getByText("Translation saved successfully!")).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.queryByText("Translation saved successfully!")).toBeNull();
  });

  test("an emptied text is refused here, with the shared rule's message, and nothing is sent", async () => {
    const { calls } = fakeFetch({ [LIST]: [200, { categories }] });
    render();
    fireEvent.click(await screen.findByLabelText("Edit common:actions.save"));
    fireEvent.change(screen.getByLabelText("English text of common:actions.save"), { target: { value: "   " } });
    fireEvent.click(button("common:actions.save", "Save"));
    expect(await screen.findByText("The text is required")).toBeInTheDocument();
    expect(screen.getByLabelText("English text of common:actions.save")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  test("Save with no change just closes the row", async () => {
    const { calls } = fakeFetch({ [LIST]: [200, { categories }] });
    render();
    fireEvent.click(await screen.findByLabelText("Edit common:actions.save"));
    fireEvent.click(button("common:actions.save", "Save"));
    expect(screen.queryByLabelText("English text of common:actions.save")).toBeNull();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    expect(screen.queryByText("Translation saved successfully!")).toBeNull();
  });
});

describe("errors", () => {
  test("the list fails: 'Failed to load translations' with the reason, and Try again", async () => {
    fakeFetch({
      [LIST]: [
        [500, { message: "Server error. Please try again later", code: "INTERNAL" }],
        [200, { categories }],
      ],
    });
    render();
    expect(await screen.findByText("Failed to load translations")).toBeInTheDocument();
    expect(screen.getByText("Server error. Please try again later")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Try again"));
    expect(await screen.findByText("Welcome back")).toBeInTheDocument();
    expect(screen.queryByText("Failed to load translations")).toBeNull();
  });

  test("a save fails: 'Failed to save translation' with the server's message; the row stays in edit", async () => {
    fakeFetch({
      [LIST]: [200, { categories }],
      [BULK]: [403, { message: "You do not have permission to perform this action", code: "FORBIDDEN" }],
    });
    render();
    fireEvent.click(await screen.findByLabelText("Edit common:actions.save"));
    fireEvent.change(screen.getByLabelText("English text of common:actions.save"), { target: { value: "Store" } });
    fireEvent.click(button("common:actions.save", "Save"));
    expect(await screen.findByText("Failed to save translation")).toBeInTheDocument();
    expect(screen.getByText("You do not have permission to perform this action")).toBeInTheDocument();
    expect(screen.getByLabelText("English text of common:actions.save")).toHaveValue("Store");
    expect(screen.queryByText("Translation saved successfully!")).toBeNull();
  });

  test("an export fails: 'Failed to export translations'", async () => {
    fakeFetch({ [LIST]: [200, { categories }] }); // no answer for the export: a network error
    render();
    await screen.findByText("Welcome back");
    fireEvent.click(screen.getByText("Export"));
    expect(await screen.findByText("Failed to export translations")).toBeInTheDocument();
    expect(screen.getByText("Network error. Please check your connection")).toBeInTheDocument();
  });
});

test("Export downloads translations.json with every row", async () => {
  const rows = [{ key: "common:actions.save", category: "common", en: "Save", ar: "حفظ" }];
  const { calls } = fakeFetch({ [LIST]: [200, { categories }], [EXPORT]: [200, rows] });
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((b: Blob) => (blobs.push(b), "blob:translations")) as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  const clicked: HTMLAnchorElement[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  render();
  await screen.findByText("Welcome back");
  fireEvent.click(screen.getByText("Export"));
  await waitFor(() => expect(clicked).toHaveLength(1));
  expect(clicked[0].download).toBe("translations.json");
  expect(clicked[0].href).toBe("blob:translations");
  expect(JSON.parse(await blobs[0].text())).toEqual(rows);
  expect(calls.find((c) => c.url === "/api/translations/export")?.headers.Authorization).toBe("Bearer access-token");
  click.mockRestore();
});

describe("in Arabic and on small screens", () => {
  test("Arabic texts, Arabic digits in the count, and the notice in Arabic", async () => {
    await inLanguage("ar");
    fakeFetch({
      [LIST]: [200, { categories }],
      [BULK]: [
        200,
        {
          updated: 1,
          translations: [
            {
              key: "landing:hero.title",
              category: "landing",
              en: "Posts that bring guests",
              ar: "منشورات تجلب الضيوف",
            },
          ],
        },
      ],
    });
    render();
    expect(await screen.findByText("بلا ترجمة عربية (٢)")).toBeInTheDocument();
    expect(screen.getByText("٤ نصوص")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("تعديل \u2068landing:hero.title\u2069"));
    const arabic = screen.getByLabelText("النص العربي للمفتاح \u2068landing:hero.title\u2069");
    expect(arabic).toHaveAttribute("dir", "rtl");
    fireEvent.change(arabic, { target: { value: "منشورات تجلب الضيوف" } });
    fireEvent.click(button("landing:hero.title", "حفظ"));
    expect(await screen.findByText("تم حفظ الترجمة بنجاح!")).toBeInTheDocument();
    expect(screen.getByText("بلا ترجمة عربية (١)")).toBeInTheDocument();
  });

  test.each([1280, 390])("the pages' numbers in Arabic digits (screen %i px wide)", async (width) => {
    setScreenWidth(width);
    await inLanguage("ar");
    const many = [
      {
        name: "common",
        translations: Array.from({ length: 120 }, (_, i) => ({
          key: `common:k.${String(i).padStart(3, "0")}`,
          en: `Text ${i}`,
          ar: `نص ${i}`,
        })),
      },
    ];
    fakeFetch({ [LIST]: [200, { categories: many }] });
    render();
    await waitFor(() => expect(document.querySelector(".ant-pagination")).not.toBeNull());
    const pager = document.querySelector(".ant-pagination")!;
    const pages = Array.from(pager.querySelectorAll(".ant-pagination-item")).map((li) => li.textContent);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.join(" ")).toMatch(/^[٠-٩ ]+$/);
    expect(pager.textContent).not.toMatch(/[0-9]/);
  });

  test("the error texts in Arabic", async () => {
    await inLanguage("ar");
    fakeFetch({ [LIST]: [500, {}] });
    render();
    expect(await screen.findByText("فشل تحميل الترجمات")).toBeInTheDocument();
  });

  test("on a small screen, texts are cards that edit the same way", async () => {
    setScreenWidth(360);
    fakeFetch({ [LIST]: [200, { categories }] });
    render();
    const cards = await screen.findAllByTestId("translation-card");
    expect(cards).toHaveLength(4);
    expect(screen.queryByTestId("translations-table")).toBeNull();
    expect(within(cards[1]).getByText("auth:login.title")).toBeInTheDocument();
    fireEvent.click(within(cards[1]).getByText("Edit"));
    expect(within(cards[1]).getByLabelText("Arabic text of auth:login.title")).toHaveValue("مرحبًا بعودتك");
    expect(within(cards[1]).getByText("Cancel")).toBeInTheDocument();
  });
});

describe("plural forms and long keys", () => {
  const plural = (lngForms: { en: string[]; ar: string[] }) =>
    ["zero", "one", "two", "few", "many", "other"].map((f) => ({
      key: `admin:clients.total_${f}`,
      en: lngForms.en.includes(f) ? `${f} in English` : "",
      ar: lngForms.ar.includes(f) ? `${f} بالعربية` : "",
    }));

  test("English is not 'Missing' where only Arabic has a plural form (_zero, _two, _few, _many); Arabic is", async () => {
    const rows = plural({ en: ["one", "other"], ar: ["zero", "one", "two", "other"] });
    fakeFetch({ [LIST]: [200, { categories: [{ name: "admin", translations: rows }] }] });
    render();
    expect(await screen.findByText("one in English")).toBeInTheDocument();
    for (const f of ["zero", "two", "few", "many"]) {
      const r = row(`admin:clients.total_${f}`);
      const [, en] = r.querySelectorAll("td");
      expect(en.textContent).toBe("Not used in English");
    }
    // Arabic needs every form: _few and _many are missing there, and counted
    expect(screen.getByText("Missing Arabic (2)")).toBeInTheDocument();
    expect(within(row("admin:clients.total_few")).getAllByText("Missing")).toHaveLength(1);
    expect(within(row("admin:clients.total_two")).queryByText("Missing")).toBeNull();
    fireEvent.click(screen.getByText("Missing Arabic (2)"));
    expect(shownKeys()).toEqual(["admin:clients.total_few", "admin:clients.total_many"]);
  });

  test("an English plural form English does use (_one, _other) is still 'Missing' when empty", async () => {
    fakeFetch({
      [LIST]: [
        200,
        {
          categories: [
            {
              name: "admin",
              translations: plural({ en: ["other"], ar: ["zero", "one", "two", "few", "many", "other"] }),
            },
          ],
        },
      ],
    });
    render();
    expect(await screen.findByText("other in English")).toBeInTheDocument();
    expect(within(row("admin:clients.total_one")).getByText("Missing")).toBeInTheDocument();
  });

  test("a long key may wrap after its dots, colon and underscores, not inside a word", async () => {
    fakeFetch({
      [LIST]: [
        200,
        {
          categories: [
            {
              name: "dashboard",
              translations: [
                {
                  key: "dashboard:occasions.suggestion_other",
                  en: "{{name}} in {{days}} days",
                  ar: "{{name}} بعد {{days}} يوم",
                },
              ],
            },
          ],
        },
      ],
    });
    render();
    const key = await screen.findByText("dashboard:occasions.suggestion_other");
    // a line-break opportunity right after each separator, and nowhere else
    const before = Array.from(key.querySelectorAll("wbr")).map((w) => w.previousSibling?.textContent);
    expect(before).toEqual(["dashboard:", "occasions.", "suggestion_"]);
  });
});
