// The developer documentation (/developers): public, every section in both languages, the error
// catalogue with both messages, the examples (left to right in Arabic too), the playground and schema
// links, webhooks, the changelog, digits per preference, and the REST reference only on request.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ERRORS } from "@sufra/schema";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { inLanguage, renderRoutes } from "../../../test/render.tsx";
import { setLatinDigits } from "../../lib/format.ts";
import DevelopersPage from "./DevelopersPage.tsx";
import { DEV_SECTIONS } from "./i18n.ts";

jest.mock("./RestReference.tsx", () => ({
  __esModule: true,
  default: () => <p data-testid="rest-stub">REST reference</p>,
}));

const renderDevelopers = () =>
  renderRoutes(
    [
      { path: "/", element: <p data-testid="home">home</p> },
      { path: "/developers", element: <DevelopersPage /> },
    ],
    "/developers",
  );

beforeEach(async () => {
  localStorage.clear();
  await inLanguage("en");
});
afterAll(async () => {
  localStorage.clear();
  await inLanguage("en");
});

test("every section, reachable from the table of contents, with the facts an integrator needs", () => {
  renderDevelopers();
  expect(screen.getByRole("heading", { level: 1, name: "Build on Sufra" })).toBeInTheDocument();
  expect(document.title).toBe("Developers: the Sufra API | Sufra");
  for (const id of DEV_SECTIONS) expect(screen.getByTestId(`section-${id}`)).toBeInTheDocument();
  const toc = screen.getByRole("navigation", { name: "On this page" });
  const links = within(toc).getAllByRole("link");
  expect(links).toHaveLength(DEV_SECTIONS.length);
  for (const a of links) expect(document.getElementById(a.getAttribute("href")!.slice(1))).not.toBeNull();
  for (const name of [
    "Get a key",
    "Authentication",
    "Rate limits",
    "Errors",
    "Pagination",
    "Dates and time zones",
    "Examples",
    "Playground and schema",
    "Webhooks",
    "REST reference",
    "Changelog",
  ])
    expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();

  expect(within(screen.getByTestId("section-keys")).getByText(/shown once, when it is created/)).toBeInTheDocument();
  expect(within(screen.getByTestId("section-auth")).getByText(/Authorization: Bearer sk_live_…/)).toBeInTheDocument();
  const limits = within(screen.getByTestId("section-limits"));
  expect(limits.getByText(/600 requests a minute/)).toBeInTheDocument();
  expect(limits.getByText(/RateLimit-Policy: the limit .* \(600;w=60\)/)).toBeInTheDocument();
  expect(limits.getByText(/Retry-After: 17/)).toBeInTheDocument();
  expect(screen.getByText(/first \(1 to 100, 20 when left out\)/)).toBeInTheDocument();
  expect(screen.getByText(/Asia\/Kuwait/)).toBeInTheDocument();
  expect(screen.getByText(/08:00 in Kuwait is 05:00 UTC/)).toBeInTheDocument();
});

test("getting a key links to the API keys page, in both languages", async () => {
  renderDevelopers();
  const link = within(screen.getByTestId("section-keys")).getByTestId("api-keys-link");
  expect(link).toHaveAttribute("href", "/api-keys");
  expect(link).toHaveTextContent("Create and manage your keys on the API keys page");
  await inLanguage("ar");
  expect(within(screen.getByTestId("section-keys")).getByTestId("api-keys-link")).toHaveTextContent(
    "أنشئ مفاتيحك وأدرها من صفحة مفاتيح الواجهة البرمجية",
  );
});

test("the error catalogue: every reason with its kind and both messages", () => {
  renderDevelopers();
  const table = screen.getByTestId("error-catalogue");
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows).toHaveLength(Object.keys(ERRORS).length);
  const limited = within(table).getByRole("rowheader", { name: "RATE_LIMITED" }).closest("tr")!;
  expect(within(limited).getByText(ERRORS.RATE_LIMITED.en)).toHaveAttribute("lang", "en");
  expect(within(limited).getByText(ERRORS.RATE_LIMITED.ar)).toHaveAttribute("dir", "rtl");
  expect(within(limited).getByText("429")).toBeInTheDocument();
});

