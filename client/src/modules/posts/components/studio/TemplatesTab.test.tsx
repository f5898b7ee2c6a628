// The studio's Templates tab: cards previewed with the business's details; "Use template" asks for a
// dish from the menu and fills the composer through applyTemplate; a template with nothing to ask is
// applied at once; locked templates show the plan and the way up; the server's refusal is shown;
// Arabic and right to left, the occasion filter and its empty state; Premium's own templates created
// (checked with the shared rule first), edited and deleted; a failed load with a retry that works.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MockLink } from "@apollo/client/testing";
import { ERRORS, findBuiltInTemplate, messageText } from "@sufra/schema";
import { GraphQLError } from "graphql";
import {
  TemplatesApplyDocument,
  TemplatesBusinessProfileDocument,
  TemplatesDeleteDocument,
  TemplatesLibraryDocument,
  TemplatesSaveDocument,
  type TemplatesLibraryQueryVariables,
} from "../../../../graphql/graphql.ts";
import { formatMoney } from "../../../../lib/format.ts";
import { session } from "../../../../lib/session.ts";
import { inLanguage, pickOption, type } from "../../../../../test/render.tsx";
import { renderWithMocks, signIn } from "../../../../../test/screens.tsx";
import { TemplatesTab } from "./TemplatesTab.tsx";

type Lang = "en" | "ar";
const builtIn = (key: string, lang: Lang, over: object = {}, nameIn: Lang = lang) => {
  const b = findBuiltInTemplate(key)!;
  return {
    __typename: "ContentTemplate",
    id: `builtin:${key}:${lang}`,
    name: b.name[nameIn],
    occasion: b.occasion.toUpperCase(),
    language: lang.toUpperCase(),
    tier: b.tier.toUpperCase(),
    locked: false,
    body: b.body[lang],
    hashtags: [...b.hashtags[lang]],
    ...over,
  };
};
const custom = (over: object = {}) => ({
  __typename: "ContentTemplate",
  id: "0b7c6f2e-5d7a-4f44-9a3e-2c1d0e9f8a71",
  name: "Friday brunch",
  occasion: "MENU_PROMOTION",
  language: "EN",
  tier: "CUSTOM",
  locked: false,
  body: "Brunch is on[[ at {business}]]!\n📍 {area}",
  hashtags: ["Brunch"],
  ...over,
});

const PLANS_TIERS = {
  BASIC: ["BASIC"],
  PROFESSIONAL: ["BASIC", "ADVANCED"],
  PREMIUM: ["BASIC", "ADVANCED", "CUSTOM"],
} as const;
const libraryMock = (
  variables: TemplatesLibraryQueryVariables,
  templates: object[],
  plan: keyof typeof PLANS_TIERS = "PROFESSIONAL",
): MockLink.MockedResponse => ({
  request: { query: TemplatesLibraryDocument, variables },
  result: {
    data: {
      contentTemplates: templates,
      templateAccess: { __typename: "TemplateAccess", plan, tiers: PLANS_TIERS[plan] },
    },
  },
});
const profileMock: MockLink.MockedResponse = {
  request: { query: TemplatesBusinessProfileDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      businessProfile: {
        __typename: "BusinessProfile",
        id: "b1",
        companyName: "Dar Al Qahwa",
        nameAr: "دار القهوة",
        area: "salmiya",
        hours: "Daily 7 AM – 1 AM",
        hoursAr: null,
        ramadanHours: null,
        ramadanHoursAr: null,
        eidHours: null,
        eidHoursAr: null,
        menu: [
          { __typename: "MenuItem", id: "m1", name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.75 },
          { __typename: "MenuItem", id: "m2", name: "Karak tea", nameAr: null, priceKwd: null },
        ],
      },
    },
  },
};
const applied = (content: string, hashtags: string[], language = "EN") => ({
  data: { applyTemplate: { __typename: "AppliedTemplate", content, hashtags, language } },
});

function renderTab(mocks: MockLink.MockedResponse[]) {
  const onApply = jest.fn();
  const utils = renderWithMocks(
    [
      { path: "/posts/new", element: <TemplatesTab onApply={onApply} /> },
      { path: "/settings", element: <p>settings</p> },
    ],
    "/posts/new",
    [profileMock, ...mocks],
  );
  return { ...utils, onApply };
}

const dialog = () =>
  within(document.querySelector<HTMLElement>(".ant-modal-wrap:not([style*='display: none']) .ant-modal")!);
