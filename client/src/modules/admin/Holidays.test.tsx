// The admin console's Holidays tab: the year's occasions from the Umm al-Qura calendar, a correction
// saved with setHolidayOverride (the table then shows it as corrected), and removing it again.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { kuwaitDate, kuwaitHolidays, type HolidayOverrideInput } from "@sufra/schema";
import {
  AdminHolidaysDocument,
  AdminRemoveHolidayOverrideDocument,
  AdminSetHolidayOverrideDocument,
} from "../../graphql/graphql.ts";
import { session } from "../../lib/session.ts";
import { inLanguage } from "../../../test/render.tsx";
import { renderWithMocks, resetScreenWidth, setScreenWidth, signIn } from "../../../test/screens.tsx";
import HolidaysTab from "./components/HolidaysTab.tsx";
import "./i18n.ts";

const year = Number(kuwaitDate().slice(0, 4));

function holidaysMock(overrides: (HolidayOverrideInput & { id: string; note: string | null })[] = []) {
  return {
    request: { query: AdminHolidaysDocument, variables: { year } },
    result: {
      data: {
        kuwaitHolidays: kuwaitHolidays(year, overrides).map((h) => ({
          __typename: "KuwaitHoliday",
          date: h.date,
          occasionKey: h.occasionKey,
          nameEn: h.nameEn,
          nameAr: h.nameAr,
          kind: h.kind.toUpperCase(),
          day: h.day,
          days: h.days,
          occurrenceYear: h.year,
          occurrence: h.occurrence,
          calendarDate: h.calendarDate,
          corrected: h.corrected,
        })),
        holidayOverrides: overrides.map((o) => ({
          __typename: "HolidayOverride",
          id: o.id,
          occasionKey: o.occasionKey,
          year: o.year,
          occurrence: o.occurrence ?? 0,
          date: o.date,
          days: o.days ?? null,
          calendarDate: null,
          note: o.note,
        })),
      },
    },
  };
}

const nationalDay = `${year}-02-25`;
const moved = `${year}-02-24`;
const override = { id: "o1", occasionKey: "national_day", year, occurrence: 0, date: moved, note: "Cabinet" };

beforeEach(async () => {
  signIn("admin");
  await inLanguage("en");
  setScreenWidth(1280);
});
afterEach(() => {
  session.clear();
  resetScreenWidth();
});

test("the year's occasions; an admin corrects National Day's date with a note", async () => {
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [
    holidaysMock(),
    {
      request: {
        query: AdminSetHolidayOverrideDocument,
        variables: { occasionKey: "national_day", year, occurrence: 0, date: moved, note: "Cabinet" },
      },
      result: {
        data: {
          setHolidayOverride: {
            __typename: "HolidayOverride",
            id: "o1",
            occasionKey: "national_day",
            year,
            occurrence: 0,
            date: moved,
            days: null,
            calendarDate: nationalDay,
            note: "Cabinet",
          },
        },
      },
    },
    holidaysMock([override]),
  ]);
  const row = (await screen.findByText("National Day")).closest("tr")!;
  expect(within(row).getByText("National holiday")).toBeInTheDocument();
  expect(screen.getByText("Eid al-Fitr")).toBeInTheDocument();
  const picker = within(row).getByLabelText("Date observed for National Day");
  expect(picker).toHaveValue(nationalDay);
  expect(within(row).getByRole("button", { name: "Save" })).toBeDisabled();

  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: moved } });
  fireEvent.keyDown(picker, { key: "Enter", code: "Enter" });
  fireEvent.change(within(row).getByLabelText("Note for National Day"), { target: { value: "Cabinet" } });
  fireEvent.click(within(row).getByRole("button", { name: "Save" }));
  expect(await screen.findByText(/Saved: National Day is on/)).toBeInTheDocument();
  await screen.findByText("Corrected");
  await waitFor(() => {
    const after = screen.getByText("Corrected").closest("tr")!;
    expect(within(after).getByLabelText("Date observed for National Day")).toHaveValue(moved);
    expect(within(after).getByLabelText("Note for National Day")).toHaveValue("Cabinet");
  });
}, 40_000); // a year's table of date pickers is slow to render in jsdom on busy machines

test("removing a correction, after a confirmation, brings the calendar's date back", async () => {
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [
    holidaysMock([override]),
    {
      request: { query: AdminRemoveHolidayOverrideDocument, variables: { id: "o1" } },
      result: { data: { removeHolidayOverride: { __typename: "HolidayOverride", id: "o1" } } },
    },
    holidaysMock(),
  ]);
  const row = (await screen.findByText("Corrected")).closest("tr")!;
  expect(within(row).getByText("National Day")).toBeInTheDocument();
  fireEvent.click(within(row).getByRole("button", { name: "Remove correction" }));
  const popover = (await screen.findByText("Go back to the calendar's date for National Day?")).closest<HTMLElement>(
    ".ant-popover",
  )!;
  fireEvent.click(within(popover).getByRole("button", { name: "Remove correction" }));
  expect(await screen.findByText(/Correction removed: National Day is on/)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText("Corrected")).toBeNull());
  // the row's picker takes the calendar's date once the refetched list renders
  await waitFor(() =>
    expect(
      within(screen.getByText("National Day").closest("tr")!).getByLabelText("Date observed for National Day"),
    ).toHaveValue(nationalDay),
  );
}, 40_000);

