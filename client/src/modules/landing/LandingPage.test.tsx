// The landing page (docs/product.md#landing-page, #plans-and-prices): six features, the three plans with their KWD prices in both
// languages, Most Popular on Professional, plan buttons to /signup?plan=<id>, the language switch
// turning the document RTL, and a real target for every navigation entry. Also: the page's own
// files import no antd, Apollo or icon package (the bench measures the bundle itself).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PLAN_IDS, PLANS } from "@sufra/schema";
import { inLanguage, renderRoutes } from "../../../test/render.tsx";
import LandingPage from "./LandingPage.tsx";

const Stub = ({ name }: { name: string }) => <p data-testid="stub">{name}</p>;

function renderLanding(path = "/") {
  return renderRoutes(
    [
      { path: "/", element: <LandingPage /> },
      { path: "/signup", element: <Stub name="signup" /> },
      { path: "/login", element: <Stub name="login" /> },
      { path: "/admin/login", element: <Stub name="admin-login" /> },
      { path: "/terms", element: <Stub name="terms" /> },
      { path: "/privacy", element: <Stub name="privacy" /> },
    ],
    path,
  );
}

beforeEach(async () => {
  await inLanguage("en");
});
afterAll(async () => {
  await inLanguage("en");
});

test("one h1, the landmarks, and a sign-up call in the hero", () => {
  renderLanding();
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  expect(screen.getByRole("banner")).toBeInTheDocument();
  expect(screen.getByRole("main")).toBeInTheDocument();
  expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  expect(screen.getByTestId("hero-signup")).toHaveAttribute("href", "/signup");
  expect(document.title).toMatch(/Sufra/);
});

test("the six features render", () => {
  renderLanding();
  const features = screen.getAllByTestId(/^feature-/);
  expect(features).toHaveLength(6);
  for (const title of [
    "A content specialist for food and beverage",
    "Captions and photo tips for your dishes",
    "Ramadan and holiday templates",
    "Menu promotions",
    "AI replies to customer reviews",
    "Peak-hours posting insights",
  ])
    expect(screen.getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
  expect(screen.getByText(/Iftar, Suhoor/)).toBeInTheDocument();
  expect(screen.getByText(/prayer times/)).toBeInTheDocument();
});

test("three plans with their KWD prices and features, Most Popular on Professional (English)", () => {
  renderLanding();
  expect(screen.getByTestId("price-basic")).toHaveTextContent("10.000 KWD");
  expect(screen.getByTestId("price-professional")).toHaveTextContent("15.000 KWD");
  expect(screen.getByTestId("price-premium")).toHaveTextContent("49.000 KWD");
  for (const id of PLAN_IDS) {
    const card = screen.getByTestId(`plan-${id}`);
    expect(within(card).getByRole("heading", { level: 3 })).toHaveTextContent(PLANS[id].name.en);
    for (const f of PLANS[id].features) expect(within(card).getByText(f.label.en)).toBeInTheDocument();
    expect(card.querySelector("bdi")).not.toBeNull();
  }
  expect(screen.getAllByText("Most Popular")).toHaveLength(1);
  expect(within(screen.getByTestId("plan-professional")).getByText("Most Popular")).toBeInTheDocument();
});

test("prices in Arabic use Arabic-Indic digits, and the plans speak Arabic", async () => {
  await inLanguage("ar");
  renderLanding();
  expect(screen.getByTestId("price-basic")).toHaveTextContent("١٠٫٠٠٠");
  expect(screen.getByTestId("price-professional")).toHaveTextContent("١٥٫٠٠٠");
  expect(screen.getByTestId("price-premium")).toHaveTextContent("٤٩٫٠٠٠");
  expect(screen.getByTestId("price-premium")).toHaveTextContent("د.ك");
  expect(within(screen.getByTestId("plan-professional")).getByText("الأكثر طلبًا")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "اختر الباقة المميزة" })).toHaveAttribute("href", "/signup?plan=premium");
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("سفرتك");
});

test("Choose Premium leads to /signup?plan=premium; every plan has its own link", async () => {
  const { router } = renderLanding();
  for (const id of PLAN_IDS) expect(screen.getByTestId(`choose-${id}`)).toHaveAttribute("href", `/signup?plan=${id}`);
  const premium = screen.getByRole("link", { name: "Choose Premium" });
  expect(premium).toBe(screen.getByTestId("choose-premium"));
  await userEvent.click(premium);
  expect(await screen.findByTestId("stub")).toHaveTextContent("signup");
  expect(router.state.location.pathname).toBe("/signup");
  expect(router.state.location.search).toBe("?plan=premium");
});

