// Captions from the photo, in the composer's media field: whether the AI will see the photos (from
// aiCapabilities), and beside each photo "Which menu item is this?", saved to the library with
// setMediaMenuItem; in Arabic, right to left, with the Arabic names and digits; a café with no menu
// is told where to add one.
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { PostsPhotoFactsDocument, PostsSetMediaMenuItemDocument } from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage, pick } from "../../../test/render.tsx";
import { recordedMock, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { MediaField, type MediaItem } from "./components/MediaField.tsx";
import { media } from "./testMocks.ts";
import { formatMoney } from "../../lib/format.ts";

const PHOTO = "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f";
const KUNAFA = "5f0c8a1e-2b1a-4c1e-9d6f-1a2b3c4d5e60";
const menuItem = (id: string, name: string, nameAr: string | null, priceKwd: number | null) => ({
  __typename: "MenuItem",
  id,
  name,
  nameAr,
  priceKwd,
});
const facts = (
  vision: boolean,
  menu = [
    menuItem(KUNAFA, "Pistachio Kunafa", "كنافة بالفستق", 2.5),
    menuItem("5f0c8a1e-2b1a-4c1e-9d6f-1a2b3c4d5e61", "Spanish Latte", null, 1.75),
  ],
) => ({
  request: { query: PostsPhotoFactsDocument },
  result: {
    data: {
      aiCapabilities: { __typename: "AiCapabilities", provider: vision ? "OPENAI" : "LOCAL", vision },
      businessProfile: { __typename: "BusinessProfile", id: "b1", menu },
    },
  },
});

function Field({ start }: { start: MediaItem[] }) {
  const [items, setItems] = useState(start);
  return (
    <>
      <MediaField items={items} onChange={(f) => setItems(f)} platforms={["instagram"]} canEnhance={false} />
      <output data-testid="menu-items">{items.map((i) => i.media.menuItemId ?? "none").join(",")}</output>
    </>
  );
}

const render = (mocks: object[], photo = { ...media(PHOTO), originalName: "kunafa.jpg" }) =>
  renderWithMocks(
    [{ path: "/posts/new", element: <Field start={[{ media: photo as MediaItem["media"] }]} /> }],
    "/posts/new",
    mocks as Parameters<typeof renderWithMocks>[2],
  );

let warn: jest.SpyInstance;
let err: jest.SpyInstance;
beforeEach(async () => {
  signIn("client");
  await inLanguage("en");
  warn = jest.spyOn(console, "warn");
  err = jest.spyOn(console, "error");
});
afterEach(async () => {
  const noise = [...warn.mock.calls, ...err.mock.calls]
    .map((c) => String(c[0]))
    .filter((m) => /antd|Warning:|deprecated|Missing field|No more mocked/i.test(m));
  warn.mockRestore();
  err.mockRestore();
  session.clear();
  await inLanguage("en");
  expect(noise).toEqual([]);
});

test("without a model that sees: the composer says so and asks which menu item the photo shows, and remembers the answer", async () => {
  const save = recordedMock(PostsSetMediaMenuItemDocument, (v) => ({
    data: { setMediaMenuItem: { __typename: "Media", id: v.id, menuItemId: v.menuItemId } },
  }));
  render([facts(false), save.mock]);
  expect(await screen.findByTestId("photo-vision")).toHaveTextContent(
    "The AI will not see your photos: choose the menu item each one shows and the caption will name it",
  );
  const select = screen.getByTestId("photo-menu-item");
  expect(select).toHaveTextContent("Which menu item is this?");
  expect(within(select).getByRole("combobox")).toHaveAccessibleName("Menu item in kunafa.jpg");
  await pick("photo-menu-item", `Pistachio Kunafa · ${formatMoney(2.5, "en")}`);
  await waitFor(() => expect(save.calls).toEqual([{ id: PHOTO, menuItemId: KUNAFA }]));
  await waitFor(() => expect(screen.getByTestId("menu-items")).toHaveTextContent(KUNAFA));
});

test("with a model that sees, in Arabic: the line says it will see them; the menu in Arabic names and digits", async () => {
  await inLanguage("ar");
  render([facts(true)], { ...media(PHOTO), originalName: "kunafa.jpg", menuItemId: KUNAFA } as never);
  expect(await screen.findByTestId("photo-vision")).toHaveTextContent("سيرى الذكاء الاصطناعي صورك عند كتابة النص");
  // the chosen item shows as the select's value, in Arabic
  await waitFor(() => expect(screen.getByTestId("photo-menu-item")).toHaveTextContent("كنافة بالفستق"));
  expect(screen.getByTestId("photo-menu-item")).toHaveTextContent(/٢٫٥٠٠/);
  expect(document.documentElement.dir === "rtl" || document.querySelector("[dir=rtl]")).toBeTruthy();
});

test("a café with no menu is told where to add one", async () => {
  render([facts(false, [])]);
  expect(await screen.findByTestId("photo-menu-empty")).toHaveTextContent(
    "Add your menu in Settings so captions can name the dish in a photo",
  );
  expect(screen.queryByTestId("photo-menu-item")).toBeNull();
});
