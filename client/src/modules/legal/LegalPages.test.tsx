// Terms and privacy: real sections in both languages, a link home, the language switch, the shared
// header and footer.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { inLanguage, renderRoutes } from "../../../test/render.tsx";
import PrivacyPage from "./PrivacyPage.tsx";
import TermsPage from "./TermsPage.tsx";
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from "./i18n.ts";

const renderLegal = (path: string) =>
  renderRoutes(
    [
      { path: "/", element: <p data-testid="home">home</p> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/privacy", element: <PrivacyPage /> },
    ],
    path,
  );

beforeEach(async () => {
  await inLanguage("en");
});
afterAll(async () => {
  await inLanguage("en");
});

test("the terms: one h1, every section, the trial length, Kuwaiti law, and the way home", async () => {
  const { router } = renderLegal("/terms");
  expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  expect(document.querySelectorAll(".public-page-section")).toHaveLength(TERMS_SECTIONS.length);
  expect(screen.getByText(/free trial of 14 days/)).toBeInTheDocument();
  expect(screen.getByText(/governed by the laws of the State of Kuwait/)).toBeInTheDocument();
  expect(screen.getByText(/AI can make mistakes/)).toBeInTheDocument();
  expect(screen.getByText(/Last updated: November 21, 2026/)).toBeInTheDocument();
  // the table of contents points at the sections
  const toc = screen.getByRole("navigation", { name: "On this page" });
  for (const a of within(toc).getAllByRole("link"))
    expect(document.getElementById(a.getAttribute("href")!.slice(1))).not.toBeNull();
  // the site header's section entries lead to the landing page's sections
  expect(
    within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Pricing" }),
  ).toHaveAttribute("href", "/#pricing");
  // read also: the privacy policy (and the footer links to it too)
  expect(within(screen.getByRole("complementary")).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await userEvent.click(screen.getByTestId("back-home"));
  expect(router.state.location.pathname).toBe("/");
});

test("the privacy policy names the data, the processors, retention and rights", () => {
  renderLegal("/privacy");
  expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
  expect(document.querySelectorAll(".public-page-section")).toHaveLength(PRIVACY_SECTIONS.length);
  for (const text of [
    /^Account:/,
    /^Business:/,
    /^Posts:/,
    /^Analytics and usage:/,
    /^E-mail delivery:/,
    /^Social networks/,
    /^Our AI provider:/,
    /within 90 days/,
    /CITRA/,
  ])
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  const mail = screen.getAllByRole("link", { name: "support@sufra.kw" });
  expect(mail.length).toBeGreaterThan(0);
  for (const a of mail) expect(a).toHaveAttribute("href", "mailto:support@sufra.kw");
});

test("both pages switch to Arabic, right to left", async () => {
  renderLegal("/privacy");
  await userEvent.click(screen.getByTestId("lang-switch"));
  expect(document.documentElement).toHaveAttribute("dir", "rtl");
  expect(await screen.findByRole("heading", { level: 1, name: "سياسة الخصوصية" })).toBeInTheDocument();
  expect(screen.getByText(/خلال ٩٠ يومًا/)).toBeInTheDocument();
  expect(screen.getByTestId("back-home")).toHaveTextContent("العودة إلى الرئيسية");
  expect(screen.getByText(/آخر تحديث: ٢١ نوفمبر ٢٠٢٦/)).toBeInTheDocument();
});

test("the terms in Arabic: the trial in Arabic-Indic digits and the Arabic text prevailing", async () => {
  await inLanguage("ar");
  renderLegal("/terms");
  expect(screen.getByRole("heading", { level: 1, name: "شروط الخدمة" })).toBeInTheDocument();
  expect(screen.getByText(/مدتها ١٤ يومًا/)).toBeInTheDocument();
  expect(screen.getByText(/فالنص العربي هو المعتمد/)).toBeInTheDocument();
});