test("in Arabic: names, kinds and the tab's texts", async () => {
  await inLanguage("ar");
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [holidaysMock()]);
  const row = (await screen.findByText("العيد الوطني")).closest("tr")!;
  expect(within(row).getByText("عيد وطني")).toBeInTheDocument();
  expect(within(row).getByRole("button", { name: "حفظ" })).toBeInTheDocument();
  expect(screen.getByText("عيد الفطر")).toBeInTheDocument();
});

test("on a phone, each occasion is a card with its date, note and Save, and no table to scroll sideways", async () => {
  setScreenWidth(390);
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [
    holidaysMock(),
    {
      request: {
        query: AdminSetHolidayOverrideDocument,
        variables: { occasionKey: "national_day", year, occurrence: 0, date: nationalDay, note: "Cabinet" },
      },
      result: {
        data: {
          setHolidayOverride: {
            __typename: "HolidayOverride",
            id: "o1",
            occasionKey: "national_day",
            year,
            occurrence: 0,
            date: nationalDay,
            days: null,
            calendarDate: nationalDay,
            note: "Cabinet",
          },
        },
      },
    },
    holidaysMock([{ ...override, date: nationalDay }]),
  ]);
  const card = (await screen.findByText("National Day")).closest<HTMLElement>("[data-testid='holiday-card']")!;
  expect(screen.queryByRole("table")).toBeNull();
  expect(within(card).getByText("National holiday")).toBeInTheDocument();
  expect(within(card).getByLabelText("Date observed for National Day")).toHaveValue(nationalDay);
  fireEvent.change(within(card).getByLabelText("Note for National Day"), { target: { value: "Cabinet" } });
  fireEvent.click(within(card).getByRole("button", { name: "Save" }));
  expect(await screen.findByText(/Saved: National Day is on/)).toBeInTheDocument();
}, 40_000);

test("school breaks: not in the calendar until an admin announces one with its first day and its days", async () => {
  const first = `${year}-06-18`;
  const announced = {
    id: "s1",
    occasionKey: "school_summer_break",
    year,
    occurrence: 0,
    date: first,
    days: 80,
    note: null,
  };
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [
    holidaysMock(),
    {
      request: {
        query: AdminSetHolidayOverrideDocument,
        variables: { occasionKey: "school_summer_break", year, occurrence: 0, date: first, days: 80, note: null },
      },
      result: { data: { setHolidayOverride: { __typename: "HolidayOverride", ...announced, calendarDate: null } } },
    },
    holidaysMock([announced]),
  ]);
  const card = await screen.findByTestId("school-break-school_summer_break");
  expect(within(card).getByText(`Not announced for ${year}`)).toBeInTheDocument();
  expect(within(screen.getByTestId("school-breaks")).getByText("Mid-year school break")).toBeInTheDocument();
  // the calendar's table has no row for a break nobody announced
  expect(screen.queryByRole("row", { name: /Summer school break/ })).toBeNull();
  const announce = within(card).getByRole("button", { name: "Announce" });
  expect(announce).toBeDisabled();
  const picker = within(card).getByLabelText("First day of Summer school break");
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: first } });
  fireEvent.keyDown(picker, { key: "Enter", code: "Enter" });
  expect(announce).toBeDisabled(); // no length yet: nothing is guessed
  fireEvent.change(within(card).getByLabelText("Days of Summer school break"), { target: { value: "80" } });
  await waitFor(() => expect(announce).toBeEnabled());
  fireEvent.click(announce);
  expect(await screen.findByText(/Announced: Summer school break from .*, 80 days/)).toBeInTheDocument();
  await waitFor(() =>
    expect(within(screen.getByTestId("school-break-school_summer_break")).getByText("Announced")).toBeInTheDocument(),
  );
  expect(
    within(screen.getByTestId("school-break-school_summer_break")).getByRole("button", { name: "Remove announcement" }),
  ).toBeInTheDocument();
}, 40_000);

test("school breaks in Arabic", async () => {
  await inLanguage("ar");
  renderWithMocks([{ path: "/admin", element: <HolidaysTab /> }], "/admin", [holidaysMock()]);
  const section = await screen.findByTestId("school-breaks");
  expect(within(section).getByText("العطل المدرسية")).toBeInTheDocument();
  expect(within(section).getByText("العطلة الصيفية")).toBeInTheDocument();
  expect(within(section).getByText("عطلة منتصف العام الدراسي")).toBeInTheDocument();
  expect(within(section).getAllByRole("button", { name: "إعلان" })).toHaveLength(2);
  expect(within(section).getByLabelText("عدد أيام العطلة الصيفية")).toBeInTheDocument();
});