test("the Premium card leads integrators to the developer documentation, in both languages", async () => {
  renderLanding();
  const link = within(screen.getByTestId("plan-premium")).getByRole("link", {
    name: "API and webhooks: read the developer documentation",
  });
  expect(link).toHaveAttribute("href", "/developers");
  expect(within(screen.getByTestId("plan-basic")).queryByTestId("premium-developers")).toBeNull();
  await userEvent.click(screen.getByTestId("lang-switch"));
  expect(
    await within(screen.getByTestId("plan-premium")).findByRole("link", {
      name: "الواجهة البرمجية وخطافات الويب: اقرأ دليل المطوّرين",
    }),
  ).toHaveAttribute("href", "/developers");
});

test("the language switch turns the page Arabic and the document right-to-left", async () => {
  renderLanding();
  expect(document.documentElement).toHaveAttribute("dir", "ltr");
  const button = screen.getByTestId("lang-switch");
  expect(button).toHaveAccessibleName("Language: العربية");
  await userEvent.click(button);
  expect(document.documentElement).toHaveAttribute("dir", "rtl");
  expect(document.documentElement).toHaveAttribute("lang", "ar");
  expect(await screen.findByRole("navigation", { name: "القائمة الرئيسية" })).toBeInTheDocument();
  expect(screen.getByTestId("lang-switch")).toHaveTextContent("English");
  await userEvent.click(screen.getByTestId("lang-switch"));
  expect(document.documentElement).toHaveAttribute("dir", "ltr");
  expect(document.documentElement).toHaveAttribute("lang", "en");
});

test("every navigation entry leads somewhere real", async () => {
  const { router } = renderLanding();
  const nav = screen.getByRole("navigation", { name: "Main" });
  const expected: Record<string, string> = {
    Home: "/",
    Features: "#features",
    Pricing: "#pricing",
    About: "#about",
    Contact: "#contact",
    "Client Login": "/login",
    "Admin Login": "/admin/login",
    Support: "mailto:support@sufra.kw",
  };
  const links = within(nav).getAllByRole("link");
  expect(links.map((a) => a.textContent)).toEqual(Object.keys(expected));
  for (const [name, href] of Object.entries(expected)) {
    const link = within(nav).getByRole("link", { name });
    expect(link).toHaveAttribute("href", href);
    if (href.startsWith("#")) expect(document.getElementById(href.slice(1))).toBeInstanceOf(HTMLElement);
  }
  await userEvent.click(within(nav).getByRole("link", { name: "Admin Login" }));
  expect(router.state.location.pathname).toBe("/admin/login");
});

test("the menu button folds the navigation on small screens and says whether it is open", async () => {
  renderLanding();
  const button = screen.getByRole("button", { name: "Menu" });
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(document.getElementById(button.getAttribute("aria-controls")!)).toBeInTheDocument();
  await userEvent.click(button);
  expect(button).toHaveAttribute("aria-expanded", "true");
  await userEvent.keyboard("{Escape}");
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(button).toHaveFocus();
});

test("about, contact and footer: support e-mail, Kuwait phone, hours, and the footer links", () => {
  renderLanding();
  expect(screen.getByRole("heading", { level: 2, name: "About Sufra" })).toBeInTheDocument();
  const contact = document.getElementById("contact")!;
  expect(within(contact).getByTestId("contact-email")).toHaveAttribute("href", "mailto:support@sufra.kw");
  const phone = within(contact).getByTestId("contact-phone");
  expect(phone).toHaveAttribute("href", "tel:+96522000000");
  expect(phone.querySelector('bdi[dir="ltr"]')).toHaveTextContent("+965 2200 0000");
  expect(within(contact).getByText(/Sunday to Thursday/)).toBeInTheDocument();

  const footer = screen.getByRole("navigation", { name: "Footer" });
  const targets = Object.fromEntries(
    within(footer)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]),
  );
  expect(targets).toEqual({
    "Sign up": "/signup",
    "Client login": "/login",
    Admin: "/admin/login",
    Support: "mailto:support@sufra.kw",
    "Terms of Service": "/terms",
    "Privacy Policy": "/privacy",
  });
  expect(within(screen.getByRole("contentinfo")).getByText("support@sufra.kw")).toBeInTheDocument();
});

test("the public pages import neither antd, nor Apollo, nor the icon package", () => {
  const dirs = [__dirname, join(__dirname, "../legal")];
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
      .map((f) => join(d, f)),
  );
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const imports = [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"|import\s+"([^"]+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    for (const spec of imports) expect(`${file}: ${spec}`).not.toMatch(/: (antd|@ant-design\/|@apollo\/|graphql)/);
    // local imports stay inside the public modules, i18n and the formatting helper
    for (const spec of imports.filter((s) => s.startsWith(".")))
      expect(`${file}: ${spec}`).toMatch(
        /: (\.\/|\.\.\/landing\/|\.\.\/\.\.\/i18n\/index\.ts|\.\.\/\.\.\/lib\/format\.ts)/,
      );
  }
});
