// The link page card (Settings): the full address with Copy, the preview following the unsaved bio after a pause (the
// server's render in a sandboxed frame, in the language chosen), Save sending every field, a name another café has
// shown on the slug field in the person's language, Publish; in Arabic the card reads right to left.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  LinkPagePreviewDocument,
  LinkPageSettingsDocument,
  PublishLinkPageDocument,
  UpdateLinkPageDocument,
} from "../../graphql/graphql.ts";
import { inLanguage, type } from "../../../test/render.tsx";
import { freshStart, renderWithMocks } from "../../../test/screens.tsx";
import { LinkPageCard } from "./LinkPageCard.tsx";

const PAGE = {
  __typename: "LinkPage" as const,
  slug: "bayt-al-karak",
  url: "https://sufra.example/l/bayt-al-karak",
  saved: true,
  published: false,
  publishedAt: null,
  bio: "Karak in Salmiya",
  bioAr: null,
  showMenu: true,
  showHours: true,
  showPosts: true,
  showMap: true,
};
const DRAFT = { bio: "Karak in Salmiya", bioAr: null, showMenu: true, showHours: true, showPosts: true, showMap: true };

const settings: MockLink.MockedResponse = {
  request: { query: LinkPageSettingsDocument },
  result: { data: { linkPage: PAGE } },
  maxUsageCount: 5,
};
const preview = (draft: Record<string, unknown>, locale: "EN" | "AR", body: string): MockLink.MockedResponse => ({
  request: { query: LinkPagePreviewDocument, variables: { draft, locale } },
  result: { data: { linkPagePreview: `<!doctype html><html><body>${body}</body></html>` } },
  maxUsageCount: 5,
});
const render = (mocks: MockLink.MockedResponse[]) =>
  renderWithMocks([{ path: "/settings", element: <LinkPageCard /> }], "/settings", mocks);

const SLOW = 60_000;
beforeEach(() => freshStart({ as: "owner" }));

test(
  "the address with Copy; the preview follows the unsaved bio and the language chosen",
  async () => {
    render([
      settings,
      preview(DRAFT, "EN", "saved bio"),
      preview({ ...DRAFT, bio: "Fresh karak daily" }, "EN", "fresh bio"),
      preview({ ...DRAFT, bio: "Fresh karak daily" }, "AR", "arabic page"),
    ]);
    const card = await screen.findByTestId("link-page");
    expect(within(card).getByTestId("link-page-address")).toHaveTextContent("https://sufra.example/l/bayt-al-karak");
    expect(card.querySelector(".ant-typography-copy")).not.toBeNull();
    expect(within(card).getByTestId("link-page-status")).toHaveTextContent("Not published");
    const frame = await within(card).findByTestId("link-page-preview");
    expect(frame.getAttribute("srcdoc")).toContain("saved bio");
    expect(frame.getAttribute("sandbox")).toBe("");
    type(within(card).getByTestId("link-page-bio"), "Fresh karak daily");
    await waitFor(() =>
      expect(within(card).getByTestId("link-page-preview").getAttribute("srcdoc")).toContain("fresh bio"),
    );
    // the slug typed shows in the address at once
    type(within(card).getByTestId("link-page-slug"), "karak-house");
    await waitFor(() =>
      expect(within(card).getByTestId("link-page-address")).toHaveTextContent("https://sufra.example/l/karak-house"),
    );
    fireEvent.click(within(within(card).getByTestId("link-page-preview-lang")).getByText("Arabic"));
    await waitFor(() =>
      expect(within(card).getByTestId("link-page-preview").getAttribute("srcdoc")).toContain("arabic page"),
    );
  },
  SLOW,
);

test(
  "Save sends every field; a name another café has lands on the slug field; Publish",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([
      settings,
      preview(DRAFT, "EN", "p"),
      {
        request: { query: UpdateLinkPageDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
        result: {
          errors: [
            {
              message: "Validation failed",
              extensions: {
                code: "BAD_USER_INPUT",
                reason: "VALIDATION_ERROR",
                details: { slug: ["Another café already uses this address name: choose another"] },
              },
            },
          ],
        },
      },
      {
        request: { query: PublishLinkPageDocument, variables: { published: true } },
        result: { data: { publishLinkPage: { ...PAGE, published: true, publishedAt: "2026-03-10T18:00:00.000Z" } } },
      },
    ]);
    const card = await screen.findByTestId("link-page");
    type(within(card).getByTestId("link-page-slug"), "roastery-kw");
    fireEvent.click(within(card).getByTestId("link-page-show-posts"));
    fireEvent.click(within(card).getByTestId("link-page-save"));
    expect(
      await within(card).findByText("Another café already uses this address name: choose another"),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        input: {
          slug: "roastery-kw",
          bio: "Karak in Salmiya",
          bioAr: null,
          showMenu: true,
          showHours: true,
          showPosts: false,
          showMap: true,
        },
      },
    ]);
    fireEvent.click(within(card).getByTestId("link-page-publish"));
    expect(await screen.findByText("Your link page is live")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "a slug the rules refuse is told before anything is sent, in Arabic, right to left",
  async () => {
    await inLanguage("ar");
    render([settings, preview(DRAFT, "AR", "p")]);
    const card = await screen.findByTestId("link-page");
    expect(card.querySelector(".ant-form-rtl, .ant-card-rtl")).not.toBeNull();
    type(within(card).getByTestId("link-page-slug"), "Bayt Al Karak");
    fireEvent.click(within(card).getByTestId("link-page-save"));
    expect(
      await within(card).findByText("استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات مفردة (ليست في البداية أو النهاية)"),
    ).toBeInTheDocument();
    expect(within(card).getByTestId("link-page-status")).toHaveTextContent("غير منشورة");
  },
  SLOW,
);
