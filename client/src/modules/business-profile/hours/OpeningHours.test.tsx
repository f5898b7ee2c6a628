// Opening hours in Settings, in Arabic: the week editor says an overlap in the person's language before anything is
// sent; the owner confirms the proposed Ramadan hours of two branches at once (one mutation with both ids); a branch's
// hours on Google are shown beside Sufra's with the differing day marked.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MESSAGES } from "@sufra/schema";
import {
  ConfirmSpecialHoursDocument,
  GoogleHoursDiffDocument,
  OpeningHoursDocument,
} from "../../../graphql/graphql.ts";
import { inLanguage } from "../../../../test/render.tsx";
import { freshStart, renderWithMocks } from "../../../../test/screens.tsx";
import { OpeningHours } from "./OpeningHours.tsx";

const SALMIYA = "11111111-1111-4111-8111-111111111111";
const CITY = "22222222-2222-4222-8222-222222222222";
const span = (id: string, locationId: string, status = "proposed") => ({
  __typename: "SpecialHoursSpan" as const,
  id,
  locationId,
  occasion: "RAMADAN",
  startDate: "2027-02-08",
  endDate: "2027-03-08",
  closed: false,
  periods: [{ __typename: "HoursPeriod" as const, open: "19:30", close: "03:00" }],
  status,
  needsTimes: false,
  confirmedAt: null,
  sentAt: null,
  sendError: null,
});
const location = (id: string, title: string) => ({
  __typename: "HoursLocation" as const,
  id,
  title,
  verified: true,
  demo: false,
  regularHours: null,
  hoursSentAt: null,
  sendError: null,
});
const HOURS = (spans = [span("a1", SALMIYA), span("b2", CITY)]) => ({
  request: { query: OpeningHoursDocument },
  result: {
    data: {
      openingHours: {
        __typename: "OpeningHours" as const,
        weekly: [{ __typename: "WeeklyHoursPeriod" as const, day: "THURSDAY", open: "07:00", close: "01:00" }],
        locations: [location(SALMIYA, "Salmiya"), location(CITY, "Kuwait City")],
        special: spans,
      },
    },
  },
});

beforeEach(() => freshStart({ as: "owner" }));

test("the owner confirms the proposed Ramadan hours of two branches at once, in Arabic", async () => {
  await inLanguage("ar");
  const sent: unknown[] = [];
  const mocks: MockLink.MockedResponse[] = [
    HOURS(),
    {
      request: { query: ConfirmSpecialHoursDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) },
      result: { data: { confirmSpecialHours: [span("a1", SALMIYA, "confirmed"), span("b2", CITY, "confirmed")] } },
    },
    HOURS([span("a1", SALMIYA, "confirmed"), span("b2", CITY, "confirmed")]),
  ];
  renderWithMocks([{ path: "/settings", element: <OpeningHours /> }], "/settings", mocks);
  await screen.findByTestId("hours-span-a1");
  expect(screen.getAllByText("رمضان")).toHaveLength(2);
  fireEvent.click(screen.getByTestId("hours-span-select-a1"));
  fireEvent.click(screen.getByTestId("hours-span-select-b2"));
  fireEvent.click(screen.getByTestId("hours-special-confirm"));
  await waitFor(() => expect(sent).toEqual([{ ids: ["a1", "b2"] }]));
  await waitFor(() => expect(screen.getByTestId("hours-span-status-a1")).toHaveTextContent("مؤكدة"));
});

test("an overlapping week is refused in the person's language before anything is sent", async () => {
  await inLanguage("ar");
  renderWithMocks([{ path: "/settings", element: <OpeningHours /> }], "/settings", [HOURS()]);
  await screen.findByTestId("hours-day-FRIDAY");
  fireEvent.click(screen.getByTestId("hours-day-FRIDAY-add"));
  fireEvent.change(screen.getByTestId("hours-day-FRIDAY-open-0"), { target: { value: "00:30" } });
  fireEvent.change(screen.getByTestId("hours-day-FRIDAY-close-0"), { target: { value: "05:00" } });
  expect(await screen.findByTestId("hours-week-problem")).toHaveTextContent(MESSAGES.hoursOverlap.ar);
  expect(screen.getByTestId("hours-week-save")).toBeDisabled();
});

test("Google's hours beside Sufra's, the differing day marked", async () => {
  await inLanguage("en");
  const cell = (open: string, close: string) => ({
    __typename: "HoursDiffCell" as const,
    closed: false,
    periods: [{ __typename: "HoursPeriod" as const, open, close }],
  });
  const mocks: MockLink.MockedResponse[] = [
    HOURS(),
    {
      request: { query: GoogleHoursDiffDocument, variables: { locationId: SALMIYA } },
      result: {
        data: {
          googleHoursDiff: {
            __typename: "GoogleHoursDiff" as const,
            locationId: SALMIYA,
            simulated: false,
            same: false,
            sufraWeekEmpty: false,
            rows: [
              {
                __typename: "HoursDiffRow" as const,
                key: "THURSDAY",
                kind: "week",
                same: false,
                google: cell("08:00", "22:00"),
                sufra: cell("07:00", "01:00"),
              },
            ],
          },
        },
      },
    },
  ];
  renderWithMocks([{ path: "/settings", element: <OpeningHours /> }], "/settings", mocks);
  fireEvent.click(await screen.findByTestId(`hours-google-compare-${SALMIYA}`));
  expect(await screen.findByTestId("hours-google-differs-THURSDAY")).toHaveTextContent("Differs");
  expect(screen.getByText("08:00–22:00")).toBeInTheDocument();
  expect(screen.getByText("07:00–01:00")).toBeInTheDocument();
});

test("times typed in Arabic-Indic digits are read as HH:MM", async () => {
  await inLanguage("ar");
  renderWithMocks([{ path: "/settings", element: <OpeningHours /> }], "/settings", [HOURS()]);
  await screen.findByTestId("hours-day-MONDAY");
  fireEvent.click(screen.getByTestId("hours-day-MONDAY-add"));
  fireEvent.change(screen.getByTestId("hours-day-MONDAY-open-0"), { target: { value: "٠٨:٣٠" } });
  fireEvent.change(screen.getByTestId("hours-day-MONDAY-close-0"), { target: { value: "١٢:٠٠" } });
  expect(screen.getByTestId("hours-day-MONDAY-open-0")).toHaveValue("08:30");
  expect(screen.queryByTestId("hours-week-problem")).toBeNull();
  expect(screen.getByTestId("hours-week-save")).toBeEnabled();
});