const card = (id: string) => screen.findByTestId(`template-${id}`);
// getByRole computes the accessibility tree and takes seconds inside antd's modals: find buttons by their text
const button = (container: HTMLElement, text: string) => {
  const el = within(container)
    .getAllByText(text)
    .map((e) => e.closest("button"))
    .find(Boolean);
  if (!el) throw new Error(`no button ${text}`);
  return el;
};
const modal = () => document.querySelector<HTMLElement>(".ant-modal-wrap:not([style*='display: none']) .ant-modal")!;

let err: jest.SpyInstance;
beforeEach(async () => {
  localStorage.clear();
  signIn("client");
  await inLanguage("en");
  err = jest.spyOn(console, "error");
});
afterEach(async () => {
  expect(err).not.toHaveBeenCalled();
  err.mockRestore();
  session.clear();
  await inLanguage("en");
});

test("cards preview the template with the business's details; Use template asks for a dish from the menu and fills the composer", async () => {
  const { onApply } = renderTab([
    libraryMock({ occasion: null, language: "EN" }, [builtIn("iftar_table", "en"), builtIn("iftar_story", "en")]),
    {
      request: {
        query: TemplatesApplyDocument,
        variables: {
          input: { templateId: "builtin:iftar_table:en", menuItemId: "m1", dish: null, price: null, discount: null },
        },
      },
      result: applied(
        "Ramadan Kareem from everyone at Dar Al Qahwa 🌙\nTonight's favourite: Pistachio kunafa, 2.750 KWD.",
        ["RamadanKareem", "Iftar", "Salmiya"],
      ),
    },
  ]);
  const iftar = await card("builtin:iftar_table:en");
  expect(within(iftar).getByText("The Iftar table", { selector: "h4" })).toBeInTheDocument();
  await waitFor(() =>
    expect(iftar.querySelector(".sufra-templates-preview")).toHaveTextContent(
      "Ramadan Kareem from everyone at Dar Al Qahwa 🌙",
    ),
  );
  expect(iftar.querySelector(".sufra-templates-preview")).toHaveTextContent("📍 Salmiya");
  expect(iftar.querySelector(".sufra-templates-preview")).toHaveAttribute("dir", "ltr");
  // an Iftar template never shows the daytime opening hours (templateHours)
  expect(iftar.querySelector(".sufra-templates-preview")).not.toHaveTextContent("Daily 7 AM");
  expect(within(iftar).getByText("#RamadanKareem #Iftar #KuwaitEats #Q8Food")).toBeInTheDocument();
  expect(within(iftar).getByText("Ramadan Iftar")).toBeInTheDocument();
  expect(within(await card("builtin:iftar_story:en")).getByText("Advanced")).toBeInTheDocument();
  expect(screen.queryByTestId("templates-mine")).not.toBeInTheDocument();
  expect(screen.queryByTestId("template-locked")).not.toBeInTheDocument();

  fireEvent.click(within(iftar).getByLabelText("Use template: The Iftar table"));
  await waitFor(() => expect(dialog().getByText("Use “The Iftar table”")).toBeInTheDocument());
  expect(dialog().getByLabelText("Dish")).toBeInTheDocument();
  expect(dialog().queryByLabelText("Discount")).not.toBeInTheDocument();
  await pickOption(dialog().getByLabelText("Dish from your menu"), `Pistachio kunafa · ${formatMoney(2.75, "en")}`);
  // a dish from the menu: no typed dish, and the price becomes an optional offer price
  await waitFor(() => expect(dialog().queryByLabelText("Dish")).not.toBeInTheDocument());
  expect(dialog().getByLabelText("Offer price (KWD)")).toBeInTheDocument();
  expect(dialog().getByText("Leave it empty to use the menu's price.")).toBeInTheDocument();
  fireEvent.click(button(modal(), "Insert into my post"));
  await waitFor(() =>
    expect(onApply).toHaveBeenCalledWith({
      content: "Ramadan Kareem from everyone at Dar Al Qahwa 🌙\nTonight's favourite: Pistachio kunafa, 2.750 KWD.",
      hashtags: ["RamadanKareem", "Iftar", "Salmiya"],
      language: "en",
    }),
  );
  expect(await screen.findByText("The template is in your post. Edit it as you like.")).toBeInTheDocument();
}, 60_000);