test("the examples in curl and JavaScript, the playground, the schema and webhooks", () => {
  renderDevelopers();
  for (const id of ["list-posts", "schedule-post", "analytics"]) {
    const example = within(screen.getByTestId(`example-${id}`));
    expect(example.getByText(/^curl http:\/\/localhost\/graphql/)).toBeInTheDocument();
    expect(example.getAllByText(/await sufra\(/).length).toBeGreaterThan(0);
  }
  // each operation in both the curl and the JavaScript block
  expect(
    within(screen.getByTestId("example-list-posts")).getAllByText(/query ListPosts\(\$first: Int, \$after: String\)/),
  ).toHaveLength(2);
  expect(within(screen.getByTestId("example-schedule-post")).getAllByText(/mutation CreateScheduledPost/)).toHaveLength(
    2,
  );
  expect(
    within(screen.getByTestId("example-analytics")).getAllByText(/analyticsOverview\(clientId: \$clientId/),
  ).toHaveLength(2);
  expect(
    within(screen.getByTestId("example-subscribe")).getByText(
      /createClient\(\{[\s\S]*ws:\/\/localhost\/graphql[\s\S]*subscription PostChanged/,
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId("playground-link")).toHaveAttribute("href", "/graphql");
  expect(screen.getByTestId("schema-link")).toHaveAttribute("href", "/graphql/schema.graphql");
  const events = within(screen.getByTestId("webhook-events"));
  for (const e of ["post.published", "review.received", "subscription.changed", "ping"])
    expect(events.getByText(e)).toBeInTheDocument();
  expect(
    within(screen.getByTestId("section-webhooks")).getByText(/Sufra-Signature: t=<unix seconds>,v1=/),
  ).toBeInTheDocument();
  expect(
    within(screen.getByTestId("section-webhooks")).getByText(/createHmac\("sha256", secret\)/),
  ).toBeInTheDocument();
  expect(screen.getByTestId("webhooks-page-link")).toHaveAttribute("href", "/webhooks");
  // the subscription's status: the enum Post.status speaks, the old lower-case field named deprecated
  expect(
    within(screen.getByTestId("example-subscribe")).getByText(/Read postStatus \(upper case, as Post.status\)/),
  ).toBeInTheDocument();
  expect(
    within(screen.getByTestId("example-subscribe")).getByText(/data\.postChanged\.postStatus/),
  ).toBeInTheDocument();
  const changelog = within(screen.getByTestId("changelog"));
  expect(changelog.getByText(/postChanged gains postStatus/)).toBeInTheDocument();
  expect(changelog.getByText("November 26, 2026")).toBeInTheDocument();
  expect(changelog.getByText(/the GraphQL playground at \/graphql; webhooks/)).toBeInTheDocument();
  // every code block reads left to right
  for (const pre of document.querySelectorAll("pre")) expect(pre).toHaveAttribute("dir", "ltr");
});

test("the REST reference loads only when asked for", async () => {
  renderDevelopers();
  expect(screen.queryByTestId("rest-stub")).toBeNull();
  expect(screen.getByTestId("openapi-link")).toHaveAttribute("href", "/api/openapi.json");
  await userEvent.click(screen.getByTestId("show-rest"));
  expect(await screen.findByTestId("rest-stub")).toBeInTheDocument();
});

test("in Arabic: right to left, Arabic texts, code still left to right, Arabic-Indic digits", async () => {
  renderDevelopers();
  await userEvent.click(screen.getByTestId("lang-switch"));
  expect(document.documentElement).toHaveAttribute("dir", "rtl");
  expect(await screen.findByRole("heading", { level: 1, name: "ابنِ على سفرة" })).toBeInTheDocument();
  for (const name of [
    "احصل على مفتاح",
    "المصادقة",
    "حدود الطلبات",
    "الأخطاء",
    "خطافات الويب",
    "مرجع REST",
    "سجل التغييرات",
  ])
    expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
  expect(screen.getByText(/يستطيع كل مفتاح إرسال ٦٠٠ طلب في الدقيقة/)).toBeInTheDocument();
  expect(screen.getByText(/من ١ إلى ١٠٠/)).toBeInTheDocument();
  expect(within(screen.getByTestId("changelog")).getByText("٢٦ نوفمبر ٢٠٢٦")).toBeInTheDocument();
  expect(screen.getByTestId("back-home")).toHaveTextContent("العودة إلى الرئيسية");
  for (const pre of document.querySelectorAll("pre")) expect(pre).toHaveAttribute("dir", "ltr");
  expect(within(screen.getByTestId("example-list-posts")).getAllByText(/query ListPosts/)).toHaveLength(2);
});

test("in Arabic with Latin digits chosen: the quantities in Latin digits", async () => {
  setLatinDigits(true);
  await inLanguage("ar");
  renderDevelopers();
  expect(screen.getByText(/يستطيع كل مفتاح إرسال 600 طلب في الدقيقة/)).toBeInTheDocument();
  expect(screen.getByText(/من 1 إلى 100/)).toBeInTheDocument();
  expect(within(screen.getByTestId("changelog")).getByText("26 نوفمبر 2026")).toBeInTheDocument();
});

test("the page loads no antd, Apollo or shell: only the REST reference's own chunk does", () => {
  // (examples.ts imports only the catalogue, shared/apiExamples.ts, which imports nothing: the imports inside
  // them are the examples' own code)
  for (const file of ["DevelopersPage.tsx", "i18n.ts"]) {
    const text = readFileSync(join(__dirname, file), "utf8");
    const imports = [...text.matchAll(/from\s+"([^"]+)"|import\s+"([^"]+)"|import\("([^"]+)"\)/g)].map(
      (m) => m[1] ?? m[2] ?? m[3],
    );
    for (const spec of imports)
      expect(`${file}: ${spec}`).not.toMatch(/: (antd|@ant-design\/|@apollo\/|graphql|\.\.\/\.\.\/app\/)/);
    // the one lazy import is the REST section
    expect(imports.filter((s) => s.includes("RestSection") || s.includes("RestReference"))).toEqual(
      file === "DevelopersPage.tsx" ? ["./RestSection.tsx"] : [],
    );
  }
});