test("Basic plan: advanced templates are locked with the plan and the way up; a template with nothing to ask is applied at once; a refusal is shown", async () => {
  const { onApply } = renderTab([
    libraryMock(
      { occasion: null, language: "EN" },
      [
        builtIn("eid_fitr_greeting", "en"),
        builtIn("eid_fitr_sweets", "en", { locked: true }),
        builtIn("hijri_new_year_greeting", "en"),
      ],
      "BASIC",
    ),
    {
      request: { query: TemplatesApplyDocument, variables: { input: { templateId: "builtin:eid_fitr_greeting:en" } } },
      result: applied("Eid Mubarak! 🌙✨", ["EidMubarak"]),
    },
    {
      request: {
        query: TemplatesApplyDocument,
        variables: { input: { templateId: "builtin:hijri_new_year_greeting:en" } },
      },
      result: {
        errors: [
          new GraphQLError(ERRORS.TEMPLATE_PLAN_REQUIRED.en, {
            extensions: { code: "FORBIDDEN", reason: "TEMPLATE_PLAN_REQUIRED" },
          }),
        ],
      },
    },
  ]);
  const locked = await card("builtin:eid_fitr_sweets:en");
  expect(within(locked).getByTestId("template-locked")).toHaveTextContent("Part of the Professional plan");
  expect(within(locked).getByText("Upgrade", { selector: "a" })).toHaveAttribute("href", "/settings");
  expect(within(locked).getByLabelText("Use template: Eid morning")).toBeDisabled();
  expect(screen.queryByTestId("templates-mine")).not.toBeInTheDocument();

  fireEvent.click(
    within(await card("builtin:eid_fitr_greeting:en")).getByLabelText("Use template: Eid al-Fitr greeting"),
  );
  await waitFor(() =>
    expect(onApply).toHaveBeenCalledWith({ content: "Eid Mubarak! 🌙✨", hashtags: ["EidMubarak"], language: "en" }),
  );
  expect(document.querySelector(".ant-modal")).toBeNull();

  fireEvent.click(
    within(await card("builtin:hijri_new_year_greeting:en")).getByLabelText("Use template: Hijri New Year greeting"),
  );
  expect(await screen.findByText(ERRORS.TEMPLATE_PLAN_REQUIRED.en)).toBeInTheDocument();
  expect(onApply).toHaveBeenCalledTimes(1);
});

test("in Arabic: Arabic templates by default, right to left, Arabic tags; the occasion filter, its empty state and the way back", async () => {
  await inLanguage("ar");
  renderTab([
    libraryMock(
      { occasion: null, language: "AR" },
      [builtIn("iftar_table", "ar"), builtIn("iftar_story", "ar", { locked: true })],
      "BASIC",
    ),
    libraryMock({ occasion: "NATIONAL_DAY", language: "AR" }, []),
    libraryMock({ occasion: null, language: "BOTH" }, [
      builtIn("iftar_table", "en", {}, "ar"),
      builtIn("iftar_table", "ar"),
    ]),
  ]);
  const iftar = await card("builtin:iftar_table:ar");
  expect(within(iftar).getByText("سفرة الإفطار", { selector: "h4" })).toBeInTheDocument();
  const preview = iftar.querySelector(".sufra-templates-preview")!;
  await waitFor(() => expect(preview).toHaveTextContent("رمضان كريم من أسرة دار القهوة 🌙"));
  expect(preview).toHaveAttribute("dir", "rtl");
  expect(preview).toHaveAttribute("lang", "ar");
  expect(preview).toHaveTextContent("📍 السالمية");
  // hours written in English only stay out of Arabic copy
  expect(preview).not.toHaveTextContent("Daily");
  expect(within(iftar).getByText("إفطار رمضان")).toBeInTheDocument();
  expect(within(iftar).getByText("العربية")).toBeInTheDocument();
  const locked = await card("builtin:iftar_story:ar");
  expect(within(locked).getByText("متقدم")).toBeInTheDocument();
  expect(within(locked).getByTestId("template-locked")).toHaveTextContent("ضمن الباقة الاحترافية");
  expect(within(locked).getByText("رقِّ باقتك", { selector: "a" })).toBeInTheDocument();

  await pickOption(within(screen.getByTestId("templates-occasion")).getByRole("combobox"), "العيد الوطني (٢٥ فبراير)");
  expect(await screen.findByText("لا توجد قوالب لهذه المناسبة بهذه اللغة")).toBeInTheDocument();
  fireEvent.click(button(screen.getByTestId("templates-library"), "اعرض كل القوالب"));
  expect(await card("builtin:iftar_table:en")).toBeInTheDocument();
  expect(within(await card("builtin:iftar_table:en")).getByText("الإنجليزية")).toBeInTheDocument();
}, 60_000);

test("Premium: the empty state teaches; a new template is checked with the shared rule, previewed with the business's details and saved", async () => {
  const body = "Brunch is on[[ at {business}]]!\n📍 {area}";
  const saved = custom();
  renderTab([
    libraryMock({ occasion: null, language: "EN" }, [builtIn("promo_price", "en")], "PREMIUM"),
    {
      request: {
        query: TemplatesSaveDocument,
        variables: {
          input: {
            id: null,
            name: "Friday brunch",
            occasion: "MENU_PROMOTION",
            language: "EN",
            body,
            hashtags: ["Brunch"],
          },
        },
      },
      result: { data: { saveContentTemplate: saved } },
    },
    libraryMock({ occasion: null, language: "EN" }, [saved, builtIn("promo_price", "en")], "PREMIUM"),
  ]);
  const mine = await screen.findByTestId("templates-mine");
  expect(within(mine).getByText("Save the posts you write again and again")).toBeInTheDocument();
  fireEvent.click(button(mine, "New template"));
  await waitFor(() => expect(dialog().getByText("New template", { selector: ".ant-modal-title" })).toBeInTheDocument());
  type(dialog().getByLabelText("Name"), "Friday brunch");
  type(dialog().getByLabelText("Text"), "Call us on {phone}");
  fireEvent.click(button(modal(), "Save template"));
  expect(await dialog().findByText(messageText("templatePlaceholderUnknown", "en"))).toBeInTheDocument();

  type(dialog().getByLabelText("Text"), "Brunch is on!\n📍 ");
  // the placeholder buttons put the token where the text ends (the box was not focused)
  fireEvent.click(dialog().getByLabelText("Insert Area"));
  await waitFor(() => expect(dialog().getByLabelText("Text")).toHaveValue("Brunch is on!\n📍 {area}"));
  type(dialog().getByLabelText("Text"), body);
  await waitFor(() =>
    expect(screen.getByTestId("template-editor-preview")).toHaveTextContent("Brunch is on at Dar Al Qahwa! 📍 Salmiya"),
  );
  type(dialog().getByLabelText("Hashtags"), "#Brunch,");
  fireEvent.click(button(modal(), "Save template"));
  expect(await screen.findByText("Template saved")).toBeInTheDocument();
  const made = await card(saved.id);
  expect(within(made).getByText("Custom")).toBeInTheDocument();
  expect(button(made, "Edit")).toBeInTheDocument();
}, 60_000);

test("Premium: a template of the business's own is edited, then deleted after a confirmation", async () => {
  const saved = custom();
  renderTab([
    libraryMock({ occasion: null, language: "EN" }, [saved, builtIn("promo_price", "en")], "PREMIUM"),
    {
      request: {
        query: TemplatesSaveDocument,
        variables: {
          input: {
            id: saved.id,
            name: "Saturday brunch",
            occasion: "MENU_PROMOTION",
            language: "EN",
            body: saved.body,
            hashtags: ["Brunch"],
          },
        },
      },
      result: { data: { saveContentTemplate: { ...saved, name: "Saturday brunch" } } },
    },
    libraryMock(
      { occasion: null, language: "EN" },
      [{ ...saved, name: "Saturday brunch" }, builtIn("promo_price", "en")],
      "PREMIUM",
    ),
    {
      request: { query: TemplatesDeleteDocument, variables: { id: saved.id } },
      result: { data: { deleteContentTemplate: true } },
    },
    libraryMock({ occasion: null, language: "EN" }, [builtIn("promo_price", "en")], "PREMIUM"),
  ]);
  fireEvent.click(button(await card(saved.id), "Edit"));
  await waitFor(() => expect(dialog().getByLabelText("Name")).toHaveValue("Friday brunch"));
  type(dialog().getByLabelText("Name"), "Saturday brunch");
  fireEvent.click(button(modal(), "Save template"));
  expect(await within(await card(saved.id)).findByText("Saturday brunch", { selector: "h4" })).toBeInTheDocument();

  fireEvent.click(button(await card(saved.id), "Delete"));
  const confirm = await waitFor(() => {
    const el = document.querySelector<HTMLElement>(".ant-popover:not(.ant-popover-hidden)");
    if (!el) throw new Error("no confirmation open");
    return el;
  });
  expect(within(confirm).getByText("Delete “Saturday brunch”?")).toBeInTheDocument();
  fireEvent.click(button(confirm, "Delete"));
  expect(await screen.findByText("The template is deleted")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId(`template-${saved.id}`)).not.toBeInTheDocument());
  expect(
    await within(screen.getByTestId("templates-mine")).findByText("Save the posts you write again and again"),
  ).toBeInTheDocument();
}, 60_000);

test("a failed load says so and the retry loads the library", async () => {
  renderTab([
    {
      request: { query: TemplatesLibraryDocument, variables: { occasion: null, language: "EN" } },
      error: new Error("Network down"),
    },
    libraryMock({ occasion: null, language: "EN" }, [builtIn("weekend_plans", "en")]),
  ]);
  expect(await screen.findByText("We could not load the templates")).toBeInTheDocument();
  fireEvent.click(button(document.body, "Retry"));
  expect(await card("builtin:weekend_plans:en")).toBeInTheDocument();
});
